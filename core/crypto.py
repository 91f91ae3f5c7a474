"""Encryption of secrets at rest (API key secrets kept for HMAC, provider credentials).

The key is ENCRYPTION_KEY (a Fernet key). Without it, one is derived from SECRET_KEY with HKDF-SHA256, so the
embedded default works with no setup. A value that is not a Fernet key stops the app at startup
(`check_encryption_key`) instead of being silently turned into some other key.

Before HKDF the derived key was `sha256("fretes-at-rest:" + SECRET_KEY)`: values written that way are still
read (the derived mode decrypts with both keys and writes with the new one). See README "Produção" for moving
an ENCRYPTION_KEY that was a plain text to the equivalent Fernet key.

Rotation: ENCRYPTION_KEY may list several keys, comma-separated (`new,old`): the first encrypts, every one
decrypts. `flask --app app secrets rotate-encryption-key` then re-encrypts every stored secret with the first key
(domain/rotation.py), after which the old key can be removed (docs/deploy.md "Secrets rotation").
"""
import base64
import binascii
import hashlib
from functools import lru_cache

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import current_app

from core.signing import secret_keys

HKDF_INFO = b"fretes:encryption-at-rest:v1"


class EncryptionKeyError(ValueError):
    """ENCRYPTION_KEY is set but is not a Fernet key."""


def check_encryption_key(configured: str | None) -> None:
    """Raise EncryptionKeyError, with what to do, when ENCRYPTION_KEY is set and not a Fernet key."""
    if not configured:
        return
    if not all(_is_fernet_key(key) for key in configured_keys(configured)):
        raise EncryptionKeyError(
            "ENCRYPTION_KEY is not a Fernet key (32 bytes, url-safe base64, 44 characters). Generate one with "
            "`python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'`, or "
            "see README \"Produção\" to keep reading values written with a plain-text ENCRYPTION_KEY.")


def configured_keys(configured: str) -> list[str]:
    """The keys of ENCRYPTION_KEY, first (the one that encrypts) first."""
    return [key.strip() for key in configured.split(",") if key.strip()]


def _is_fernet_key(key: str) -> bool:
    try:
        return len(base64.urlsafe_b64decode(key.encode())) == 32
    except (binascii.Error, ValueError):
        return False


def derived_key(secret_key: str) -> bytes:
    """The Fernet key HKDF-SHA256 derives from SECRET_KEY (used when ENCRYPTION_KEY is not set)."""
    material = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=HKDF_INFO).derive(secret_key.encode())
    return base64.urlsafe_b64encode(material)


def legacy_key(text: str) -> bytes:
    """The key versions before HKDF derived from a text: base64url(sha256("fretes-at-rest:" + text))."""
    return base64.urlsafe_b64encode(hashlib.sha256(("fretes-at-rest:" + text).encode()).digest())


@lru_cache(maxsize=4)
def _cipher(configured: str, secret_keys: tuple[str, ...]) -> MultiFernet:
    """ENCRYPTION_KEY's keys; without it, the keys derived from SECRET_KEY (which encrypts) and from each former
    key of SECRET_KEY_FALLBACKS (which only decrypt, until `secrets rotate-encryption-key` rewrites their values)."""
    if configured:
        check_encryption_key(configured)
        return MultiFernet([Fernet(key.encode()) for key in configured_keys(configured)])
    newest_first = reversed(secret_keys)
    return MultiFernet([Fernet(derive(secret)) for secret in newest_first for derive in (derived_key, legacy_key)])


def _fernet() -> MultiFernet:
    return _cipher(current_app.config.get("ENCRYPTION_KEY") or "", secret_keys())


def encrypt(plain: str) -> str:
    return _fernet().encrypt(plain.encode()).decode()


def reencrypt(token: str) -> str:
    """The same secret encrypted with the first configured key (ValueError when no configured key reads it)."""
    try:
        return _fernet().rotate(token.encode()).decode()
    except InvalidToken as exc:
        raise ValueError("encrypted value cannot be decrypted with the configured keys") from exc


def decrypt(token: str) -> str:
    try:
        return _fernet().decrypt(token.encode()).decode()
    except InvalidToken as exc:  # the key changed: the secret cannot be recovered
        raise ValueError("encrypted value cannot be decrypted with the configured key") from exc
