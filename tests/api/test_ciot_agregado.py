"""CIOT aggregate contracts through the API: creation rules (modalidade, one open contract per composition,
environment, 30 days, the CIOT code from the simulator), the list and its filters, the record, trips and debits
(numbering, status, cancelling with a reason, the exact balance), cancel (saldo_pendente) and closing (consolidated
routes, refusal). Gapless numbering under 16 concurrent posts runs on PostgreSQL (TEST_DATABASE_URL)."""
import threading
from datetime import date, timedelta

import pytest

from core.clock import brasilia_today
from core.db import db
from tests.fixtures.agregado import (
    agregado_body,
    agregado_events,
    deactivate_at_authority,
    debit_body,
    in_period,
    load_agregado,
    trip_body,
)
from tests.fixtures.ciot import clear_irregular, mark_irregular

BASE = "/ciot-agregado/operations"


def _one(id_):
    return f"{BASE}/{id_}"


# --- creation -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("categoria", ["TAC", "TAC_EQUIPARADO"])
def test_create_opens_a_30_day_contract_declared_at_the_simulator(api, make_tac, categoria):
    partner = make_tac(categoria=categoria)
    response = api.post(BASE, json=agregado_body(partner, placa_cavalo="abc-1d23"))
    assert response.status_code == 201, response.get_json()
    data = response.get_json()["data"]
    assert data["status"] == "aberto" and data["environment"] == "homolog"
    assert data["code"] == "AGR-000001" if categoria == "TAC" else data["code"].startswith("AGR-")
    assert len(data["codigo_ciot"]) == 12 and data["codigo_ciot"].isdigit() and data["protocolo"].startswith("HML")
    opened = date.fromisoformat(data["data_abertura"])
    assert opened == brasilia_today()
    assert date.fromisoformat(data["data_prevista_encerramento"]) == opened + timedelta(days=30)
    assert data["placa_cavalo"] == "ABC1D23" and data["placas_reboques"] == ["DEF4G56"]
    assert data["contratado_categoria"] == categoria and data["contratado_nome"] == partner.legal_name
    assert agregado_events(data["id"]) == ["opening", "opened"]


@pytest.mark.parametrize("categoria", ["ETC", "CTC", None])
def test_create_refuses_carriers_that_are_not_tac(api, make_tac, categoria):
    response = api.post(BASE, json=agregado_body(make_tac(categoria=categoria)))
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "invalid_modalidade"
    assert api.get(BASE).get_json()["data"] == []


def test_an_open_contract_for_the_composition_is_409_with_it_under_data(api, make_tac):
    partner = make_tac()
    first = api.post(BASE, json=agregado_body(partner, placas_reboques=["DEF4G56", "GHI7J89"])).get_json()["data"]
    again = api.post(BASE, json=agregado_body(partner, placas_reboques=["GHI7J89", "DEF4G56"]))
    assert again.status_code == 409
    body = again.get_json()
    assert body["error"]["code"] == "existing_agregado" and body["data"]["id"] == first["id"]
    assert body["data"]["codigo_ciot"] == first["codigo_ciot"]
    # another composition (other trailers, or another tractor) of the same carrier opens its own contract
    assert api.post(BASE, json=agregado_body(partner, placas_reboques=["DEF4G56"])).status_code == 201
    assert api.post(BASE, json=agregado_body(partner, placa_cavalo="XYZ9A87",
                                             placas_reboques=["DEF4G56", "GHI7J89"])).status_code == 201


def test_a_closed_composition_may_open_again(api, make_tac):
    partner = make_tac()
    first = api.post(BASE, json=agregado_body(partner)).get_json()["data"]
    assert api.post(_one(first["id"]) + "/encerrar", json={"peso_carga_final": 1000, "motivo": "Fim do período"}
                    ).status_code == 200
    second = api.post(BASE, json=agregado_body(partner))
    assert second.status_code == 201 and second.get_json()["data"]["id"] != first["id"]


def test_environment_is_the_companys_and_cannot_be_sent(api, make_tac, company):
    from domain.tenancy import services as tenancy
    response = api.post(BASE, json=agregado_body(make_tac(), environment="producao"))
    assert response.get_json()["data"]["environment"] == "homolog"
    tenancy.update_company(company, ciot_environment="producao")
    db.session.commit()
    refused = api.post(BASE, json=agregado_body(make_tac()))
    assert refused.status_code == 422
    assert refused.get_json()["error"]["code"] == "missing_credentials"
    assert company.legal_name in refused.get_json()["error"]["message"]
    assert [row["environment"] for row in api.get(BASE).get_json()["data"]] == ["homolog"]


def test_producao_with_credentials_but_no_provider_is_not_supported(api, make_tac, company):
    from domain.tenancy import services as tenancy
    tenancy.update_company(company, ciot_environment="producao")
    tenancy.set_ciot_credentials(company, "producao", {"usuario": "u", "senha": "s"})
    db.session.commit()
    refused = api.post(BASE, json=agregado_body(make_tac()))
    assert refused.status_code == 422
    error = refused.get_json()["error"]
    assert error["code"] == "not_supported" and "CIOT_PROVIDER_PRODUCAO" in error["message"]
    assert api.get(BASE).get_json()["data"] == []


def test_create_refused_by_the_authority_keeps_it_cancelado_with_the_reason(api, make_tac):
    partner = make_tac()
    mark_irregular(partner.rntrc)
    try:
        response = api.post(BASE, json=agregado_body(partner))
    finally:
        clear_irregular(partner.rntrc)
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "rejected" and "irregular" in error["mensagem_antt"]
    # never declared: kept cancelado with the reason (its AGR number stays on record), the composition free again
    [listed] = api.get(BASE).get_json()["data"]
    assert listed["status"] == "cancelado" and listed["codigo_ciot"] is None and listed["code"] == "AGR-000001"
    assert listed["mensagem_antt"] == error["mensagem_antt"] and listed["cancelado_at"] is not None
    assert agregado_events(listed["id"]) == ["opening", "open_rejected"]
    again = api.post(BASE, json=agregado_body(partner))
    assert again.status_code == 201 and again.get_json()["data"]["code"] == "AGR-000002"


@pytest.mark.parametrize("field, value, named", [
    ("partner_id", "not-a-uuid", "partner_id"), ("placa_cavalo", "12345", "placa_cavalo"),
    ("placas_reboques", ["DEF4G56", "DEF4G56"], "placas_reboques"), ("placas_reboques", ["DEF4G56", "x"],
                                                                     "placas_reboques[1]"),
    ("valor_contratado", -1, "valor_contratado"), ("valor_contratado", 1234567890123, "valor_contratado"),
    ("origem_uf", "XX", "origem_uf"), ("pagamento", {"cpf_cnpj_owner": "123"}, "pagamento.cpf_cnpj_owner"),
    ("destino_municipio_nome", "Cidade Inventada XYZ", "destino_municipio_nome"),
    ("origem_municipio_nome", "Niterói", "origem_municipio_nome"),  # exists, but in RJ, not in origem_uf SP
    ("veiculos", [{"placa": "ZZZ9Z99", "eixos": 3}], "veiculos[0].placa"),  # not in the composition
    ("veiculos", [{"placa": "ABC1D23", "eixos": 5}], "veiculos[0].eixos"),  # a motorised unit has 2 to 4
    ("veiculos", [{"placa": "DEF4G56", "tipo_veiculo": "automotor"}], "veiculos[0].tipo_veiculo"),  # a trailer
    ("veiculos", [{"placa": "ABC1D23", "tipo_veiculo": "implemento"}], "veiculos[0].tipo_veiculo"),
    ("pagamento", {"tipo_pagamento": "pix", "titular_parentesco": "vizinho"}, "pagamento.titular_parentesco"),
])
def test_create_bad_input_is_400_naming_the_field(api, make_tac, field, value, named):
    body = agregado_body(make_tac(), **{field: value})
    if field in ("placa_cavalo", "placas_reboques"):
        body["veiculos"] = []  # the axles of a bad plate would be refused twice
    response = api.post(BASE, json=body)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == "invalid_body" and [d["field"] for d in error["details"]] == [named]
    assert named in error["message"]
    assert api.get(BASE).get_json()["data"] == []


def test_create_municipality_needs_its_uf_and_takes_the_ibge_spelling(api, make_tac):
    response = api.post(BASE, json=agregado_body(make_tac(), origem_uf=None))
    assert response.status_code == 400
    assert [d["field"] for d in response.get_json()["error"]["details"]] == ["origem_uf"]
    created = api.post(BASE, json=agregado_body(make_tac(), origem_municipio_nome="sao  paulo",
                                                destino_municipio_nome="RIO DE JANEIRO"))
    assert created.status_code == 201, created.get_json()
    data = created.get_json()["data"]
    assert (data["origem_municipio_nome"], data["destino_municipio_nome"]) == ("São Paulo", "Rio de Janeiro")


def test_create_with_another_companys_partner_is_404(api, make_tac, make_company):
    response = api.post(BASE, json=agregado_body(make_tac(make_company())))
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "not_found"
    assert response.get_json()["error"]["details"][0]["field"] == "partner_id"


# --- list -----------------------------------------------------------------------------------------------------

def test_list_filters_by_status_partner_and_q(api, make_tac, open_agregado):
    a = open_agregado()
    partner = make_tac()
    b = api.post(BASE, json=agregado_body(partner, placa_cavalo="QWE1R23", placas_reboques=[])).get_json()["data"]
    api.post(_one(b["id"]) + "/encerrar", json={"peso_carga_final": 1, "motivo": "Fim do período"})

    def ids(**query):
        response = api.get(BASE, query_string=query)
        assert response.status_code == 200, response.get_json()
        return [row["id"] for row in response.get_json()["data"]]

    assert ids() == [b["id"], a["id"]]
    assert ids(status="aberto") == [a["id"]] and ids(status="encerrado,cancelado") == [b["id"]]
    assert ids(partner_id=str(partner.id)) == [b["id"]]
    assert ids(q="qwe-1r23") == [b["id"]] and ids(q="DEF4G56") == [a["id"]]
    assert ids(q=a["codigo_ciot"]) == [a["id"]] and ids(q=b["code"]) == [b["id"]] and ids(q="nada") == []
    first = api.get(BASE, query_string={"limit": 1}).get_json()
    assert first["page"]["has_more"] is True
    rest = api.get(BASE, query_string={"limit": 1, "cursor": first["page"]["next_cursor"]}).get_json()
    assert [r["id"] for r in rest["data"]] == [a["id"]] and rest["page"]["has_more"] is False


@pytest.mark.parametrize("query", [{"limit": 201}, {"status": "emitido"}, {"partner_id": "x"}])
def test_list_bad_query_is_400(api, query):
    assert api.get(BASE, query_string=query).status_code == 400


# --- ledger ---------------------------------------------------------------------------------------------------

def test_trips_and_debits_are_numbered_and_the_balance_is_exact(api, open_agregado):
    agg = open_agregado()
    numbers = [api.post(_one(agg["id"]) + "/viagens", json=trip_body(valor=v)).get_json()["data"]["numero_viagem"]
               for v in (0.1, 0.2, 1000.7)]
    assert numbers == [1, 2, 3]
    debit = api.post(_one(agg["id"]) + "/debitos", json=debit_body(valor=0.3))
    assert debit.status_code == 201 and debit.get_json()["data"]["numero_debito"] == 1
    record = api.get(_one(agg["id"])).get_json()
    assert set(record) >= {"agregado", "viagens", "debitos", "saldo"}
    assert record["saldo"] == {"total_creditos": 1001.0, "total_debitos": 0.3, "saldo": 1000.7,
                               "total_vale_pedagio": 0.0}
    assert [t["status"] for t in record["viagens"]] == ["ativa"] * 3 and record["debitos"][0]["status"] == "ativo"
    assert record["viagens"][0]["data_viagem"] == f"{brasilia_today().isoformat()}T08:00:00-03:00"


def test_the_toll_voucher_is_its_own_line_and_never_reduces_the_balance(api, open_agregado):
    """Lei 10.209/2001: the vale-pedágio is the shipper's cost, paid apart from the freight."""
    agg = open_agregado()
    trip = api.post(_one(agg["id"]) + "/viagens", json=trip_body(valor=1000, valor_vale_pedagio=85.40))
    assert trip.status_code == 201 and trip.get_json()["data"]["valor_vale_pedagio"] == 85.4
    api.post(_one(agg["id"]) + "/viagens", json=trip_body(valor=500, valor_vale_pedagio=14.60))
    saldo = api.get(_one(agg["id"])).get_json()["saldo"]
    assert saldo == {"total_creditos": 1500.0, "total_debitos": 0.0, "saldo": 1500.0, "total_vale_pedagio": 100.0}


def test_a_toll_debit_is_refused_saying_why(api, open_agregado):
    agg = open_agregado()
    refused = api.post(_one(agg["id"]) + "/debitos", json=debit_body(tipo="pedagio"))
    assert refused.status_code == 400
    detail = refused.get_json()["error"]["details"][0]
    assert detail["field"] == "tipo" and detail["code"] == "pedagio_do_embarcador"
    assert "Lei 10.209/2001" in detail["message"] and "embarcador" in detail["message"]
    assert api.get(_one(agg["id"])).get_json()["debitos"] == []
    assert api.post(_one(agg["id"]) + "/debitos", json=debit_body(tipo="abastecimento")).status_code == 201


def test_cancelling_a_trip_or_debit_reverses_it_and_is_audited(api, open_agregado):
    agg = open_agregado()
    trip = api.post(_one(agg["id"]) + "/viagens", json=trip_body(valor=500)).get_json()["data"]
    api.post(_one(agg["id"]) + "/viagens", json=trip_body(valor=200))
    debit = api.post(_one(agg["id"]) + "/debitos", json=debit_body(valor=50)).get_json()["data"]
    missing = api.post(f"{_one(agg['id'])}/viagens/{trip['id']}/cancel", json={})
    assert missing.status_code == 400 and missing.get_json()["error"]["details"][0]["field"] == "motivo"
    done = api.post(f"{_one(agg['id'])}/viagens/{trip['id']}/cancel", json={"motivo": "Viagem lançada em dobro"})
    assert done.status_code == 200 and done.get_json()["data"]["status"] == "cancelada"
    assert done.get_json()["data"]["cancel_motivo"] == "Viagem lançada em dobro"
    api.post(f"{_one(agg['id'])}/debitos/{debit['id']}/cancel", json={"motivo": "Valor errado"})
    assert api.get(_one(agg["id"])).get_json()["saldo"] == {"total_creditos": 200.0, "total_debitos": 0.0,
                                                           "saldo": 200.0, "total_vale_pedagio": 0.0}
    again = api.post(f"{_one(agg['id'])}/viagens/{trip['id']}/cancel", json={"motivo": "de novo"})
    assert again.status_code == 422 and again.get_json()["error"]["code"] == "status_invalido"
    assert agregado_events(agg["id"]).count("trip_cancelled") == 1 and "debit_cancelled" in agregado_events(agg["id"])
    # the next trip still takes the next number (cancelled numbers are not reused)
    assert api.post(_one(agg["id"]) + "/viagens", json=trip_body()).get_json()["data"]["numero_viagem"] == 3


def test_a_line_of_another_contract_is_404(api, open_agregado, make_tac):
    a, b = open_agregado(), open_agregado(placa_cavalo="RTY5U67")
    trip = api.post(_one(a["id"]) + "/viagens", json=trip_body()).get_json()["data"]
    response = api.post(f"{_one(b['id'])}/viagens/{trip['id']}/cancel", json={"motivo": "errado"})
    assert response.status_code == 404
    assert api.post(f"{_one(b['id'])}/debitos/{trip['id']}/cancel", json={"motivo": "errado"}).status_code == 404


@pytest.mark.parametrize("field, value", [
    ("valor", 0), ("valor", "abc"), ("expedidor_cpf_cnpj", "11111111111"), ("data_viagem", "ontem"),
    ("destino_uf", "ZZ"), ("recebedor_nome", ""), ("data_viagem", "1990-01-01"), ("data_viagem", "2099-01-01"),
    ("data_viagem", in_period(-1)), ("data_viagem", in_period(31)), ("origem_municipio_nome", "Cidade Inventada XYZ"),
    ("destino_municipio_nome", "Campinas"),  # a municipality of SP, not of destino_uf RJ
])
def test_trip_bad_input_is_400_naming_the_field(api, open_agregado, field, value):
    agg = open_agregado()
    response = api.post(_one(agg["id"]) + "/viagens", json=trip_body(**{field: value}))
    assert response.status_code == 400 and response.get_json()["error"]["details"][0]["field"] == field
    assert api.get(_one(agg["id"])).get_json()["viagens"] == []
    assert load_agregado(agg["id"]).ultimo_numero_viagem == 0


@pytest.mark.parametrize("field, value", [("tipo", "gorjeta"), ("valor", -5), ("motivo", "ab"),
                                          ("valor", 1234567890123), ("data_debito", "1990-01-01"),
                                          ("data_debito", "2099-01-01T10:00:00"), ("data_debito", in_period(31))])
def test_debit_bad_input_is_400_naming_the_field(api, open_agregado, field, value):
    agg = open_agregado()
    response = api.post(_one(agg["id"]) + "/debitos", json=debit_body(**{field: value}))
    assert response.status_code == 400 and response.get_json()["error"]["details"][0]["field"] == field


def test_lines_on_the_first_and_last_day_of_the_period_are_taken(api, open_agregado):
    agg = open_agregado()
    one = _one(agg["id"])
    first = api.post(one + "/viagens", json=trip_body(data_viagem=in_period(0, "00:00:00")))
    last = api.post(one + "/viagens", json=trip_body(data_viagem=in_period(30, "23:59:59"), origem_uf="sp",
                                                     origem_municipio_nome="campinas"))
    assert (first.status_code, last.status_code) == (201, 201), last.get_json()
    assert last.get_json()["data"]["origem_municipio_nome"] == "Campinas"
    assert api.post(one + "/debitos", json=debit_body(data_debito=in_period(30))).status_code == 201
    assert api.post(one + "/debitos", json=debit_body(data_debito=None)).status_code == 201  # now: in the period
    # an offset is converted to Brasília before the check: 02:59Z on day 31 is still day 30 in Brasília
    late = api.post(one + "/viagens", json=trip_body(data_viagem=in_period(31, "02:59:00Z")))
    assert late.status_code == 201, late.get_json()
    assert api.post(one + "/viagens", json=trip_body(data_viagem=in_period(31, "03:00:00Z"))).status_code == 400


@pytest.mark.parametrize("path, body", [("/viagens", trip_body()), ("/debitos", debit_body())])
def test_lines_refused_once_the_period_is_over_even_if_still_aberto(api, open_agregado, path, body):
    """The expiry job closes a due contract; if its closing was refused (or has not run yet) the contract stays
    aberto, but takes nothing more: 422 status_invalido naming the due date."""
    agg = open_agregado()
    contract = load_agregado(agg["id"])
    contract.data_abertura -= timedelta(days=31)
    contract.data_prevista_encerramento -= timedelta(days=31)
    db.session.commit()
    response = api.post(_one(agg["id"]) + path, json=body | {"data_viagem": in_period(-31),
                                                             "data_debito": in_period(-31)})
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == "status_invalido" and error["status"] == "aberto"
    assert error["data_prevista_encerramento"] == (brasilia_today() - timedelta(days=1)).isoformat()
    assert load_agregado(agg["id"]).ultimo_numero_viagem == 0 and load_agregado(agg["id"]).ultimo_numero_debito == 0
    # on its last day (the due date) the contract still takes lines
    contract = load_agregado(agg["id"])
    contract.data_prevista_encerramento += timedelta(days=1)
    db.session.commit()
    assert api.post(_one(agg["id"]) + path, json=body).status_code == 201


@pytest.mark.parametrize("path, body", [("/viagens", trip_body()), ("/debitos", debit_body())])
def test_lines_only_while_aberto(api, open_agregado, path, body):
    agg = open_agregado()
    assert api.post(_one(agg["id"]) + path, json=body).status_code == 201
    api.post(_one(agg["id"]) + "/encerrar", json={"peso_carga_final": 10, "motivo": "Fim do período"})
    response = api.post(_one(agg["id"]) + path, json=body)
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "status_invalido"
    assert response.get_json()["error"]["status"] == "encerrado"


def test_16_concurrent_trip_posts_get_1_to_16_without_gap(app, api, open_agregado):
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("row locks are what is tested: PostgreSQL only (TEST_DATABASE_URL)")
    agg = open_agregado()
    barrier, responses, lock = threading.Barrier(16, timeout=60), [], threading.Lock()

    def call(i):
        barrier.wait()
        response = api.post(_one(agg["id"]) + "/viagens", json=trip_body(valor=10 + i))
        with lock:
            responses.append(response)

    threads = [threading.Thread(target=call, args=(i,), daemon=True) for i in range(16)]
    [t.start() for t in threads]
    [t.join(120) for t in threads]
    assert [r.status_code for r in responses] == [201] * 16, [r.get_json() for r in responses]
    numbers = sorted(r.get_json()["data"]["numero_viagem"] for r in responses)
    assert numbers == list(range(1, 17))
    record = api.get(_one(agg["id"])).get_json()
    assert record["saldo"]["total_creditos"] == sum(10 + i for i in range(16))


# --- cancel ---------------------------------------------------------------------------------------------------

def test_cancel_needs_every_line_cancelled(api, open_agregado):
    agg = open_agregado()
    trip = api.post(_one(agg["id"]) + "/viagens", json=trip_body()).get_json()["data"]
    debit = api.post(_one(agg["id"]) + "/debitos", json=debit_body()).get_json()["data"]
    blocked = api.post(_one(agg["id"]) + "/cancel", json={})
    assert blocked.status_code == 422
    error = blocked.get_json()["error"]
    assert error["code"] == "saldo_pendente" and error["viagens_ativas"] == 1 and error["debitos_ativos"] == 1
    api.post(f"{_one(agg['id'])}/viagens/{trip['id']}/cancel", json={"motivo": "Desistência"})
    assert api.post(_one(agg["id"]) + "/cancel", json={}).get_json()["error"]["code"] == "saldo_pendente"
    api.post(f"{_one(agg['id'])}/debitos/{debit['id']}/cancel", json={"motivo": "Desistência"})
    done = api.post(_one(agg["id"]) + "/cancel", json={"motivo": "Contrato desfeito"})
    assert done.status_code == 200 and done.get_json()["data"]["status"] == "cancelado"
    assert done.get_json()["data"]["cancel_motivo"] == "Contrato desfeito"
    again = api.post(_one(agg["id"]) + "/cancel", json={})
    assert again.status_code == 422 and again.get_json()["error"]["code"] == "status_invalido"


@pytest.mark.parametrize("motivo", ["ab", "  ab  ", "x" * 501, ""])
def test_cancel_motivo_when_given_is_3_to_500_characters(api, open_agregado, motivo):
    agg = open_agregado()
    response = api.post(_one(agg["id"]) + "/cancel", json={"motivo": motivo})
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["details"][0]["field"] == "motivo"
    assert load_agregado(agg["id"]).status == "aberto" and agregado_events(agg["id"]) == ["opening", "opened"]


def test_cancel_without_motivo_sends_and_records_the_standard_reason(api, open_agregado, authority, monkeypatch):
    agg = open_agregado()
    sent, original = [], authority.cancel_aggregate

    def spy(self, contract, issuer, credentials, *, motivo, idempotency_key):
        sent.append(motivo)
        return original(self, contract, issuer, credentials, motivo=motivo, idempotency_key=idempotency_key)
    monkeypatch.setattr(authority, "cancel_aggregate", spy)
    done = api.post(_one(agg["id"]) + "/cancel", json={})
    assert done.status_code == 200 and done.get_json()["data"]["status"] == "cancelado"
    assert sent == ["Cancelamento do contrato de agregado."]
    assert done.get_json()["data"]["cancel_motivo"] == "Cancelamento do contrato de agregado."
    exact = api.post(_one(open_agregado(placa_cavalo="QWE1R23")["id"]) + "/cancel", json={"motivo": "abc"})
    assert exact.status_code == 200 and exact.get_json()["data"]["cancel_motivo"] == "abc"


def test_cancel_refused_by_the_authority_stays_aberto_with_the_reason(api, open_agregado):
    agg = open_agregado()
    deactivate_at_authority(agg["id"])
    refused = api.post(_one(agg["id"]) + "/cancel", json={"motivo": "Contrato desfeito"})
    assert refused.status_code == 422
    error = refused.get_json()["error"]
    assert error["code"] == "rejected" and error["status"] == "aberto"
    assert "não está ativo" in error["mensagem_antt"]
    assert error["message"].startswith("Cancelamento rejeitado pela ANTT")
    contract = load_agregado(agg["id"])
    assert contract.status == "aberto" and contract.mensagem_antt == error["mensagem_antt"]
    assert contract.cancel_motivo is None and contract.cancelado_at is None
    assert agregado_events(agg["id"])[-2:] == ["cancelling", "cancel_rejected"]
    # aberto again, nothing pending: it takes lines, and a cancellation the authority accepts goes through
    assert api.post(_one(agg["id"]) + "/viagens", json=trip_body()).status_code == 201
    assert api.get(_one(agg["id"])).get_json()["agregado"]["mensagem_antt"] == error["mensagem_antt"]


def test_a_refusal_without_a_reason_still_reads_as_refused(api, open_agregado, authority, monkeypatch):
    # The authority may refuse without a message: the contract keeps a stand-in reason, so the answer is the 422
    # refusal (the request settled by the after-commit job is read back by its reason), never a 200 still aberto.
    from domain.ciot.provider import ActionResult
    from domain.ciot_agregado.authority import REFUSED_WITHOUT_REASON
    agg = open_agregado()
    monkeypatch.setattr(authority, "cancel_aggregate",
                        lambda self, *args, **kwargs: ActionResult(ok=False, rejected=True, mensagem=None))
    refused = api.post(_one(agg["id"]) + "/cancel", json={"motivo": "Contrato desfeito"})
    assert refused.status_code == 422, refused.get_json()
    assert refused.get_json()["error"]["mensagem_antt"] == REFUSED_WITHOUT_REASON
    contract = load_agregado(agg["id"])
    assert contract.status == "aberto" and contract.mensagem_antt == REFUSED_WITHOUT_REASON


def test_a_cancellation_the_authority_accepts_clears_an_earlier_refusal(api, open_agregado):
    agg = open_agregado()
    deactivate_at_authority(agg["id"])
    assert api.post(_one(agg["id"]) + "/cancel", json={}).status_code == 422
    deactivate_at_authority(agg["id"], active=True)
    done = api.post(_one(agg["id"]) + "/cancel", json={"motivo": "Desistência"})
    assert done.status_code == 200, done.get_json()
    data = done.get_json()["data"]
    assert data["status"] == "cancelado" and data["mensagem_antt"] is None and data["cancel_motivo"] == "Desistência"
    assert agregado_events(agg["id"])[-2:] == ["cancelling", "cancelled"]


# --- closing --------------------------------------------------------------------------------------------------

def test_encerrar_consolidates_routes_of_active_trips(api, open_agregado):
    agg = open_agregado()
    one = _one(agg["id"])
    api.post(one + "/viagens", json=trip_body(valor=100.05, peso_carga=1000))
    api.post(one + "/viagens", json=trip_body(valor=200.10, peso_carga=2000.5))
    cancelled = api.post(one + "/viagens", json=trip_body(valor=999)).get_json()["data"]
    api.post(f"{one}/viagens/{cancelled['id']}/cancel", json={"motivo": "Não realizada"})
    api.post(one + "/viagens", json=trip_body(origem_municipio_nome="Santos", valor=50, peso_carga=None))
    response = api.post(one + "/encerrar", json={"peso_carga_final": 3000.5, "motivo": "Fim do período"})
    assert response.status_code == 200, response.get_json()
    record = response.get_json()
    assert record["agregado"]["status"] == "encerrado" and record["agregado"]["encerramento_motivo"] == "Fim do período"
    assert record["agregado"]["peso_carga_final"] == 3000.5
    routes = {(r["origem_municipio_nome"], r["destino_municipio_nome"]): r for r in record["rotas_consolidadas"]}
    assert routes[("Campinas", "Niterói")]["quantidade_viagens"] == 2
    assert routes[("Campinas", "Niterói")]["valor_total"] == 300.15
    assert routes[("Campinas", "Niterói")]["peso_total"] == 3000.5
    assert routes[("Santos", "Niterói")] | {} == {**routes[("Santos", "Niterói")], "quantidade_viagens": 1,
                                                 "valor_total": 50.0, "peso_total": 0.0}
    # IBGE codes and the distance, computed between the seats when no trip gave it (domain.geo.distance)
    campinas = routes[("Campinas", "Niterói")]
    assert (campinas["origem_codigo_ibge"], campinas["destino_codigo_ibge"]) == ("3509502", "3303302")
    assert campinas["distancia_km"] == 527.7 and campinas["distancia_metodo"] == "estimada"
    assert agregado_events(agg["id"])[-2:] == ["closing", "closed"]
    again = api.post(one + "/encerrar", json={"peso_carga_final": 1, "motivo": "de novo"})
    assert again.status_code == 422 and again.get_json()["error"]["code"] == "status_invalido"


def test_routes_take_the_distance_the_trips_gave_and_sum_the_toll_vouchers(api, open_agregado):
    agg = open_agregado()
    one = _one(agg["id"])
    by_code = trip_body(origem_codigo_ibge="3509502", destino_codigo_ibge="3303302", distancia_km=512.4,
                        valor_vale_pedagio=80)
    for side in ("origem", "destino"):
        del by_code[f"{side}_uf"], by_code[f"{side}_municipio_nome"]
    assert api.post(one + "/viagens", json=by_code).status_code == 201
    assert api.post(one + "/viagens", json=trip_body(valor_vale_pedagio=20.5)).status_code == 201
    record = api.post(one + "/encerrar", json={"peso_carga_final": 24000, "motivo": "Fim do período"}).get_json()
    [route] = record["rotas_consolidadas"]
    assert route["quantidade_viagens"] == 2 and route["peso_total"] == 24000.0
    assert route["distancia_km"] == 512.4 and route["distancia_metodo"] == "informada"
    assert route["valor_vale_pedagio_total"] == 100.5 and record["saldo"]["saldo"] == 2000.2  # tolls not in it


def test_a_route_whose_distance_cannot_be_computed_refuses_the_closing_before_anything(api, open_agregado):
    """Boa Esperança do Norte/MT (installed in 2025) has no seat coordinates in the shipped data, and a trip inside
    Campinas has no seat-to-seat
    distance: the trips are taken, and the closing asks for those routes' distances (422 naming the route) before
    anything changes; given in `rotas`, it closes with them."""
    agg = open_agregado()
    one = _one(agg["id"])
    far = trip_body(origem_uf="MT", origem_municipio_nome="Boa Esperança do Norte")
    assert api.post(one + "/viagens", json=far).status_code == 201
    inside = trip_body(destino_uf="SP", destino_municipio_nome="Campinas")
    assert api.post(one + "/viagens", json=inside).status_code == 201
    response = api.post(one + "/encerrar", json={"peso_carga_final": 1, "motivo": "Fim do período"})
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "distancia_indisponivel"
    assert response.get_json()["error"]["origem_codigo_ibge"] == "5101837"
    assert load_agregado(agg["id"]).status == "aberto" and agregado_events(agg["id"])[-1] == "trip_added"
    half = api.post(one + "/encerrar", json={"peso_carga_final": 1, "motivo": "Fim do período", "rotas": [
        {"origem_codigo_ibge": "5101837", "destino_codigo_ibge": "3303302", "distancia_km": 830}]})
    assert half.status_code == 422 and half.get_json()["error"]["origem_codigo_ibge"] == "3509502"
    closed = api.post(one + "/encerrar", json={"peso_carga_final": 1, "motivo": "Fim do período", "rotas": [
        {"origem_codigo_ibge": "5101837", "destino_codigo_ibge": "3303302", "distancia_km": 830},
        {"origem_codigo_ibge": "3509502", "destino_codigo_ibge": "3509502", "distancia_km": 18.5}]})
    assert closed.status_code == 200, closed.get_json()
    routes = {r["origem_municipio_nome"] + ">" + r["destino_municipio_nome"]: r
              for r in closed.get_json()["rotas_consolidadas"]}
    assert routes["Boa Esperança do Norte>Niterói"]["distancia_km"] == 830.0
    assert routes["Campinas>Campinas"]["distancia_km"] == 18.5
    assert routes["Campinas>Campinas"]["distancia_metodo"] == "informada"


@pytest.mark.parametrize("overrides, field, code", [
    ({"origem_uf": None, "origem_municipio_nome": "Bom Jesus"}, "origem_municipio_nome", "ambiguous_municipality"),
    ({"origem_codigo_ibge": "1234567"}, "origem_codigo_ibge", "unknown_municipality"),
    ({"origem_codigo_ibge": "3303302"}, "origem_codigo_ibge", "municipality_mismatch"),  # Niterói, not Campinas
    ({"destino_uf": None, "destino_municipio_nome": None}, "destino_municipio_nome", "required"),
])
def test_trip_places_are_ibge_municipalities(api, open_agregado, overrides, field, code):
    agg = open_agregado()
    body = {k: v for k, v in {**trip_body(), **overrides}.items() if v is not None}
    response = api.post(_one(agg["id"]) + "/viagens", json=body)
    assert response.status_code == 400, response.get_json()
    detail = response.get_json()["error"]["details"][0]
    assert (detail["field"], detail["code"]) == (field, code)
    assert load_agregado(agg["id"]).ultimo_numero_viagem == 0


def test_a_trip_by_code_or_by_a_name_only_one_municipality_has(api, open_agregado):
    agg = open_agregado()
    by_name = {k: v for k, v in trip_body(origem_uf=None, origem_municipio_nome="campinas").items() if v is not None}
    trip = api.post(_one(agg["id"]) + "/viagens", json=by_name).get_json()["data"]
    assert (trip["origem_codigo_ibge"], trip["origem_municipio_nome"], trip["origem_uf"]) == ("3509502", "Campinas",
                                                                                             "SP")
    assert trip["destino_codigo_ibge"] == "3303302" and trip["distancia_km"] is None
    inside = api.post(_one(agg["id"]) + "/viagens", json=trip_body(destino_uf="SP", destino_municipio_nome="Campinas",
                                                                     distancia_km=18.5))
    assert inside.status_code == 201 and inside.get_json()["data"]["distancia_km"] == 18.5


def test_encerrar_refused_by_the_authority_stays_aberto_with_the_reason(api, make_tac):
    partner = make_tac()
    agg = api.post(BASE, json=agregado_body(partner)).get_json()["data"]
    mark_irregular(partner.rntrc)
    try:
        response = api.post(_one(agg["id"]) + "/encerrar", json={"peso_carga_final": 10, "motivo": "Fim do período"})
    finally:
        clear_irregular(partner.rntrc)
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "rejected" and error["status"] == "aberto" and "irregular" in error["mensagem_antt"]
    contract = load_agregado(agg["id"])
    assert contract.status == "aberto" and "irregular" in contract.mensagem_antt
    assert agregado_events(agg["id"])[-1] == "close_rejected"
    # once the carrier is regular again the closing goes through and clears the message
    ok = api.post(_one(agg["id"]) + "/encerrar", json={"peso_carga_final": 10, "motivo": "Fim do período"})
    assert ok.status_code == 200 and ok.get_json()["agregado"]["mensagem_antt"] is None


@pytest.mark.parametrize("body, field", [({"motivo": "Fim do período"}, "peso_carga_final"),
                                         ({"peso_carga_final": 10}, "motivo"),
                                         ({"peso_carga_final": -1, "motivo": "Fim"}, "peso_carga_final")])
def test_encerrar_bad_input_is_400(api, open_agregado, body, field):
    agg = open_agregado()
    response = api.post(_one(agg["id"]) + "/encerrar", json=body)
    assert response.status_code == 400 and response.get_json()["error"]["details"][0]["field"] == field
    assert load_agregado(agg["id"]).status == "aberto"


def test_read_scope_cannot_write(make_api, company, open_agregado):
    agg = open_agregado()
    reader = make_api(company, scopes=("read",))
    assert reader.get(_one(agg["id"])).status_code == 200
    assert reader.post(_one(agg["id"]) + "/viagens", json=trip_body()).status_code == 403
