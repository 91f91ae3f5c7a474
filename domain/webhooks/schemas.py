"""Request models of the webhooks API (docs/api/webhooks.md, "Managing webhooks over the API")."""
import uuid
from typing import Literal

from pydantic import Field

from core.schemas import ListQuery, RequestModel
from domain.webhooks.models import DELIVERY_STATES, EVENT_TYPES, TEST_EVENT

EventType = Literal[EVENT_TYPES]  # type: ignore[valid-type]


class WebhookEndpointCreate(RequestModel):
    url: str = Field(min_length=1, max_length=2000, description="https://, endereço público.")
    event_types: list[EventType] | None = Field(
        default=None, max_length=len(EVENT_TYPES), description="Eventos assinados; ausente: todos.")


class WebhookEndpointUpdate(RequestModel):
    url: str | None = Field(default=None, min_length=1, max_length=2000)
    event_types: list[EventType] | None = Field(default=None, max_length=len(EVENT_TYPES))


class WebhookEndpointListQuery(ListQuery):
    pass


class WebhookDeliveryListQuery(ListQuery):
    """`endpoint_id`, `status` and `event_type` filter the deliveries, newest first."""
    endpoint_id: uuid.UUID | None = None
    status: Literal[DELIVERY_STATES] | None = None  # type: ignore[valid-type]
    event_type: Literal[(*EVENT_TYPES, TEST_EVENT)] | None = None  # type: ignore[valid-type]
