"""Events outbox: written in the same transaction as the change that causes it; delivered later.

The event is announced (`core.signals.event_emitted`): the webhooks area answers with the job that, after the commit,
fans it out to the company's subscribed endpoints (domain/webhooks/listeners.py, domain/webhooks/jobs.py). An event
whose job was lost is found by the periodic job (its `dispatched_at` is empty).
"""
from core.db import db, utcnow
from core.models import OutboxEvent
from core.signals import event_emitted


def emit_event(company, event_type: str, payload: dict) -> OutboxEvent:
    company_id = getattr(company, "id", company)
    event = OutboxEvent(company_id=company_id, type=event_type, payload=payload, created_at=utcnow())
    db.session.add(event)
    db.session.flush()
    event_emitted.send(event)
    return event
