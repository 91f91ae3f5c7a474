"""What a channel adapter answers: a `SendResult`, or a `TransientError` / `PermanentError` with the provider's
reason. Apart from the package's __init__, which imports every adapter, so the adapters import these from here."""
from dataclasses import dataclass


@dataclass
class SendResult:
    provider_message_id: str | None
    status: str = "sent"


class DeliveryError(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason[:1000]


class TransientError(DeliveryError):
    pass


class PermanentError(DeliveryError):
    pass
