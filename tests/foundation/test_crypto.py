"""Secrets at rest: the Fernet key is ENCRYPTION_KEY, or derived from SECRET_KEY with HKDF; a bad key stops the app."""
import tempfile

import pytest
from cryptography.fernet import Fernet

from app import create_app
from core import crypto


def test_derived_key_roundtrip_and_is_hkdf_of_the_secret(app):
    token = crypto.encrypt("segredo")
    assert crypto.decrypt(token) == "segredo"
    assert Fernet(crypto.derived_key(app.config["SECRET_KEY"])).decrypt(token.encode()) == b"segredo"
    assert crypto.derived_key("test-secret") != crypto.legacy_key("test-secret")


def test_values_written_with_the_former_sha256_key_are_still_read(app):
    old = Fernet(crypto.legacy_key(app.config["SECRET_KEY"])).encrypt(b"credencial antiga").decode()
    assert crypto.decrypt(old) == "credencial antiga"


def test_another_secret_cannot_read(app, monkeypatch):
    token = crypto.encrypt("segredo")
    monkeypatch.setitem(app.config, "SECRET_KEY", "outro-segredo")
    with pytest.raises(ValueError):
        crypto.decrypt(token)


def test_a_configured_fernet_key_is_used_as_is(app, monkeypatch):
    key = Fernet.generate_key()
    monkeypatch.setitem(app.config, "ENCRYPTION_KEY", key.decode())
    token = crypto.encrypt("segredo")
    assert Fernet(key).decrypt(token.encode()) == b"segredo"
    assert crypto.decrypt(token) == "segredo"


@pytest.mark.parametrize("bad", ["uma frase qualquer", "c2hvcnQ=", "!" * 44])
def test_an_invalid_encryption_key_stops_the_app_at_startup(bad):
    tmp = tempfile.mkdtemp(prefix="fretes-crypto-")
    with pytest.raises(crypto.EncryptionKeyError, match="ENCRYPTION_KEY is not a Fernet key"):
        create_app({"ENCRYPTION_KEY": bad, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/x.db", "INSTANCE_PATH": tmp})


def test_a_valid_encryption_key_starts_the_app():
    tmp = tempfile.mkdtemp(prefix="fretes-crypto-")
    key = Fernet.generate_key().decode()
    app = create_app({"ENCRYPTION_KEY": key, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/x.db", "INSTANCE_PATH": tmp})
    assert app.config["ENCRYPTION_KEY"] == key


def test_legacy_key_of_a_plain_text_reads_what_that_text_encrypted():
    # What versions before HKDF did with a non-key ENCRYPTION_KEY; README tells how to move to this key.
    written = Fernet(crypto.legacy_key("frase antiga")).encrypt(b"x")
    assert Fernet(crypto.legacy_key("frase antiga")).decrypt(written) == b"x"
    crypto.check_encryption_key(crypto.legacy_key("frase antiga").decode())  # a valid Fernet key
