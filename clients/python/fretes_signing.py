"""Request signing for the generated client (`fretes_api_client`), as docs/api/signing.md describes: an httpx
request hook that signs every call with the key's secret (the part after the first dot), HMAC-SHA256 of
`<timestamp>.<raw body>`, sent as `X-Service-Signature` with `X-Service-Timestamp` (Unix milliseconds; each
signature is accepted once, within 300 s of the server's clock).

    from fretes_api_client import AuthenticatedClient
    from fretes_signing import signing_hook

    client = AuthenticatedClient(base_url=BASE, token=KEY, prefix="", auth_header_name="X-API-Key",
                                 httpx_args={"event_hooks": {"request": [signing_hook(KEY)]}})
"""
import hashlib
import hmac
import time
from collections.abc import Callable

import httpx


def signing_hook(full_key: str) -> Callable[[httpx.Request], None]:
    """The hook for `httpx_args={"event_hooks": {"request": [signing_hook(key)]}}`."""
    secret = full_key.split(".", 1)[1].encode()

    def sign(request: httpx.Request) -> None:
        timestamp = str(int(time.time() * 1000))
        body = request.read()
        digest = hmac.new(secret, timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
        request.headers["X-Service-Timestamp"] = timestamp
        request.headers["X-Service-Signature"] = "sha256=" + digest

    return sign
