"""API answers of the messages area: the response models and the functions that fill them (rule in
core/responses.py: the serializer fills exactly the model's fields; docs/api/messages.md)."""
from typing import Literal

from pydantic import Field

from core.db import iso
from core.responses import ResponseModel, Timestamp, Uuid, data_envelope, list_envelope
from domain.messages.models import CHANNELS, MESSAGE_STATUSES


class Message(ResponseModel):
    """An outbound message and where its delivery stands."""
    id: Uuid
    status: Literal[MESSAGE_STATUSES]
    channel: Literal[CHANNELS]
    to: str = Field(description="Telefone E.164 (whatsapp, sms) ou e-mail.")
    freight_id: Uuid | None
    template: str | None
    subject: str | None
    body: str
    failure_reason: str | None
    attempts: int
    provider: str | None
    provider_message_id: str | None
    sent_at: Timestamp | None
    delivered_at: Timestamp | None
    created_at: Timestamp
    updated_at: Timestamp


class CallbackAck(ResponseModel):
    """A provider's delivery-status callback was taken: `updated` messages changed."""
    ok: Literal[True]
    updated: int = Field(ge=0)


MessageResponse = data_envelope(Message)
MessageList = list_envelope(Message)


def message_dict(message) -> dict:
    return {"id": str(message.id), "status": message.status, "channel": message.channel, "to": message.to,
            "freight_id": str(message.freight_id) if message.freight_id else None, "template": message.template,
            "subject": message.subject, "body": message.body, "failure_reason": message.failure_reason,
            "attempts": message.attempts, "provider": message.provider,
            "provider_message_id": message.provider_message_id, "sent_at": iso(message.sent_at),
            "delivered_at": iso(message.delivered_at), "created_at": iso(message.created_at),
            "updated_at": iso(message.updated_at)}
