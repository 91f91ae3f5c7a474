"""One webhook HTTP request: signed, to the address the SSRF guard approved, no redirects, bounded time."""
import base64
import hashlib
import hmac
import http.client
import socket
import ssl
import time
from dataclasses import dataclass

from domain.webhooks.ssrf import Target

TIMEOUT_SECONDS = 10
EXCERPT_BYTES = 1024
USER_AGENT = "Fretes-Webhooks/1"


SECRET_PREFIX = "whsec_"  # noqa: S105  a prefix, not a secret


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The first format, kept for receivers written against it: `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`
    keyed with the secret's UTF-8 bytes (the whole `whsec_…` text)."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def signing_key(secret: str) -> bytes:
    """Standard Webhooks' key: the base64-decoded part after `whsec_`. Secrets made before 2026-11-27 are URL-safe
    base64 (`-`, `_`), read here in that alphabet; a receiver's library reads them after replacing `-` with `+`
    and `_` with `/` (docs/api/webhooks.md), and secrets made since are standard base64."""
    encoded = secret.removeprefix(SECRET_PREFIX).translate(str.maketrans("-_", "+/"))
    return base64.b64decode(encoded + "=" * (-len(encoded) % 4))


def v1_signature(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` keyed with `signing_key`."""
    digest = hmac.new(signing_key(secret), f"{message_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def signature_header(secrets: list[str], message_id: str, timestamp: int, body: bytes) -> str:
    """`Webhook-Signature`: the `v1,` entries of every signing secret (the current one first), space-separated as
    Standard Webhooks says, then each secret's `sha256=` token, each after a comma. So a Standard Webhooks library
    reads `v1,<sig>` entries (and skips the `,sha256=…` ones: their version is empty), and a receiver written for
    the first format, splitting the header on commas, finds its `sha256=…` tokens whole."""
    entries = [v1_signature(secret, message_id, timestamp, body) for secret in secrets]
    entries += ["," + signature(secret, timestamp, body) for secret in secrets]
    return " ".join(entries)


@dataclass
class Outcome:
    status_code: int | None
    duration_ms: int
    excerpt: str
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


class _PinnedHTTPS(http.client.HTTPSConnection):
    """Connects to the approved address while verifying the certificate for the URL's host."""

    def __init__(self, target: Target, timeout: float):
        super().__init__(target.host, target.port, timeout=timeout, context=ssl.create_default_context())
        self._address = target.address

    def connect(self):
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def _connection(target: Target, timeout: float) -> http.client.HTTPConnection:
    if target.scheme == "https":
        return _PinnedHTTPS(target, timeout)
    conn = http.client.HTTPConnection(target.address, target.port, timeout=timeout)
    return conn


def post(target: Target, body: bytes, headers: dict, timeout: float = TIMEOUT_SECONDS) -> Outcome:
    started = time.monotonic()
    try:
        status, answer = exchange(target, body, {**headers, "User-Agent": USER_AGENT}, timeout, EXCERPT_BYTES)
        return Outcome(status, _ms(started), answer.decode("utf-8", errors="replace"))
    except (OSError, http.client.HTTPException) as exc:
        return Outcome(None, _ms(started), "", f"{type(exc).__name__}: {exc}"[:300])


def exchange(target: Target, body: bytes, headers: dict, timeout: float, limit: int) -> tuple[int, bytes]:
    """POST a JSON `body` to the address the SSRF guard approved (`ssrf.resolve`), never to the name again, so a
    DNS answer that changes after the check (rebinding) cannot reach the internal network. A redirect is an answer
    like any other (http.client follows none). Returns the status and at most `limit` bytes of the answer; a
    connection failure raises OSError or http.client.HTTPException."""
    host = target.host if target.port in (80, 443) else f"{target.host}:{target.port}"
    conn = _connection(target, timeout)
    try:
        conn.request("POST", target.path, body=body, headers={
            **headers, "Host": host, "Content-Type": "application/json", "Content-Length": str(len(body))})
        response = conn.getresponse()
        return response.status, response.read(limit)
    finally:
        conn.close()


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
