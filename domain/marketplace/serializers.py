"""API answers of the marketplace (docs/api/marketplace.md): the public freight and the company's leads."""
from typing import Literal

from core.db import iso
from core.responses import ResponseModel, Timestamp, Uuid, data_envelope, list_envelope
from domain.marketplace.models import LEAD_STATUSES


def _number(value):
    return float(value) if value is not None else None


class MarketplaceFreight(ResponseModel):
    """A public freight: only the fields the showcase shows, with the publishing company's name."""
    id: Uuid
    public_slug: str
    code: str
    origin_city: str
    origin_state: str
    destination_city: str
    destination_state: str
    cargo_type: str | None
    weight_kg: float | None
    vehicle_type: str | None
    price: float | None
    pickup_at: Timestamp | None
    delivery_at: Timestamp | None
    company_name: str


class MarketplaceLeadOk(ResponseModel):
    """The lead was received."""
    ok: Literal[True]


class MarketplaceLead(ResponseModel):
    """A driver's lead on one of the company's public freights."""
    id: Uuid
    freight_id: Uuid
    freight_code: str
    driver_name: str
    driver_phone: str
    driver_doc: str | None
    vehicle_plate: str | None
    message: str | None
    status: Literal[LEAD_STATUSES]
    source: str
    created_at: Timestamp


class MarketplaceLeadCount(ResponseModel):
    status: Literal[LEAD_STATUSES]
    count: int


MarketplaceFreightResponse = data_envelope(MarketplaceFreight)
MarketplaceFreightList = list_envelope(MarketplaceFreight)
MarketplaceLeadResponse = data_envelope(MarketplaceLead)
MarketplaceLeadList = list_envelope(MarketplaceLead)
MarketplaceLeadCountResponse = data_envelope(MarketplaceLeadCount)


def public_freight_dict(row) -> dict:
    r = row._asdict()
    return {
        "id": str(r["id"]), "public_slug": r["public_slug"], "code": r["code"],
        "origin_city": r["origin_city"], "origin_state": r["origin_state"],
        "destination_city": r["destination_city"], "destination_state": r["destination_state"],
        "cargo_type": r["cargo_type"], "weight_kg": _number(r["weight_kg"]), "vehicle_type": r["vehicle_type"],
        "price": _number(r["price"]), "pickup_at": iso(r["pickup_at"]), "delivery_at": iso(r["delivery_at"]),
        "company_name": r["company_name"],
    }


def lead_dict(row) -> dict:
    r = row._asdict()
    return {
        "id": str(r["id"]), "freight_id": str(r["freight_id"]), "freight_code": r["freight_code"],
        "driver_name": r["driver_name"], "driver_phone": r["driver_phone"], "driver_doc": r["driver_doc"],
        "vehicle_plate": r["vehicle_plate"], "message": r["message"], "status": r["status"], "source": r["source"],
        "created_at": iso(r["created_at"]),
    }
