"""Channel adapters: each sends one message through a provider and says how it went.

`send(message, settings, secret) -> SendResult` or raises `TransientError` (worth retrying: timeouts, connection
failures, HTTP 429/5xx, SMTP 4xx) or `PermanentError` (the provider refused it: HTTP 4xx, SMTP 5xx). The reason
is what the provider said, kept on the message when it fails.
"""
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


def adapter_for(provider: str):
    from domain.messages.channels import development, http, smtp
    adapters = {"development": development.send, "smtp": smtp.send, "whatsapp_cloud": http.send_whatsapp,
                "sms_http": http.send_sms}
    return adapters[provider]


# provider -> channels it serves
PROVIDERS = {"development": ("whatsapp", "sms", "email"), "smtp": ("email",), "whatsapp_cloud": ("whatsapp",),
             "sms_http": ("sms",)}
PROVIDER_LABELS = {"development": "Simulado (não envia nada; as mensagens ficam como simuladas)", "smtp": "SMTP",
                   "whatsapp_cloud": "WhatsApp Business Cloud API", "sms_http": "Provedor de SMS (HTTP)"}
