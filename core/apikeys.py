"""API key primitives: generation, hashing and HMAC request signatures (decisions §2)."""
import hashlib
import hmac
import secrets
import time

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


class SignatureError(Exception):
    def __init__(self, message: str, field: str = "X-Service-Signature"):
        super().__init__(message)
        self.field = field


def verify_signature(secret: str, body: bytes, signature: str, timestamp: str | None,
                     tolerance_seconds: int, now: float | None = None) -> None:
    """Raise SignatureError unless the signature (bare hex or `sha256=` hex) matches and is fresh."""
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
    expected = sign(secret, body, timestamp)
    if not hmac.compare_digest(expected, candidate.lower()):
        raise SignatureError("Assinatura HMAC inválida.")
