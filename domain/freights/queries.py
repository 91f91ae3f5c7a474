"""Read-side statements of freights and offers: lists and single records read as plain rows (no ORM objects),
with the driver's name/phone and the vehicle's plate joined in, so a list item and a record look the same."""
import re

import sqlalchemy as sa

from core.counting import capped_counts
from core.db import db
from core.pagination import Listing
from core.tenancy import company_outerjoin, company_rows, company_select
from core.validators import fold
from domain.common import like_pattern
from domain.fleet.models import Driver, Vehicle
from domain.freights.models import Freight, FreightStatusChange, Offer
from domain.freights.states import FREIGHT_STATUSES
from domain.partners.models import Partner

FREIGHT_COLUMNS = (
    Freight.id, Freight.code, Freight.status, Freight.visibility, Freight.public_slug,
    Freight.origin_city, Freight.origin_state, Freight.origin_ibge,
    Freight.destination_city, Freight.destination_state, Freight.destination_ibge,
    Freight.cargo_type, Freight.weight_kg, Freight.vehicle_type, Freight.price,
    Freight.pickup_at, Freight.pickup_until, Freight.delivery_at, Freight.delivery_until,
    Freight.carrier_id, Freight.carrier_name, Freight.carrier_phone,
    Freight.driver_id, Driver.name.label("driver_name"), Driver.phone.label("driver_phone"),
    Freight.vehicle_id, Vehicle.plate.label("vehicle_plate"),
    Freight.distance_km, Freight.loaded_axles, Freight.antt_table, Freight.antt_floor, Freight.antt_floor_act,
    Freight.accepted_offer_id, Freight.simulation_id, Freight.notes, Freight.created_at, Freight.updated_at,
)


FREIGHT_CODE = re.compile(r"FRT-\d{6,}")  # a whole freight code (domain.freights.services.next_code)


def freights_stmt(company_id, **filters):
    """The company's freights as a Select of rows of FREIGHT_COLUMNS, filtered as `freight_listing`."""
    return freight_listing(company_id, **filters).select()


def freight_listing(company_id, *, statuses=(), visibility=None, q=None, created_from=None, created_to=None) -> Listing:
    """The company's freights as rows of FREIGHT_COLUMNS, filtered; `q` matches part of the code or of either
    city (accents and case aside), and a whole code (`frt-000123` too) is that freight alone, found through the
    company's unique code index: the trigram index covers every company's rows, so a code searched as text costs more
    the larger the whole table is."""
    code = q.strip().upper() if q and FREIGHT_CODE.fullmatch(q.strip().upper()) else None
    text = q if q and code is None else None
    params = {"company_id": company_id, "statuses": list(statuses), "visibility": visibility, "code": code,
              "q": like_pattern(fold(text)) if text else None, "created_from": created_from, "created_to": created_to}
    shape = (bool(statuses), bool(visibility), bool(text), bool(code), bool(created_from), bool(created_to))
    return Listing(_freights, shape, params)


def _freights(statuses: bool, visibility: bool, q: bool, code: bool, created_from: bool,
              created_to: bool) -> sa.Select:
    # The statement of this filter shape, values bound at execution (core.pagination.Listing).
    stmt = company_rows(Freight, *FREIGHT_COLUMNS)
    stmt = company_outerjoin(stmt, Driver, Driver.id == Freight.driver_id)
    stmt = company_outerjoin(stmt, Vehicle, Vehicle.id == Freight.vehicle_id)
    if statuses:
        stmt = stmt.where(Freight.status.in_(sa.bindparam("statuses", expanding=True)))
    if visibility:
        stmt = stmt.where(Freight.visibility == sa.bindparam("visibility"))
    if q:
        stmt = stmt.where(Freight.search_text.like(sa.bindparam("q"), escape="\\"))
    if code:
        stmt = stmt.where(Freight.code == sa.bindparam("code"))
    if created_from:
        stmt = stmt.where(Freight.created_at >= sa.bindparam("created_from"))
    if created_to:
        stmt = stmt.where(Freight.created_at <= sa.bindparam("created_to"))
    return stmt


def freight_row(company_id, freight_id):
    return db.session.execute(freights_stmt(company_id).where(Freight.id == freight_id)).one()


def status_history(freight_id) -> list:
    return db.session.execute(
        db.select(FreightStatusChange).where(FreightStatusChange.freight_id == freight_id)
        .order_by(FreightStatusChange.created_at, FreightStatusChange.id)).scalars().all()


def offers_stmt(company_id, freight_id):
    return company_select(Offer, company_id).where(Offer.freight_id == freight_id)


def counts_by_status() -> dict[str, int]:
    """The company's freights per status that has any, each count up to core.counting's cap ("999+" past it): one
    statement of bounded range reads of ix_freights_company_status_created (core.counting.capped_counts), never a
    scan of every freight on each view of the board."""
    counts = capped_counts(**{status: sa.select(Freight.id).where(Freight.status == status)
                              for status in FREIGHT_STATUSES})
    return {status: found for status, found in counts.items() if found}


def default_recipient(freight) -> str | None:
    """Who a freight's message goes to by default: its driver's phone, else its carrier's (the partner's WhatsApp
    or phone, or the phone an accepted offer brought), as the E.164 the message takes."""
    if freight.driver_id is not None:
        phone = db.session.scalar(db.select(Driver.phone).where(Driver.id == freight.driver_id))
        if phone:
            return phone
    if freight.carrier_id is not None:
        row = db.session.execute(db.select(Partner.whatsapp, Partner.phone)
                                 .where(Partner.id == freight.carrier_id)).first()
        if row is not None and (row.whatsapp or row.phone):
            return row.whatsapp or row.phone
    return freight.carrier_phone or None
