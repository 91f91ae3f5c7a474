"""Response models of the webhooks API and the one function per resource that fills them (core/responses.py)."""
from pydantic import Field

from core.responses import ResponseModel, Timestamp, Uuid, data_envelope, dump, list_envelope


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
    """The endpoint; with `secret` (creation, rotation) that secret too, shown this once."""
    found = dump(WebhookEndpoint, endpoint)
    return found if secret is None else {**found, "secret": secret}


def delivery_dict(delivery) -> dict:
    return dump(WebhookDelivery, delivery)


def delivery_detail_dict(delivery, attempts) -> dict:
    return {**delivery_dict(delivery), "attempt_log": [dump(WebhookAttempt, attempt) for attempt in attempts]}
