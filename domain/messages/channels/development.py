"""The development adapter: records the message as sent without sending anything."""
import uuid

from domain.messages.channels.results import SendResult


def send(message, settings: dict, secret: str | None) -> SendResult:
    return SendResult(provider_message_id=f"dev-{uuid.uuid4().hex[:16]}")
