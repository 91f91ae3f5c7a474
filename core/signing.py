"""The keys every signer of the app uses: SECRET_KEY signs, SECRET_KEY and SECRET_KEY_FALLBACKS verify.

SECRET_KEY_FALLBACKS (comma-separated, read by core/config.py) lists former keys during a rotation
(docs/deploy.md "Secrets rotation"): Flask's session cookie honours it (Flask ≥ 3.1), and so do the signers built
here — list cursors (core/pagination.py), the leads badge token (blueprints/web/marketplace.py) and CSRF tokens
(`csrf_secret_keys`, set as WTF_CSRF_SECRET_KEY by app.py, since Flask-WTF reads only one key). itsdangerous takes
the keys oldest first and signs with the last one.
"""
from flask import current_app


def fallback_keys(raw: str) -> list[str]:
    """SECRET_KEY_FALLBACKS as the environment gives it (`old1,old2`): the keys, blanks dropped."""
    return [key.strip() for key in raw.split(",") if key.strip()]


def secret_keys(config=None) -> tuple[str, ...]:
    """(former keys…, SECRET_KEY): the list itsdangerous verifies with, signing with the last one."""
    config = current_app.config if config is None else config
    fallbacks = [key for key in config.get("SECRET_KEY_FALLBACKS") or [] if key != config["SECRET_KEY"]]
    return (*fallbacks, config["SECRET_KEY"])


def csrf_secret_keys(config) -> list[str] | None:
    """What app.py sets as WTF_CSRF_SECRET_KEY: the key list while former keys are listed (an open form signed with
    a former key is still accepted), else None (Flask-WTF then reads SECRET_KEY itself)."""
    keys = secret_keys(config)
    return list(keys) if len(keys) > 1 else None
