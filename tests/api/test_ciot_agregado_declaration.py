"""The declaration of a TAC agregado as the authority's manual asks (docs/ciot-agregado.md, "Declaration data"):
the freight value, the TAC's payment, the composition's kinds and axles; a body lacking them is still accepted, held
(bloqueios, never sent) until POST /retificar completes it; and the rectification of a declared contract (legacy
flow) with the authority's answer on the timeline."""
import uuid
from datetime import timedelta

import pytest
import sqlalchemy as sa

from core.clock import brasilia_today
from core.db import db
from core.tenancy import cross_tenant
from tests.fixtures.agregado import (
    agregado_body,
    agregado_events,
    declarations_at_authority,
    load_agregado,
    trip_body,
)
from tests.fixtures.ciot import clear_irregular, mark_irregular

BASE = "/ciot-agregado/operations"
SPOUSE_CPF = "52998224725"


def _one(agregado_id) -> str:
    return f"{BASE}/{agregado_id}"


def _held(api, partner, **overrides) -> dict:
    response = api.post(BASE, json=agregado_body(partner, **overrides))
    assert response.status_code == 201, response.get_json()  # held: created, nothing pending at the ANTT
    assert "Location" not in response.headers
    data = response.get_json()["data"]
    assert data["status"] == "aberto" and data["codigo_ciot"] is None and data["pendencia"] is None
    assert declarations_at_authority(data["id"]) == []  # never sent
    return data


def _last_event_message(agregado_id) -> str:
    from domain.ciot_agregado.models import CiotAgregadoEvent
    return db.session.execute(cross_tenant(sa.select(CiotAgregadoEvent.message).where(
        CiotAgregadoEvent.agregado_id == uuid.UUID(agregado_id)).order_by(CiotAgregadoEvent.created_at.desc())
        .limit(1))).scalar_one()


def _gaps(data) -> list[str]:
    return [gap["campo"] for gap in data["bloqueios"]]


# --- what the declaration needs: held, never refused ------------------------------------------------------------

def test_a_body_without_value_is_accepted_and_held_until_the_value_comes(api, make_tac):
    partner = make_tac()
    body = agregado_body(partner)
    del body["valor_contratado"]
    response = api.post(BASE, json=body)
    assert response.status_code == 201
    data = response.get_json()["data"]
    assert _gaps(data) == ["valor_contratado"] and data["codigo_ciot"] is None
    assert agregado_events(data["id"]) == ["opening_held"]
    # held: no lines, no closing; and the composition is taken
    trip = api.post(_one(data["id"]) + "/viagens", json=trip_body())
    assert trip.status_code == 422 and trip.get_json()["error"]["code"] == "status_invalido"
    assert "retido" in trip.get_json()["error"]["message"]
    assert api.post(BASE, json=agregado_body(partner)).status_code == 409
    # the value given: declared at once
    done = api.post(_one(data["id"]) + "/retificar", json={"valor_contratado": 12000})
    assert done.status_code == 200, done.get_json()
    declared = done.get_json()["data"]
    assert declared["bloqueios"] == [] and len(declared["codigo_ciot"]) == 12 and declared["valor_contratado"] == 12000
    assert agregado_events(data["id"])[-2:] == ["opening", "opened"]
    assert api.post(_one(data["id"]) + "/viagens", json=trip_body()).status_code == 201


def test_a_held_contract_is_cancelled_without_the_authority_and_frees_its_composition(api, make_tac):
    partner = make_tac()
    data = _held(api, partner, valor_contratado=None)
    done = api.post(_one(data["id"]) + "/cancel", json={"motivo": "Desistência"})
    assert done.status_code == 200, done.get_json()
    cancelled = done.get_json()["data"]
    assert cancelled["status"] == "cancelado" and cancelled["cancel_motivo"] == "Desistência"
    assert declarations_at_authority(data["id"]) == []
    assert api.post(BASE, json=agregado_body(partner)).status_code == 201


def test_the_daily_job_leaves_a_held_contract_alone(api, make_tac):
    from domain.ciot_agregado.periodic_jobs import close_expired_agregados
    data = _held(api, make_tac(), valor_contratado=None)
    contract = load_agregado(data["id"])
    contract.data_prevista_encerramento = brasilia_today() - timedelta(days=1)
    db.session.commit()
    assert close_expired_agregados() == 0
    assert load_agregado(data["id"]).status == "aberto" and agregado_events(data["id"]) == ["opening_held"]


@pytest.mark.parametrize("value", [0, -5])
def test_a_value_not_above_zero_is_400(api, make_tac, value):
    response = api.post(BASE, json=agregado_body(make_tac(), valor_contratado=value))
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "valor_contratado"


def test_the_sweep_never_sends_a_held_contract(api, make_tac, app):
    from domain.ciot_agregado.services import stuck_requests
    data = _held(api, make_tac(), valor_contratado=None)
    with app.app_context():
        later = load_agregado(data["id"]).created_at + timedelta(days=1)
        assert [row for row in stuck_requests(now=later) if str(row[1]) == data["id"]] == []


@pytest.mark.parametrize("pagamento, campo", [
    (None, "pagamento.tipo_pagamento"),
    ({"tipo_pagamento": "pix"}, "pagamento.chave_pix"),  # PIX without a key
    ({"tipo_pagamento": "pix", "chave_pix": "abc"}, "pagamento.chave_pix"),  # not a key of any type
    ({"tipo_pagamento": "pix", "chave_pix": "joao@exemplo.com.br", "tipo_chave_pix": "cpf"}, "pagamento.chave_pix"),
    ({"tipo_pagamento": "conta_corrente", "banco": "341", "conta": "12345-6"}, "pagamento.agencia"),
    ({"tipo_pagamento": "conta_corrente", "banco": "1", "agencia": "1234", "conta": "12345-6"}, "pagamento.banco"),
    ({"tipo_pagamento": "pix", "chave_pix": "joao@exemplo.com.br", "cpf_cnpj_owner": SPOUSE_CPF},
     "pagamento.cpf_cnpj_owner"),  # someone else, no relationship declared
])
def test_payment_data_the_manual_refuses_holds_the_declaration(api, make_tac, pagamento, campo):
    data = _held(api, make_tac(), pagamento=pagamento)
    assert _gaps(data) == [campo]
    assert data["bloqueios"][0]["mensagem"]


@pytest.mark.parametrize("pagamento, tipo_chave", [
    ({"tipo_pagamento": "pix", "chave_pix": "joao@exemplo.com.br"}, "email"),
    ({"tipo_pagamento": "pix", "chave_pix": "+55 (11) 98765-4321"}, "telefone"),
    ({"tipo_pagamento": "conta_corrente", "banco": "341", "agencia": "1234", "conta": "12345-6"}, None),
])
def test_valid_payment_data_is_declared(api, make_tac, pagamento, tipo_chave):
    response = api.post(BASE, json=agregado_body(make_tac(), pagamento=pagamento))
    assert response.status_code == 201, response.get_json()
    data = response.get_json()["data"]
    assert data["bloqueios"] == [] and data["pagamento"]["tipo_chave_pix"] == tipo_chave


def test_a_relative_may_hold_the_account_with_a_reminder_to_keep_the_proof(api, make_tac):
    pagamento = {"tipo_pagamento": "pix", "chave_pix": SPOUSE_CPF, "cpf_cnpj_owner": SPOUSE_CPF,
                 "titular_parentesco": "conjuge"}
    response = api.post(BASE, json=agregado_body(make_tac(), pagamento=pagamento))
    assert response.status_code == 201, response.get_json()
    data = response.get_json()["data"]
    assert data["pagamento"]["titular_parentesco"] == "conjuge" and data["pagamento"]["tipo_chave_pix"] == "cpf"
    assert "holder_relative" in agregado_events(data["id"])


def test_axles_come_from_the_fleet_registry_when_the_plate_is_there(api, make_tac):
    assert api.post("/vehicles", json={"plate": "ABC1D23", "axles": 3}).status_code == 201
    assert api.post("/vehicles", json={"plate": "DEF4G56", "axles": 2}).status_code == 201
    response = api.post(BASE, json=agregado_body(make_tac(), veiculos=[]))
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["data"]["veiculos"] == [
        {"placa": "ABC1D23", "tipo_veiculo": "cavalo_trator", "eixos": 3, "eixos_origem": "frota"},
        {"placa": "DEF4G56", "tipo_veiculo": "implemento", "eixos": 2, "eixos_origem": "frota"}]


def test_unknown_axles_hold_the_declaration_until_given(api, make_tac):
    data = _held(api, make_tac(), placas_reboques=[], veiculos=[])
    assert _gaps(data) == ["veiculos[0].eixos"]
    assert data["veiculos"] == [{"placa": "ABC1D23", "tipo_veiculo": "automotor", "eixos": None,
                                 "eixos_origem": None}]
    still = api.post(_one(data["id"]) + "/retificar", json={"veiculos": [{"placa": "ABC1D23", "eixos": 9}]})
    assert still.status_code == 400 and still.get_json()["error"]["details"][0]["field"] == "veiculos[0].eixos"
    done = api.post(_one(data["id"]) + "/retificar", json={"veiculos": [{"placa": "ABC1D23", "eixos": 2}]})
    assert done.status_code == 200 and len(done.get_json()["data"]["codigo_ciot"]) == 12


def test_a_tractor_without_trailer_cannot_be_a_cavalo_trator(api, make_tac):
    body = agregado_body(make_tac(), placas_reboques=[],
                         veiculos=[{"placa": "ABC1D23", "tipo_veiculo": "cavalo_trator", "eixos": 3}])
    response = api.post(BASE, json=body)
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "veiculos[0].tipo_veiculo"


def test_completing_part_of_what_is_missing_keeps_it_held(api, make_tac):
    data = _held(api, make_tac(), valor_contratado=None, pagamento={"tipo_pagamento": "pix"})
    assert _gaps(data) == ["valor_contratado", "pagamento.chave_pix"]
    partial = api.post(_one(data["id"]) + "/retificar", json={"valor_contratado": 9000})
    assert partial.status_code == 200 and _gaps(partial.get_json()["data"]) == ["pagamento.chave_pix"]
    done = api.post(_one(data["id"]) + "/retificar",
                    json={"pagamento": {"tipo_pagamento": "pix", "chave_pix": "joao@exemplo.com.br"}})
    assert done.status_code == 200 and done.get_json()["data"]["codigo_ciot"] is not None


# --- rectification of a declared contract ---------------------------------------------------------------------

@pytest.fixture
def legacy(company):
    company.ciot_flow = "legacy"
    db.session.commit()
    return company


def test_rectification_needs_the_legacy_flow(api, open_agregado):
    agg = open_agregado()
    response = api.post(_one(agg["id"]) + "/retificar", json={"valor_contratado": 16000})
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "not_supported"
    assert load_agregado(agg["id"]).valor_contratado == 15000


def test_rectify_value_end_date_and_route_with_the_authoritys_answer(api, legacy, open_agregado):
    agg = open_agregado()
    new_end = brasilia_today() + timedelta(days=20)
    response = api.post(_one(agg["id"]) + "/retificar", json={
        "valor_contratado": 16500.5, "data_prevista_encerramento": new_end.isoformat(), "destino_uf": "MG",
        "destino_municipio_nome": "belo horizonte", "observacoes": "Aditivo de contrato"})
    assert response.status_code == 200, response.get_json()
    data = response.get_json()["data"]
    assert data["valor_contratado"] == 16500.5 and data["data_prevista_encerramento"] == new_end.isoformat()
    assert data["destino_municipio_nome"] == "Belo Horizonte" and data["retificacoes"] == 1
    assert data["codigo_ciot"] == agg["codigo_ciot"] and data["retificado_at"] is not None
    assert agregado_events(agg["id"])[-1] == "rectified"
    message = _last_event_message(agg["id"])
    assert "Resposta da ANTT: Retificação registrada (homologação)" in message and "protocolo HML" in message


def test_a_rectification_the_authority_refuses_changes_nothing(api, legacy, open_agregado):
    agg = open_agregado()
    rntrc = load_agregado(agg["id"]).contratado_rntrc
    mark_irregular(rntrc)
    try:
        refused = api.post(_one(agg["id"]) + "/retificar", json={"valor_contratado": 1})
    finally:
        clear_irregular(rntrc)
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "rejected"
    contract = load_agregado(agg["id"])
    assert contract.valor_contratado == 15000 and contract.retificacoes == 0 and "irregular" in contract.mensagem_antt
    assert agregado_events(agg["id"])[-1] == "rectify_rejected"


@pytest.mark.parametrize("body, field", [
    ({}, "body"),
    ({"valor_contratado": 15000}, "body"),  # the value it already has: nothing to rectify
    ({"data_prevista_encerramento": "2000-01-01"}, "data_prevista_encerramento"),
    ({"valor_contratado": None}, "valor_contratado"),
    ({"pagamento": {"tipo_pagamento": "pix", "chave_pix": "a@b.com"}}, "pagamento"),  # only before the declaration
    ({"destino_municipio_nome": "Niterói"}, "destino_uf"),
    ({"destino_uf": "MG"}, "destino_municipio_nome"),  # the contract's Rio de Janeiro is not in MG
    ({"destino_uf": None}, "destino_uf"),
    ({"veiculos": [{"placa": "ABC1D23", "eixos": 3}]}, "veiculos"),
])
def test_rectification_bad_input_is_400_naming_the_field(api, legacy, open_agregado, body, field):
    agg = open_agregado()
    response = api.post(_one(agg["id"]) + "/retificar", json=body)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["details"][0]["field"] == field
    assert load_agregado(agg["id"]).retificacoes == 0


def test_the_end_date_stays_within_30_days_and_after_the_lines(api, legacy, open_agregado):
    agg = open_agregado()
    too_late = brasilia_today() + timedelta(days=31)
    response = api.post(_one(agg["id"]) + "/retificar", json={"data_prevista_encerramento": too_late.isoformat()})
    assert response.status_code == 400 and "30 dias" in response.get_json()["error"]["details"][0]["message"]
    in_five_days = (brasilia_today() + timedelta(days=5)).isoformat()
    api.post(_one(agg["id"]) + "/viagens", json=trip_body(data_viagem=in_five_days))
    early = brasilia_today() + timedelta(days=3)
    response = api.post(_one(agg["id"]) + "/retificar", json={"data_prevista_encerramento": early.isoformat()})
    assert response.status_code == 400 and "lançamentos ativos" in response.get_json()["error"]["details"][0]["message"]


def test_another_companys_contract_is_404(api, make_api, make_company, open_agregado):
    agg = open_agregado()
    other = make_api(make_company())
    assert other.post(_one(agg["id"]) + "/retificar", json={"valor_contratado": 1}).status_code == 404
