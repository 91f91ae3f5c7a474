"""API answers of the messages area: the response models and the one function that fills them (rule in
core/responses.py; docs/api/messages.md)."""
from typing import Literal

from pydantic import Field

from core.responses import ResponseModel, Timestamp, Uuid, data_envelope, dump, list_envelope
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
    return dump(Message, message)
