"""An admin in Chromium on Administração → Identidade visual: the sample document beside the form follows the
unsaved legal name, footer and colour (the same live preview as the invoice layouts), shows a hostile name as text,
says why a bad value cannot be shown, and only "Salvar" stores anything."""
import pytest
from playwright.sync_api import expect

from core.db import db
from domain.tenancy.models import Company
from tests.browser.conftest import htmx_settled, log_in

pytestmark = pytest.mark.browser
PREVIEW = "/admin/identidade-visual/previa"


def test_the_branding_preview_follows_the_unsaved_form(browser_page, make_company, make_user):
    company = make_company(name="Transportes Vento Sul Ltda")
    page = browser_page
    log_in(page, make_user(company, role="admin"))
    page.goto("/admin/identidade-visual")
    preview = page.frame_locator("#branding-preview iframe")
    preview.get_by_text("Transportes Vento Sul Ltda").first.wait_for()  # the stored identity, before any change

    with htmx_settled(page, PREVIEW):
        page.get_by_label("Razão social nos PDFs").fill("Vento Sul Logística")
    preview.get_by_text("Vento Sul Logística").wait_for()
    with htmx_settled(page, PREVIEW):
        page.get_by_label("Rodapé").fill("SAC 0800 000 0000")
    preview.get_by_text("SAC 0800 000 0000").wait_for()
    with htmx_settled(page, PREVIEW):
        page.get_by_label("Cor principal").fill("#aa2200")  # a colour input takes the value and fires its events
    expect(preview.locator("h1").first).to_have_css("color", "rgb(170, 34, 0)")

    hostile = "<img src=x onerror=alert(1)>Marca"
    with htmx_settled(page, PREVIEW):
        page.get_by_label("Razão social nos PDFs").fill(hostile)
    preview.get_by_text(hostile).wait_for()  # shown as text
    expect(preview.locator("img[src=x]")).to_have_count(0)

    with htmx_settled(page, PREVIEW):
        page.get_by_label("Razão social nos PDFs").fill("L" * 201)
    expect(page.locator("#branding-preview")).to_contain_text("Razão social nos PDFs: No máximo 200 caracteres.")
    db.session.expire_all()
    assert db.session.get(Company, company.id).brand_legal_name is None  # previews store nothing

    with htmx_settled(page, PREVIEW):
        page.get_by_label("Razão social nos PDFs").fill("Vento Sul Logística")
    preview.get_by_text("Vento Sul Logística").wait_for()
    with page.expect_response(lambda r: r.url.endswith("/admin/identidade-visual") and r.request.method == "POST"
                              and r.status == 302):
        page.get_by_role("button", name="Salvar").click()
    page.get_by_text("Identidade visual salva.").wait_for()
    db.session.expire_all()
    saved = db.session.get(Company, company.id)
    assert (saved.brand_legal_name, saved.brand_footer, saved.brand_primary_color) == \
        ("Vento Sul Logística", "SAC 0800 000 0000", "#aa2200")
