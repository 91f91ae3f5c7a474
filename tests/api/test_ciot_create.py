"""POST /ciot/operations: creation, validation on creation, auto_emit, import (docs/api/ciot.md)."""
import re
import uuid

import pytest
import sqlalchemy as sa

from core.db import db
from domain.ciot.models import CiotOperation, EmissionAttempt
from domain.tenancy import services as tenancy
from tests.fixtures.ciot import ABSENT, CONTRATADO_CPF, ciot_body, mark_irregular, reload


def _op(op_id):
    return db.session.execute(sa.select(CiotOperation).where(CiotOperation.id == uuid.UUID(op_id))
                              .execution_options(cross_tenant=True)).scalar_one()


def test_valid_body_creates_a_ready_operation_with_the_exact_response(api, company):
    response = api.post("/ciot/operations", json=ciot_body())
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert set(body) == {"data", "validation", "emission"}
    assert body["data"] == {"id": body["data"]["id"], "code": "CIOT-000001", "status": "pronto_emissao",
                            "codigo_ciot": None, "protocolo": None}
    assert body["validation"] == {"items": [], "summary": {"ok": True, "blockers": 0, "warnings": 0}}
    assert body["emission"] is None
    op = _op(body["data"]["id"])
    assert (op.company_id, op.environment, op.mode, op.contratado_cpf_cnpj) == (
        company.id, "homolog", "normal", CONTRATADO_CPF)


def test_codes_follow_each_other(api):
    codes = [api.post("/ciot/operations", json=ciot_body()).get_json()["data"]["code"] for _ in range(3)]
    assert codes == ["CIOT-000001", "CIOT-000002", "CIOT-000003"]


def test_environment_defaults_to_the_company_setting(api, company):
    tenancy.update_company(company, ciot_environment="producao")
    db.session.commit()
    op_id = api.post("/ciot/operations", json=ciot_body(environment=ABSENT)).get_json()["data"]["id"]
    assert _op(op_id).environment == "producao"
    op_id = api.post("/ciot/operations", json=ciot_body(environment="homolog")).get_json()["data"]["id"]
    assert _op(op_id).environment == "homolog"


def test_warnings_only_gives_validado(api):
    body = ciot_body()
    body["documents"][0]["freight_value"] = 4000
    response = api.post("/ciot/operations", json=body)
    data = response.get_json()
    assert data["data"]["status"] == "validado"
    assert [i["code"] for i in data["validation"]["items"]] == ["DC04"]
    assert data["validation"]["summary"] == {"ok": True, "blockers": 0, "warnings": 1}


@pytest.mark.parametrize("field,code", [("destinatario_cpf_cnpj", "DS01"), ("codigo_natureza_carga", "PRV04")])
def test_missing_destinatario_or_natureza_is_created_with_a_blocker(api, field, code):
    response = api.post("/ciot/operations", json=ciot_body(**{field: ABSENT}))
    assert response.status_code == 201
    data = response.get_json()
    assert data["data"]["status"] == "com_divergencia"
    assert [(i["code"], i["severity"], i["field"]) for i in data["validation"]["items"]] == [(code, "blocker", field)]
    assert data["validation"]["summary"] == {"ok": False, "blockers": 1, "warnings": 0}


def test_auto_validate_false_leaves_a_draft_without_validation(api):
    data = api.post("/ciot/operations", json=ciot_body(auto_validate=False, destinatario_cpf_cnpj=ABSENT)).get_json()
    assert data["data"]["status"] == "rascunho"
    assert data["validation"] is None and data["emission"] is None
    assert _op(data["data"]["id"]).validation_summary is None


@pytest.mark.parametrize("field", ["tipo_operacao", "contratado_cpf_cnpj", "contratado_rntrc", "contratantes",
                                   "vehicles"])
def test_body_without_a_required_field_is_400_naming_it(api, field):
    response = api.post("/ciot/operations", json=ciot_body(**{field: ABSENT}))
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "invalid_body"
    assert [d["field"] for d in error["details"]] == [field]
    assert db.session.execute(sa.select(sa.func.count()).select_from(CiotOperation)).scalar() == 0


@pytest.mark.parametrize("field,value", [("contratantes", []), ("vehicles", []), ("tipo_operacao", "carga"),
                                         ("valor_frete", "abc"), ("vehicles", [{"plate": "ABC1D23"}]),
                                         ("environment", "teste"), ("codigo_ciot", "12345"),
                                         ("contratado_cpf_cnpj", ""), ("contratado_cpf_cnpj", None),
                                         ("contratado_cpf_cnpj", "..."), ("contratado_rntrc", None),
                                         ("composicao_contratada", "cavalo"), ("alto_desempenho", "talvez"),
                                         ("tipo_chave_pix", "celular")])
def test_wrong_types_enums_and_empty_lists_are_400(api, field, value):
    response = api.post("/ciot/operations", json=ciot_body(**{field: value}))
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"].startswith(field)


def test_contingencia_without_justificativa_is_400_naming_the_field(api):
    response = api.post("/ciot/operations", json=ciot_body(contingencia=True))
    assert response.status_code == 400
    details = response.get_json()["error"]["details"]
    assert [(d["field"], d["code"]) for d in details] == [("justificativa_contingencia", "required")]


def test_manual_fields_are_stored_and_returned(api):
    body = ciot_body(composicao_contratada="apenas_tracao", alto_desempenho=True, codigo_tipo_carga=12,
                     chave_pix="joao@example.com", tipo_chave_pix="email")
    created = api.post("/ciot/operations", json=body).get_json()
    assert created["data"]["status"] == "pronto_emissao", created["validation"]
    record = api.get(f"/ciot/operations/{created['data']['id']}").get_json()["data"]
    assert (record["composicao_contratada"], record["alto_desempenho"], record["codigo_tipo_carga"]) == (
        "apenas_tracao", True, 12)
    assert (record["chave_pix"], record["tipo_chave_pix"]) == ("joao@example.com", "email")
    assert [p["tipo_chave_pix"] for p in record["payments"]] == [None, "cpf"]
    assert [v["axles"] for v in record["vehicles"]] == [3, 3]


def test_payment_pix_key_type_is_an_enum(api):
    body = ciot_body()
    body["payments"][1]["tipo_chave_pix"] = "celular"
    response = api.post("/ciot/operations", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "payments[1].tipo_chave_pix"


def test_contingencia_with_justificativa_is_kept(api):
    data = api.post("/ciot/operations", json=ciot_body(contingencia=True, justificativa_contingencia="ANTT fora"))
    op = _op(data.get_json()["data"]["id"])
    assert op.contingencia is True and op.justificativa_contingencia == "ANTT fora"


# --- auto_emit ---------------------------------------------------------------------------------------------------

def test_auto_emit_emits_with_a_12_digit_ciot(api):
    response = api.post("/ciot/operations", json=ciot_body(auto_emit=True))
    assert response.status_code == 201
    body = response.get_json()
    assert body["data"]["status"] == "emitido"
    assert re.fullmatch(r"\d{12}", body["data"]["codigo_ciot"])
    assert body["data"]["protocolo"]
    assert body["emission"] == {"ok": True, "codigo_ciot": body["data"]["codigo_ciot"],
                                "protocolo": body["data"]["protocolo"], "mensagem": body["emission"]["mensagem"],
                                "reason": None}
    op = _op(body["data"]["id"])
    assert re.fullmatch(r"\d{4}", op.codigo_verificador)
    assert op.emitter_company_id == op.company_id and op.emitted_at is not None


def test_auto_emit_blocked_by_validation(api):
    body = api.post("/ciot/operations", json=ciot_body(auto_emit=True, destinatario_cpf_cnpj=ABSENT)).get_json()
    assert body["data"]["status"] == "com_divergencia" and body["data"]["codigo_ciot"] is None
    assert body["emission"]["ok"] is False and body["emission"]["reason"] == "validation_blocked"
    assert body["emission"]["codigo_ciot"] is None and "DS01" in body["emission"]["mensagem"]
    assert db.session.execute(sa.select(sa.func.count()).select_from(EmissionAttempt)).scalar() == 0


def test_auto_emit_rejected_by_the_authority(api):
    mark_irregular("012345678", "RNTRC vencido")
    body = api.post("/ciot/operations", json=ciot_body(auto_emit=True)).get_json()
    assert body["data"]["status"] == "rejeitado"
    assert body["emission"]["ok"] is False and body["emission"]["reason"] == "rejected"
    op = _op(body["data"]["id"])
    assert "012345678" in op.mensagem_antt and "RNTRC vencido" in op.mensagem_antt
    assert body["emission"]["mensagem"].endswith(op.mensagem_antt)


def test_auto_emit_in_producao_without_credentials(api, company):
    body = api.post("/ciot/operations", json=ciot_body(auto_emit=True, environment="producao")).get_json()
    assert body["data"]["status"] == "pronto_emissao"
    assert body["emission"]["reason"] == "missing_credentials"
    mensagem = body["emission"]["mensagem"]
    assert "Credenciais de produção" in mensagem and company.legal_name in mensagem


def test_auto_validate_false_with_auto_emit_still_validates_before_emitting(api):
    body = api.post("/ciot/operations", json=ciot_body(auto_validate=False, auto_emit=True)).get_json()
    assert body["data"]["status"] == "emitido" and body["validation"]["summary"]["ok"] is True


# --- import of a CIOT issued elsewhere in contingency -----------------------------------------------------------

def test_import_has_its_own_response_and_sends_nothing(api, company):
    response = api.post("/ciot/operations", json=ciot_body(
        codigo_ciot="123456789012", data_emissao_original="2026-01-10", auto_emit=True,
        destinatario_cpf_cnpj=ABSENT))
    assert response.status_code == 201
    body = response.get_json()
    assert body == {"mode": "imported", "data": {"id": body["data"]["id"], "status": "rascunho",
                                                 "contingencia": True, "codigo_ciot": "123456789012"},
                    "validation": None, "emission": None}
    op = reload(_op(body["data"]["id"]))
    assert (op.mode, op.validation_summary, op.protocolo, op.emitted_at) == ("imported", None, None, None)
    assert op.data_emissao_original.isoformat() == "2026-01-10" and op.justificativa_contingencia
    assert db.session.execute(sa.select(sa.func.count()).select_from(EmissionAttempt)).scalar() == 0


def test_import_duplicate_in_the_company_is_409_but_another_company_may_hold_it(api, make_company, make_api):
    first = api.post("/ciot/operations", json=ciot_body(codigo_ciot="123456789012")).get_json()
    again = api.post("/ciot/operations", json=ciot_body(codigo_ciot="123456789012"))
    assert again.status_code == 409
    error = again.get_json()["error"]
    assert error["code"] == "codigo_ciot_exists" and error["existing_id"] == first["data"]["id"]
    other = make_api(make_company())
    assert other.post("/ciot/operations", json=ciot_body(codigo_ciot="123456789012")).status_code == 201


def test_import_collides_with_an_emitted_ciot_of_the_company(api):
    emitted = api.post("/ciot/operations", json=ciot_body(auto_emit=True)).get_json()["data"]["codigo_ciot"]
    assert api.post("/ciot/operations", json=ciot_body(codigo_ciot=emitted)).status_code == 409


def test_the_import_is_not_emittable(api):
    op_id = api.post("/ciot/operations", json=ciot_body(codigo_ciot="123456789012")).get_json()["data"]["id"]
    response = api.post(f"/ciot/operations/{op_id}/emit")
    assert response.status_code == 422
    assert response.get_json()["reason"] == "invalid_status"


def test_idempotency_key_replays_the_creation(api):
    headers = {"Idempotency-Key": "create-1"}
    first = api.post("/ciot/operations", json=ciot_body(auto_emit=True), headers=headers)
    second = api.post("/ciot/operations", json=ciot_body(auto_emit=True), headers=headers)
    assert first.status_code == second.status_code == 201
    assert first.get_json() == second.get_json() and second.headers["Idempotent-Replayed"] == "true"
    assert db.session.execute(sa.select(sa.func.count()).select_from(CiotOperation)).scalar() == 1


@pytest.mark.parametrize("value", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59", "2026-13-01", "amanhã"])
def test_absurd_trip_moments_are_400(api, value):
    response = api.post("/ciot/operations", json=ciot_body(viagem_inicio=value))
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "viagem_inicio"
