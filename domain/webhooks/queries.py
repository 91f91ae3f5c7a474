"""Reads of the webhooks area (the API's lists and records; the scope filters by company)."""
import sqlalchemy as sa

from core.db import db
from core.tenancy import get_owned, get_referenced
from domain.webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint


def get_endpoint(endpoint_id, *, for_update: bool = False) -> WebhookEndpoint:
    return get_owned(WebhookEndpoint, endpoint_id, for_update=for_update)


def get_delivery(delivery_id, *, for_update: bool = False) -> WebhookDelivery:
    return get_owned(WebhookDelivery, delivery_id, for_update=for_update)


def endpoints_stmt() -> sa.Select:
    return sa.select(WebhookEndpoint)


def deliveries_stmt(*, endpoint_id=None, status: str | None = None, event_type: str | None = None) -> sa.Select:
    """Newest first (paginate orders); `endpoint_id` must be the company's (else 404 naming it)."""
    stmt = sa.select(WebhookDelivery)
    if endpoint_id is not None:
        get_referenced(WebhookEndpoint, endpoint_id, "endpoint_id", "Webhook")
        stmt = stmt.where(WebhookDelivery.endpoint_id == endpoint_id)
    if status:
        stmt = stmt.where(WebhookDelivery.status == status)
    if event_type:
        stmt = stmt.where(WebhookDelivery.event_type == event_type)
    return stmt


def attempts_of(delivery: WebhookDelivery) -> list[WebhookAttempt]:
    return list(db.session.execute(sa.select(WebhookAttempt).where(WebhookAttempt.delivery_id == delivery.id)
                                   .order_by(WebhookAttempt.number)).scalars())
