"""`flask --app app secrets rotate-encryption-key`: every stored secret re-encrypted with the new key, readable
after the old key is gone; a secret no configured key reads stops the run with nothing changed."""
import json

import pytest
import sqlalchemy as sa
from cryptography.fernet import Fernet

from core import crypto
from core.crypto import EncryptionKeyError, check_encryption_key
from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from domain.messages import services as messages
from domain.rotation import ENCRYPTED_COLUMNS
from domain.tenancy import services as tenancy
from domain.tenancy.models import Company
from domain.webhooks import services as webhooks
from tests.fixtures.committing import commit

OLD, NEW = Fernet.generate_key().decode(), Fernet.generate_key().decode()


@pytest.fixture
def stored_secrets(app, company, make_api_key, monkeypatch):
    """One secret of every kind, written under the OLD key; returns {column: plaintext}."""
    monkeypatch.setitem(app.config, "ENCRYPTION_KEY", OLD)
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_PRIVATE_TARGETS", True)
    monkeypatch.setitem(app.config, "WEBHOOK_REQUIRE_HTTPS", False)
    _, full = make_api_key(company)
    with tenant_scope(company.id):
        _, secret = webhooks.create_endpoint(company, url="http://127.0.0.1:9/h",
                                             event_types=["freight.status_changed"])
        tenancy.set_ciot_credentials(company, "homolog", {"usuario": "u", "senha": "credencial-antiga"})
        messages.configure_channel(company, "whatsapp", "whatsapp_cloud", {"phone_number_id": "1"}, "token-whatsapp")
        commit()
    return {"api_key": full.split(".", 1)[1], "webhook": secret, "ciot": "credencial-antiga",
            "whatsapp": "token-whatsapp"}


def stored_values() -> dict:
    values = {}
    for model, column in ENCRYPTED_COLUMNS:
        table = model.__table__
        for row_id, token in db.session.execute(sa.select(table.c.id, table.c[column])
                                                .where(table.c[column].is_not(None))).all():
            values[f"{table.name}.{column}.{row_id}"] = token
    for company_id, stored in db.session.execute(cross_tenant(sa.select(Company.id, Company.ciot_credentials))):
        for env, token in (stored or {}).items():
            values[f"ciot.{company_id}.{env}"] = token
    return values


def rotate(app):
    return app.test_cli_runner().invoke(args=["secrets", "rotate-encryption-key", "--json"])


def test_rotation_re_encrypts_every_secret_with_the_new_key(app, company, stored_secrets, monkeypatch):
    before = stored_values()
    assert len(before) >= 3
    monkeypatch.setitem(app.config, "ENCRYPTION_KEY", f"{NEW},{OLD}")  # step 1: both keys read
    result = rotate(app)
    assert result.exit_code == 0, result.output
    counts = json.loads(result.output)
    assert counts["api_keys.secret_encrypted"] >= 1 and counts["companies.ciot_credentials"] == 1
    assert counts["webhook_endpoints.secret_encrypted"] == 1
    assert counts["message_channel_settings.secret_encrypted"] == 1
    db.session.expire_all()
    after = stored_values()
    assert set(after) == set(before) and all(after[k] != before[k] for k in before)
    monkeypatch.setitem(app.config, "ENCRYPTION_KEY", NEW)  # step 3: the old key removed
    for token in after.values():
        crypto.decrypt(token)  # every value reads with the new key alone
    db.session.expire_all()
    fresh = db.session.get(Company, company.id)
    assert tenancy.get_ciot_credentials(fresh, "homolog")["senha"] == "credencial-antiga"
    with tenant_scope(company.id):
        from domain.webhooks.models import WebhookEndpoint
        endpoint = db.session.execute(sa.select(WebhookEndpoint)).scalar_one()
        assert crypto.decrypt(endpoint.secret_encrypted) == stored_secrets["webhook"]


def test_a_secret_no_configured_key_reads_stops_the_run_and_changes_nothing(app, stored_secrets, monkeypatch):
    before = stored_values()
    monkeypatch.setitem(app.config, "ENCRYPTION_KEY", NEW)  # the old key forgotten: nothing can be read
    result = rotate(app)
    assert result.exit_code != 0
    assert "nenhuma chave de ENCRYPTION_KEY decifra" in result.output and "nada foi alterado" in result.output
    db.session.expire_all()
    assert stored_values() == before
    monkeypatch.setitem(app.config, "ENCRYPTION_KEY", OLD)
    assert all(crypto.decrypt(token) for token in before.values())


def test_encryption_key_accepts_a_list_of_fernet_keys_only():
    check_encryption_key(f"{NEW},{OLD}")
    check_encryption_key(f" {NEW} , {OLD} ")
    with pytest.raises(EncryptionKeyError):
        check_encryption_key(f"{NEW},not-a-key")


def test_every_encrypted_column_is_rotated():
    """A new `*_encrypted` column must be added to domain/rotation.py ENCRYPTED_COLUMNS (else rotation skips it)."""
    declared = {f"{table.name}.{column.name}" for table in db.metadata.sorted_tables for column in table.columns
                if column.name.endswith("_encrypted")}
    rotated = {f"{model.__table__.name}.{column}" for model, column in ENCRYPTED_COLUMNS}
    assert declared == rotated
