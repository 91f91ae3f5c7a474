"""CLI: `ciot irregular add/remove/list`, `ciot recover-emissions`, `company credentials`, `company set-ie`."""
import json

import pytest
import sqlalchemy as sa

from core.db import db
from domain.ciot.models import IrregularCarrier
from domain.tenancy.models import Company
from domain.tenancy.services import get_ciot_credentials


def test_irregular_add_list_remove(cli):
    result = cli("ciot", "irregular", "add", "12345678", "--reason", "RNTRC suspenso")
    assert result.exit_code == 0, result.output
    assert "012345678" in result.output
    assert json.loads(cli("ciot", "irregular", "list", "--json").output) == [
        {"rntrc": "012345678", "reason": "RNTRC suspenso"}]
    assert cli("ciot", "irregular", "add", "012345678", "--reason", "outro").exit_code == 0  # updates, no duplicate
    assert db.session.execute(sa.select(IrregularCarrier.reason)).scalars().all() == ["outro"]
    assert cli("ciot", "irregular", "remove", "012345678").exit_code == 0
    assert cli("ciot", "irregular", "list").output.strip() == "Nenhum RNTRC irregular cadastrado."
    missing = cli("ciot", "irregular", "remove", "012345678")
    assert missing.exit_code != 0 and "não está" in missing.output


@pytest.mark.parametrize("rntrc", ["123", "ABC123456", "1234567890"])
def test_irregular_add_rejects_a_bad_rntrc(cli, rntrc):
    result = cli("ciot", "irregular", "add", rntrc)
    assert result.exit_code != 0 and "RNTRC inválido" in result.output


def test_irregular_carrier_set_from_the_cli_rejects_the_emission(cli, api, make_operation):
    cli("ciot", "irregular", "add", "012345678")
    op = make_operation()
    assert api.post(f"/ciot/operations/{op.id}/emit").get_json()["reason"] == "rejected"


def test_company_credentials_set_and_clear(cli, company):
    result = cli("company", "credentials", str(company.id), "--environment", "producao", "--set", "usuario=abc",
                 "--set", "senha=s3=cr3t")
    assert result.exit_code == 0, result.output
    assert "s3=cr3t" not in result.output and "senha" in result.output
    fresh = db.session.get(Company, company.id)
    assert get_ciot_credentials(fresh, "producao") == {"usuario": "abc", "senha": "s3=cr3t"}
    assert fresh.has_ciot_credentials("producao") and not fresh.has_ciot_credentials("homolog")
    assert cli("company", "credentials", str(company.id), "--environment", "producao", "--clear").exit_code == 0
    assert not db.session.get(Company, company.id).has_ciot_credentials("producao")


@pytest.mark.parametrize("args", [[], ["--set", "semigual"], ["--set", "a=b", "--clear"]])
def test_company_credentials_needs_set_or_clear(cli, company, args):
    result = cli("company", "credentials", str(company.id), "--environment", "homolog", *args)
    assert result.exit_code != 0


def test_company_credentials_unknown_company(cli):
    result = cli("company", "credentials", "00000000-0000-0000-0000-000000000000", "--environment", "homolog",
                 "--set", "a=b")
    assert result.exit_code != 0 and "não encontrada" in result.output


def test_company_set_ie(cli, company):
    assert cli("company", "set-ie", str(company.id), " 110.042.490.114 ").exit_code == 0
    assert db.session.get(Company, company.id).state_registration == "110.042.490.114"
    assert cli("company", "set-ie", str(company.id), "").exit_code == 0
    assert db.session.get(Company, company.id).state_registration is None
    assert cli("company", "set-ie", str(company.id), "1" * 21).exit_code != 0


def test_recover_emissions(cli, app, make_operation, monkeypatch):
    make_operation(status="emitindo")
    assert json.loads(cli("ciot", "recover-emissions", "--json").output) == {"requeued": 0}
    monkeypatch.setitem(app.config, "CIOT_EMIT_STALE_SECONDS", 0)
    assert json.loads(cli("ciot", "recover-emissions", "--json").output) == {"requeued": 1}
