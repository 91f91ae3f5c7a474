"""Channel adapters: each sends one message through a provider and says how it went.

`send(message, settings, secret) -> SendResult` or raises `TransientError` (worth retrying: timeouts, connection
failures, HTTP 429/5xx, SMTP 4xx) or `PermanentError` (the provider refused it: HTTP 4xx, SMTP 5xx). The reason
is what the provider said, kept on the message when it fails.
"""
from domain.messages.channels import development, http, smtp
from domain.messages.channels.results import DeliveryError, PermanentError, SendResult, TransientError

__all__ = ["DeliveryError", "PermanentError", "SendResult", "TransientError", "adapter_for"]


def adapter_for(provider: str):
    adapters = {"development": development.send, "smtp": smtp.send, "whatsapp_cloud": http.send_whatsapp,
                "sms_http": http.send_sms}
    return adapters[provider]


# provider -> channels it serves
PROVIDERS = {"development": ("whatsapp", "sms", "email"), "smtp": ("email",), "whatsapp_cloud": ("whatsapp",),
             "sms_http": ("sms",)}
PROVIDER_LABELS = {"development": "Simulado (não envia nada; as mensagens ficam como simuladas)", "smtp": "SMTP",
                   "whatsapp_cloud": "WhatsApp Business Cloud API", "sms_http": "Provedor de SMS (HTTP)"}
