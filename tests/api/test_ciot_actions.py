"""The other rows of the state table: POST /validate, DELETE, POST /retificar, POST /cancel, POST /encerrar."""
from datetime import timedelta

import pytest
import sqlalchemy as sa

from core.clock import brasilia_today
from core.db import db, utcnow
from domain.ciot.clock import now_local
from domain.ciot.models import SimulatorEmission
from domain.ciot.provider import local_to_utc
from domain.tenancy import services as tenancy
from tests.fixtures.ciot import CONTRATADO_CPF, ciot_body, events_of, load_op

BEFORE_EMISSION = ("rascunho", "validado", "com_divergencia", "pronto_emissao")


def assert_action_error(response, status, reason):
    assert response.status_code == status, response.get_json()
    body = response.get_json()
    assert (body["ok"], body["reason"], body["error"]["code"]) == (False, reason, reason)
    assert body["mensagem"] == body["error"]["message"] and body["mensagem"]
    return body


# --- POST /validate ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("status", BEFORE_EMISSION)
def test_validate_reruns_and_sets_the_status_per_result(api, make_operation, status):
    op = make_operation(status=status)
    response = api.post(f"/ciot/operations/{op.id}/validate")
    assert response.status_code == 200
    body = response.get_json()
    expected = {"rascunho": "pronto_emissao", "validado": "validado", "com_divergencia": "com_divergencia",
                "pronto_emissao": "pronto_emissao"}[status]
    assert body["data"]["status"] == expected == load_op(op.id).status
    assert set(body["validation"]) == {"items", "summary"}
    assert events_of(op.id)[-1] == "validated"


def test_validate_picks_up_a_fix(api, make_operation):
    op = make_operation(status="com_divergencia")
    api.patch(f"/ciot/operations/{op.id}", json={"destinatario_cpf_cnpj": "44555666000181"})
    body = api.post(f"/ciot/operations/{op.id}/validate").get_json()
    assert body["data"]["status"] == "pronto_emissao" and body["validation"]["summary"]["ok"] is True


def test_validate_an_imported_draft(api, make_operation):
    op = make_operation(status="imported")
    assert api.post(f"/ciot/operations/{op.id}/validate").get_json()["data"]["status"] == "pronto_emissao"
    assert load_op(op.id).codigo_ciot == "123456789012"


@pytest.mark.parametrize("status", ["emitindo", "emitido", "rejeitado", "cancelado", "encerrado"])
def test_validate_is_refused_outside_the_pre_emission_states(api, make_operation, status):
    op = make_operation(status=status)
    assert_action_error(api.post(f"/ciot/operations/{op.id}/validate"), 422, "invalid_status")
    assert load_op(op.id).status == status


# --- DELETE -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("status", BEFORE_EMISSION)
def test_delete_cancels_an_operation_not_yet_emitted(api, make_operation, status):
    op = make_operation(status=status)
    response = api.delete(f"/ciot/operations/{op.id}")
    assert response.status_code == 200
    data = response.get_json()["data"]
    assert data["status"] == "cancelado" and data["id"] == str(op.id)
    assert data["cancelamento"]["cancelado_at"] and data["cancelamento"]["protocolo"] is None
    assert events_of(op.id)[-1] == "deleted"


@pytest.mark.parametrize("status", ["emitindo", "emitido", "rejeitado", "cancelado", "encerrado"])
def test_delete_is_refused_once_sent_or_final(api, make_operation, status):
    op = make_operation(status=status)
    response = api.delete(f"/ciot/operations/{op.id}")
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "invalid_status"
    assert load_op(op.id).status == status


# --- POST /cancel -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("length,expected", [(2, 400), (3, 200), (500, 200), (501, 400)])
def test_cancel_motivo_length(api, make_operation, length, expected):
    op = make_operation(status="emitido")
    response = api.post(f"/ciot/operations/{op.id}/cancel", json={"motivo": "m" * length})
    assert response.status_code == expected, response.get_json()
    if expected == 400:
        assert response.get_json()["error"]["details"][0]["field"] == "motivo"
        assert load_op(op.id).status == "emitido"
    else:
        assert response.get_json() == {"ok": True, "mensagem": response.get_json()["mensagem"]}
        fresh = load_op(op.id)
        assert (fresh.status, fresh.cancel_motivo) == ("cancelado", "m" * length) and fresh.cancel_protocolo


@pytest.mark.parametrize("body", [{}, {"motivo": None}, {"motivo": "   ab  "}])
def test_cancel_without_a_real_motivo_is_400(api, make_operation, body):
    op = make_operation(status="emitido")
    assert api.post(f"/ciot/operations/{op.id}/cancel", json=body).status_code == 400


def test_cancel_keeps_the_ciot_and_writes_the_event(api, make_operation):
    op = make_operation(status="emitido")
    codigo = load_op(op.id).codigo_ciot
    mensagem = api.post(f"/ciot/operations/{op.id}/cancel", json={"motivo": "Carga desistida"}).get_json()["mensagem"]
    assert codigo in mensagem
    fresh = load_op(op.id)
    assert fresh.codigo_ciot == codigo and fresh.cancelado_at is not None
    assert events_of(op.id)[-1] == "cancelled"
    cancelled = db.session.execute(sa.select(SimulatorEmission.cancelled_at)
                                   .where(SimulatorEmission.operation_id == op.id)).scalar()
    assert cancelled is not None


@pytest.mark.parametrize("status", ["rascunho", "pronto_emissao", "emitindo", "rejeitado", "cancelado",
                                    "encerrado"])
def test_cancel_requires_an_emitted_operation(api, make_operation, status):
    op = make_operation(status=status)
    assert_action_error(api.post(f"/ciot/operations/{op.id}/cancel", json={"motivo": "Desistência"}), 422,
                        "invalid_status")
    assert load_op(op.id).status == status


def _emitted_trip_started(make_operation, hours_ago: float | None):
    """Emitted before the trip (a trip already started cannot be declared: DAT08, nor one without dates: DAT03);
    then the clock moves on: the trip started `hours_ago` hours before now, or (None) the authority's record has no
    trip start."""
    op = make_operation(status="emitido")
    start = None if hours_ago is None else (now_local() - timedelta(hours=hours_ago)).replace(microsecond=0)
    load_op(op.id).viagem_inicio = start
    db.session.execute(sa.update(SimulatorEmission).where(SimulatorEmission.operation_id == op.id)
                       .values(trip_start_utc=local_to_utc(start) if start else None))
    db.session.commit()
    return op


def test_cancel_within_24_hours_of_the_trip_start(api, make_operation):
    op = _emitted_trip_started(make_operation, 23)
    assert api.post(f"/ciot/operations/{op.id}/cancel", json={"motivo": "Desistência"}).status_code == 200


def test_cancel_after_24_hours_of_the_trip_start_is_rejected(api, make_operation):
    op = _emitted_trip_started(make_operation, 25)
    body = assert_action_error(api.post(f"/ciot/operations/{op.id}/cancel", json={"motivo": "Desistência"}), 422,
                               "rejected")
    assert "24 horas" in body["mensagem"] and "início da viagem" in body["mensagem"]
    fresh = load_op(op.id)
    assert fresh.status == "emitido" and fresh.mensagem_antt == body["error"]["mensagem_antt"]
    assert events_of(op.id)[-1] == "cancel_rejected"  # kept although the call failed


def test_cancel_window_counts_from_the_emission_when_the_trip_has_no_start(api, make_operation):
    op = _emitted_trip_started(make_operation, None)
    db.session.execute(sa.update(SimulatorEmission).where(SimulatorEmission.operation_id == op.id)
                       .values(emitted_at=utcnow() - timedelta(hours=25)))
    db.session.commit()
    body = assert_action_error(api.post(f"/ciot/operations/{op.id}/cancel", json={"motivo": "Desistência"}), 422,
                               "rejected")
    assert "emissão" in body["mensagem"]
    other = _emitted_trip_started(make_operation, None)
    assert api.post(f"/ciot/operations/{other.id}/cancel", json={"motivo": "Desistência"}).status_code == 200


# --- POST /encerrar -----------------------------------------------------------------------------------------------

def test_encerrar_with_defaults(api, make_operation):
    op = make_operation(status="emitido")
    response = api.post(f"/ciot/operations/{op.id}/encerrar", json={"peso_carga_final": 19500.5})
    assert response.status_code == 200
    assert response.get_json() == {"ok": True, "mensagem": response.get_json()["mensagem"]}
    closing = api.get(f"/ciot/operations/{op.id}").get_json()["data"]["encerramento"]
    assert closing["peso_carga_final"] == 19500.5 and closing["distancia"] == 430.0
    assert closing["quantidade_viagens"] == 1 and closing["data_encerramento"] == brasilia_today().isoformat()
    assert closing["observacoes"] is None and closing["protocolo"]
    assert load_op(op.id).status == "encerrado" and events_of(op.id)[-1] == "closed"


def test_encerrar_with_every_field(api, make_operation):
    op = make_operation(status="emitido")
    api.post(f"/ciot/operations/{op.id}/encerrar", json={
        "peso_carga_final": 18000, "distancia": 455.5, "quantidade_viagens": 2, "data_encerramento": "2026-11-01",
        "observacoes": "Entrega parcial"})
    fresh = load_op(op.id)
    assert (float(fresh.peso_carga_final), float(fresh.distancia_percorrida_km), fresh.quantidade_viagens,
            fresh.data_encerramento.isoformat(), fresh.encerramento_observacoes) == (
        18000.0, 455.5, 2, "2026-11-01", "Entrega parcial")


@pytest.mark.parametrize("body,field", [({}, "peso_carga_final"), ({"peso_carga_final": 0}, "peso_carga_final"),
                                        ({"peso_carga_final": -5}, "peso_carga_final"),
                                        ({"peso_carga_final": 9999999.99}, "peso_carga_final"),
                                        ({"peso_carga_final": 1, "quantidade_viagens": 0}, "quantidade_viagens"),
                                        ({"peso_carga_final": 1, "observacoes": "x" * 501}, "observacoes"),
                                        ({"peso_carga_final": 1, "data_encerramento": "ontem"}, "data_encerramento")])
def test_encerrar_body_errors_are_400(api, make_operation, body, field):
    op = make_operation(status="emitido")
    response = api.post(f"/ciot/operations/{op.id}/encerrar", json=body)
    assert response.status_code == 400 and response.get_json()["error"]["details"][0]["field"] == field
    assert load_op(op.id).status == "emitido"


def test_encerrar_observacoes_of_500_is_fine(api, make_operation):
    op = make_operation(status="emitido")
    assert api.post(f"/ciot/operations/{op.id}/encerrar",
                    json={"peso_carga_final": 1, "observacoes": "x" * 500}).status_code == 200


@pytest.mark.parametrize("status", ["pronto_emissao", "emitindo", "rejeitado", "cancelado", "encerrado"])
def test_encerrar_requires_an_emitted_operation(api, make_operation, status):
    op = make_operation(status=status)
    assert_action_error(api.post(f"/ciot/operations/{op.id}/encerrar", json={"peso_carga_final": 100}), 422,
                        "invalid_status")


def test_a_closed_operation_accepts_no_further_change(api, make_operation):
    op = make_operation(status="encerrado")
    assert api.patch(f"/ciot/operations/{op.id}", json={"contratado_nome": "X"}).status_code == 422
    assert api.post(f"/ciot/operations/{op.id}/cancel", json={"motivo": "tarde"}).status_code == 422
    assert api.delete(f"/ciot/operations/{op.id}").status_code == 422
    assert load_op(op.id).status == "encerrado"


# --- POST /retificar ----------------------------------------------------------------------------------------------

@pytest.fixture
def legacy(company):
    tenancy.update_company(company, ciot_flow="legacy")
    db.session.commit()
    return company


def _rectified_payments(total_advance=1800.0, balance=4200.0, holder=CONTRATADO_CPF):
    day = (brasilia_today() + timedelta(days=2)).isoformat()
    return [
        {"kind": "adiantamento", "contratante_index": 0, "tipo_pagamento": "conta_corrente",
         "indicador_pagamento": "vista", "amount": total_advance, "due_date": day, "banco": "001",
         "agencia": "1234", "conta": "56789-0", "titular_cpf_cnpj": holder},
        {"kind": "saldo", "contratante_index": 0, "tipo_pagamento": "pix", "indicador_pagamento": "prazo",
         "amount": balance, "due_date": day, "codigo_pagamento": CONTRATADO_CPF, "tipo_chave_pix": "cpf"},
    ]


def test_retificar_needs_the_legacy_flow(api, make_operation):
    op = make_operation(status="emitido", tipo_operacao="fracionada")
    body = assert_action_error(api.post(f"/ciot/operations/{op.id}/retificar", json={"valor_frete": 6000}), 422,
                               "not_supported")
    assert "legado" in body["mensagem"]


def test_retificar_changes_the_fields_and_keeps_the_ciot(api, make_operation, legacy):
    op = make_operation(status="emitido", tipo_operacao="fracionada")
    codigo = load_op(op.id).codigo_ciot
    documents = ciot_body()["documents"]
    documents[0]["freight_value"] = 6000
    response = api.post(f"/ciot/operations/{op.id}/retificar", json={
        "valor_frete": 6000, "peso_carga": 21000, "viagem_fim": (brasilia_today() + timedelta(days=4)).isoformat(),
        "payments": _rectified_payments(), "documents": documents, "observacoes": "Frete reajustado"})
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == {"ok": True, "mensagem": response.get_json()["mensagem"]}
    fresh = load_op(op.id)
    assert (fresh.status, fresh.codigo_ciot, float(fresh.valor_frete), float(fresh.peso_carga)) == (
        "emitido", codigo, 6000.0, 21000.0)
    assert [float(p.amount) for p in fresh.payments] == [1800.0, 4200.0] and fresh.retificacoes == 1
    record = api.get(f"/ciot/operations/{op.id}").get_json()["data"]
    event = record["events"][0]
    assert event["type"] == "rectified" and event["data"]["observacoes"] == "Frete reajustado"
    assert event["data"]["changes"]["valor_frete"] == {"from": 5000.0, "to": 6000.0}


def test_retificar_is_validated_first_and_refused_with_blockers(api, make_operation, legacy):
    op = make_operation(status="emitido", tipo_operacao="fracionada")
    response = api.post(f"/ciot/operations/{op.id}/retificar",
                        json={"payments": _rectified_payments(holder="11144477735")})
    body = assert_action_error(response, 422, "validation_blocked")
    assert "PG13" in [d["code"] for d in body["error"]["details"]]
    fresh = load_op(op.id)
    assert fresh.retificacoes == 0 and fresh.payments[0].titular_cpf_cnpj == CONTRATADO_CPF


def test_lotacao_cannot_be_rectified(api, make_operation, legacy):
    op = make_operation(status="emitido")
    body = assert_action_error(api.post(f"/ciot/operations/{op.id}/retificar", json={"valor_frete": 6000}), 422,
                               "not_supported")
    assert "lotação" in body["mensagem"]


@pytest.mark.parametrize("status", ["pronto_emissao", "rejeitado", "cancelado", "encerrado"])
def test_retificar_requires_an_emitted_operation(api, make_operation, legacy, status):
    op = make_operation(status=status, tipo_operacao="fracionada")
    assert_action_error(api.post(f"/ciot/operations/{op.id}/retificar", json={"valor_frete": 6000}), 422,
                        "invalid_status")


@pytest.mark.parametrize("body,field", [({}, "body"), ({"observacoes": "x" * 501}, "observacoes"),
                                        ({"valor_frete": -1}, "valor_frete"), ({"payments": "x"}, "payments")])
def test_retificar_body_errors(api, make_operation, legacy, body, field):
    op = make_operation(status="emitido", tipo_operacao="fracionada")
    response = api.post(f"/ciot/operations/{op.id}/retificar", json=body)
    assert response.status_code == 400 and response.get_json()["error"]["details"][0]["field"] == field


def test_action_on_an_unknown_operation_is_404_with_ok_false(api):
    for action, body in (("retificar", {"valor_frete": 1}), ("cancel", {"motivo": "abc"}),
                         ("encerrar", {"peso_carga_final": 1}), ("emit", None), ("validate", None)):
        response = api.post(f"/ciot/operations/00000000-0000-0000-0000-000000000000/{action}", json=body)
        assert_action_error(response, 404, "not_found")
