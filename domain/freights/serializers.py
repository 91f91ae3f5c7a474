"""Freight and offer records as the API writes them (docs/api/freights.md, docs/api/offers.md)."""
from core.db import iso
from domain.freights.models import Offer


def _money(value):
    return float(value) if value is not None else None


def _id(value):
    return str(value) if value is not None else None


def freight_dict(row) -> dict:
    """A row of queries.FREIGHT_COLUMNS: the contract's Freight plus code, cargo fields and simulation_id.
    (Read through one dict of the row: a list page builds 50 of these.)"""
    r = row._asdict()
    carrier_id, driver_id, vehicle_id = r["carrier_id"], r["driver_id"], r["vehicle_id"]
    return {
        "id": str(r["id"]),
        "code": r["code"],
        "status": r["status"],
        "visibility": r["visibility"],
        "public_slug": r["public_slug"],
        "origin": {"city": r["origin_city"], "state": r["origin_state"], "ibge_code": r["origin_ibge"]},
        "destination": {"city": r["destination_city"], "state": r["destination_state"],
                        "ibge_code": r["destination_ibge"]},
        "cargo_type": r["cargo_type"],
        "weight_kg": _money(r["weight_kg"]),
        "vehicle_type": r["vehicle_type"],
        "price": _money(r["price"]),
        "pickup_at": iso(r["pickup_at"]),
        "pickup_until": iso(r["pickup_until"]),
        "delivery_at": iso(r["delivery_at"]),
        "delivery_until": iso(r["delivery_until"]),
        "carrier": ({"id": _id(carrier_id), "name": r["carrier_name"], "phone": r["carrier_phone"]}
                    if carrier_id or r["carrier_name"] else None),
        "driver": ({"id": str(driver_id), "name": r["driver_name"], "phone": r["driver_phone"]}
                   if driver_id else None),
        "vehicle": {"id": str(vehicle_id), "plate": r["vehicle_plate"]} if vehicle_id else None,
        "accepted_offer_id": _id(r["accepted_offer_id"]),
        "simulation_id": _id(r["simulation_id"]),
        "notes": r["notes"],
        "created_at": iso(r["created_at"]),
        "updated_at": iso(r["updated_at"]),
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
