"""Webhook delivery: fanning an outbox event out, sending one attempt and recording it, what is owed. Services flush;
the caller (the jobs in domain/webhooks/jobs.py, a page, the CLI) commits. Apart from services.py, which enqueues
those jobs, so that the jobs can import what they call.

Delivery is at least once: fanning an outbox event out writes one `webhook_deliveries` row per subscribed endpoint,
and that row (not the queue) is what is owed. A sender first *claims* the row (moves `next_attempt_at` past a lease,
in its own commit), sends, then records the attempt and the next retry. A worker killed mid-send leaves the row
due once the lease ends, and the periodic job sends it again.
"""
import calendar
import json
import random
from datetime import datetime, timedelta

import sqlalchemy as sa

from core import crypto
from core.db import db, iso, utcnow
from core.models import OutboxEvent
from core.tenancy import cross_tenant
from domain.webhooks import ssrf, transport
from domain.webhooks.models import FEATURE_GATED, WebhookAttempt, WebhookDelivery, WebhookEndpoint

# Waits after each failure (seconds): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h = 75 h 35 min in all.
RETRY_DELAYS = (5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400)
JITTER = 0.1  # each wait grows by up to 10 % at random (only up: the schedule never spans less than above)
LEASE_SECONDS = 120  # a claimed delivery is due again after this if its sender never reported (killed)
DISABLE_AFTER_FAILING = timedelta(days=5)


# --- Endpoints (what delivery changes or reads of them) ------------------------------------------

def set_enabled(endpoint: WebhookEndpoint, enabled: bool, *, reason: str | None = None, now=None) -> None:
    """Disable (with the reason shown to the company) or enable; enabling makes what it still owes due now."""
    now = now or utcnow()
    endpoint.enabled = enabled
    if enabled:
        endpoint.disabled_reason = endpoint.disabled_at = endpoint.failing_since = None
        db.session.execute(sa.update(WebhookDelivery).where(
            WebhookDelivery.endpoint_id == endpoint.id, WebhookDelivery.status == "pending").values(
            next_attempt_at=now))
    else:
        endpoint.disabled_reason = reason or "Desativado manualmente."
        endpoint.disabled_at = now
    db.session.flush()


def signing_secrets(endpoint: WebhookEndpoint, now=None) -> list[str]:
    now = now or utcnow()
    found = [crypto.decrypt(endpoint.secret_encrypted)]
    if endpoint.previous_secret_encrypted and endpoint.previous_secret_expires_at and \
            endpoint.previous_secret_expires_at > now:
        found.append(crypto.decrypt(endpoint.previous_secret_encrypted))
    return found


# --- Fan-out ----------------------------------------------------------------------------------------

def subscribed(endpoint: WebhookEndpoint, event_type: str, company) -> bool:
    feature = FEATURE_GATED.get(event_type)
    return endpoint.enabled and event_type in endpoint.event_types and (
        feature is None or feature in (company.features or []))


def fan_out(event: OutboxEvent, company, now=None) -> list[WebhookDelivery]:
    """Deliveries owed for an event, one per subscribed endpoint; idempotent (existing ones are kept)."""
    now = now or utcnow()
    endpoints = db.session.execute(db.select(WebhookEndpoint).where(WebhookEndpoint.enabled.is_(True))).scalars()
    existing = set(db.session.execute(db.select(WebhookDelivery.endpoint_id).where(
        WebhookDelivery.event_id == event.id)).scalars())
    created = []
    for endpoint in endpoints:
        if endpoint.id in existing or not subscribed(endpoint, event.type, company):
            continue
        created.append(_add_delivery(event, endpoint, now))
    event.dispatched_at = now
    db.session.flush()
    return created


def _add_delivery(event: OutboxEvent, endpoint: WebhookEndpoint, now: datetime) -> WebhookDelivery:
    delivery = WebhookDelivery(company_id=endpoint.company_id, endpoint_id=endpoint.id, event_id=event.id,
                               event_type=event.type, status="pending", next_attempt_at=now, created_at=now)
    db.session.add(delivery)
    return delivery


# --- Sending ------------------------------------------------------------------------------------------

def claim(delivery_id, now=None) -> bool:
    """Take a due delivery for one send (atomic: of two concurrent senders, one wins)."""
    now = now or utcnow()
    result = db.session.execute(cross_tenant(sa.update(WebhookDelivery).where(
        WebhookDelivery.id == delivery_id, WebhookDelivery.status == "pending",
        WebhookDelivery.next_attempt_at <= now).values(
        next_attempt_at=now + timedelta(seconds=LEASE_SECONDS), attempts=WebhookDelivery.attempts + 1)))
    return result.rowcount == 1


def envelope_body(event: OutboxEvent) -> bytes:
    envelope = {"id": str(event.id), "type": event.type, "created_at": iso(event.created_at), "data": event.payload}
    return json.dumps(envelope, ensure_ascii=False, separators=(",", ":")).encode()


def signed_headers(endpoint: WebhookEndpoint, event: OutboxEvent, body: bytes, timestamp: int, now=None) -> dict:
    return {"Webhook-Id": str(event.id), "Webhook-Timestamp": str(timestamp),
            "Webhook-Signature": transport.signature_header(signing_secrets(endpoint, now), str(event.id), timestamp,
                                                            body)}


def send(delivery: WebhookDelivery, now=None) -> transport.Outcome:
    """The HTTP request of one attempt (no database writes). Unsafe targets count as failed attempts."""
    endpoint = db.session.get(WebhookEndpoint, delivery.endpoint_id)
    event = db.session.get(OutboxEvent, delivery.event_id)
    body = envelope_body(event)
    timestamp = calendar.timegm((now or utcnow()).utctimetuple())
    try:
        target = ssrf.resolve(endpoint.url)
    except ssrf.UnsafeTarget as exc:
        return transport.Outcome(None, 0, "", str(exc))
    return transport.post(target, body, signed_headers(endpoint, event, body, timestamp, now))


def record_attempt(delivery: WebhookDelivery, outcome: transport.Outcome, now=None) -> None:
    """Log the attempt and decide: delivered, endpoint disabled (410), retry later, or give up."""
    now = now or utcnow()
    endpoint = db.session.get(WebhookEndpoint, delivery.endpoint_id)
    db.session.add(WebhookAttempt(company_id=delivery.company_id, delivery_id=delivery.id, number=delivery.attempts,
                                  status_code=outcome.status_code, duration_ms=outcome.duration_ms,
                                  response_excerpt=outcome.excerpt[:transport.EXCERPT_BYTES],
                                  error=outcome.error, created_at=now))
    delivery.last_status_code = outcome.status_code
    if outcome.ok:
        delivery.status, delivery.delivered_at, delivery.next_attempt_at = "delivered", now, None
        endpoint.failing_since = None
    elif outcome.status_code == 410:
        delivery.status, delivery.next_attempt_at = "failed", None
        set_enabled(endpoint, False, reason="O destino respondeu 410 (Gone): webhook desativado.", now=now)
    else:
        _schedule_retry(delivery, now)
        _note_failure(endpoint, now)
    db.session.flush()


def _schedule_retry(delivery: WebhookDelivery, now: datetime) -> None:
    if delivery.retry_step >= len(RETRY_DELAYS):
        delivery.status, delivery.next_attempt_at = "failed", None
        return
    wait = RETRY_DELAYS[delivery.retry_step] * (1 + random.uniform(0, JITTER))  # noqa: S311  jitter, not security
    delivery.retry_step += 1
    delivery.next_attempt_at = now + timedelta(seconds=wait)


def _note_failure(endpoint: WebhookEndpoint, now: datetime) -> None:
    if endpoint.failing_since is None:
        endpoint.failing_since = now
    elif now - endpoint.failing_since >= DISABLE_AFTER_FAILING and endpoint.enabled:
        set_enabled(endpoint, False, now=now,
                    reason="Desativado automaticamente: todas as entregas falharam por 5 dias seguidos.")


# --- What is owed -------------------------------------------------------------------------------------

def due_deliveries(now: datetime, limit: int = 500) -> list[tuple]:
    """(company_id, delivery_id) of pending deliveries to enabled endpoints whose time has come (platform-wide)."""
    stmt = (sa.select(WebhookDelivery.company_id, WebhookDelivery.id)
            .join(WebhookEndpoint, WebhookEndpoint.id == WebhookDelivery.endpoint_id)
            .where(WebhookDelivery.status == "pending", WebhookDelivery.next_attempt_at <= now,
                   WebhookEndpoint.enabled.is_(True))
            .order_by(WebhookDelivery.next_attempt_at).limit(limit))
    return [tuple(row) for row in db.session.execute(cross_tenant(stmt)).all()]


def undispatched_events(before: datetime, limit: int = 500) -> list[tuple]:
    """(company_id, event_id) of outbox events never fanned out (their job was lost)."""
    stmt = (sa.select(OutboxEvent.company_id, OutboxEvent.id)
            .where(OutboxEvent.dispatched_at.is_(None), OutboxEvent.created_at <= before)
            .order_by(OutboxEvent.created_at).limit(limit))
    return [tuple(row) for row in db.session.execute(cross_tenant(stmt)).all()]
