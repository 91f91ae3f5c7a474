"""Webhook business actions on endpoints and manual deliveries. Services flush; the caller (page, CLI, job) commits.

How a delivery is fanned out, sent, retried and found when owed is in domain/webhooks/delivery.py (what the jobs of
domain/webhooks/jobs.py call; this module enqueues those jobs).
"""
import base64
import secrets as pysecrets
from datetime import timedelta

from core import crypto
from core.db import db, utcnow
from core.errors import Conflict, InvalidBody
from core.models import OutboxEvent
from core.queue import enqueue_after_commit
from domain.webhooks import ssrf, transport
from domain.webhooks.delivery import (  # noqa: F401  (re-exported: pages, API, CLI and tests reach them here)
    JITTER,
    RETRY_DELAYS,
    _add_delivery,
    envelope_body,
    set_enabled,
    signing_secrets,
)
from domain.webhooks.jobs import QUEUE, deliver
from domain.webhooks.models import EVENT_TYPES, TEST_EVENT, WebhookDelivery, WebhookEndpoint

ROTATION_OVERLAP = timedelta(hours=24)
SECRET_PREFIX = transport.SECRET_PREFIX


# --- Endpoints ------------------------------------------------------------------------------------

def _clean_url(url: str) -> str:
    url = (url or "").strip()
    if not url:
        raise InvalidBody.for_field("url", "Informe a URL.", code="required")
    if len(url) > 2000:
        raise InvalidBody.for_field("url", "URL longa demais (máximo 2000 caracteres).")
    try:
        ssrf.check_new_url(url)
    except ssrf.UnsafeTarget as exc:
        raise InvalidBody.for_field("url", str(exc), code="unsafe_url") from exc
    return url


def _clean_event_types(event_types) -> list:
    chosen = list(dict.fromkeys(event_types or EVENT_TYPES))
    unknown = [t for t in chosen if t not in EVENT_TYPES]
    if unknown:
        raise InvalidBody.for_field("event_types", f"Evento desconhecido: {', '.join(unknown)}. "
                                    f"Use: {', '.join(EVENT_TYPES)}.")
    return chosen


def _new_secret() -> str:
    """`whsec_` + standard base64 of 32 random bytes, as Standard Webhooks libraries read it."""
    return SECRET_PREFIX + base64.b64encode(pysecrets.token_bytes(32)).decode()


def create_endpoint(company, *, url: str, event_types=None) -> tuple[WebhookEndpoint, str]:
    """The endpoint and its signing secret in clear (shown once)."""
    secret = _new_secret()
    endpoint = WebhookEndpoint(company_id=company.id, url=_clean_url(url),
                               event_types=_clean_event_types(event_types), enabled=True,
                               secret_encrypted=crypto.encrypt(secret))
    db.session.add(endpoint)
    db.session.flush()
    return endpoint, secret


def update_endpoint(endpoint: WebhookEndpoint, *, url: str, event_types) -> None:
    endpoint.url = _clean_url(url)
    endpoint.event_types = _clean_event_types(event_types)
    db.session.flush()


# set_enabled and signing_secrets: in delivery.py (a failing endpoint is disabled there)

def rotate_secret(endpoint: WebhookEndpoint, now=None) -> str:
    """A new secret (returned in clear, shown once); the old one keeps signing for 24 h."""
    now = now or utcnow()
    secret = _new_secret()
    endpoint.previous_secret_encrypted = endpoint.secret_encrypted
    endpoint.previous_secret_expires_at = now + ROTATION_OVERLAP
    endpoint.secret_encrypted = crypto.encrypt(secret)
    db.session.flush()
    return secret


# --- Manual deliveries ---------------------------------------------------------------------------------

def queue_delivery(delivery: WebhookDelivery) -> None:
    """Its attempt, after the commit (inline in the embedded default, else on the `webhooks` queue)."""
    enqueue_after_commit(deliver, str(delivery.company_id), str(delivery.id), queue=QUEUE)


def create_test_delivery(endpoint: WebhookEndpoint, now=None) -> WebhookDelivery:
    """A `webhook.test` event for this endpoint only."""
    if not endpoint.enabled:
        raise Conflict("Ative o webhook antes de enviar um evento de teste.", code="webhook_disabled")
    now = now or utcnow()
    event = OutboxEvent(company_id=endpoint.company_id, type=TEST_EVENT, created_at=now, dispatched_at=now,
                        payload={"mensagem": "Evento de teste enviado pelo painel.", "endpoint_id": str(endpoint.id)})
    db.session.add(event)
    db.session.flush()
    delivery = _add_delivery(event, endpoint, now)
    db.session.flush()
    queue_delivery(delivery)
    return delivery


def resend(delivery: WebhookDelivery, now=None) -> None:
    """Manual redelivery, sent after the commit with a fresh retry schedule (also delivered or given-up ones)."""
    delivery.status = "pending"
    delivery.retry_step = 0
    delivery.next_attempt_at = now or utcnow()
    db.session.flush()
    queue_delivery(delivery)
