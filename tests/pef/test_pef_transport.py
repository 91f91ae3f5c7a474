"""The consultations and the mutual TLS: ConsultarSituacaoTransportador, ConsultarFrotaTransportador,
ConsultarExcecao through the provider; a client certificate the server does not trust (another CA, expired) or
no certificate at all is refused at the handshake, and that is a technical failure (ProviderUnavailable)."""
import ssl

import pytest

from domain.ciot.pef.certificates import client_context, read_pkcs12
from domain.ciot.pef.provider import AnttPefProvider
from domain.ciot.pef.settings import pef_settings
from domain.ciot.pef.transport import PefTransport
from domain.ciot.provider import Issuer, ProviderUnavailable
from tests.fixtures import pef_pki
from tests.fixtures.ciot import CONTRATADO_CPF, CONTRATADO_RNTRC
from tests.pef.conftest import PASSWORD


def issuer(company):
    return Issuer.from_company(company)


def test_carrier_situation(app, company, pef):
    provider = AnttPefProvider()
    answer = provider.consult_carrier("homolog", issuer(company), cpf_cnpj=CONTRATADO_CPF, rntrc=CONTRATADO_RNTRC)
    assert answer == {"ok": True, "ativo": True, "tipo": "TAC", "equiparado_tac": False,
                      "nome": "TRANSPORTADOR TESTE", "mensagem": "Consulta realizada com sucesso!"}
    [exchange] = pef.server.exchanges
    assert exchange["request"] == {"CpfCnpjInteressado": company.cnpj, "CpfCnpjTransportador": CONTRATADO_CPF,
                                   "RNTRCTransportador": CONTRATADO_RNTRC}
    pef.server.irregular_rntrcs[CONTRATADO_RNTRC] = "suspenso"
    assert provider.consult_carrier("homolog", issuer(company), cpf_cnpj=CONTRATADO_CPF,
                                    rntrc=CONTRATADO_RNTRC)["ativo"] is False


def test_carrier_situation_refused_keeps_the_authoritys_words(app, company, pef):
    answer = AnttPefProvider().consult_carrier("homolog", issuer(company), cpf_cnpj=CONTRATADO_CPF, rntrc="12")
    assert answer == {"ok": False, "mensagem": "[B60] B60: RNTRCTransportador deve ter 9 dígitos."}


def test_fleet_ownership(app, company, pef):
    pef.server.fleets[CONTRATADO_RNTRC] = {"ABC1D23"}
    answer = AnttPefProvider().consult_fleet("homolog", issuer(company), cpf_cnpj=CONTRATADO_CPF,
                                             rntrc=CONTRATADO_RNTRC, plates=["ABC1D23", "DEF4567"])
    assert answer["ok"] and answer["placas"] == {"ABC1D23": True, "DEF4567": False}
    # the manual writes the flag as text: "false" must not read as true
    assert pef.server.exchanges[0]["response"]["Frota"][1]["SituacaoVeiculoFrotaTransportador"] == "false"


def test_exception_list_is_a_get(app, company, pef):
    pef.server.exceptions.add(CONTRATADO_CPF)
    answer = AnttPefProvider().consult_exception("homolog", issuer(company), cpf_cnpj=CONTRATADO_CPF)
    assert answer == {"ok": True, "na_lista": True, "mensagem": "Consulta realizada com sucesso!"}
    assert pef.server.exchanges[0]["method"] == "GET"
    other = AnttPefProvider().consult_exception("homolog", issuer(company), cpf_cnpj="11144477735")
    assert other["na_lista"] is False


def transport_with(app, pef, key, cert):
    client = read_pkcs12(pef_pki.pfx(key, cert, PASSWORD), PASSWORD)
    settings = pef_settings(app.config, "homolog")
    return PefTransport(settings, client_context(client, ca_file=settings.ca_file))


def consult(transport, cnpj="11222333000181"):
    return transport.post("ConsultarSituacaoTransportador", {
        "CpfCnpjInteressado": cnpj, "CpfCnpjTransportador": CONTRATADO_CPF,
        "RNTRCTransportador": CONTRATADO_RNTRC})


def test_a_trusted_client_certificate_is_accepted(app, company, pef):
    key, cert = pef_pki.a1_certificate(pef.authority, company.cnpj)
    assert consult(transport_with(app, pef, key, cert), company.cnpj).ok
    refused = consult(transport_with(app, pef, key, cert))  # asking in another company's name
    assert not refused.ok and refused.authority_message == "[B2] B2: CpfCnpjInteressado difere do certificado."


def test_a_certificate_from_another_authority_is_refused_at_the_handshake(app, company, pef):
    key, cert = pef_pki.a1_certificate(pef_pki.make_authority("AC Desconhecida"), company.cnpj)
    with pytest.raises(ProviderUnavailable, match="TLS mútuo"):
        consult(transport_with(app, pef, key, cert))
    assert pef.server.exchanges == []


def test_an_expired_certificate_is_refused_at_the_handshake(app, company, pef):
    key, cert = pef_pki.a1_certificate(pef.authority, company.cnpj, expired=True)
    with pytest.raises(ProviderUnavailable, match="TLS mútuo"):
        consult(transport_with(app, pef, key, cert))
    assert pef.server.exchanges == []


def test_no_client_certificate_is_refused(app, pef):
    settings = pef_settings(app.config, "homolog")
    context = ssl.create_default_context(cafile=settings.ca_file)
    with pytest.raises(ProviderUnavailable):
        consult(PefTransport(settings, context))
    assert pef.server.exchanges == []


def test_a_server_outside_the_configured_trust_is_refused(app, company, pef, monkeypatch, tmp_path):
    other = tmp_path / "other-ca.pem"
    other.write_bytes(pef_pki.make_authority("AC Outra").pem)
    monkeypatch.setitem(app.config, "CIOT_PEF_CA_BUNDLE", str(other))
    with pytest.raises(ProviderUnavailable, match="TLS mútuo"):
        AnttPefProvider().consult_carrier("homolog", issuer(company), cpf_cnpj=CONTRATADO_CPF, rntrc=CONTRATADO_RNTRC)


def test_an_unreachable_service_is_a_technical_failure(app, company, pef, monkeypatch):
    from tests.fixtures.providers import free_port
    monkeypatch.setitem(app.config, "CIOT_PEF_URL_HOMOLOG", f"https://127.0.0.1:{free_port()}/pefServices")
    with pytest.raises(ProviderUnavailable, match="falha de conexão"):
        AnttPefProvider().consult_carrier("homolog", issuer(company), cpf_cnpj=CONTRATADO_CPF, rntrc=CONTRATADO_RNTRC)
