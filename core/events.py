"""Events outbox: written in the same transaction as the change that causes it; delivered later."""
from core.db import db, utcnow
from core.models import OutboxEvent


def emit_event(company, event_type: str, payload: dict) -> OutboxEvent:
    company_id = getattr(company, "id", company)
    event = OutboxEvent(company_id=company_id, type=event_type, payload=payload, created_at=utcnow())
    db.session.add(event)
    db.session.flush()
    return event
