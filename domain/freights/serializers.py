"""Freight and offer records as the API writes them (docs/api/freights.md, docs/api/offers.md)."""
from core.db import iso
from domain.freights.models import Offer


def _money(value):
    return float(value) if value is not None else None


def _id(value):
    return str(value) if value is not None else None


def freight_dict(row) -> dict:
    """A row of queries.FREIGHT_COLUMNS: the contract's Freight plus code, cargo fields and simulation_id."""
    return {
        "id": str(row.id),
        "code": row.code,
        "status": row.status,
        "visibility": row.visibility,
        "public_slug": row.public_slug,
        "origin": {"city": row.origin_city, "state": row.origin_state, "ibge_code": row.origin_ibge},
        "destination": {"city": row.destination_city, "state": row.destination_state,
                        "ibge_code": row.destination_ibge},
        "cargo_type": row.cargo_type,
        "weight_kg": _money(row.weight_kg),
        "vehicle_type": row.vehicle_type,
        "price": _money(row.price),
        "pickup_at": iso(row.pickup_at),
        "pickup_until": iso(row.pickup_until),
        "delivery_at": iso(row.delivery_at),
        "delivery_until": iso(row.delivery_until),
        "carrier": ({"id": _id(row.carrier_id), "name": row.carrier_name, "phone": row.carrier_phone}
                    if row.carrier_id or row.carrier_name else None),
        "driver": ({"id": str(row.driver_id), "name": row.driver_name, "phone": row.driver_phone}
                   if row.driver_id else None),
        "vehicle": {"id": str(row.vehicle_id), "plate": row.vehicle_plate} if row.vehicle_id else None,
        "accepted_offer_id": _id(row.accepted_offer_id),
        "simulation_id": _id(row.simulation_id),
        "notes": row.notes,
        "created_at": iso(row.created_at),
        "updated_at": iso(row.updated_at),
    }


def status_change_dict(change) -> dict:
    return {"from": change.from_status, "to": change.to_status, "note": change.note, "actor": change.actor,
            "at": iso(change.created_at)}


def offer_dict(offer: Offer) -> dict:
    counter = None
    if offer.counter_price is not None:
        counter = {"price": _money(offer.counter_price), "valid_until": iso(offer.counter_valid_until),
                   "message": offer.counter_message}
    return {
        "id": str(offer.id),
        "freight_id": str(offer.freight_id),
        "status": offer.status,
        "price": _money(offer.price),
        "valid_until": iso(offer.valid_until),
        "message": offer.message,
        "carrier": {"id": _id(offer.carrier_id), "name": offer.carrier_name, "phone": offer.carrier_phone},
        "counter": counter,
        "reason": offer.reason,
        "source": offer.source,
        "decided_at": iso(offer.decided_at),
        "created_at": iso(offer.created_at),
        "updated_at": iso(offer.updated_at),
    }
