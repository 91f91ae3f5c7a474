"""SECRET_KEY rotation (docs/deploy.md "Secrets rotation"): with the former key in SECRET_KEY_FALLBACKS, what was
signed with it (login sessions, CSRF tokens of open forms, list cursors, badge tokens, secrets encrypted with the key
derived from it) is still accepted, and new values are signed with the new key; a key that is not listed is not."""
import hashlib
import uuid

import pytest
from itsdangerous import BadData, Signer, URLSafeTimedSerializer

from app import create_app
from core import crypto
from core.config import load_config
from core.db import db, utcnow
from core.pagination import InvalidCursor, decode_cursor, encode_cursor
from tests.fixtures.core import IsolatedClient, csrf_from

NEW = "rotated-secret-key"
SHARED = ("TESTING", "SQLALCHEMY_DATABASE_URI", "INSTANCE_PATH", "REDIS_URL", "JOBS_INLINE", "WTF_CSRF_ENABLED",
          "PASSWORD_HASH_METHOD")


def _app_with_keys(app, secret_key: str, fallbacks: str):
    application = create_app({**{k: app.config[k] for k in SHARED}, "SECRET_KEY": secret_key,
                              "SECRET_KEY_FALLBACKS": fallbacks})
    application.test_client_class = IsolatedClient
    return application


@pytest.fixture(scope="module")
def rotated(app):
    """The same database, restarted with SECRET_KEY=NEW and the former key (the test app's) as a fallback."""
    application = _app_with_keys(app, NEW, f"some-older-key, {app.config['SECRET_KEY']}")
    yield application
    with application.app_context():
        db.engine.dispose()


@pytest.fixture(scope="module")
def stranger(app):
    """The same database with NEW and a fallback that never signed anything here."""
    application = _app_with_keys(app, NEW, "a-random-key-nobody-used")
    yield application
    with application.app_context():
        db.engine.dispose()


def _moved(client, application):
    """A client of `application` carrying `client`'s cookies (the browser, after the restart)."""
    moved = application.test_client()
    for cookie in client._cookies.values():
        moved.set_cookie(cookie.key, cookie.value, domain=cookie.domain, path=cookie.path)
    return moved


def test_fallbacks_are_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("SECRET_KEY_FALLBACKS", " old-1, ,old-2 ")
    assert load_config()["SECRET_KEY_FALLBACKS"] == ["old-1", "old-2"]
    monkeypatch.delenv("SECRET_KEY_FALLBACKS")
    assert load_config()["SECRET_KEY_FALLBACKS"] == []


def test_a_session_signed_with_the_former_key_stays_logged_in(login, make_user, company, rotated, stranger):
    client = login(make_user(company))
    assert _moved(client, rotated).get("/").status_code == 200
    assert _moved(client, stranger).get("/").status_code == 302  # not listed: back to the login page


def test_an_open_form_signed_with_the_former_key_is_accepted(app, login, make_user, company, rotated):
    client = login(make_user(company, role="operador"))
    token = csrf_from(client.get("/ciot/nova").get_data(as_text=True))  # the form opened before the restart
    raw = URLSafeTimedSerializer(app.config["SECRET_KEY"], salt="wtf-csrf-token").loads(token)
    unlisted = URLSafeTimedSerializer("a-random-key-nobody-used", salt="wtf-csrf-token").dumps(raw)
    after = _moved(client, rotated)
    assert after.post("/logout", data={"csrf_token": unlisted}).status_code == 400  # same session, unlisted key
    assert after.get("/").status_code == 200
    new_token = csrf_from(after.get("/ciot/nova").get_data(as_text=True))
    assert URLSafeTimedSerializer(NEW, salt="wtf-csrf-token").loads(new_token) == raw  # new forms: the new key
    response = after.post("/logout", data={"csrf_token": token})
    assert response.status_code == 302 and "/login" in response.headers["Location"]
    assert after.get("/").status_code == 302  # the logout went through


def test_a_cursor_signed_with_the_former_key_still_reads_and_new_ones_use_the_new_key(app, rotated, stranger):
    row_id = uuid.uuid4()
    with app.app_context():
        former = encode_cursor(utcnow(), row_id, "api_keys")
    with rotated.app_context():
        assert decode_cursor(former, "api_keys")[1] == row_id
        fresh = encode_cursor(utcnow(), row_id, "api_keys")
    assert Signer(NEW, salt="fretes.cursor", digest_method=hashlib.sha256).validate(fresh)
    with stranger.app_context(), pytest.raises(InvalidCursor):
        decode_cursor(former, "api_keys")


def test_a_badge_token_signed_with_the_former_key_is_accepted(app, rotated, stranger):
    from blueprints.web.marketplace import _badge_signer
    with app.app_context():
        token = _badge_signer().dumps(["user", "company"])
    with rotated.app_context():
        assert _badge_signer().loads(token) == ["user", "company"]
    with stranger.app_context(), pytest.raises(BadData):
        _badge_signer().loads(token)


def test_secrets_encrypted_with_the_key_derived_from_the_former_secret_are_read(app, rotated, stranger):
    with app.app_context():
        token = crypto.encrypt("segredo")
    with rotated.app_context():
        assert crypto.decrypt(token) == "segredo"
        assert crypto.decrypt(crypto.reencrypt(token)) == "segredo"
        rewritten = crypto.reencrypt(token)
    assert crypto.Fernet(crypto.derived_key(NEW)).decrypt(rewritten.encode()) == b"segredo"
    with stranger.app_context(), pytest.raises(ValueError):
        crypto.decrypt(token)
