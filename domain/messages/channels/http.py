"""HTTP providers: the WhatsApp Business Cloud API and a generic SMS gateway (urllib, no extra dependency).

WhatsApp settings: phone_number_id, api_base (default https://graph.facebook.com/v20.0); secret: access token.
It POSTs `{api_base}/{phone_number_id}/messages` with `{"messaging_product": "whatsapp", "to", "type": "text",
"text": {"body"}}` and a Bearer token; the answer's `messages[0].id` is the provider id.
SMS settings: url, sender; secret: API token. It POSTs `{"to", "from", "text"}` with a Bearer token; the answer's
`id` is the provider id.
"""
import json
import urllib.error
import urllib.request

from domain.messages.channels import PermanentError, SendResult, TransientError
from domain.webhooks import ssrf


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A provider's answer is taken as it comes: a redirect would send the message (and its token) to an address the
    SSRF guard never checked, so a 3xx is an HTTPError like any other refusal."""

    def redirect_request(self, *_args, **_kwargs):
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)

TIMEOUT_SECONDS = 15
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
        ssrf.resolve(url)
    except ssrf.UnsafeTarget as exc:
        raise PermanentError(f"Endereço do provedor recusado: {exc}") from None
    request = urllib.request.Request(url, data=json.dumps(payload).encode(), method="POST",  # noqa: S310
                                     headers={"Content-Type": "application/json", "Accept": "application/json",
                                              "Authorization": f"Bearer {token or ''}"})
    try:
        with _OPENER.open(request, timeout=TIMEOUT_SECONDS) as response:  # http/https only (checked above)
            raw = response.read()
    except urllib.error.HTTPError as exc:
        reason = f"HTTP {exc.code}: {_error_text(exc.read())}"
        raise (TransientError if exc.code == 429 or exc.code >= 500 else PermanentError)(reason) from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        raise TransientError(f"Falha de conexão com o provedor: {exc}") from None
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
