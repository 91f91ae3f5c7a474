"""GET /ciot/operations/{id}/pdf and GET /ciot/operations/pdf (batch ZIP): the PDFs read back with pypdf."""
import io
import re
import shutil
import subprocess
import uuid
import zipfile
from datetime import timedelta
from html import unescape

import pytest
import sqlalchemy as sa
from pypdf import PdfReader

from core.db import db, utcnow
from core.tenancy import tenant_scope
from core.validators import access_key_check_digit
from domain.ciot.models import CiotOperation
from domain.tenancy import services as tenancy
from tests.fixtures.ciot import EMITTER_CNPJ, ciot_body, load_op


def pdf_pages(data: bytes) -> list[str]:
    assert data.startswith(b"%PDF-"), data[:40]
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def pdf_text(data: bytes) -> str:
    return "\n".join(pdf_pages(data))


def access_key(n: int) -> str:
    first43 = f"352611{EMITTER_CNPJ}55001{n:09d}1{n:08d}"
    return first43 + str(access_key_check_digit(first43))


# --- single PDF ---------------------------------------------------------------------------------------------------

def test_emitted_homolog_operation_prints_the_declaration(api, make_operation, company):
    op = make_operation(status="emitido")
    response = api.get(f"/ciot/operations/{op.id}/pdf")
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/pdf"
    disposition = response.headers["Content-Disposition"]
    assert disposition == f'attachment; filename="{op.code}-{op.codigo_ciot}.pdf"'
    pages = pdf_pages(response.data)
    text = "\n".join(pages)
    for expected in (op.codigo_ciot, op.codigo_verificador, op.protocolo, "Declaração de Operação de Transporte",
                     "Situação", "Emitido", "Homologação", "João da Silva", "529.982.247-25", "012345678",
                     "TAC (transportador autônomo)", "Embarcadora Contratante SA", "11.222.333/0001-81",
                     "Comercial Destino Ltda", "São Paulo/SP (IBGE 3550308)", "Rio de Janeiro/RJ",
                     "R$ 5.000,00", "20.000 kg", "Lotação", "Adiantamento", "R$ 1.500,00", "R$ 3.500,00",
                     "ABC1D23", "DEF-4567", "Cavalo trator", "NF-e", "Indústria Origem SA",
                     company.legal_name, "Emitente da declaração", "Últimos eventos", "emitido (homologação)"):
        assert expected in text, expected
    # the access key in groups of 4 digits
    key = op.documents[0].access_key
    assert " ".join(key[i:i + 4] for i in range(0, 44, 4))[:24] in text
    for number, page in enumerate(pages, start=1):
        assert "HOMOLOGAÇÃO" in page
        assert f"Página {number} de {len(pages)}" in page


def test_production_operation_has_no_watermark(api, app, make_operation, company, monkeypatch):
    # This installation ships no production provider; the simulator stands in for it (configuration, not a mock).
    monkeypatch.setitem(app.config, "CIOT_PROVIDER_PRODUCAO", "domain.ciot.provider.HomologSimulator")
    tenancy.set_ciot_credentials(company, "producao", {"usuario": "u", "senha": "s"})
    db.session.commit()
    op = make_operation(status="emitido", environment="producao")
    response = api.get(f"/ciot/operations/{op.id}/pdf")
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert op.codigo_ciot in text and "Produção" in text and "João da Silva" in text
    assert "HOMOLOGAÇÃO" not in text.upper().replace("HOMOLOGAÇÃO:", "")
    assert "HOMOLOGAÇÃO" not in text


def test_every_page_of_a_long_declaration_is_watermarked(api, make_operation):
    documents = [{"kind": "nfe", "access_key": access_key(n), "number": str(n), "series": "1",
                  "emitter_cnpj": EMITTER_CNPJ, "emitter_name": "Indústria Origem SA", "freight_value": 5000.00,
                  "cargo_weight_kg": 20000} for n in range(1, 71)]
    op = make_operation(status="emitido", documents=documents)
    pages = pdf_pages(api.get(f"/ciot/operations/{op.id}/pdf").data)
    assert len(pages) >= 3
    for number, page in enumerate(pages, start=1):
        assert "HOMOLOGAÇÃO" in page and f"Página {number} de {len(pages)}" in page
    assert "70/1" in "".join(pages)  # the last document (number 70, series 1) made it


def test_closed_operation_prints_the_closing(api, make_operation):
    op = make_operation(status="encerrado")
    text = pdf_text(api.get(f"/ciot/operations/{op.id}/pdf").data)
    assert "Encerrado" in text and "Encerramento" in text and "19.000 kg" in text
    assert op.codigo_ciot in text


def test_cancelled_after_emission_prints_reason_and_protocol(api, make_operation):
    op = make_operation(status="emitido")
    assert api.post(f"/ciot/operations/{op.id}/cancel", json={"motivo": "Carga não embarcada"}).status_code == 200
    fresh = load_op(op.id)
    response = api.get(f"/ciot/operations/{op.id}/pdf")
    assert response.status_code == 200
    text = pdf_text(response.data)
    assert "Operação cancelada" in text and "Carga não embarcada" in text
    assert fresh.cancel_protocolo in text and op.codigo_ciot in text


def test_cancelled_before_emission_has_a_pdf_without_ciot(api, make_operation):
    op = make_operation(status="cancelado")
    response = api.get(f"/ciot/operations/{op.id}/pdf")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == f'attachment; filename="{op.code}.pdf"'
    text = pdf_text(response.data)
    assert "não emitido" in text and "nenhum CIOT foi gerado" in text


@pytest.mark.parametrize("status", ["rascunho", "validado", "com_divergencia", "pronto_emissao", "emitindo",
                                    "rejeitado"])
def test_statuses_without_declaration_are_409(api, make_operation, status):
    op = make_operation(status=status)
    response = api.get(f"/ciot/operations/{op.id}/pdf")
    assert response.status_code == 409
    error = response.get_json()["error"]
    assert error["code"] == "invalid_status" and error["status"] == status
    assert "emitidas, encerradas ou canceladas" in error["message"]


def test_another_companys_operation_is_404(api, make_operation, make_company):
    other = make_operation(company=make_company(), status="emitido")
    assert api.get(f"/ciot/operations/{other.id}/pdf").status_code == 404
    assert api.get(f"/ciot/operations/{uuid.uuid4()}/pdf").status_code == 404
    assert api.get("/ciot/operations/not-a-uuid/pdf").status_code == 404


def test_pdf_needs_the_read_scope(make_api, make_operation, company):
    op = make_operation(status="emitido")
    writer = make_api(company, scopes=("write",))
    assert writer.get(f"/ciot/operations/{op.id}/pdf").status_code == 403
    assert writer.get("/ciot/operations/pdf").status_code == 403


def test_contracted_etc_is_the_issuer_with_its_branding(api, make_operation, make_company, company):
    etc = make_company(name="ETC Parceira Transportes Ltda")
    tenancy.update_company(etc, state_registration="123456789")
    tenancy.set_ciot_credentials(etc, "homolog", {"token": "abc"})
    tenancy.update_branding(etc, legal_name="Marca da ETC Parceira", footer="Rodapé da ETC — frota própria")
    db.session.commit()
    op = make_operation(status="emitido", contratado_cpf_cnpj=etc.cnpj, contratado_tipo="ETC",
                        contratado_nome="ETC Parceira Transportes Ltda")
    assert load_op(op.id).emitter_company_id == etc.id
    text = pdf_text(api.get(f"/ciot/operations/{op.id}/pdf").data)
    assert "Marca da ETC Parceira" in text and "Rodapé da ETC — frota própria" in text  # header and footer
    assert "ETC (empresa de transporte)" in text
    assert re.sub(r"\D", "", etc.cnpj)[:2] in text
    from core.formatting import cpf_cnpj as doc
    assert doc(etc.cnpj) in text and "Solicitante" in text and company.legal_name in text


# --- batch ZIP ----------------------------------------------------------------------------------------------------

def _zip(response) -> zipfile.ZipFile:
    assert response.status_code == 200, response.get_data(as_text=True)[:400]
    assert response.mimetype == "application/zip"
    assert response.headers["Content-Disposition"].startswith('attachment; filename="ciot-declaracoes-')
    archive = zipfile.ZipFile(io.BytesIO(response.data))
    assert archive.testzip() is None
    return archive


def test_zip_has_one_valid_pdf_per_operation(api, make_operation):
    ops = [make_operation(status="emitido"), make_operation(status="encerrado"), make_operation(status="cancelado")]
    make_operation(status="pronto_emissao")  # no declaration: never in a batch by filter
    response = api.get("/ciot/operations/pdf")
    archive = _zip(response)
    assert response.headers["X-Operation-Count"] == "3"
    assert archive.namelist() == [f"{op.code}.pdf" for op in ops]
    for op in ops:
        text = pdf_text(archive.read(f"{op.code}.pdf"))
        assert op.code in text and "HOMOLOGAÇÃO" in text
        if op.codigo_ciot:
            assert op.codigo_ciot in text


def test_ids_select_exactly_those_and_ignore_other_filters(api, make_operation, make_company):
    a, b, c = (make_operation(status="emitido") for _ in range(3))
    foreign = make_operation(company=make_company(), status="emitido")
    ids = f"{c.id},{a.id},{foreign.id},{a.id}"
    archive = _zip(api.get(f"/ciot/operations/pdf?ids={ids}&status=cancelado&environment=producao"))
    assert archive.namelist() == [f"{a.code}.pdf", f"{c.code}.pdf"]
    assert b.code + ".pdf" not in archive.namelist()


def test_ids_only_of_other_companies_are_404(api, make_operation, make_company):
    foreign = make_operation(company=make_company(), status="emitido")
    response = api.get(f"/ciot/operations/pdf?ids={foreign.id},{uuid.uuid4()}")
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "not_found"


def test_ids_with_a_status_without_pdf_are_409_naming_it(api, make_operation):
    ok, draft = make_operation(status="emitido"), make_operation(status="rascunho")
    response = api.get(f"/ciot/operations/pdf?ids={ok.id},{draft.id}")
    assert response.status_code == 409
    error = response.get_json()["error"]
    assert error["code"] == "invalid_status" and draft.code in error["message"]
    assert error["operations"] == [{"code": draft.code, "status": "rascunho"}]


def test_more_than_50_is_400_naming_the_count(api, make_operation):
    for _ in range(52):
        make_operation(status="cancelado")
    response = api.get("/ciot/operations/pdf")
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "batch_too_large" and error["count"] == 52 and error["limit"] == 50
    assert "52 operações" in error["message"]
    # a narrower filter fits
    ids = ",".join(str(op_id) for op_id in db.session.execute(
        sa.select(CiotOperation.id).execution_options(cross_tenant=True).limit(2)).scalars())
    assert len(_zip(api.get(f"/ciot/operations/pdf?ids={ids}")).namelist()) == 2


def test_none_matching_is_404(api, make_operation):
    assert api.get("/ciot/operations/pdf").status_code == 404
    make_operation(status="emitido")
    response = api.get("/ciot/operations/pdf?environment=producao")
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"


def test_filters_status_environment_and_period(api, make_operation, company):
    emitted, closed = make_operation(status="emitido"), make_operation(status="encerrado")
    old = make_operation(status="cancelado")
    with tenant_scope(company.id):
        db.session.execute(sa.update(CiotOperation).where(CiotOperation.id == old.id)
                           .values(created_at=utcnow() - timedelta(days=40)))
        db.session.commit()
    today = utcnow().date()
    assert _zip(api.get("/ciot/operations/pdf?status=encerrado")).namelist() == [f"{closed.code}.pdf"]
    assert _zip(api.get("/ciot/operations/pdf?status=emitido,encerrado&environment=homolog")).namelist() == [
        f"{emitted.code}.pdf", f"{closed.code}.pdf"]
    assert _zip(api.get(f"/ciot/operations/pdf?to={(today - timedelta(days=30)).isoformat()}")).namelist() == [
        f"{old.code}.pdf"]
    assert _zip(api.get(f"/ciot/operations/pdf?from={today.isoformat()}&to={today.isoformat()}")).namelist() == [
        f"{emitted.code}.pdf", f"{closed.code}.pdf"]


@pytest.mark.parametrize("query, field", [
    ("ids=abc", "ids"),
    ("ids=" + f"{uuid.UUID(int=1)}," + "12", "ids"),
    ("status=rascunho", "status"),
    ("status=emitido,pronto_emissao", "status"),
    ("environment=teste", "environment"),
    ("from=2026-13-01", "from"),
    ("to=ontem", "to"),
    ("from=2026-02-01&to=2026-01-01", "from"),
])
def test_bad_query_values_are_400_naming_the_field(api, query, field):
    response = api.get(f"/ciot/operations/pdf?{query}")
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "invalid_query"
    assert field in [d["field"] for d in error["details"]], error


# --- layout: columns apart and inside the margin (words read back with their boxes) -----------------------------

PAGE_WIDTH_PT, SIDE_MARGIN_PT = 595.28, 1.6 / 2.54 * 72  # A4 and the 1.6 cm margins of templates/pdf/base.html
GRID_HEADERS = (("CPF/CNPJ", "Nome", "RNTRC", "Papel", "%", "Valor"),
                ("#", "Parcela", "Forma", "Indicador", "Vencimento", "Destino", "Valor"),
                ("Placa", "Tipo", "RNTRC", "Eixos", "Frota própria"),
                ("Tipo", "Chave de acesso", "Nº/Série", "Emitente", "Frete", "Peso"),
                ("Data (Brasília)", "Evento", "Autor"))
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>')


def pdf_words(data: bytes, tmp_path) -> list[tuple]:
    """(page, x_min, y_min, x_max, text) of every word, as poppler's pdftotext lays them out."""
    path = tmp_path / "declaration.pdf"
    path.write_bytes(data)
    html = subprocess.run(["pdftotext", "-bbox", str(path), "-"], check=True, capture_output=True, text=True).stdout
    words = []
    for number, page in enumerate(html.split("<page ")[1:], start=1):
        words += [(number, float(x0), float(y0), float(x1), unescape(text)) for x0, y0, x1, text in WORD.findall(page)]
    return words


def header_gaps(words, labels) -> list[float]:
    """The gaps (pt) between consecutive header labels on the line that holds them all, in order; [] if no line
    does. A negative or tiny gap is two headers running together ("VencimentoDestino")."""
    lines: dict = {}
    for page, x0, y0, x1, text in words:
        lines.setdefault((page, round(y0)), []).append((x0, x1, text))
    for line in lines.values():
        line.sort()
        texts = [text for _, _, text in line]
        spans = []
        for label in labels:
            parts = label.split()
            starts = [i for i in range(len(texts)) if texts[i:i + len(parts)] == parts
                      and (not spans or line[i][0] >= spans[-1][0])]
            if not starts:
                break
            i = starts[0]
            spans.append((line[i][0], line[i + len(parts) - 1][1]))
        if len(spans) == len(labels):
            return [spans[k + 1][0] - spans[k][1] for k in range(len(spans) - 1)]
    return []


def test_header_gaps_catch_headers_that_run_together():
    apart = [(1, 10.0, 100.0, 60.0, "Vencimento"), (1, 68.0, 100.2, 100.0, "Destino")]
    together = [(1, 10.0, 100.0, 60.0, "Vencimento"), (1, 60.0, 100.0, 92.0, "Destino")]
    assert header_gaps(apart, ("Vencimento", "Destino")) == [8.0]
    assert header_gaps(together, ("Vencimento", "Destino")) == [0.0]
    assert header_gaps(apart, ("Destino", "Vencimento")) == []


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed (CI installs it)")
def test_declaration_tables_keep_their_columns_apart_and_inside_the_margin(api, app, make_operation, company,
                                                                           monkeypatch, tmp_path):
    """Headers ran together ("VencimentoDestino") and a column ran past the margin. With long, unbroken values
    (a random PIX key, a name without spaces), every header stands apart and no word passes the right margin."""
    monkeypatch.setitem(app.config, "CIOT_PROVIDER_PRODUCAO", "domain.ciot.provider.HomologSimulator")
    tenancy.set_ciot_credentials(company, "producao", {"usuario": "u", "senha": "s"})  # no watermark letters
    db.session.commit()
    body = ciot_body()
    payments = [body["payments"][0], {**body["payments"][1], "codigo_pagamento": "123e4567-e89b-42d3-a456-426614174000",
                                      "tipo_chave_pix": "aleatoria"}]
    long_name = "EmbarcadoraContratanteDeCargasPesadasDoBrasilMeridionalSA"
    op = make_operation(status="emitido", environment="producao", payments=payments,
                        contratantes=[{**body["contratantes"][0], "nome": long_name, "valor_frete": 5000}])
    words = pdf_words(api.get(f"/ciot/operations/{op.id}/pdf").data, tmp_path)
    for labels in GRID_HEADERS:
        gaps = header_gaps(words, labels)
        assert gaps and min(gaps) >= 4, (labels, gaps)
    right_edge = PAGE_WIDTH_PT - SIDE_MARGIN_PT + 0.5
    assert [w for w in words if w[3] > right_edge] == []
    text = " ".join(w[4] for w in words)
    assert "123e4567-e89b-42d3" in text and long_name[:20] in text  # broken inside their cells, not dropped
