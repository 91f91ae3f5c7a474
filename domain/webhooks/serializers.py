"""Response models of the webhooks API and the functions that fill them."""
from pydantic import Field

from core.db import iso
from core.responses import ResponseModel, Timestamp, Uuid, data_envelope, list_envelope


class WebhookEndpoint(ResponseModel):
    """A webhook endpoint (its secret is shown only when created or rotated)."""
    id: Uuid
    url: str
    event_types: list[str]
    enabled: bool
    disabled_reason: str | None
    disabled_at: Timestamp | None
    failing_since: Timestamp | None
    created_at: Timestamp
    updated_at: Timestamp


class WebhookEndpointWithSecret(WebhookEndpoint):
    """The endpoint with its signing secret in clear: shown this once (creation, rotation)."""
    secret: str = Field(description="`whsec_` + base64; verifique as entregas com ele (docs/api/webhooks.md).")


class WebhookAttempt(ResponseModel):
    number: int
    status_code: int | None
    duration_ms: int
    response_excerpt: str
    error: str | None
    created_at: Timestamp


class WebhookDelivery(ResponseModel):
    """What one endpoint is owed for one event, and where it stands."""
    id: Uuid
    endpoint_id: Uuid
    event_id: Uuid
    event_type: str
    status: str = Field(description="pending, delivered ou failed.")
    attempts: int
    next_attempt_at: Timestamp | None
    last_status_code: int | None
    delivered_at: Timestamp | None
    created_at: Timestamp


class WebhookDeliveryDetail(WebhookDelivery):
    """The delivery with every attempt, oldest first."""
    attempt_log: list[WebhookAttempt]


WebhookEndpointResponse = data_envelope(WebhookEndpoint)
WebhookEndpointSecretResponse = data_envelope(WebhookEndpointWithSecret)
WebhookEndpointList = list_envelope(WebhookEndpoint)
WebhookDeliveryResponse = data_envelope(WebhookDelivery)
WebhookDeliveryDetailResponse = data_envelope(WebhookDeliveryDetail)
WebhookDeliveryList = list_envelope(WebhookDelivery)


def endpoint_dict(endpoint, secret: str | None = None) -> dict:
    found = {"id": str(endpoint.id), "url": endpoint.url, "event_types": list(endpoint.event_types),
             "enabled": endpoint.enabled, "disabled_reason": endpoint.disabled_reason,
             "disabled_at": iso(endpoint.disabled_at), "failing_since": iso(endpoint.failing_since),
             "created_at": iso(endpoint.created_at), "updated_at": iso(endpoint.updated_at)}
    if secret is not None:
        found["secret"] = secret
    return found


def delivery_dict(delivery) -> dict:
    return {"id": str(delivery.id), "endpoint_id": str(delivery.endpoint_id), "event_id": str(delivery.event_id),
            "event_type": delivery.event_type, "status": delivery.status, "attempts": delivery.attempts,
            "next_attempt_at": iso(delivery.next_attempt_at), "last_status_code": delivery.last_status_code,
            "delivered_at": iso(delivery.delivered_at), "created_at": iso(delivery.created_at)}


def delivery_detail_dict(delivery, attempts) -> dict:
    return {**delivery_dict(delivery), "attempt_log": [
        {"number": a.number, "status_code": a.status_code, "duration_ms": a.duration_ms,
         "response_excerpt": a.response_excerpt, "error": a.error, "created_at": iso(a.created_at)}
        for a in attempts]}
