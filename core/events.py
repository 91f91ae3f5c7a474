"""Events outbox: written in the same transaction as the change that causes it; delivered later.

After the commit the `webhooks` queue fans the event out to the company's subscribed webhook endpoints
(jobs/webhooks.py); an event whose job was lost is found by the periodic job (its `dispatched_at` is empty).
"""
from core.db import db, utcnow
from core.models import OutboxEvent
from core.queue import enqueue_after_commit


def emit_event(company, event_type: str, payload: dict) -> OutboxEvent:
    company_id = getattr(company, "id", company)
    event = OutboxEvent(company_id=company_id, type=event_type, payload=payload, created_at=utcnow())
    db.session.add(event)
    db.session.flush()
    enqueue_after_commit("jobs.webhooks.dispatch_event", str(company_id), str(event.id), queue="webhooks")
    return event
