"""The branded PDF renderer, read back with pypdf."""
import io

from pypdf import PdfReader

from core.db import db
from core.pdf import WATERMARK_TEXT, Branding, render_pdf
from domain.tenancy import services

BRANDING = Branding(legal_name="Transportes São João Ltda", cnpj="11222333000181", footer="Rodapé: ação e emissão",
                    primary_color="#aa0000")


def read(pdf: bytes) -> tuple[list[str], set[str]]:
    assert pdf.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(pdf))
    texts = [page.extract_text() for page in reader.pages]
    fonts = set()
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            fonts.add(str(ref.get_object()["/BaseFont"]))
    return texts, fonts


def long_document(app):
    return app.jinja_env.from_string(
        '{% extends "pdf/base.html" %}{% block content %}'
        '{% for i in range(n) %}<p>Linha {{ i }} — coleta em São Paulo, entrega em Goiânia</p>{% endfor %}'
        '{% endblock %}')


def test_accents_branding_and_page_number(app):
    texts, fonts = read(render_pdf("pdf/sample.html", branding=BRANDING, title="Exemplo"))
    text = texts[0]
    for expected in ("ação", "emissão", "caminhão", "Ceará", "Goiânia", "Pré-visualização", "→", "—",
                     "Transportes São João Ltda", "CNPJ 11.222.333/0001-81", "Rodapé: ação e emissão",
                     "Página 1 de 1"):
        assert expected in text, expected
    # The text is set in the embedded DejaVu font, not a base-14 fallback that lacks "→".
    assert any(f.endswith("+DejaVuSans") for f in fonts), fonts
    assert any(f.endswith("+DejaVuSans-Bold") for f in fonts), fonts


def test_watermark_only_when_asked(app):
    marked, _ = read(render_pdf("pdf/sample.html", branding=BRANDING, title="Exemplo", watermark=True))
    plain, _ = read(render_pdf("pdf/sample.html", branding=BRANDING, title="Exemplo", watermark=False))
    assert WATERMARK_TEXT == "HOMOLOGAÇÃO"
    assert "HOMOLOGAÇÃO" in marked[0]
    assert "HOMOLOGAÇÃO" not in plain[0]
    assert "Página 1 de 1" in marked[0]


def test_every_page_is_numbered_and_watermarked(app):
    texts, _ = read(render_pdf(long_document(app), branding=BRANDING, title="Longo", watermark=True, n=150))
    total = len(texts)
    assert total > 1
    for number, text in enumerate(texts, start=1):
        assert f"Página {number} de {total}" in text
        assert "HOMOLOGAÇÃO" in text
        assert "Transportes São João Ltda" in text


def test_sample_page_watermarks_homolog_but_not_producao(login, make_user, company):
    client = login(make_user(company))
    homolog = client.get("/admin/identidade-visual/exemplo.pdf")
    assert homolog.status_code == 200
    assert homolog.mimetype == "application/pdf"
    assert "HOMOLOGAÇÃO" in read(homolog.data)[0][0]
    services.update_company(company, ciot_environment="producao")
    db.session.commit()
    producao = client.get("/admin/identidade-visual/exemplo.pdf")
    text = read(producao.data)[0][0]
    assert "HOMOLOGAÇÃO" not in text
    assert company.legal_name in text


def test_watermark_is_drawn_over_the_page_and_only_for_the_render_that_asked(app):
    # Drawn while xhtml2pdf lays the page out, after the page's own content; a render running at the same time in
    # another thread (gthread workers) without the watermark stays clean.
    from concurrent.futures import ThreadPoolExecutor

    from core import pdf as core_pdf

    html = core_pdf.render_html("pdf/sample.html", branding=BRANDING, title="Exemplo")
    token = core_pdf._watermarking.set(True)  # what html_to_pdf(watermark=True) sets for its own render
    try:
        with ThreadPoolExecutor(1) as pool:
            other_thread = pool.submit(core_pdf.html_to_pdf, html).result()
        this_thread = core_pdf.html_to_pdf(html)
    finally:
        core_pdf._watermarking.reset(token)
    assert "HOMOLOGAÇÃO" not in read(other_thread)[0][0]
    marked = read(this_thread)[0][0]
    assert marked.rstrip().endswith("HOMOLOGAÇÃO")  # the last thing drawn on the page
    assert "HOMOLOGAÇÃO" not in read(core_pdf.html_to_pdf(html))[0][0]  # and not left on afterwards
