"""Encryption of secrets at rest (API key secrets kept for HMAC, provider credentials)."""
import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken
from flask import current_app


def _fernet() -> Fernet:
    configured = current_app.config.get("ENCRYPTION_KEY") or ""
    if configured:
        try:
            return Fernet(configured.encode())
        except ValueError:
            pass  # not a Fernet key: derive one from the text below
    material = configured or current_app.config["SECRET_KEY"]
    key = base64.urlsafe_b64encode(hashlib.sha256(("fretes-at-rest:" + material).encode()).digest())
    return Fernet(key)


def encrypt(plain: str) -> str:
    return _fernet().encrypt(plain.encode()).decode()


def decrypt(token: str) -> str:
    try:
        return _fernet().decrypt(token.encode()).decode()
    except InvalidToken as exc:  # the key changed: the secret cannot be recovered
        raise ValueError("encrypted value cannot be decrypted with the configured key") from exc
