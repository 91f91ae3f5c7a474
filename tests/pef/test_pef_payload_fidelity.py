"""What we send is what the authority accepts: each case below was once sent in a shape the authority refuses (and
the test server, which checks what it checks, refused it too). Each test sends the body through the PEF provider to
the test server; the cases our own rules must hold back (prepaid card without its data, a plate repeated in the
composition) are held before sending, and the server's refusal of them is shown by sending them anyway."""
import pytest

from core.db import db
from domain.ciot.pef.provider import AnttPefProvider
from domain.ciot.provider import Issuer, ProviderConfigurationError, ProviderUnavailable
from domain.tenancy.models import Company
from tests.fixtures.agregado import agregado_body, load_agregado
from tests.fixtures.ciot import ABSENT, CONTRATADO_CPF, CONTRATANTE_CNPJ, EMITTER_CNPJ, ciot_body, load_op

BASE = "/ciot-agregado/operations"
DECLARE, RECTIFY = "DeclaracaoOperacaoTransporte", "RetificacaoOperacaoTransporte"


def declared(pef):
    [exchange] = pef.server.calls(DECLARE)
    return exchange


def issuer_of(record):
    return Issuer.from_company(db.session.get(Company, record.company_id))


# --- 1. a fracionada's contratante is the declaring company ----------------------------------------------------

def test_a_fracionada_is_declared_by_the_company_with_the_shippers_apart(api, make_operation, pef, company):
    op = make_operation(tipo_operacao="fracionada")
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200, response.get_json()
    exchange = declared(pef)
    sent = exchange["request"]
    assert sent["CpfCnpjContratante"] == company.cnpj == exchange["cnpj"]  # the certificate's holder
    assert "RNTRCContratante" not in sent
    assert sent["DadosCarga"]["ContratantesCargFrac"] == [CONTRATANTE_CNPJ, EMITTER_CNPJ]  # the shippers
    assert exchange["response"]["Codigo"] == "110"


def test_the_server_refuses_a_fracionada_whose_contratante_is_a_shipper(make_operation, pef, company):
    """What the old payload sent (the first shipper as the operation's contratante) is refused."""
    op = load_op(make_operation(tipo_operacao="fracionada").id)
    provider = AnttPefProvider()
    body = _declaration(op, company)
    body["CpfCnpjContratante"] = CONTRATANTE_CNPJ
    body["DadosCarga"]["ContratantesCargFrac"] = [EMITTER_CNPJ]
    answer = provider._transport(op.environment, Issuer.from_company(company)).post(DECLARE, body)
    assert (answer.codigo, answer.ok) == ("B2", False)
    assert "contratante da operação é o declarante" in answer.text("Mensagem")


def _declaration(op, company):
    from domain.ciot.clock import now_local
    from domain.ciot.pef import payloads
    return payloads.operation_declaration(op, Issuer.from_company(company), "123456789012", now_local())


# --- 2. the documented PIX variant: the key at the root reaches every PIX payment ------------------------------

def pix_variant_body():
    body = ciot_body(bank_code=ABSENT, agency=ABSENT, account_number=ABSENT, cpf_cnpj_owner=ABSENT,
                     tipo_pagamento="pix", chave_pix="529.982.247-25")
    for payment in body["payments"]:
        for name in ("banco", "agencia", "conta", "titular_cpf_cnpj", "codigo_pagamento", "tipo_chave_pix"):
            payment.pop(name, None)
        payment["tipo_pagamento"] = "pix"
    return body


def test_the_root_pix_key_goes_on_every_pix_payment(api, make_operation, pef):
    op = make_operation(**pix_variant_body())
    assert load_op(op.id).status == "pronto_emissao"
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200, response.get_json()
    payments = declared(pef)["request"]["InfPagamento"]
    assert [p["TipoPagamento"] for p in payments] == [6, 6]
    assert {p["ChavePix"] for p in payments} == {load_op(op.id).chave_pix} and load_op(op.id).chave_pix
    assert len({p["IdentificadorPix"] for p in payments}) == 2  # each transfer its own identifier


def test_the_server_refuses_a_pix_payment_without_its_key(make_operation, pef, company):
    op = load_op(make_operation(**pix_variant_body()).id)
    body = _declaration(op, company)
    body["InfPagamento"][1].pop("ChavePix")
    answer = AnttPefProvider()._transport(op.environment, Issuer.from_company(company)).post(DECLARE, body)
    assert answer.codigo == "B92" and "ChavePix" in answer.text("Mensagem")


# --- 6. IdentificadorPix identifies the transfer, not the key's kind -------------------------------------------

def test_identificador_pix_is_the_payments_txid(make_operation, pef, company):
    op = load_op(make_operation().id)
    body = _declaration(op, company)
    pix = body["InfPagamento"][1]
    assert pix["IdentificadorPix"] == op.payments[1].id.hex and len(pix["IdentificadorPix"]) == 32
    transport = AnttPefProvider()._transport(op.environment, Issuer.from_company(company))
    pix["IdentificadorPix"] = "1"  # the key's kind, as sent before
    refused = transport.post(DECLARE, body)
    assert refused.codigo == "B92" and "não o tipo da chave" in refused.text("Mensagem")


# --- 6b. B99: a payment carries only its own kind's fields ---------------------------------------------------------

def test_each_payment_with_only_its_kinds_fields_is_accepted(make_operation, pef, company):
    op = load_op(make_operation().id)
    body = _declaration(op, company)
    account, pix = body["InfPagamento"]
    assert (account["TipoPagamento"], pix["TipoPagamento"]) == (2, 6)
    assert "ChavePix" not in account and "NumeroConta" not in pix
    answer = AnttPefProvider()._transport(op.environment, Issuer.from_company(company)).post(DECLARE, body)
    assert answer.codigo == "110", answer.body


def _as_other_form(payment):
    for name in ("CodigoInstituicaoFinanceira", "NumeroAgencia", "NumeroConta"):
        payment.pop(name)
    payment["TipoPagamento"] = 5


@pytest.mark.parametrize(("index", "change", "words"), [
    (0, lambda p: p.update(ChavePix=CONTRATADO_CPF), "Campos de Pix não devem ser informados"),
    (0, lambda p: p.update(IdentificadorPix="a" * 32), "Campos de Pix não devem ser informados"),
    (1, lambda p: p.update(CodigoInstituicaoFinanceira="1", NumeroConta="56789-0"),
     "Campos bancários não devem ser informados"),
    (0, lambda p: (_as_other_form(p), p.update(ChavePix=CONTRATADO_CPF)), "Campos de Pix não devem ser informados"),
    (0, lambda p: (_as_other_form(p), p.update(NumeroConta="56789-0")), "Campos bancários não devem ser informados"),
], ids=["pix-key-on-account", "pix-id-on-account", "bank-on-pix", "pix-key-on-other", "bank-on-other"])
def test_a_field_of_another_payment_kind_is_refused(make_operation, pef, company, index, change, words):
    op = load_op(make_operation().id)
    body = _declaration(op, company)
    change(body["InfPagamento"][index])
    answer = AnttPefProvider()._transport(op.environment, Issuer.from_company(company)).post(DECLARE, body)
    assert answer.codigo == "B99", answer.body
    assert answer.text("Mensagem").startswith(f"B99: {words}") and f"InfPagamento #{index}" in answer.text("Mensagem")
    assert pef.server.declarations == {}


# --- 3. an aggregate paid by prepaid card without institution or card number -----------------------------------

def card(**fields):
    return {"tipo_pagamento": "cartao_pre_pago_ip", **fields}


def test_an_aggregate_card_without_its_data_is_held_not_declared(api, make_tac, pef):
    response = api.post(BASE, json=agregado_body(make_tac(), pagamento=card()))
    assert response.status_code == 201, response.get_json()  # held, not sent: 201 (docs/api/ciot-agregado.md)
    data = response.get_json()["data"]
    contract = load_agregado(data["id"])
    assert [gap["campo"] for gap in contract.bloqueios] == ["pagamento.banco", "pagamento.conta"]
    assert contract.codigo_ciot is None and pef.server.calls(DECLARE) == []
    # sent anyway, the authority refuses it
    answer = AnttPefProvider().declare_aggregate(contract, issuer_of(contract), None, idempotency_key=data["id"])
    assert not answer.ok and answer.mensagem.startswith("[B92] B92: Instituição financeira e conta obrigatórias")


def test_an_aggregate_card_with_institution_and_number_is_declared(api, make_tac, pef):
    response = api.post(BASE, json=agregado_body(make_tac(), pagamento=card(banco="260", conta="5067123412341234")))
    assert response.status_code == 201, response.get_json()
    [payment] = declared(pef)["request"]["InfPagamento"]
    assert (payment["TipoPagamento"], payment["CodigoInstituicaoFinanceira"], payment["NumeroConta"]) == (
        1, "260", "5067123412341234")
    assert "ChavePix" not in payment and "IdentificadorPix" not in payment


# --- 4. the tractor's plate repeated as a trailer -----------------------------------------------------------------

def test_a_plate_repeated_in_the_composition_is_held_not_declared(api, make_tac, pef):
    body = agregado_body(make_tac(), placas_reboques=["ABC1D23"],
                         veiculos=[{"placa": "ABC1D23", "eixos": 3}])
    response = api.post(BASE, json=body)
    assert response.status_code == 201, response.get_json()  # held, not sent: 201 (docs/api/ciot-agregado.md)
    data = response.get_json()["data"]
    contract = load_agregado(data["id"])
    assert [gap["campo"] for gap in contract.bloqueios] == ["placas_reboques[0]"]
    assert "ABC1D23 aparece mais de uma vez" in contract.bloqueios[0]["mensagem"]
    assert pef.server.calls(DECLARE) == []
    answer = AnttPefProvider().declare_aggregate(contract, issuer_of(contract), None, idempotency_key=data["id"])
    assert not answer.ok and answer.mensagem.startswith("[B5] B5: Existe duplicidade de placa")


# --- 5. rectifying an aggregate without a route ---------------------------------------------------------------

def test_rectifying_an_aggregate_without_a_route_asks_for_it_and_sends_nothing(api, make_tac, pef, legacy):
    body = agregado_body(make_tac())
    for name in ("origem_uf", "origem_municipio_nome", "destino_uf", "destino_municipio_nome"):
        body.pop(name)
    data = api.post(BASE, json=body).get_json()["data"]
    assert data["codigo_ciot"], data
    response = api.post(f"{BASE}/{data['id']}/retificar", json={"valor_contratado": 16000})
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["details"][0]["field"] == "origem_municipio_nome" and "regra B64" in error["message"]
    assert pef.server.calls(RECTIFY) == [] and float(load_agregado(data["id"]).valor_contratado) == 15000.0
    # with the route given, it goes
    response = api.post(f"{BASE}/{data['id']}/retificar", json={
        "valor_contratado": 16000, "origem_uf": "SP", "origem_municipio_nome": "Campinas", "destino_uf": "RJ",
        "destino_municipio_nome": "Niterói"})
    assert response.status_code == 200, response.get_json()
    [route] = pef.server.calls(RECTIFY)[0]["request"]["OrigemDestino"]
    assert (route["Origem"], route["Destino"]) == ({"CodigoMunicipioOrigem": "3509502"},
                                                   {"CodigoMunicipioDestino": "3303302"})


def test_the_server_refuses_an_aggregate_rectification_with_an_empty_route(api, make_tac, pef):
    data = api.post(BASE, json=agregado_body(make_tac())).get_json()["data"]
    ciot16 = data["codigo_ciot"] + data["codigo_verificador"]
    contract = load_agregado(data["id"])
    answer = AnttPefProvider()._transport(contract.environment, issuer_of(contract)).post(RECTIFY, {
        "CodigoIdentificacaoOperacao": ciot16, "ValorFrete": "16000.00", "DataFimViagem": "2026-12-20",
        "OrigemDestino": [{"Origem": {}, "Destino": {}}]})
    assert answer.codigo == "B64"


# --- 7. a gateway 401/403 without Codigo is a configuration error --------------------------------------------------

@pytest.mark.parametrize("status", ["401", "403"])
def test_a_refused_client_is_a_configuration_error(make_operation, pef, company, status):
    op = load_op(make_operation().id)
    pef.server.fault(DECLARE, status)
    with pytest.raises(ProviderConfigurationError, match=f"HTTP {status}.*certificado digital A1") as raised:
        AnttPefProvider().emit(op, Issuer.from_company(company), None, idempotency_key=str(op.id))
    assert isinstance(raised.value, ProviderUnavailable)  # nothing was decided
    assert pef.server.declarations == {}


def test_a_503_stays_a_failure_to_ask_again(make_operation, pef, company):
    op = load_op(make_operation().id)
    pef.server.fault(DECLARE, "503")
    with pytest.raises(ProviderUnavailable) as raised:
        AnttPefProvider().emit(op, Issuer.from_company(company), None, idempotency_key=str(op.id))
    assert not isinstance(raised.value, ProviderConfigurationError)


# --- 8. a CIOT recovered through ConsultarCIOTGerado keeps the notice to the carrier ---------------------------------

def test_a_recovered_ciot_keeps_the_notice_to_the_carrier(app, make_operation, pef, company, monkeypatch):
    monkeypatch.setitem(app.config, "CIOT_PEF_TIMEOUT_SECONDS", 0.3)
    pef.server.aviso = "Transportador com pendência de vale-pedágio: regularize até 30/12/2026."
    op = load_op(make_operation().id)
    issuer = Issuer.from_company(company)
    pef.server.fault(DECLARE, "hold")
    with pytest.raises(ProviderUnavailable, match="tempo limite"):
        AnttPefProvider().emit(op, issuer, None, idempotency_key=str(op.id))
    assert pef.server.processed.wait(10)
    pef.server.release()
    result = AnttPefProvider().emit(op, issuer, None, idempotency_key=str(op.id))
    assert result.ok and result.replayed and [x["service"] for x in pef.server.exchanges] == [
        DECLARE, "ConsultarCIOTGerado"]
    assert result.aviso_transportador == pef.server.aviso
    assert pef.server.calls("ConsultarCIOTGerado")[0]["response"]["AvisoTransportador"] == pef.server.aviso


def test_a_recovered_ciot_without_a_notice_has_none(app, make_operation, pef, company, monkeypatch):
    monkeypatch.setitem(app.config, "CIOT_PEF_TIMEOUT_SECONDS", 0.3)
    op = load_op(make_operation().id)
    issuer = Issuer.from_company(company)
    pef.server.fault(DECLARE, "hold")
    with pytest.raises(ProviderUnavailable):
        AnttPefProvider().emit(op, issuer, None, idempotency_key=str(op.id))
    assert pef.server.processed.wait(10)
    pef.server.release()
    result = AnttPefProvider().emit(op, issuer, None, idempotency_key=str(op.id))
    assert result.ok and result.replayed and result.aviso_transportador is None


def test_contratado_cpf_is_the_pix_credit_default(make_operation, pef, company):
    """The PIX variant has no account holder: the payments credit the contratado."""
    op = load_op(make_operation(**pix_variant_body()).id)
    assert {p["CpfCnpjCreditado"] for p in _declaration(op, company)["InfPagamento"]} == {CONTRATADO_CPF}
