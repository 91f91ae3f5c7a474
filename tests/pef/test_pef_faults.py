"""Faults between us and the PEF web service: 5xx and timeouts are retried with the same IdOperacaoTransporte;
an outcome we never heard is recovered through ConsultarCIOTGerado; never two CIOTs for one operation."""
import pytest
import sqlalchemy as sa

from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from domain.ciot import services
from domain.ciot.jobs import ask_authority as emit_operation
from domain.ciot.models import EmissionAttempt, PefDeclaration
from domain.ciot.provider import ProviderUnavailable
from tests.fixtures.ciot import events_of, load_op

DECLARE, CONSULT = "DeclaracaoOperacaoTransporte", "ConsultarCIOTGerado"


def attempt_of(op_id):
    return db.session.execute(cross_tenant(sa.select(EmissionAttempt).where(
        EmissionAttempt.operation_id == op_id))).scalar_one()


def records():
    return list(db.session.execute(sa.select(PefDeclaration)).scalars())


def run_once(company, attempt_id):
    """One try of the emission job that is not its last (it raises for RQ to retry)."""
    with tenant_scope(company.id):
        try:
            return services.run_request(attempt_id)
        except ProviderUnavailable:
            db.session.rollback()
            raise


def test_a_5xx_is_retried_with_the_same_identifier(make_operation, company, pef):
    op = make_operation(status="emitindo")
    attempt = attempt_of(op.id)
    pef.server.fault(DECLARE, "503")
    with pytest.raises(ProviderUnavailable, match="HTTP 503"):
        run_once(company, attempt.id)
    assert load_op(op.id).status == "emitindo" and pef.server.declarations == {}
    [record] = records()
    assert emit_operation(str(op.id), str(attempt.id)) == "succeeded"
    first, consult, second = pef.server.exchanges
    assert (first["service"], consult["service"], second["service"]) == (DECLARE, CONSULT, DECLARE)
    assert first["request"]["IdOperacaoTransporte"] == second["request"]["IdOperacaoTransporte"] == (
        record.id_operacao) == consult["request"]["CodigoIdentificacaoOperacao"]
    assert consult["response"]["Codigo"] == "B8"  # not issued: declared again with the same identifier
    assert load_op(op.id).codigo_ciot == record.id_operacao and len(pef.server.declarations) == 1


def test_a_timeout_after_the_authority_issued_is_recovered_by_consulting(app, make_operation, company, pef,
                                                                         monkeypatch):
    """The authority issued the CIOT but its answer never came (timeout): the job rolls back and retries; before
    declaring again it asks ConsultarCIOTGerado and takes the CIOT already issued."""
    monkeypatch.setitem(app.config, "CIOT_PEF_TIMEOUT_SECONDS", 0.3)
    op = make_operation(status="emitindo")
    attempt = attempt_of(op.id)
    pef.server.fault(DECLARE, "hold")
    with pytest.raises(ProviderUnavailable, match="tempo limite"):
        run_once(company, attempt.id)
    assert pef.server.processed.wait(10)  # the server did its part (it answers only after the release)
    pef.server.release()
    [issued] = pef.server.declarations.values()
    assert load_op(op.id).status == "emitindo"
    assert emit_operation(str(op.id), str(attempt.id)) == "succeeded"
    fresh = load_op(op.id)
    assert (fresh.codigo_ciot, fresh.codigo_verificador) == (issued.id_operacao, issued.verificador)
    assert [item["service"] for item in pef.server.exchanges] == [DECLARE, CONSULT]  # no second declaration
    assert len(pef.server.declarations) == 1 and events_of(op.id).count("emission_succeeded") == 1


def test_retries_run_out_then_the_operation_returns_and_a_new_attempt_reuses_the_identifier(api, make_operation,
                                                                                            pef):
    op = make_operation()
    for _ in range(2):
        pef.server.fault(DECLARE, "503")
    response = api.post(f"/ciot/operations/{op.id}/emit")  # inline: a single (last) try
    assert response.status_code == 503 and response.get_json()["reason"] == "provider_unavailable"
    assert load_op(op.id).status == "pronto_emissao"
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 503
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 200
    ids = {item["request"]["IdOperacaoTransporte"] for item in pef.server.calls(DECLARE)}
    assert len(ids) == 1 and len(pef.server.declarations) == 1 and len(records()) == 1


def test_an_answer_that_is_not_json_is_a_technical_failure(api, make_operation, pef):
    op = make_operation()
    pef.server.fault(DECLARE, "garbage")
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 503
    # the garbage answer hid an issued CIOT: the next attempt recovers it instead of declaring again
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 200
    assert [item["service"] for item in pef.server.exchanges] == [DECLARE, CONSULT]
    assert load_op(op.id).codigo_ciot in pef.server.declarations


def test_a_rejected_declaration_can_be_fixed_and_sent_again(api, make_operation, pef):
    from tests.fixtures.ciot import CONTRATADO_RNTRC
    pef.server.irregular_rntrcs[CONTRATADO_RNTRC] = "RNTRC suspenso"
    op = make_operation()
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 422
    del pef.server.irregular_rntrcs[CONTRATADO_RNTRC]
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 200
    assert load_op(op.id).mensagem_antt is None and len(pef.server.declarations) == 1
