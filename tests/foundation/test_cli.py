"""The admin CLI, with the exact names and options scripted setups depend on."""
import json
import uuid

import pytest

from core.db import db
from core.tenancy import cross_tenant
from domain.tenancy.models import ApiKey, Company, User
from tests.fixtures.core import unique_cnpj

ME = "/api/public/v1/me"


@pytest.fixture
def cli(app):
    runner = app.test_cli_runner()

    def run(*args, ok=True):
        result = runner.invoke(args=list(args))
        if ok:
            assert result.exit_code == 0, result.output
        else:
            assert result.exit_code != 0, result.output
        return result
    return run


def company_row(company_id) -> Company:
    db.session.expire_all()
    return db.session.get(Company, uuid.UUID(company_id))


def test_company_create_with_every_option(cli):
    result = cli("company", "create", "--name", "Transportes Rápidos Ltda", "--cnpj", "11.222.333/0001-81",
                 "--module", "billing", "--module", "financial", "--feature", "integrations.webhooks",
                 "--ciot-flow", "legacy", "--ciot-environment", "producao", "--json")
    data = json.loads(result.output)
    assert set(data) == {"id"}
    company = company_row(data["id"])
    assert (company.legal_name, company.cnpj) == ("Transportes Rápidos Ltda", "11222333000181")
    assert company.modules == ["billing", "financial"]
    assert company.features == ["integrations.webhooks"]
    assert (company.ciot_flow, company.ciot_environment) == ("legacy", "producao")


def test_company_create_defaults_and_alphanumeric_cnpj(cli):
    data = json.loads(cli("company", "create", "--name", "Nova", "--cnpj", "12ABC34501DE35", "--json").output)
    company = company_row(data["id"])
    assert (company.modules, company.ciot_flow, company.ciot_environment) == ([], "default", "homolog")


def test_company_create_plain_output(cli):
    assert cli("company", "create", "--name", "X", "--cnpj", unique_cnpj()).output.startswith("Empresa criada: ")


@pytest.mark.parametrize("args", [
    ("--name", "X", "--cnpj", "11222333000182"),  # check digit
    ("--name", "X", "--cnpj", "123"),
    ("--name", " ", "--cnpj", "11444777000161"),
    ("--name", "X", "--cnpj", "11444777000161", "--module", "nope"),
    ("--name", "X", "--cnpj", "11444777000161", "--ciot-flow", "other"),
    ("--cnpj", "11444777000161"),
])
def test_company_create_rejects_bad_input(cli, args):
    result = cli("company", "create", *args, ok=False)
    assert "Traceback" not in result.output
    assert db.session.execute(cross_tenant(db.select(Company.id))).first() is None


def test_company_create_duplicate_cnpj(cli):
    cli("company", "create", "--name", "A", "--cnpj", "11222333000181")
    result = cli("company", "create", "--name", "B", "--cnpj", "11222333000181", ok=False)
    assert "Já existe uma empresa com este CNPJ." in result.output


def test_company_update(cli, company):
    cli("company", "update", str(company.id), "--name", "Renomeada", "--module", "billing",
        "--ciot-environment", "producao", "--ciot-flow", "legacy", "--feature", "integrations.webhooks", "--json")
    row = company_row(str(company.id))
    assert (row.legal_name, row.modules, row.features) == ("Renomeada", ["billing"], ["integrations.webhooks"])
    assert (row.ciot_environment, row.ciot_flow) == ("producao", "legacy")
    cli("company", "update", str(company.id), "--name", "Só o nome")
    row = company_row(str(company.id))
    assert (row.legal_name, row.modules) == ("Só o nome", ["billing"])  # omitted options stay


@pytest.mark.parametrize("company_id", [str(uuid.UUID(int=1)), "not-a-uuid"])
def test_company_update_unknown_id(cli, company_id):
    result = cli("company", "update", company_id, "--name", "X", ok=False)
    assert "não encontrada" in result.output


def test_apikey_create_revoke(cli, app, company):
    data = json.loads(cli("apikey", "create", "--company", str(company.id), "--scope", "read", "--json").output)
    assert set(data) == {"id", "key"}
    client = app.test_client()
    me = client.get(ME, headers={"X-API-Key": data["key"]})
    assert me.status_code == 200
    assert me.get_json()["data"]["api_key"] == {"id": data["id"], "prefix": data["key"].split(".")[0],
                                                "scopes": ["read"], "require_signature": False}
    assert "Chave revogada" in cli("apikey", "revoke", data["id"]).output
    assert client.get(ME, headers={"X-API-Key": data["key"]}).status_code == 401


def test_apikey_create_defaults_to_read_write_and_signature_flag(cli, app, company):
    data = json.loads(cli("apikey", "create", "--company", str(company.id), "--scope", "read", "--scope", "write",
                          "--require-signature", "--json").output)
    key = db.session.execute(cross_tenant(db.select(ApiKey).where(ApiKey.id == uuid.UUID(data["id"])))).scalar_one()
    assert (key.scopes, key.require_signature) == (["read", "write"], True)
    plain = cli("apikey", "create", "--company", str(company.id)).output.strip()
    assert plain.startswith("flk_") and "." in plain
    prefix = plain.split(".")[0]
    assert db.session.execute(cross_tenant(db.select(ApiKey.scopes).where(ApiKey.prefix == prefix))
                              ).scalar_one() == ["read", "write"]


@pytest.mark.parametrize("args", [("--company", str(uuid.uuid4())), ("--company", "x"),
                                  ("--scope", "admin")])
def test_apikey_create_rejects_bad_input(cli, company, args):
    if args[0] == "--scope":
        args = ("--company", str(company.id)) + args
    cli("apikey", "create", *args, ok=False)


@pytest.mark.parametrize("key_id", [str(uuid.UUID(int=1)), "not-a-uuid"])
def test_apikey_revoke_unknown(cli, key_id):
    result = cli("apikey", "revoke", key_id, ok=False)
    assert "Chave de API não encontrada." in result.output


def test_user_create_and_login(cli, app, company, login):
    data = json.loads(cli("user", "create", "--company", str(company.id), "--email", "Ana@Example.com",
                          "--password", "senha-da-ana", "--role", "financeiro", "--json").output)
    user = db.session.execute(cross_tenant(db.select(User).where(User.id == uuid.UUID(data["id"])))).scalar_one()
    assert (user.email, user.role, user.company_id) == ("ana@example.com", "financeiro", company.id)
    user.plain_password = "senha-da-ana"
    assert login(user).get("/").status_code == 200


@pytest.mark.parametrize("args, message", [
    (("--email", "x@example.com", "--password", "curta", "--role", "admin"), "pelo menos 8"),
    (("--email", "sem-arroba", "--password", "senha-longa", "--role", "admin"), "e-mail válido"),
    (("--email", "x@example.com", "--password", "senha-longa", "--role", "root"), "Invalid value"),
])
def test_user_create_rejects_bad_input(cli, company, args, message):
    result = cli("user", "create", "--company", str(company.id), *args, ok=False)
    assert message in result.output


def test_user_create_duplicate_email(cli, company, make_company):
    cli("user", "create", "--company", str(company.id), "--email", "a@example.com", "--password", "senha-longa",
        "--role", "admin")
    result = cli("user", "create", "--company", str(make_company().id), "--email", "a@example.com",
                 "--password", "senha-longa", "--role", "admin", ok=False)
    assert "Já existe um usuário com este e-mail." in result.output


def test_seed_demo_is_idempotent_and_prints_a_working_key(cli, app):
    first = cli("seed-demo").output
    assert "admin@demo.com.br" in first and "demo12345" in first
    key = next(line.split(": ", 1)[1] for line in first.splitlines() if "Chave de API" in line)
    me = app.test_client().get(ME, headers={"X-API-Key": key})
    assert me.status_code == 200
    assert me.get_json()["data"]["company"]["legal_name"] == "Transportes Demonstração Ltda"
    second = json.loads(cli("seed-demo", "--json").output)
    assert second["api_key"] is None
    assert db.session.scalar(cross_tenant(db.select(db.func.count(Company.id)))) == 1


def test_worker_needs_redis(cli, app, monkeypatch):
    monkeypatch.setitem(app.config, "REDIS_URL", "")
    assert "REDIS_URL" in cli("worker", "--burst", ok=False).output


def test_apikey_create_offers_every_scope_of_the_model(cli, company):
    """The webhooks API needs the `webhooks` scope: the CLI offers the model's scopes, not a copy of two of them."""
    data = json.loads(cli("apikey", "create", "--company", str(company.id), "--scope", "read", "--scope", "webhooks",
                          "--json").output)
    key = db.session.execute(cross_tenant(db.select(ApiKey).where(ApiKey.id == uuid.UUID(data["id"])))).scalar_one()
    assert key.scopes == ["read", "webhooks"]
    assert "Invalid value" in cli("apikey", "create", "--company", str(company.id), "--scope", "tudo", ok=False).output
