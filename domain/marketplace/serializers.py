"""API answers of the marketplace (docs/api/marketplace.md): the public freight and the company's leads."""
from typing import Literal

from core.responses import ResponseModel, Timestamp, Uuid, data_envelope, dump, list_envelope
from domain.marketplace.models import LEAD_STATUSES


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


# --- Webhook event data (registered with their summaries in domain/webhooks/payloads.py) ---------------------

class MarketplaceLeadCreatedData(ResponseModel):
    id: Uuid
    freight_id: Uuid
    freight_code: str
    status: str
    driver_name: str
    created_at: Timestamp


MarketplaceFreightResponse = data_envelope(MarketplaceFreight)
MarketplaceFreightList = list_envelope(MarketplaceFreight)
MarketplaceLeadResponse = data_envelope(MarketplaceLead)
MarketplaceLeadList = list_envelope(MarketplaceLead)
MarketplaceLeadCountResponse = data_envelope(MarketplaceLeadCount)


def public_freight_dict(row) -> dict:
    """A row of the showcase (domain.marketplace.queries) as the API answers it."""
    return dump(MarketplaceFreight, row)


def lead_dict(row) -> dict:
    """A lead row (domain.marketplace.queries) as the API answers it."""
    return dump(MarketplaceLead, row)
