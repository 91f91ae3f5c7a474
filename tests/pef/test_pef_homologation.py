"""`flask ciot homologacao --company <cnpj>`: the authority's homologation sequence against the configured
homologation URL with the company's certificate, end to end against the test server; the report is written as JSON
and as a PDF (read back with pdftotext), every request and answer in it, personal data masked, with the protocols."""
import json
import subprocess

from tests.fixtures.ciot import CONTRATADO_CPF

SEQUENCE = ["ConsultarSituacaoTransportador", "ConsultarFrotaTransportador", "DeclaracaoOperacaoTransporte",
            "DeclaracaoOperacaoTransporte", "DeclaracaoOperacaoTransporte", "RetificacaoOperacaoTransporte",
            "CancelamentoOperacaoTransporte", "EncerramentoOperacaoTransporte", "EncerramentoOperacaoTransporte",
            "ConsultarCIOTGerado"]


def homologate(app, company, tmp_path, *extra):
    return app.test_cli_runner().invoke(args=["ciot", "homologacao", "--company", company.cnpj, "--saida",
                                              str(tmp_path / "relatorio"), *extra])


def written(tmp_path):
    [json_file] = (tmp_path / "relatorio").glob("homologacao-*.json")
    [pdf_file] = (tmp_path / "relatorio").glob("homologacao-*.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(pdf_file), "-"], capture_output=True, text=True,
                          check=True).stdout
    return json.loads(json_file.read_text(encoding="utf-8")), text


def test_the_homologation_run_writes_its_evidence(app, company, pef, tmp_path):
    result = homologate(app, company, tmp_path)
    assert result.exit_code == 0, result.output
    assert [item["service"] for item in pef.server.exchanges] == SEQUENCE
    assert {item["cnpj"] for item in pef.server.exchanges} == {company.cnpj}  # the company's certificate
    report, text = written(tmp_path)
    assert report["resultado"] == "aprovado" and report["empresa"]["cnpj"] == company.cnpj
    assert report["servico"] == pef.server.url
    steps = report["passos"]
    assert [step["trocas"][-1]["service"] for step in steps] == SEQUENCE and all(step["ok"] for step in steps)
    declared = [x for x in pef.server.exchanges if x["service"] == "DeclaracaoOperacaoTransporte"]
    protocols = [x["response"]["Protocolo"] for x in declared]
    assert [step["protocolo"] for step in steps[2:5]] == protocols
    assert [x["request"]["TipoOperacao"] for x in declared] == [1, 2, 3]
    lotacao, fracionada, agregado = (x["response"]["CodigoIdentificacaoOperacao"] for x in declared)
    assert pef.server.declarations[lotacao].status == "cancelado"
    assert pef.server.declarations[fracionada].status == "encerrado"
    assert pef.server.declarations[fracionada].rectifications == 1
    assert pef.server.declarations[agregado].status == "encerrado"
    assert steps[-1]["codigo_ciot"] == lotacao  # recovered through ConsultarCIOTGerado
    # every request and answer, personal data masked (the CPF never appears whole)
    first = steps[2]["trocas"][0]
    assert first["request"]["CpfCnpjContratado"] == "529******25"
    assert first["request"]["InfPagamento"][0]["ChavePix"].endswith("4725")
    assert first["answer"]["CodigoVerificador"] == declared[0]["response"]["CodigoVerificador"]
    raw = json.dumps(report)
    assert CONTRATADO_CPF not in raw and CONTRATADO_CPF not in text
    assert "Relatório de homologação CIOT" in text and "aprovado" in text and company.cnpj in text
    for protocol in protocols:
        assert protocol in text
    assert "Cancelar a carga lotação" in text and "ConsultarCIOTGerado" in text
    assert "Resultado: aprovado" in result.output


def test_a_refused_case_is_reported_and_the_run_fails(app, company, pef, tmp_path):
    pef.server.irregular_rntrcs["012345678"] = "RNTRC suspenso"
    result = homologate(app, company, tmp_path)
    assert result.exit_code == 1, result.output
    report, text = written(tmp_path)
    assert report["resultado"] == "com falhas" and "com falhas" in text
    declare = next(step for step in report["passos"] if step["passo"] == "Declarar carga lotação")
    assert not declare["ok"] and declare["mensagem"].startswith("[B107] B107:")
    # nothing declared: nothing rectified, cancelled or closed
    assert not {"RetificacaoOperacaoTransporte", "CancelamentoOperacaoTransporte"} & {
        item["service"] for item in pef.server.exchanges}
    assert "FALHA Declarar carga lotação" in result.output


def test_without_the_homologation_url_or_the_certificate_nothing_runs(app, company, pef, tmp_path, monkeypatch):
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.ciot.pef.credentials import remove_certificate
    monkeypatch.setitem(app.config, "CIOT_PEF_URL_HOMOLOG", "")
    result = homologate(app, company, tmp_path)
    assert result.exit_code != 0 and "CIOT_PEF_URL_HOMOLOG" in result.output
    monkeypatch.setitem(app.config, "CIOT_PEF_URL_HOMOLOG", pef.server.url)
    with tenant_scope(company.id):
        remove_certificate()
        db.session.commit()
    result = homologate(app, company, tmp_path)
    assert result.exit_code != 0 and "certificado digital A1" in result.output
    unknown = app.test_cli_runner().invoke(args=["ciot", "homologacao", "--company", "11444777000161"])
    assert unknown.exit_code != 0 and "não encontrada" in unknown.output
    assert pef.server.exchanges == [] and not (tmp_path / "relatorio").exists()


def test_a_case_our_own_rules_refuse_is_a_failed_step_and_the_run_goes_on(app, company, pef):
    # A body the product refuses before sending (an AppError, e.g. a rectification without route) is recorded as
    # that case's failure: the run goes on and the report is still written.
    from core.errors import InvalidBody
    from domain.ciot.pef.homologation import Carrier, Run

    def refused():
        raise InvalidBody.for_field("origem_municipio_nome", "Informe a rota.", code="required")
    run = Run(company, Carrier())
    step = run.step("Retificar TAC agregado", refused)
    assert not step.ok and "Informe a rota." in step.mensagem and run.steps == [step]
