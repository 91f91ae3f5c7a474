"""API key primitives: generation, hashing and HMAC request signatures (docs/decisions.md §2; docs/api/signing.md).

Two schemes. The contract's: HMAC of the body, or of `<timestamp>.<body>` with X-Service-Timestamp (it does not
cover the method, path or query, so a signature for one body-less GET also authorises every other). Version 2,
opted into with `X-Service-Signature-Version: 2`: HMAC of
`v2\n<METHOD>\n<path>\n<query string as sent>\n<timestamp>\n<body>`, timestamp required. Either way a signature
with a timestamp is accepted once: `claim_signature` refuses its reuse within the window."""
import hashlib
import hmac
import secrets
import time
import uuid
from datetime import timedelta

import sqlalchemy as sa
from flask import current_app
from sqlalchemy.exc import IntegrityError

# core.queue.redis_connection read when called (not imported by name): a test's stand-in connection is honoured
import core.queue
from core.db import db, utcnow
from core.models import SignatureNonce

KEY_PREFIX_TAG = "flk_"


def generate_key() -> tuple[str, str]:
    """A new (prefix, secret). The full key handed to the client is `<prefix>.<secret>`."""
    prefix = KEY_PREFIX_TAG + secrets.token_hex(6)
    secret = secrets.token_urlsafe(32)
    return prefix, secret


def hash_secret(secret: str) -> str:
    # The secret carries 256 random bits, so a fast hash is enough; a slow KDF would only cost latency.
    return hashlib.sha256(secret.encode()).hexdigest()


def split_key(raw: str) -> tuple[str, str] | None:
    prefix, sep, secret = (raw or "").strip().partition(".")
    if not sep or not prefix or not secret or len(raw) > 200:
        return None
    return prefix, secret


def secret_matches(secret: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_secret(secret), stored_hash)


def sign(secret: str, body: bytes, timestamp: str | None = None) -> str:
    """Hex HMAC-SHA256 of the body, or of `<timestamp>.<body>` when a timestamp is sent."""
    message = body if timestamp is None else timestamp.encode() + b"." + body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


SIGNATURE_VERSIONS = ("1", "2")


def sign_v2(secret: str, method: str, path: str, query: bytes, timestamp: str, body: bytes) -> str:
    """Hex HMAC-SHA256 of `v2\n<METHOD>\n<path>\n<query>\n<timestamp>\n<body>` (docs/api/signing.md)."""
    message = b"\n".join([b"v2", method.upper().encode(), path.encode(), query, timestamp.encode(), body])
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


class SignatureError(Exception):
    def __init__(self, message: str, field: str = "X-Service-Signature"):
        super().__init__(message)
        self.field = field


def verify_signature(secret: str, body: bytes, signature: str, timestamp: str | None,
                     tolerance_seconds: int, now: float | None = None, *, version: str | None = None,
                     method: str = "GET", path: str = "/", query: bytes = b"") -> str:
    """The verified digest (lower-case hex, the HMAC we computed): raise SignatureError unless the signature (bare
    hex or `sha256=` hex, any case, surrounding blanks) matches and is fresh. The replay record is keyed on this
    digest, never on the header's spelling, so no respelling of one signature is accepted twice."""
    version = (version or "1").strip()
    if version not in SIGNATURE_VERSIONS:
        raise SignatureError("X-Service-Signature-Version desconhecida: use 2 (ou omita para o esquema do "
                             "contrato).", "X-Service-Signature-Version")
    if version == "2" and timestamp is None:
        raise SignatureError("A assinatura versão 2 exige X-Service-Timestamp.", "X-Service-Timestamp")
    candidate = signature.strip()
    if candidate.lower().startswith("sha256="):
        candidate = candidate[7:]
    if timestamp is not None:
        timestamp = timestamp.strip()
        if not (timestamp.isascii() and timestamp.isdigit() and len(timestamp) <= 16):
            raise SignatureError("X-Service-Timestamp deve ser um número (Unix em milissegundos).",
                                 "X-Service-Timestamp")
        sent_ms = int(timestamp)
        now = time.time() if now is None else now
        if abs(now * 1000 - sent_ms) > tolerance_seconds * 1000:
            raise SignatureError("X-Service-Timestamp fora da janela de tolerância.", "X-Service-Timestamp")
    expected = (sign_v2(secret, method, path, query, timestamp, body) if version == "2"
                else sign(secret, body, timestamp))
    if not hmac.compare_digest(expected, candidate.lower()):
        raise SignatureError("Assinatura HMAC inválida.")
    return expected


def claim_signature(key_id, timestamp: str, verified_digest: str, ttl_seconds: int, version: str = "1") -> bool:
    """Record that (key, signing version, timestamp, verified digest) was accepted; False when it already was (a
    replay). `verified_digest` is what `verify_signature` returned, not the header: `sha256=ABC…`, `abc…` and
    ` abc… ` are one signature. Redis (SET NX with a TTL) when configured, else the `signature_nonces` table
    (expired rows purged on the way)."""
    record = f"{key_id}:v{(version or '1').strip()}:{timestamp.strip()}:{verified_digest}"
    digest = hashlib.sha256(record.encode()).hexdigest()
    if current_app.config.get("REDIS_URL"):
        return bool(core.queue.redis_connection().set(f"fretes:sig:{digest}", 1, nx=True, ex=ttl_seconds))
    return _claim_in_database(digest, ttl_seconds)


def _claim_in_database(digest: str, ttl_seconds: int) -> bool:
    table, now = SignatureNonce.__table__, utcnow()
    try:  # a connection of its own: the nonce stays claimed whatever the request does next
        with db.engine.begin() as conn:
            conn.execute(sa.delete(table).where(table.c.expires_at < now))
            conn.execute(sa.insert(table).values(id=uuid.uuid4(), digest=digest,
                                                 expires_at=now + timedelta(seconds=ttl_seconds)))
        return True
    except IntegrityError:
        return False
