"""The CIOT lifecycle through the ANTT PEF provider and the local test server: declare (lotação, fracionada),
rectify a fracionada, cancel, close; refusals keep the authority's code and message; the notice to the carrier
is stored, shown and printed."""
import re
from datetime import timedelta

import pytest

from core.clock import brasilia_today
from tests.fixtures.ciot import CONTRATADO_RNTRC, DESTINATARIO_CNPJ, load_op

DECLARE = "DeclaracaoOperacaoTransporte"


def declared(pef):
    [exchange] = pef.server.calls(DECLARE)
    return exchange


def test_a_lotacao_is_declared_with_the_manuals_fields(api, make_operation, pef):
    op = make_operation()
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200, response.get_json()
    data = response.get_json()["data"]
    exchange = declared(pef)
    sent, answer = exchange["request"], exchange["response"]
    assert exchange["cnpj"] == op_company_cnpj(op) and exchange["path"] == "/pefServices/api/" + DECLARE
    assert re.fullmatch(r"\d{12}", sent["IdOperacaoTransporte"]) and sent["TipoOperacao"] == 1
    assert (sent["CpfCnpjContratado"], sent["RNTRCContratado"], sent["ValorFrete"]) == (
        "52998224725", CONTRATADO_RNTRC, "5000.00")
    assert sent["CpfCnpjDestinatario"] == DESTINATARIO_CNPJ and sent["DataInicioViagem"] == (
        brasilia_today() + timedelta(days=1)).isoformat()
    assert sent["Veiculos"] == [{"Placa": "ABC1D23", "RNTRC": CONTRATADO_RNTRC, "NumeroEixos": "3"},
                                {"Placa": "DEF4567", "NumeroEixos": "3"}]
    assert sent["OrigemDestino"] == [{"Origem": {"CodigoMunicipioOrigem": "3550308"},
                                      "Destino": {"CodigoMunicipioDestino": "3304557"}, "DistanciaPercorrida": 430}]
    assert sent["DadosCarga"] == {"CodigoNaturezaCarga": "0001", "PesoCarga": "20000.00", "CodigoTipoCarga": "5"}
    assert sent["InfIndicadoresOperacionais"] == {"IndAltoDesempenho": False, "IndRetornoVazio": False,
                                                  "ComposicaoVeicular": True}
    first, second = sent["InfPagamento"]
    assert (first["TipoPagamento"], first["IndPagamento"], first["CodigoInstituicaoFinanceira"]) == (2, 0, "001")
    assert (second["TipoPagamento"], second["IndPagamento"], second["ChavePix"]) == (6, 1, "52998224725")
    assert second["IdentificadorPix"] == load_op(op.id).payments[1].id.hex  # the transfer's txid, not the key kind
    assert (second["NumeroParcela"], second["ValorParcela"]) == ("1", "3500.00")  # the first a prazo
    assert answer["Codigo"] == "110"
    assert (data["codigo_ciot"], data["codigo_verificador"], data["protocolo"]) == (
        sent["IdOperacaoTransporte"], answer["CodigoVerificador"], answer["Protocolo"])


def op_company_cnpj(op):
    from core.db import db
    from domain.tenancy.models import Company
    return db.session.get(Company, op.company_id).cnpj


def test_the_notice_to_the_carrier_is_stored_shown_and_printed(api, make_operation, pef):
    pef.server.aviso = "Transportador com pendência de vale-pedágio: regularize até 30/12/2026."
    op = make_operation()
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 200
    assert load_op(op.id).aviso_transportador == pef.server.aviso
    record = api.get(f"/ciot/operations/{op.id}").get_json()["data"]
    assert record["aviso_transportador"] == pef.server.aviso
    pdf = api.get(f"/ciot/operations/{op.id}/pdf")
    assert pdf.status_code == 200
    assert "pendência de vale-pedágio" in pdf_text(pdf.data)


def pdf_text(data: bytes) -> str:
    import io

    from pypdf import PdfReader
    return " ".join((page.extract_text() or "") for page in PdfReader(io.BytesIO(data)).pages)


def test_rectify_a_fracionada_then_close(api, make_operation, pef, legacy):
    op = make_operation(status="emitido", tipo_operacao="fracionada")
    fresh = load_op(op.id)
    response = api.post(f"/ciot/operations/{op.id}/retificar", json={"valor_frete": 6000, "peso_carga": 21000})
    assert response.status_code == 200, response.get_json()
    [exchange] = pef.server.calls("RetificacaoOperacaoTransporte")
    assert exchange["request"]["CodigoIdentificacaoOperacao"] == fresh.codigo_ciot + fresh.codigo_verificador
    assert (exchange["request"]["ValorFrete"], exchange["request"]["DadosCarga"]["PesoCarga"]) == (
        "6000.00", "21000.00")
    assert pef.server.declarations[fresh.codigo_ciot].rectifications == 1
    closing = api.post(f"/ciot/operations/{op.id}/encerrar", json={"peso_carga_final": 20500})
    assert closing.status_code == 200, closing.get_json()
    [close] = pef.server.calls("EncerramentoOperacaoTransporte")
    assert close["request"] == {"CodigoIdentificacaoOperacao": fresh.codigo_ciot + fresh.codigo_verificador,
                                "DadosCarga": {"PesoTotalCarga": "20500.00"}}
    assert load_op(op.id).status == "encerrado" and pef.server.declarations[fresh.codigo_ciot].status == "encerrado"


def test_a_rectification_below_the_floor_is_refused_with_the_authoritys_words(api, make_operation, pef, legacy):
    op = make_operation(status="emitido", tipo_operacao="fracionada")
    pef.server.freight_floor = 5500
    response = api.post(f"/ciot/operations/{op.id}/retificar", json={"valor_frete": 5200})
    assert response.status_code == 422
    body = response.get_json()
    assert body["error"]["code"] == "rejected" and body["error"]["mensagem_antt"].startswith("[B80] B80: Valor do")
    fresh = load_op(op.id)
    assert float(fresh.valor_frete) == 5000.0 and fresh.mensagem_antt.startswith("[B80]")


def test_cancel_sends_the_16_digit_identifier(api, make_operation, pef):
    op = make_operation(status="emitido")
    fresh = load_op(op.id)
    response = api.post(f"/ciot/operations/{op.id}/cancel", json={"motivo": "Carga desistida pelo embarcador"})
    assert response.status_code == 200, response.get_json()
    [exchange] = pef.server.calls("CancelamentoOperacaoTransporte")
    assert exchange["request"] == {"CodigoIdentificacaoOperacao": fresh.codigo_ciot + fresh.codigo_verificador,
                                   "MotivoCancelamento": "Carga desistida pelo embarcador"}
    fresh = load_op(op.id)
    assert fresh.status == "cancelado" and fresh.cancel_protocolo == exchange["response"]["Protocolo"]


def test_cancel_of_a_ciot_the_authority_closed_is_refused(api, make_operation, pef):
    op = make_operation(status="emitido")
    pef.server.declarations[load_op(op.id).codigo_ciot].status = "encerrado"
    response = api.post(f"/ciot/operations/{op.id}/cancel", json={"motivo": "Carga desistida pelo embarcador"})
    assert response.status_code == 422
    assert response.get_json()["error"]["mensagem_antt"] == (
        "[B39] B39: Operação de transporte encerrada não pode ser cancelada.")
    assert load_op(op.id).status == "emitido"


@pytest.mark.parametrize("setup,code", [
    (lambda server: server.irregular_rntrcs.update({CONTRATADO_RNTRC: "RNTRC suspenso"}), "B107"),
    (lambda server: server.fleets.update({CONTRATADO_RNTRC: {"ABC1D23"}}), "B20"),
    (lambda server: setattr(server, "freight_floor", 5000.01), "B80"),
])
def test_refusals_only_the_authority_can_make(api, make_operation, pef, setup, code):
    setup(pef.server)
    op = make_operation()
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 422, response.get_json()
    fresh = load_op(op.id)
    assert fresh.status == "rejeitado" and fresh.mensagem_antt.startswith(f"[{code}] {code}:")
    assert response.get_json()["error"]["mensagem_antt"] == fresh.mensagem_antt
    assert declared(pef)["response"]["Codigo"] == code and pef.server.declarations == {}


# --- a contracted ETC declares in its own name, with its own certificate ----------------------------------------

def _etc_body(etc_cnpj, **overrides):
    return dict(contratado_cpf_cnpj=etc_cnpj, contratado_tipo="ETC", contratado_nome="ETC Parceira Ltda",
                **overrides)


def test_a_contracted_etc_with_its_certificate_declares_in_its_name(api, make_operation, make_company, pef):
    from core.db import db
    from domain.tenancy import services as tenancy
    etc = make_company()
    tenancy.update_company(etc, state_registration="123456789")
    db.session.commit()
    pef.install(etc)
    op = make_operation(**_etc_body(etc.cnpj))
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200, response.get_json()
    assert declared(pef)["cnpj"] == etc.cnpj  # the TLS client certificate was the ETC's
    assert load_op(op.id).emitter_company_id == etc.id


def test_a_contracted_etc_without_a_certificate_blocks(api, make_operation, make_company, pef):
    from core.db import db
    from domain.tenancy import services as tenancy
    etc = make_company()
    tenancy.update_company(etc, state_registration="123456789")
    tenancy.set_ciot_credentials(etc, "homolog", {"token": "abc"})  # credentials of another provider do not count
    db.session.commit()
    op = make_operation(status="com_divergencia", **_etc_body(etc.cnpj, destinatario_cpf_cnpj="44555666000181"))
    body = api.post(f"/ciot/operations/{op.id}/emit").get_json()
    assert [d["code"] for d in body["error"]["details"]] == ["EMISSOR_ETC_SEM_CREDENCIAIS"]
    assert pef.server.exchanges == []


def test_without_the_callers_certificate_emission_is_refused_before_anything(api, make_operation, pef, company):
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.ciot.pef.credentials import remove_certificate
    with tenant_scope(company.id):
        remove_certificate()
        db.session.commit()
    op = make_operation()
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 422
    body = response.get_json()
    assert body["reason"] == "missing_credentials" and "Certificado digital A1 não cadastrado" in body["mensagem"]
    assert load_op(op.id).status == "pronto_emissao" and pef.server.exchanges == []


def test_a_refusal_is_on_the_timeline_in_the_authoritys_words(api, make_operation, pef):
    pef.server.irregular_rntrcs[CONTRATADO_RNTRC] = "RNTRC suspenso"
    op = make_operation()
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 422
    events = api.get(f"/ciot/operations/{op.id}").get_json()["data"]["events"]
    rejected = next(event for event in events if event["type"] == "emission_rejected")
    assert rejected["data"]["mensagem_antt"] == (
        f"[B107] B107: Transportador com RNTRC {CONTRATADO_RNTRC} em situação irregular: RNTRC suspenso.")


@pytest.mark.parametrize("tipo,code", [("cartao_pre_pago_ip", 1), ("conta_poupanca", 3), ("conta_pagamento", 4)])
def test_card_and_account_payments(api, make_operation, pef, tipo, code):
    from tests.fixtures.ciot import ciot_body
    payments = ciot_body()["payments"]
    payments[0]["tipo_pagamento"] = tipo
    if tipo == "cartao_pre_pago_ip":
        payments[0]["codigo_pagamento"] = "6062825624254001"
    op = make_operation(payments=payments)
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200, response.get_json()
    first = declared(pef)["request"]["InfPagamento"][0]
    assert (first["TipoPagamento"], first["CodigoInstituicaoFinanceira"], first["NumeroConta"]) == (
        code, "001", "56789-0")
    assert "ChavePix" not in first
    assert first.get("CodigoPagamento") == ("6062825624254001" if code == 1 else None)
