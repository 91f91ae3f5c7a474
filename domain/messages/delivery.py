"""One try at delivering a message, what the delivery job (domain/messages/jobs.py) runs: `find_message`, then
`attempt_delivery` through the company's adapter for the channel. Apart from services.py because that module
enqueues the job, so the job's module cannot import it back."""
import uuid

from core import crypto
from core.db import db, utcnow
from core.errors import NotFound
from domain.messages.channels import PermanentError, TransientError, adapter_for
from domain.messages.models import ChannelSetting, Message
from domain.messages.presentation import SIMULATED_PROVIDER


def find_message(ref) -> Message:
    try:
        key = uuid.UUID(str(ref))
    except ValueError:
        raise NotFound("Mensagem não encontrada.") from None
    message = db.session.execute(db.select(Message).where(Message.id == key)).scalar_one_or_none()
    if message is None:
        raise NotFound("Mensagem não encontrada.")
    return message


def channel_setting(channel: str) -> ChannelSetting | None:
    return db.session.execute(db.select(ChannelSetting).where(ChannelSetting.channel == channel)).scalar_one_or_none()


def attempt_delivery(message: Message, *, final_try: bool) -> str:
    """One try. Sent → `sent`; a refusal → `failed` with the reason; a transient error → stays `queued` (the
    caller retries) unless this was the final try, then `failed`. Raises TransientError to ask for a retry.
    Idempotent: a message no longer `queued` is left alone."""
    if message.status != "queued":
        return message.status
    setting = channel_setting(message.channel)
    provider = setting.provider if setting else SIMULATED_PROVIDER
    settings = dict(setting.settings or {}) if setting else {}
    secret = crypto.decrypt(setting.secret_encrypted) if setting and setting.secret_encrypted else None
    message.attempts += 1
    message.provider = provider
    try:
        result = adapter_for(provider)(message, settings, secret)
    except PermanentError as exc:
        mark_failed(message, exc.reason)
        return message.status
    except TransientError as exc:
        message.last_error = exc.reason
        if final_try:
            mark_failed(message, exc.reason)
            return message.status
        db.session.flush()
        raise
    message.status, message.sent_at = result.status, utcnow()
    message.provider_message_id, message.last_error = result.provider_message_id, None
    db.session.flush()
    return message.status


def mark_failed(message: Message, reason: str) -> None:
    """`failed` with the reason: after a refusal, the last transient error, or the provider's status callback."""
    message.status, message.failure_reason = "failed", reason
    db.session.flush()
