"""One webhook HTTP request: signed, to the address the SSRF guard approved, no redirects, bounded time."""
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


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """`sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` keyed with the secret's UTF-8 bytes."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


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
    host = target.host if target.port in (80, 443) else f"{target.host}:{target.port}"
    conn = _connection(target, timeout)
    try:
        conn.request("POST", target.path, body=body, headers={
            **headers, "Host": host, "Content-Type": "application/json", "User-Agent": USER_AGENT,
            "Content-Length": str(len(body))})
        response = conn.getresponse()
        excerpt = response.read(EXCERPT_BYTES).decode("utf-8", errors="replace")
        return Outcome(response.status, _ms(started), excerpt)
    except (OSError, http.client.HTTPException) as exc:
        return Outcome(None, _ms(started), "", f"{type(exc).__name__}: {exc}"[:300])
    finally:
        conn.close()


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
