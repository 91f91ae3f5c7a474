"""A financeiro user in Chromium: uploads a CT-e and an NF-e XML, composes an invoice of both, emits it, gives the
customer an invoice layout (watching the live preview change), opens the branded PDF (its text read back), records
the payment on the receivables board, and finds the receivable paid and the invoice `encerrada`."""
import io
import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from core.db import db
from core.tenancy import tenant_scope
from domain.billing.models import Invoice, InvoiceLayoutDefault, Receivable
from tests.browser.conftest import follow_menu, htmx_settled, log_in, open_card
from tests.finance.conftest import access_key
from tests.finance.test_pages import cte_xml, nfe_xml

pytestmark = pytest.mark.browser


def xml_file(name: str, content: bytes) -> dict:
    return {"name": name, "mimeType": "text/xml", "buffer": content}


def preview_text_and_hide_the_key(page, preview_path: str, text: str) -> None:
    """On a layout page: the preview shows every column, then follows the typed institutional text and the
    unchecked "Chave de acesso" column, before anything is saved."""
    preview = page.frame_locator("#invoice-preview iframe")
    preview.get_by_text("Chave de acesso").wait_for()  # every column, before the change
    with htmx_settled(page, preview_path):
        page.get_by_label("Texto institucional (topo da fatura)").fill(text)
    preview.get_by_text(text).wait_for()
    # Leaving the text field fires its `change`, one more preview request; let it settle first, or its answer
    # (still with the column) could be the one awaited after the click below.
    with htmx_settled(page, preview_path):
        page.get_by_label("Texto institucional (topo da fatura)").press("Tab")
    with htmx_settled(page, preview_path):
        page.get_by_label("Chave de acesso").uncheck()
    expect(preview.get_by_text("Chave de acesso")).to_have_count(0)


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_from_uploaded_xml_to_a_paid_invoice(browser_page, app, tmp_path, monkeypatch, make_company, make_user,
                                             make_partner):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    company = make_company(modules=["billing", "financial"], name="Transportes Horizonte Ltda")
    customer = make_partner(company, legal_name="Atacadista Boa Compra SA")
    page = browser_page
    log_in(page, make_user(company, role="financeiro"))

    # 1. the inbox: two XML files, read into two pending documents of the customer
    follow_menu(page, "Documentos", exact=True)
    page.get_by_label("Arquivos XML (um ou vários)").set_input_files([
        xml_file("cte.xml", cte_xml(access_key("57"), customer.cpf_cnpj, value="1500.50")),
        xml_file("nfe.xml", nfe_xml(access_key("55"), customer.cpf_cnpj, value="499.50"))])
    with page.expect_response(lambda r: r.url.endswith("/financeiro/documentos/xml") and r.status == 302):
        page.get_by_role("button", name="Enviar").click()
    rows = page.get_by_test_id("document-row")
    rows.nth(1).wait_for()
    open_card(rows.nth(0))  # the customer is a secondary column on a phone
    assert rows.count() == 2 and "Atacadista Boa Compra SA" in rows.nth(0).inner_text()

    # 2. the composer: both documents into a draft, then emitted (through the kit's confirm dialog)
    page.get_by_role("link", name="Nova fatura").click()
    page.get_by_label("Cliente com documentos pendentes").select_option(label="Atacadista Boa Compra SA")
    page.get_by_role("button", name="Filtrar").click()
    page.wait_for_url(re.compile(r".*[?&]cliente=[0-9a-f-]{36}"))
    page.get_by_label("Incluir documento 4567").check()
    page.get_by_label("Incluir documento 88").check()
    page.get_by_label("Observações (impressas no PDF)").fill("Frete de janeiro")
    page.get_by_test_id("create-invoice").click()
    page.wait_for_url(re.compile(r".*/financeiro/faturas/[0-9a-f-]{36}$"))
    invoice_url = page.url
    assert page.get_by_test_id("total").inner_text() == "R$ 2.000,00"
    page.get_by_test_id("emit").click()
    with page.expect_response(lambda r: r.url.endswith("/emitir") and r.status == 302):
        page.locator("dialog#confirm-dialog").get_by_role("button", name="Confirmar").click()
    page.locator("[data-status='emitida']").first.wait_for()

    # 3. the customer's layout: the preview follows the form before anything is saved
    page.get_by_role("link", name="Layout do PDF do cliente").click()
    preview_text_and_hide_the_key(page, "/layout-fatura/previa", "Parceiros desde 1998 — obrigado!")
    with page.expect_response(lambda r: "/layout-fatura" in r.url and r.request.method == "POST" and r.status == 302):
        page.get_by_role("button", name="Salvar layout").click()
    page.get_by_text("Layout da fatura salvo para este cliente.").wait_for()

    # 4. the PDF, as the invoice page's link serves it, read back
    page.goto(invoice_url)
    pdf = page.request.get(page.get_by_test_id("pdf").get_attribute("href"))
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)
    for expected in ("Transportes Horizonte Ltda", "Fatura FAT-000001", "Atacadista Boa Compra SA",
                     "Parceiros desde 1998", "R$ 2.000,00", "Frete de janeiro"):
        assert expected in text
    assert "Chave de acesso" not in text

    # 5. the receivables board: the whole balance received
    follow_menu(page, "Contas a receber")
    row = page.get_by_test_id("board-row").filter(has_text="FAT-000001")
    assert row.get_by_label("Valor").input_value() == "2.000,00"
    with page.expect_response(lambda r: "/recebimento" in r.url and r.status == 302):
        row.get_by_role("button", name="Receber").click()
        page.locator("dialog#confirm-dialog").get_by_role("button", name="Confirmar").click()  # it asks once
    page.get_by_text("Recebimento registrado.").wait_for()
    assert page.get_by_test_id("board-row").filter(has_text="FAT-000001").count() == 0
    page.goto(invoice_url)
    page.locator("[data-status='encerrada']").first.wait_for()
    with tenant_scope(company.id):
        db.session.expire_all()
        invoice = db.session.execute(db.select(Invoice)).scalar_one()
        receivable = db.session.execute(db.select(Receivable)).scalar_one()
        assert (invoice.status, receivable.status, receivable.pago_centavos) == ("encerrada", "pago", 200000)


def test_the_settings_and_layout_pages_pass_the_walk_checks(browser_page, live_server, make_company, make_user,
                                                           make_partner, app):
    """The three pages the menu walk does not reach with data (a customer with documents): no horizontal scroll,
    console error, failed request (the preview's fonts come from /static), broken link or serious axe finding."""
    from axe_playwright_python.sync_playwright import Axe

    from domain.billing.schemas import DocumentCreate
    from domain.billing.services import create_document
    from tests.browser import pagewalk
    company = make_company(modules=["billing", "financial"])
    customer = make_partner(company, legal_name="Cliente do Layout SA")
    with tenant_scope(company.id):
        create_document(company, DocumentCreate(kind="outro", customer_partner_id=customer.id, valor_centavos=100))
        db.session.commit()
    page = browser_page
    log_in(page, make_user(company, role="financeiro"))
    axe, links = Axe(), {}
    for width, height in pagewalk.WIDTHS.values():
        page.set_viewport_size({"width": width, "height": height})
        for path in ("/financeiro/configuracoes", "/financeiro/layout-fatura",
                     f"/financeiro/clientes/{customer.id}/layout-fatura"):
            report = pagewalk.check_page(page, live_server + path, width, axe=axe, checked_links=links)
            assert report.problems == [], (path, width, report.problems)


def test_the_company_default_layout_previews_live_and_is_saved(browser_page, make_company, make_user):
    """Settings → "Editar layout padrão": the preview follows the unsaved form, then the defaults are saved."""
    company = make_company(modules=["billing", "financial"])
    page = browser_page
    log_in(page, make_user(company, role="financeiro"))
    page.goto("/financeiro/configuracoes")
    page.get_by_test_id("edit-default-layout").click()
    preview_text_and_hide_the_key(page, "/financeiro/layout-fatura/previa", "Transportes desde 1975")
    with page.expect_response(lambda r: r.url.endswith("/layout-fatura") and r.request.method == "POST"
                              and r.status == 302):
        page.get_by_role("button", name="Salvar layout padrão").click()
    page.get_by_text("Layout padrão das faturas salvo.").wait_for()
    with tenant_scope(company.id):
        db.session.expire_all()
        stored = db.session.execute(db.select(InvoiceLayoutDefault)).scalar_one()
        assert stored.header_text == "Transportes desde 1975" and "chave" not in stored.visible_columns
