"""Marketplace business actions: find a public freight, take a driver's lead, work the company's leads, and the
stored count of `novo` leads behind the sidebar badge (its recount enqueued here; the figure stored and read in
badge.py)."""
import uuid
from datetime import timedelta

import sqlalchemy as sa
from flask import current_app

from core.db import db, utcnow
from core.errors import AppError, InvalidQuery, NotFound
from core.events import emit_event
from core.queue import enqueue_after_commit
from core.ratelimit import enforce_limit
from core.responses import dump
from core.tenancy import cross_tenant, get_owned, get_referenced, tenant_scope
from domain.freights.models import Freight
from domain.freights.offers import create_offer
from domain.marketplace.badge import stored_new_count  # noqa: F401  (re-exported: the pages read the badge here)
from domain.marketplace.jobs import recount_new_leads
from domain.marketplace.models import MarketplaceLead
from domain.marketplace.queries import (  # noqa: F401  (count_leads re-exported: the API counts here)
    PUBLIC_STATUSES,
    TAKEN,
    count_leads,
    public_freight_row,
    same_route_rows,
)
from domain.marketplace.serializers import MarketplaceLeadCreatedData

GONE_MESSAGE = "Este frete já foi fechado com outro transportador."
NOT_PUBLIC_MESSAGE = "Frete não encontrado ou não está mais publicado."


class FreightGone(AppError):
    status, code, message = 410, "freight_taken", GONE_MESSAGE

    def __init__(self, row=None):
        super().__init__()
        self.row = row  # the taken freight's showcase row: the closed page draws it without reading it again


def find_public_freight(slug: str, *, allow_taken: bool = False):
    """The showcase row of a public, published freight. Taken (a carrier accepted) → 410 FreightGone;
    anything else that is not public and published → 404."""
    row = public_freight_row(slug) if slug else None
    if row is None or row.visibility != "publico":
        raise NotFound(NOT_PUBLIC_MESSAGE)
    if row.status in TAKEN and not allow_taken:
        raise FreightGone(row)
    if row.status not in PUBLIC_STATUSES:
        raise NotFound(NOT_PUBLIC_MESSAGE)
    return row


def closed_freight(gone: FreightGone):
    """(the taken freight's row, the company's other open freights on its route) for a public link whose freight a
    carrier already took (`gone`, what find_public_freight raised: its row is not read again)."""
    return gone.row, same_route_rows(gone.row)


def create_lead(data, *, ip_addr: str | None, user_agent: str | None) -> MarketplaceLead | None:
    """A driver's lead on a public freight. A filled honeypot stores nothing (None). A slug that is not public
    (taken included) → 404. The event `marketplace.lead.created` and the badge's recount go with the insert."""
    if data.website:
        return None
    try:
        row = find_public_freight(data.slug)
    except FreightGone:
        raise NotFound(NOT_PUBLIC_MESSAGE) from None
    with tenant_scope(row.company_id):
        lead = MarketplaceLead(id=uuid.uuid4(), company_id=row.company_id, freight_id=row.id,
                               driver_name=data.driver_name, driver_phone=data.driver_phone,
                               driver_doc=data.driver_doc, vehicle_plate=data.vehicle_plate, message=data.message,
                               status="novo", source="public_marketplace", ip_addr=(ip_addr or "")[:64] or None,
                               user_agent=(user_agent or "")[:500] or None, created_at=utcnow())
        db.session.add(lead)
        db.session.flush()
        emit_event(row.company_id, "marketplace.lead.created", dump(MarketplaceLeadCreatedData, {
            "id": lead.id, "freight_id": row.id, "freight_code": row.code, "status": lead.status,
            "driver_name": lead.driver_name, "created_at": lead.created_at}))
        enqueue_recount(row.company_id)
    return lead


LEAD_LIMIT = ("MARKETPLACE_LEAD_LIMIT", "marketplace-lead")  # (setting, scope) of the per-IP count


def lead_limit_key(ip_addr: str | None) -> str:
    return ip_addr or "unknown"


def submit_lead(data, *, ip_addr: str | None, user_agent: str | None) -> MarketplaceLead | None:
    """The API's and the page's lead: at most MARKETPLACE_LEAD_LIMIT (5 per minute) per client IP, counted in the
    limiter's storage (Redis in production, so every web process shares it; over it → 429 with Retry-After), then
    the lead."""
    enforce_limit(*LEAD_LIMIT, lead_limit_key(ip_addr),
                  "Muitos envios em pouco tempo. Tente novamente em instantes.")
    return create_lead(data, ip_addr=ip_addr, user_agent=user_agent)


def parse_freight_filter(value: str | None) -> uuid.UUID | None:
    """The `freight_id` filter: a uuid (else 400) of one of the company's freights (else 404 naming the field, as
    for any id that is not the caller's: never an empty page that looks like "no leads")."""
    if not value:
        return None
    try:
        freight_id = uuid.UUID(value)
    except ValueError:
        raise InvalidQuery.for_field("freight_id", "Informe o id (uuid) do frete.") from None
    return get_referenced(Freight, freight_id, "freight_id", "Frete").id


def get_lead(lead_id) -> MarketplaceLead:
    """One of the current company's leads (404 for another company's id or a malformed one)."""
    return get_owned(MarketplaceLead, _as_uuid(lead_id))


def update_lead_status(lead_id, status: str) -> MarketplaceLead:
    """Set one of the four statuses (any move is allowed); the badge is recounted."""
    lead = get_owned(MarketplaceLead, _as_uuid(lead_id), for_update=True)
    if lead.status != status:
        lead.status = status
        db.session.flush()
        enqueue_recount(lead.company_id)
    return lead


def _as_uuid(value):
    try:
        return uuid.UUID(str(value))
    except ValueError:
        raise NotFound("Lead não encontrado.") from None


# --- The badge: a stored count, recomputed by a job (badge.py stores and reads it) ---------------------------

def enqueue_recount(company_id) -> None:
    enqueue_after_commit(recount_new_leads, str(company_id))


def submit_public_offer(slug: str, data, *, ip_addr: str | None, honeypot: str | None):
    """The public page's offer, guarded like a lead: at most MARKETPLACE_OFFER_LIMIT (default: the lead's, 5 per
    minute) per client IP in the limiter's storage (Redis: shared by every web process; over it → 429 with
    Retry-After), and a filled honeypot stores nothing (the sender sees the same thank-you)."""
    enforce_limit("MARKETPLACE_OFFER_LIMIT", "marketplace-offer", ip_addr or "unknown",
                  "Muitos envios em pouco tempo. Tente novamente em instantes.")
    if honeypot:
        return None
    return create_public_offer(slug, data)


def create_public_offer(slug: str, data):
    """A driver's price offer from the public page: a `pendente` offer on the freight (source `publico`)."""
    try:
        row = find_public_freight(slug)
    except FreightGone:
        raise NotFound(NOT_PUBLIC_MESSAGE) from None
    with tenant_scope(row.company_id):
        freight = get_owned(Freight, row.id, for_update=True)
        return create_offer(freight, data, source="publico", actor="marketplace")


def purge_old_leads(now=None) -> int:
    """LGPD retention: delete every company's leads older than MARKETPLACE_LEAD_RETENTION_DAYS, and recount the
    badges of the companies that lost a lead. Platform-wide (the daily cron)."""
    cutoff = (now or utcnow()) - timedelta(days=current_app.config["MARKETPLACE_LEAD_RETENTION_DAYS"])
    old = MarketplaceLead.created_at < cutoff
    companies = db.session.scalars(cross_tenant(sa.select(MarketplaceLead.company_id).where(old).distinct())).all()
    result = db.session.execute(cross_tenant(sa.delete(MarketplaceLead).where(old)))
    for company_id in companies:
        enqueue_recount(company_id)
    db.session.flush()
    return result.rowcount or 0
