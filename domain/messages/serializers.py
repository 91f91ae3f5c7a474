"""Messages as the API writes them (docs/api/messages.md)."""
from core.db import iso


def message_dict(message) -> dict:
    return {"id": str(message.id), "status": message.status, "channel": message.channel, "to": message.to,
            "freight_id": str(message.freight_id) if message.freight_id else None, "template": message.template,
            "subject": message.subject, "body": message.body, "failure_reason": message.failure_reason,
            "attempts": message.attempts, "provider": message.provider,
            "provider_message_id": message.provider_message_id, "sent_at": iso(message.sent_at),
            "delivered_at": iso(message.delivered_at), "created_at": iso(message.created_at),
            "updated_at": iso(message.updated_at)}
