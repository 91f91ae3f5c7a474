"""Read-only statements of the marketplace: the public showcase (every company's public freights) and the
company's leads."""
import uuid

import sqlalchemy as sa

from core.clock import brasilia_day_start
from core.db import db
from core.tenancy import company_select, cross_tenant, read_rows
from core.validators import fold
from domain.common import like_pattern
from domain.freights.models import SHOWCASE_STATUSES, Freight, showcase_filter
from domain.marketplace.models import MarketplaceLead
from domain.tenancy.models import Company

PUBLIC_STATUSES = SHOWCASE_STATUSES  # open to drivers (domain/freights/models.py says why)
# A freight leaves the showcase once a carrier took it: its link then answers 410 (not 404).
TAKEN = ("aceito", "assigned", "picked_up", "in_transit", "delivered")

PUBLIC_COLUMNS = (Freight.id, Freight.public_slug, Freight.code, Freight.origin_city, Freight.origin_state,
                  Freight.destination_city, Freight.destination_state, Freight.cargo_type, Freight.weight_kg,
                  Freight.vehicle_type, Freight.price, Freight.pickup_at, Freight.delivery_at,
                  Freight.pickup_until, Freight.delivery_until,
                  Company.legal_name.label("company_name"), Freight.created_at, Freight.status,
                  Freight.visibility, Freight.company_id)

# The leads page's freight filter lists the freights of this many newest leads.
LEADS_FOR_FILTER = 100

LEAD_COLUMNS = (MarketplaceLead.id, MarketplaceLead.freight_id, Freight.code.label("freight_code"),
                MarketplaceLead.driver_name, MarketplaceLead.driver_phone, MarketplaceLead.driver_doc,
                MarketplaceLead.vehicle_plate, MarketplaceLead.message, MarketplaceLead.status,
                MarketplaceLead.source, MarketplaceLead.created_at)


def _public_base():
    return cross_tenant(sa.select(*PUBLIC_COLUMNS).join(Company, Company.id == Freight.company_id))


def showcase_stmt(query):
    """Public and published freights of every company, with the showcase's filters."""
    stmt = _public_base().where(*showcase_filter())  # read through ix_freights_showcase
    if query.origin_state:
        stmt = stmt.where(Freight.origin_state == query.origin_state)
    if query.destination_state:
        stmt = stmt.where(Freight.destination_state == query.destination_state)
    if query.vehicle_type:
        stmt = stmt.where(sa.func.lower(Freight.vehicle_type) == query.vehicle_type.lower())
    if query.min_price is not None:
        stmt = stmt.where(Freight.price >= query.min_price)
    if query.max_price is not None:
        stmt = stmt.where(Freight.price <= query.max_price)
    if query.pickup_from:  # a Brasília date: from its midnight there (03:00 UTC), not UTC's
        stmt = stmt.where(Freight.pickup_at >= brasilia_day_start(query.pickup_from))
    if query.search:
        stmt = stmt.where(Freight.search_text.like(like_pattern(fold(query.search)), escape="\\"))
    return stmt


def same_route_rows(row, limit: int = 5) -> list:
    """The company's other open public freights on `row`'s route (same origin and destination states; the same
    cities first, the newest next): what a driver whose link was taken may take instead. Read through
    ix_freights_showcase like the showcase; bounded by `limit`."""
    same_cities = sa.and_(Freight.origin_city == row.origin_city, Freight.destination_city == row.destination_city)
    stmt = (_public_base().where(*showcase_filter(), Freight.company_id == row.company_id, Freight.id != row.id,
                                 Freight.origin_state == row.origin_state,
                                 Freight.destination_state == row.destination_state)
            .order_by(sa.case((same_cities, 0), else_=1), Freight.created_at.desc(), Freight.id).limit(limit))
    return db.session.execute(stmt).all()


def public_freight_row(slug: str):
    """The row of a freight by its public slug whatever its state (the caller decides 404/410), or None."""
    return db.session.execute(_public_base().where(Freight.public_slug == slug)).first()


def leads_stmt(company_id, *, status=None, freight_id: uuid.UUID | None = None):
    stmt = (company_select(MarketplaceLead, company_id, *LEAD_COLUMNS)
            .join(Freight, Freight.id == MarketplaceLead.freight_id))
    if status:
        stmt = stmt.where(MarketplaceLead.status == status)
    if freight_id:
        stmt = stmt.where(MarketplaceLead.freight_id == freight_id)
    return stmt


def lead_freights(company_id, selected: uuid.UUID | None = None) -> list:
    """(id, code) by code of the freights of the company's LEADS_FOR_FILTER newest leads (and of `selected`, the
    filter's current value): the leads page's freight filter. A range of ix_marketplace_leads_company_created, then
    those freights by id, never a join over every lead and freight."""
    newest = (company_select(MarketplaceLead, company_id, MarketplaceLead.freight_id)
              .order_by(MarketplaceLead.created_at.desc(), MarketplaceLead.id.desc()).limit(LEADS_FOR_FILTER))
    ids = set(read_rows(newest).scalars()) | ({selected} if selected else set())
    if not ids:
        return []
    return db.session.execute(company_select(Freight, company_id, Freight.id, Freight.code)
                              .where(Freight.id.in_(ids)).order_by(Freight.code)).all()


def lead_row(company_id, lead_id):
    return db.session.execute(leads_stmt(company_id).where(MarketplaceLead.id == lead_id)).one()


def public_slugs(limit: int = 50000):
    """(slug, updated_at) of the showcase, newest first: the sitemap."""
    stmt = cross_tenant(sa.select(Freight.public_slug, Freight.updated_at)
                        .where(*showcase_filter())
                        .order_by(Freight.created_at.desc()).limit(limit))
    return db.session.execute(stmt).all()


def count_leads(status: str = "novo") -> int:
    """Counted in SQL, inside the current company's scope (the API's count, and the badge's recount)."""
    return db.session.scalar(sa.select(sa.func.count(MarketplaceLead.id)).where(MarketplaceLead.status == status))
