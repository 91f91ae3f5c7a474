"""Encryption of secrets at rest (API key secrets kept for HMAC, provider credentials).

The key is ENCRYPTION_KEY (a Fernet key). Without it, one is derived from SECRET_KEY with HKDF-SHA256, so the
embedded default works with no setup. A value that is not a Fernet key stops the app at startup
(`check_encryption_key`) instead of being silently turned into some other key.

Before HKDF the derived key was `sha256("fretes-at-rest:" + SECRET_KEY)`: values written that way are still
read (the derived mode decrypts with both keys and writes with the new one). See README "Produção" for moving
an ENCRYPTION_KEY that was a plain text to the equivalent Fernet key.
"""
import base64
import binascii
import hashlib
from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import current_app

HKDF_INFO = b"fretes:encryption-at-rest:v1"


class EncryptionKeyError(ValueError):
    """ENCRYPTION_KEY is set but is not a Fernet key."""


def check_encryption_key(configured: str | None) -> None:
    """Raise EncryptionKeyError, with what to do, when ENCRYPTION_KEY is set and not a Fernet key."""
    if not configured:
        return
    try:
        valid = len(base64.urlsafe_b64decode(configured.encode())) == 32
    except (binascii.Error, ValueError):
        valid = False
    if not valid:
        raise EncryptionKeyError(
            "ENCRYPTION_KEY is not a Fernet key (32 bytes, url-safe base64, 44 characters). Generate one with "
            "`python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'`, or "
            "see README \"Produção\" to keep reading values written with a plain-text ENCRYPTION_KEY.")


def derived_key(secret_key: str) -> bytes:
    """The Fernet key HKDF-SHA256 derives from SECRET_KEY (used when ENCRYPTION_KEY is not set)."""
    material = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=HKDF_INFO).derive(secret_key.encode())
    return base64.urlsafe_b64encode(material)


def legacy_key(text: str) -> bytes:
    """The key versions before HKDF derived from a text: base64url(sha256("fretes-at-rest:" + text))."""
    return base64.urlsafe_b64encode(hashlib.sha256(("fretes-at-rest:" + text).encode()).digest())


@lru_cache(maxsize=4)
def _cipher(configured: str, secret_key: str) -> MultiFernet:
    if configured:
        check_encryption_key(configured)
        return MultiFernet([Fernet(configured.encode())])
    return MultiFernet([Fernet(derived_key(secret_key)), Fernet(legacy_key(secret_key))])


def _fernet() -> MultiFernet:
    return _cipher(current_app.config.get("ENCRYPTION_KEY") or "", current_app.config["SECRET_KEY"])


def encrypt(plain: str) -> str:
    return _fernet().encrypt(plain.encode()).decode()


def decrypt(token: str) -> str:
    try:
        return _fernet().decrypt(token.encode()).decode()
    except InvalidToken as exc:  # the key changed: the secret cannot be recovered
        raise ValueError("encrypted value cannot be decrypted with the configured key") from exc
