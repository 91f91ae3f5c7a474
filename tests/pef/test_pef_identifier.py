"""The IdOperacaoTransporte from the authority: with only environment variables (the service URL, its CA, the
certificate uploaded on the integrations page, no generator of our own) the identifier is asked of the ANTT's
GerarIdOperacaoTransporte in the company's name, committed before the declaration goes, reused by a retry; the
authority issues up to 12 digits and such a CIOT is declared, shown and cancelled."""
import io
import re

import pytest
import sqlalchemy as sa

from core.config import load_config
from core.db import db
from core.tenancy import tenant_scope
from domain.ciot import protocol_job
from domain.ciot.jobs import ask_authority as emit_operation
from domain.ciot.models import EmissionAttempt, PefDeclaration
from domain.ciot.provider import ProviderConfigurationError, ProviderUnavailable
from tests.fixtures.ciot import load_op
from tests.fixtures.pef_server import PASSWORD, PefSetup
from tests.web.test_cadastros_helpers import post

GENERATE, DECLARE, CONSULT = "GerarIdOperacaoTransporte", "DeclaracaoOperacaoTransporte", "ConsultarCIOTGerado"


@pytest.fixture
def from_the_environment(app, pef_server, pef_authority, monkeypatch):
    """The app configured as an operator would: environment variables read by core/config.py, nothing else (no
    CIOT_PEF_ID_GENERATOR); the server issues only its own identifiers, of 9 digits."""
    environment = {"CIOT_PROVIDER_HOMOLOG": "antt_pef", "CIOT_PEF_URL_HOMOLOG": pef_server.url,
                   "CIOT_PEF_CA_BUNDLE": pef_server.ca_file, "CIOT_PEF_TIMEOUT_SECONDS": "5"}
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("CIOT_PEF_ID_GENERATOR", raising=False)
    for name, value in load_config().items():
        if name.startswith("CIOT_P"):
            monkeypatch.setitem(app.config, name, value)
    pef_server.only_issued_ids, pef_server.id_digits = True, 9
    return PefSetup(pef_server, pef_authority)


def upload_certificate(login, make_user, company, setup):
    admin = login(make_user(company, role="admin"))
    response = post(admin, "/admin/integracoes/certificado", {
        "certificado": (io.BytesIO(setup.pfx_for(company.cnpj, legacy=True)), "empresa.pfx"), "senha": PASSWORD},
        htmx=False, content_type="multipart/form-data")
    assert response.status_code == 302


def test_a_company_declares_end_to_end_from_the_environment_alone(api, login, make_user, company, make_operation,
                                                                  from_the_environment):
    upload_certificate(login, make_user, company, from_the_environment)
    server = from_the_environment.server
    op = make_operation()
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200, response.get_json()
    generated, declared = server.exchanges
    assert (generated["service"], generated["request"], generated["cnpj"]) == (GENERATE, {"CpfCnpj": company.cnpj},
                                                                              company.cnpj)
    issued = generated["response"]["IdOperacaoTransporte"]
    assert re.fullmatch(r"\d{1,9}", issued) and declared["request"]["IdOperacaoTransporte"] == issued
    data = response.get_json()["data"]
    assert (data["status"], data["codigo_ciot"]) == ("emitido", issued)
    assert api.get(f"/ciot/operations/{op.id}").get_json()["data"]["codigo_ciot"] == issued
    cancel = api.post(f"/ciot/operations/{op.id}/cancel", json={"motivo": "Carga desistida pelo embarcador"})
    assert cancel.status_code == 200, cancel.get_json()
    assert server.calls("CancelamentoOperacaoTransporte")[0]["request"]["CodigoIdentificacaoOperacao"] == (
        issued + data["codigo_verificador"])
    assert server.declarations[issued].status == "cancelado"


def test_an_identifier_the_authority_did_not_issue_is_refused(api, make_operation, pef):
    """The server's check behind the test above: the test double's identifier is not the authority's."""
    pef.server.only_issued_ids = True
    op = make_operation()
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 422
    assert load_op(op.id).mensagem_antt.startswith("[B24] B24: IdOperacaoTransporte não foi gerado pela ANTT")


def declare_with_identifier(op, company, id_operacao):
    """The operation's declaration carrying `id_operacao`, sent under the company's certificate."""
    from domain.ciot.clock import now_local
    from domain.ciot.pef import payloads
    from domain.ciot.pef.provider import AnttPefProvider
    from domain.ciot.provider import Issuer
    issuer = Issuer.from_company(company)
    body = payloads.operation_declaration(op, issuer, id_operacao, now_local())
    return AnttPefProvider()._transport(op.environment, issuer).post(DECLARE, body)


def issued_to(company, environment) -> str:
    """An identifier the server issues through GerarIdOperacaoTransporte to the company (its own certificate)."""
    from domain.ciot.pef.provider import AnttPefProvider
    from domain.ciot.provider import Issuer
    answer = AnttPefProvider()._transport(environment, Issuer.from_company(company)).post(
        GENERATE, {"CpfCnpj": company.cnpj})
    assert answer.codigo == "110", answer.body
    return answer.body["IdOperacaoTransporte"]


def test_an_identifier_issued_to_another_declarant_is_refused(make_operation, make_company, pef, company):
    """B24, its other half: an identifier the authority issued is declared only by the company it was issued to."""
    other = make_company()
    pef.install(other)
    op = load_op(make_operation().id)
    theirs, ours = issued_to(other, op.environment), issued_to(company, op.environment)
    refused = declare_with_identifier(op, company, theirs)
    assert (refused.codigo, refused.text("Mensagem")) == (
        "B24", "B24: IdOperacaoTransporte gerado para outro declarante.")
    assert theirs not in pef.server.declarations
    accepted = declare_with_identifier(op, company, ours)  # the same declaration with its own identifier
    assert accepted.codigo == "110", accepted.body
    assert pef.server.declarations[ours].contratado == op.contratado_cpf_cnpj


def attempt_of(op_id):
    from core.tenancy import cross_tenant
    return db.session.execute(cross_tenant(sa.select(EmissionAttempt).where(
        EmissionAttempt.operation_id == op_id))).scalar_one()


def test_the_identifier_is_committed_before_sending_and_a_retry_reuses_it(make_operation, company,
                                                                         from_the_environment):
    from_the_environment.install(company)
    server = from_the_environment.server
    op = make_operation(status="emitindo")
    attempt = attempt_of(op.id)
    server.fault(DECLARE, "503")
    with tenant_scope(company.id), pytest.raises(ProviderUnavailable, match="HTTP 503"):
        protocol_job.run_request(attempt.id)
    db.session.rollback()
    [record] = db.session.execute(sa.select(PefDeclaration)).scalars().all()  # survived the job's rollback
    assert record.id_operacao in server.issued_ids and record.codigo_verificador is None
    assert emit_operation(str(op.id), str(attempt.id)) == "succeeded"
    assert [item["service"] for item in server.exchanges] == [GENERATE, DECLARE, CONSULT, DECLARE]
    assert load_op(op.id).codigo_ciot == record.id_operacao == server.calls(DECLARE)[1]["request"][
        "IdOperacaoTransporte"]


def test_a_refused_certificate_at_the_generator_is_a_configuration_error(make_operation, company,
                                                                        from_the_environment):
    from domain.ciot.pef.provider import AnttPefProvider
    from domain.ciot.provider import Issuer
    from_the_environment.install(company)
    from_the_environment.server.fault(GENERATE, "403")
    op = load_op(make_operation().id)
    with pytest.raises(ProviderConfigurationError, match="certificado digital A1"):
        AnttPefProvider().emit(op, Issuer.from_company(company), None, idempotency_key=str(op.id))
    assert db.session.execute(sa.select(PefDeclaration)).first() is None  # nothing reserved, nothing sent
    assert [item["service"] for item in from_the_environment.server.exchanges] == [GENERATE]


def test_a_generator_refusal_with_its_code_is_not_an_identifier(make_operation, company, from_the_environment):
    """Asked by a certificate of another company: the authority refuses (B2), nothing is declared."""
    from domain.ciot.pef.provider import AnttPefProvider
    from domain.ciot.provider import Issuer
    from_the_environment.install(company)
    op = load_op(make_operation().id)
    other = Issuer(str(company.id), "11444777000161", company.legal_name, None)  # the CNPJ asked is not the holder's
    with pytest.raises(ProviderUnavailable, match=r"recusou: \[B2\]"):
        AnttPefProvider().emit(op, other, None, idempotency_key=str(op.id))
    assert from_the_environment.server.calls(DECLARE) == []


def test_the_generators_other_answer_shape_is_read_too(api, make_operation, company, from_the_environment):
    """{Sucesso, Mensagem, Dados: {CIOT}} without Codigo, as a public client observed the authority answer."""
    from_the_environment.install(company)
    server = from_the_environment.server
    server.generator_shape = "dados"
    op = make_operation()
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 200, response.get_json()
    issued = server.calls(GENERATE)[0]["response"]["Dados"]["CIOT"]
    assert "Codigo" not in server.calls(GENERATE)[0]["response"]
    assert response.get_json()["data"]["codigo_ciot"] == issued == server.calls(DECLARE)[0]["request"][
        "IdOperacaoTransporte"]
