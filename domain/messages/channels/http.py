"""HTTP providers: the WhatsApp Business Cloud API and a generic SMS gateway (urllib, no extra dependency).

WhatsApp settings: phone_number_id, api_base (default https://graph.facebook.com/v20.0); secret: access token.
It POSTs `{api_base}/{phone_number_id}/messages` with `{"messaging_product": "whatsapp", "to", "type": "text",
"text": {"body"}}` and a Bearer token; the answer's `messages[0].id` is the provider id.
SMS settings: url, sender; secret: API token. It POSTs `{"to", "from", "text"}` with a Bearer token; the answer's
`id` is the provider id.

The request goes to the address the SSRF guard approved (domain.webhooks.transport.exchange), never to the name
again, and a redirect is taken as a refusal: it would carry the message and its token past the guard.
"""
import http.client
import json

from domain.messages.channels.results import PermanentError, SendResult, TransientError
from domain.webhooks import ssrf, transport

TIMEOUT_SECONDS = 15
ANSWER_BYTES = 64 * 1024  # a provider's answer is an id or an error, never more
REASON_CHARS = 120  # of the provider's own answer, shown to people: a reason, not the remote page
WHATSAPP_API = "https://graph.facebook.com/v20.0"


def send_whatsapp(message, settings: dict, secret: str | None) -> SendResult:
    base = (settings.get("api_base") or WHATSAPP_API).rstrip("/")
    url = f"{base}/{settings.get('phone_number_id', '')}/messages"
    payload = {"messaging_product": "whatsapp", "recipient_type": "individual", "to": message.to.lstrip("+"),
               "type": "text", "text": {"preview_url": False, "body": message.body}}
    answer = _post(url, payload, secret)
    try:
        return SendResult(provider_message_id=answer["messages"][0]["id"])
    except (KeyError, IndexError, TypeError):
        raise PermanentError(f"Resposta inesperada do WhatsApp: {_short(str(answer))}") from None


def send_sms(message, settings: dict, secret: str | None) -> SendResult:
    payload = {"to": message.to, "from": settings.get("sender") or "", "text": message.body}
    answer = _post(settings.get("url") or "", payload, secret)
    return SendResult(provider_message_id=str(answer.get("id")) if isinstance(answer, dict) and answer.get("id")
                      else None)


def _post(url: str, payload: dict, token: str | None) -> dict:
    if not url.startswith(("http://", "https://")):
        raise PermanentError("Endereço do provedor não configurado.")
    try:  # the webhooks' guard: an admin-typed URL must not reach the internal network (development flag aside)
        target = ssrf.resolve(url)
    except ssrf.UnsafeTarget as exc:
        raise PermanentError(f"Endereço do provedor recusado: {exc}") from None
    headers = {"Accept": "application/json", "Authorization": f"Bearer {token or ''}"}
    try:
        status, raw = transport.exchange(target, json.dumps(payload).encode(), headers, TIMEOUT_SECONDS, ANSWER_BYTES)
    except (OSError, http.client.HTTPException) as exc:
        raise TransientError(f"Falha de conexão com o provedor: {exc}") from None
    if not 200 <= status < 300:
        reason = f"HTTP {status}: {_error_text(raw)}"
        raise (TransientError if status == 429 or status >= 500 else PermanentError)(reason) from None
    try:
        return json.loads(raw or b"{}")
    except ValueError:
        return {}


def _error_text(raw: bytes) -> str:
    """The provider's own message when it sends one ({"error": {"message"}} or {"message"}), else the body."""
    try:
        data = json.loads(raw)
        error = data.get("error", data) if isinstance(data, dict) else data
        if isinstance(error, dict) and error.get("message"):
            return _short(str(error["message"]))
    except ValueError:
        pass
    return _short(raw.decode(errors="replace"))


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= REASON_CHARS else text[:REASON_CHARS - 1] + "…"
