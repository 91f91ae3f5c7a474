"""POST /ciot/operations/{id}/emit: validation, claim, provider (homolog simulator), issuer, the wait and 202."""
import re
import threading

import pytest
import sqlalchemy as sa

from core.db import db
from core.queue import job_path
from core.tenancy import cross_tenant
from domain.ciot.jobs import ask_authority
from domain.ciot.models import EmissionAttempt, SimulatorEmission
from domain.tenancy import services as tenancy
from tests.fixtures.ciot import ABSENT, ciot_body, clear_irregular, events_of, load_op, mark_irregular, run_worker


def attempts(op_id):
    """The operation's emission requests (its other requests to the authority live in the same table)."""
    return list(db.session.execute(cross_tenant(sa.select(EmissionAttempt).where(
        EmissionAttempt.operation_id == op_id, EmissionAttempt.action == "emit")
        .order_by(EmissionAttempt.attempt_number))).scalars())


def emissions(op_id=None):
    stmt = sa.select(SimulatorEmission)
    if op_id is not None:
        stmt = stmt.where(SimulatorEmission.operation_id == op_id)
    return list(db.session.execute(stmt).scalars())


@pytest.mark.parametrize("status", ["rascunho", "validado", "pronto_emissao"])
def test_emit_from_a_state_that_passes_validation(api, make_operation, status):
    op = make_operation(status=status)
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["ok"] is True and "emitido" in body["mensagem"]
    data = body["data"]
    assert data["status"] == "emitido" and re.fullmatch(r"\d{12}", data["codigo_ciot"])
    assert re.fullmatch(r"\d{4}", data["codigo_verificador"]) and data["protocolo"].startswith("HML")
    fresh = load_op(op.id)
    assert (fresh.status, fresh.codigo_ciot, fresh.emitter_company_id) == ("emitido", data["codigo_ciot"],
                                                                          op.company_id)
    [attempt] = attempts(op.id)
    assert (attempt.state, attempt.status_before, attempt.attempt_number) == ("succeeded", status, 1)
    assert events_of(op.id)[-3:] == ["validated", "emission_requested", "emission_succeeded"]


def test_emit_accepts_an_empty_json_body(api, make_operation):
    op = make_operation()
    assert api.post(f"/ciot/operations/{op.id}/emit", json={}).status_code == 200


@pytest.mark.parametrize("status", ["emitido", "cancelado", "encerrado"])
def test_emit_in_a_final_or_emitted_state_is_invalid_status(api, make_operation, status):
    op = make_operation(status=status)
    before = load_op(op.id).codigo_ciot
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 422
    body = response.get_json()
    assert body["ok"] is False and body["reason"] == "invalid_status" == body["error"]["code"]
    assert body["mensagem"] == body["error"]["message"]
    fresh = load_op(op.id)
    assert fresh.status == status and fresh.codigo_ciot == before
    assert len([a for a in attempts(op.id) if a.state == "succeeded"]) == (0 if status == "cancelado" else 1)


@pytest.mark.parametrize("status", ["rascunho", "com_divergencia", "pronto_emissao"])
def test_emit_blocked_by_validation_is_422_and_leaves_the_status(api, make_operation, status):
    op = make_operation(status=status, destinatario_cpf_cnpj=ABSENT) if status != "pronto_emissao" else \
        make_operation(status=status)
    if status == "pronto_emissao":  # the operation went bad after validation (data changed underneath)
        api.patch(f"/ciot/operations/{op.id}", json={"codigo_natureza_carga": None})
        status = "com_divergencia"
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 422
    body = response.get_json()
    assert (body["ok"], body["reason"], body["error"]["code"]) == (False, "validation_blocked", "validation_blocked")
    assert body["error"]["validation"]["summary"]["ok"] is False
    assert body["error"]["details"][0]["code"] in ("DS01", "PRV04")
    fresh = load_op(op.id)
    assert fresh.status == status and fresh.codigo_ciot is None
    assert fresh.validation_summary["blockers"] == 1  # the snapshot is kept
    assert attempts(op.id) == [] and events_of(op.id)[-2:] == ["validated", "emission_blocked"]


def test_a_refusal_under_an_idempotency_key_keeps_its_records_and_replays(api, make_operation):
    """The refusal's records are committed by the request's owner on the idempotent path too."""
    op = make_operation(status="rascunho", destinatario_cpf_cnpj=ABSENT)
    headers = {"Idempotency-Key": "emit-blocked-1"}
    first = api.post(f"/ciot/operations/{op.id}/emit", headers=headers)
    assert first.status_code == 422 and first.get_json()["reason"] == "validation_blocked"
    assert events_of(op.id)[-1] == "emission_blocked" and load_op(op.id).validation_summary["blockers"] == 1
    again = api.post(f"/ciot/operations/{op.id}/emit", headers=headers)
    assert again.status_code == 422 and again.get_json() == first.get_json()
    assert events_of(op.id).count("emission_blocked") == 1  # the replay did not run the action again


def test_rejected_by_the_authority(api, make_operation):
    op = make_operation()
    mark_irregular("012345678", "RNTRC cancelado")
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 422
    body = response.get_json()
    assert body["ok"] is False and body["reason"] == "rejected"
    assert body["error"]["status"] == "rejeitado" and "RNTRC cancelado" in body["error"]["mensagem_antt"]
    record = api.get(f"/ciot/operations/{op.id}").get_json()["data"]
    assert record["status"] == "rejeitado" and record["mensagem_antt"] == body["error"]["mensagem_antt"]
    assert record["codigo_ciot"] is None and emissions(op.id) == []
    assert [a.state for a in attempts(op.id)] == ["rejected"]
    assert events_of(op.id)[-1] == "emission_rejected"


def test_a_rejected_operation_can_be_emitted_once_regularised(api, make_operation):
    op = make_operation(status="rejeitado")
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 422  # still irregular
    clear_irregular("012345678")
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200
    fresh = load_op(op.id)
    assert fresh.status == "emitido" and fresh.mensagem_antt is None
    assert [a.state for a in attempts(op.id)] == ["rejected", "rejected", "succeeded"]


def test_eight_digit_rntrc_is_matched_padded(api, make_operation):
    op = make_operation(contratado_rntrc="12345678")
    mark_irregular("12345678")
    assert api.post(f"/ciot/operations/{op.id}/emit").get_json()["reason"] == "rejected"


def test_codes_are_unique_across_emissions(api, make_operation):
    codes = set()
    for _ in range(5):
        op = make_operation()
        codes.add(api.post(f"/ciot/operations/{op.id}/emit").get_json()["data"]["codigo_ciot"])
    assert len(codes) == 5


# --- environment and credentials ------------------------------------------------------------------------------

def test_producao_without_credentials_names_what_is_missing(api, make_operation, company):
    op = make_operation(environment="producao")
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 422
    body = response.get_json()
    assert body["reason"] == "missing_credentials" and body["ok"] is False
    assert "Credenciais de produção do CIOT não cadastradas" in body["mensagem"]
    assert company.legal_name in body["mensagem"] and company.cnpj[:2] in body["mensagem"]
    assert load_op(op.id).status == "pronto_emissao" and attempts(op.id) == []


def test_producao_with_credentials_has_no_provider_here(api, make_operation, company):
    tenancy.set_ciot_credentials(company, "producao", {"usuario": "u", "senha": "s"})
    db.session.commit()
    op = make_operation(environment="producao")
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 422 and response.get_json()["reason"] == "not_supported"
    assert load_op(op.id).status == "pronto_emissao" and attempts(op.id) == []


def test_homolog_needs_no_credentials_for_the_caller(api, make_operation, company):
    assert not company.has_ciot_credentials("homolog")
    assert api.post(f"/ciot/operations/{make_operation().id}/emit").status_code == 200


# --- ETC: emission in the contracted company's name -----------------------------------------------------------

def _etc_body(etc_cnpj, **overrides):
    return dict(contratado_cpf_cnpj=etc_cnpj, contratado_tipo="ETC", contratado_nome="ETC Parceira Ltda",
                **overrides)


def test_contracted_etc_registered_with_credentials_is_the_issuer(api, make_operation, make_company):
    etc = make_company()
    tenancy.update_company(etc, state_registration="123456789")
    tenancy.set_ciot_credentials(etc, "homolog", {"token": "abc"})
    db.session.commit()
    op = make_operation(**_etc_body(etc.cnpj))
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["data"]["emitter_company_id"] == str(etc.id)
    fresh = load_op(op.id)
    assert fresh.emitter_company_id == etc.id and fresh.company_id != etc.id
    assert emissions(op.id)[0].issuer_cnpj == etc.cnpj


def test_contracted_etc_not_registered_blocks(api, make_operation, make_company):
    from tests.fixtures.partners import unique_partner_cnpj
    op = make_operation(status="com_divergencia", **_etc_body(unique_partner_cnpj()))
    body = api.post(f"/ciot/operations/{op.id}/emit").get_json()
    assert body["reason"] == "validation_blocked"
    assert "EMISSOR_ETC_NAO_CADASTRADA" in [d["code"] for d in body["error"]["details"]]


def test_contracted_etc_without_credentials_blocks(api, make_operation, make_company):
    etc = make_company()
    tenancy.update_company(etc, state_registration="123456789")
    db.session.commit()
    op = make_operation(status="com_divergencia", **_etc_body(etc.cnpj, destinatario_cpf_cnpj="44555666000181"))
    body = api.post(f"/ciot/operations/{op.id}/emit").get_json()
    assert [d["code"] for d in body["error"]["details"]] == ["EMISSOR_ETC_SEM_CREDENCIAIS"]


def test_etc_treated_as_tac_is_issued_by_the_caller(api, make_operation, make_company, company):
    etc = make_company()
    body = ciot_body()
    payments = body["payments"]
    payments[0]["titular_cpf_cnpj"] = etc.cnpj
    payments[1]["codigo_pagamento"] = etc.cnpj
    payments[1]["tipo_chave_pix"] = "cnpj"
    op = make_operation(**_etc_body(etc.cnpj, equiparado_tac=True, cpf_cnpj_owner=etc.cnpj, payments=payments))
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200, response.get_json()
    assert load_op(op.id).emitter_company_id == company.id


def test_own_fleet_is_issued_by_the_caller(api, make_operation, company):
    op = make_operation(contratado_cpf_cnpj=company.cnpj, contratado_tipo=ABSENT, cpf_cnpj_owner=ABSENT,
                        bank_code=ABSENT, agency=ABSENT, account_number=ABSENT, payments=[],
                        indicador_pagamento=ABSENT)
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 200
    assert load_op(op.id).emitter_company_id == company.id


# --- in flight: join, 202, stale recovery ---------------------------------------------------------------------

def test_emit_while_an_attempt_is_in_flight_joins_it_and_answers_202(api, app, make_operation, monkeypatch):
    monkeypatch.setitem(app.config, "AUTHORITY_WAIT_SECONDS", 0.2)
    op = make_operation(status="emitindo")
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 202
    body = response.get_json()
    assert (body["ok"], body["status"], body["reason"]) == (False, "emitindo", "in_progress")
    assert body["data"]["codigo_ciot"] is None
    assert len(attempts(op.id)) == 1 and emissions(op.id) == []


def test_a_stale_attempt_is_enqueued_again_and_finishes(api, app, make_operation, monkeypatch):
    op = make_operation(status="emitindo")
    monkeypatch.setitem(app.config, "CIOT_EMIT_STALE_SECONDS", 0)
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200, response.get_json()
    [attempt] = attempts(op.id)
    assert attempt.state == "succeeded" and attempt.enqueued_count == 2
    assert "emission_requeued" in events_of(op.id) and len(emissions(op.id)) == 1


# --- RQ: the worker runs the job (real Redis with TEST_REDIS_URL, else fakeredis) -----------------------

def test_emit_answers_202_then_the_worker_emits(api, make_operation, rq_backend):
    op = make_operation()
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 202, response.get_json()
    assert response.get_json()["status"] == "emitindo"
    assert load_op(op.id).status == "emitindo"
    again = api.post(f"/ciot/operations/{op.id}/emit")  # joins, never claims a second attempt
    assert again.status_code == 202 and len(attempts(op.id)) == 1
    run_worker(rq_backend)
    fresh = load_op(op.id)
    assert fresh.status == "emitido" and re.fullmatch(r"\d{12}", fresh.codigo_ciot)
    assert [a.state for a in attempts(op.id)] == ["succeeded"] and len(emissions(op.id)) == 1
    assert api.post(f"/ciot/operations/{op.id}/emit").get_json()["reason"] == "invalid_status"


def test_auto_emit_through_the_worker(api, rq_backend):
    body = api.post("/ciot/operations", json=ciot_body(auto_emit=True)).get_json()
    assert body["data"]["status"] == "emitindo"
    assert body["emission"] == {"ok": False, "codigo_ciot": None, "protocolo": None,
                                "mensagem": body["emission"]["mensagem"], "reason": "in_progress"}
    run_worker(rq_backend)
    assert load_op(body["data"]["id"]).status == "emitido"


def test_the_job_is_enqueued_on_the_emission_queue_with_retries(api, make_operation, rq_backend):
    from rq import Queue

    from core.serializer import JsonFirstSerializer
    op = make_operation()
    api.post(f"/ciot/operations/{op.id}/emit")
    queue = Queue("emission", connection=rq_backend, serializer=JsonFirstSerializer)
    [job] = queue.get_jobs()
    [attempt] = attempts(op.id)
    assert job.func_name == job_path(ask_authority) and job.args == [str(op.id), str(attempt.id)]
    assert job.id == attempt.job_id and job.retries_left == 3


# --- concurrency -----------------------------------------------------------------------------------------------

def test_two_concurrent_emits_emit_once(app, api, make_operation):
    op = make_operation()
    path = f"/ciot/operations/{op.id}/emit"  # no ORM object crosses into the threads
    barrier, responses = threading.Barrier(2, timeout=30), []

    def call():
        barrier.wait()
        responses.append(api.post(path))

    threads = [threading.Thread(target=call, daemon=True) for _ in range(2)]
    [t.start() for t in threads]
    [t.join(60) for t in threads]
    codes = sorted(r.status_code for r in responses)
    assert codes in ([200, 200], [200, 422]), [r.get_json() for r in responses]
    if codes == [200, 422]:
        assert [r.get_json()["reason"] for r in responses if r.status_code == 422] == ["invalid_status"]
    assert [a.state for a in attempts(op.id)] == ["succeeded"]
    assert len(emissions(op.id)) == 1
    ciots = {r.get_json()["data"]["codigo_ciot"] for r in responses if r.status_code == 200}
    assert ciots == {load_op(op.id).codigo_ciot}


def test_com_divergencia_is_emitted_once_the_cause_is_gone(api, make_operation, make_company):
    """`any state that passes validation` includes com_divergencia: here the ETC registers its credentials."""
    etc = make_company()
    tenancy.update_company(etc, state_registration="123456789")
    db.session.commit()
    op = make_operation(status="com_divergencia", **_etc_body(etc.cnpj, destinatario_cpf_cnpj="44555666000181"))
    tenancy.set_ciot_credentials(etc, "homolog", {"token": "abc"})
    db.session.commit()
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200, response.get_json()
    assert [a.status_before for a in attempts(op.id)] == ["com_divergencia"]


def test_emission_after_a_validation_logs_validated_once(api, make_operation):
    """Creation validates (one "validated" event); emitting re-runs the rules, and the same findings are not logged
    again as another validation."""
    op = make_operation(status="pronto_emissao")
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 200
    assert events_of(op.id) == ["created", "validated", "emission_requested", "emission_succeeded"]


def test_emission_whose_findings_changed_logs_the_new_validation(api, make_operation, company):
    """The company lowered its advance limit after the validation: the check before emission finds PG17, which the
    timeline shows as a new validation next to the refusal."""
    op = make_operation(status="pronto_emissao")
    company.ciot_max_advance_percent = 20
    db.session.commit()
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 422 and response.get_json()["error"]["details"][0]["code"] == "PG17"
    assert events_of(op.id) == ["created", "validated", "validated", "emission_blocked"]


def test_emission_of_a_never_validated_draft_logs_its_validation(api, make_operation):
    op = make_operation(status="rascunho")
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 200
    assert events_of(op.id).count("validated") == 1
