"""TAC agregado contracts through the ANTT PEF provider: the opening is a declaration of type 3, the closing sends
the consolidated routes, the cancellation the 16-digit identifier; a retried closing or cancellation the authority
already has is done, not refused."""

from tests.fixtures.agregado import agregado_body, load_agregado, trip_body

BASE = "/ciot-agregado/operations"
DECLARE = "DeclaracaoOperacaoTransporte"


def test_the_opening_is_a_tac_agregado_declaration(api, make_tac, pef):
    partner = make_tac()
    response = api.post(BASE, json=agregado_body(partner))
    assert response.status_code == 201, response.get_json()
    data = response.get_json()["data"]
    [exchange] = pef.server.calls(DECLARE)
    sent = exchange["request"]
    assert sent["TipoOperacao"] == 3 and sent["RNTRCContratado"] == partner.rntrc
    assert sent["DataFimViagem"] == data["data_prevista_encerramento"] and "DataInicioViagem" not in sent
    assert not {"OrigemDestino", "DadosCarga", "CpfCnpjDestinatario", "InfIndicadoresOperacionais"} & set(sent)
    assert [v["Placa"] for v in sent["Veiculos"]] == ["ABC1D23", "DEF4G56"] and sent["ValorFrete"] == "15000.00"
    assert sent["InfPagamento"] == [{"TipoPagamento": 6, "ChavePix": "joao@exemplo.com.br",
                                     "IdentificadorPix": data["id"].replace("-", ""),  # the payment's txid
                                     "CpfCnpjCreditado": partner.cpf_cnpj, "IndPagamento": 0}]
    assert (data["codigo_ciot"], data["codigo_verificador"]) == (
        sent["IdOperacaoTransporte"], exchange["response"]["CodigoVerificador"])


def test_an_opening_refused_by_the_authority_is_cancelado_with_its_words(api, make_tac, pef):
    partner = make_tac()
    pef.server.fleets[partner.rntrc] = {"ABC1D23"}
    response = api.post(BASE, json=agregado_body(partner))
    assert response.status_code == 422, response.get_json()
    contract = load_agregado(pef_contract_id(api))
    assert contract.status == "cancelado" and contract.mensagem_antt.startswith("[B20] B20: Veículo de placa DEF4G56")


def pef_contract_id(api):
    return api.get(BASE).get_json()["data"][0]["id"]


def test_cancel_then_a_retry_of_the_same_cancellation_is_done(api, make_tac, pef):
    data = api.post(BASE, json=agregado_body(make_tac())).get_json()["data"]
    response = api.post(f"{BASE}/{data['id']}/cancel", json={"motivo": "Contrato desfeito"})
    assert response.status_code == 200, response.get_json()
    [exchange] = pef.server.calls("CancelamentoOperacaoTransporte")
    assert exchange["request"]["CodigoIdentificacaoOperacao"] == data["codigo_ciot"] + data["codigo_verificador"]
    assert load_agregado(data["id"]).status == "cancelado"
    # the same cancellation sent again (its answer lost): the authority says it is already cancelled → done
    from core.db import db
    from domain.ciot.pef.provider import AnttPefProvider
    from domain.ciot.provider import Issuer
    from domain.tenancy.models import Company
    contract = load_agregado(data["id"])
    company = db.session.get(Company, contract.company_id)
    again = AnttPefProvider().cancel_aggregate(contract, Issuer.from_company(company), None, motivo="Contrato desfeito",
                                               idempotency_key="k")
    assert again.ok and "já cancelada" in again.mensagem


def test_close_sends_the_consolidated_routes(api, make_tac, pef):
    data = api.post(BASE, json=agregado_body(make_tac())).get_json()["data"]
    one = f"{BASE}/{data['id']}"
    for _ in range(2):
        assert api.post(one + "/viagens", json=trip_body()).status_code == 201
    response = api.post(one + "/encerrar", json={"peso_carga_final": 24000, "motivo": "Fim do período"})
    assert response.status_code == 200, response.get_json()
    [exchange] = pef.server.calls("EncerramentoOperacaoTransporte")
    sent = exchange["request"]
    assert sent["CodigoIdentificacaoOperacao"] == data["codigo_ciot"] + data["codigo_verificador"]
    [route] = sent["OrigemDestino"]
    assert route["Origem"] == {"CodigoMunicipioOrigem": "3509502"} and route["QtdViagens"] == 2
    assert route["Destino"] == {"CodigoMunicipioDestino": "3303302"} and route["DistanciaPercorrida"] > 0
    assert load_agregado(data["id"]).status == "encerrado"


def test_rectify_value_end_date_and_route_at_the_authority(api, make_tac, pef, legacy):
    from datetime import timedelta

    from core.clock import brasilia_today
    data = api.post(BASE, json=agregado_body(make_tac())).get_json()["data"]
    new_end = brasilia_today() + timedelta(days=20)
    response = api.post(f"{BASE}/{data['id']}/retificar", json={
        "valor_contratado": 16500.5, "data_prevista_encerramento": new_end.isoformat(), "destino_uf": "MG",
        "destino_municipio_nome": "belo horizonte"})
    assert response.status_code == 200, response.get_json()
    [exchange] = pef.server.calls("RetificacaoOperacaoTransporte")
    sent = exchange["request"]
    assert sent["CodigoIdentificacaoOperacao"] == data["codigo_ciot"] + data["codigo_verificador"]
    assert (sent["ValorFrete"], sent["DataFimViagem"]) == ("16500.50", new_end.isoformat())
    [route] = sent["OrigemDestino"]
    assert route["Origem"] == {"CodigoMunicipioOrigem": "3550308"}
    assert route["Destino"] == {"CodigoMunicipioDestino": "3106200"}  # Belo Horizonte
    assert pef.server.declarations[data["codigo_ciot"]].rectifications == 1
    assert response.get_json()["data"]["retificacoes"] == 1


def test_an_aggregate_rectification_the_authority_refuses_changes_nothing(api, make_tac, pef, legacy):
    data = api.post(BASE, json=agregado_body(make_tac())).get_json()["data"]
    pef.server.declarations[data["codigo_ciot"]].status = "encerrado"  # closed at the authority meanwhile
    response = api.post(f"{BASE}/{data['id']}/retificar", json={"valor_contratado": 16000})
    assert response.status_code == 422, response.get_json()
    assert "[B40] B40: Só é possível retificar operação declarada." in response.get_json()["error"]["message"]
    assert float(load_agregado(data["id"]).valor_contratado) == 15000.0
