"""Actions that cannot be undone or that others see ask once, saying what happens (issue 39): closing a freight (its
public link with it) from the freight page's status buttons, and paying a title on the payables board. "Voltar"
leaves everything as it was; "Confirmar" does it. At 390 px the board's row is a card and its "Pagar" is in sight."""
import re

import pytest

from core.db import db
from core.tenancy import tenant_scope
from domain.payables import services as payables
from domain.payables.models import Payable
from domain.payables.schemas import PayableCreate
from tests.browser.conftest import log_in

pytestmark = pytest.mark.browser


@pytest.fixture
def company(make_company):
    return make_company(modules=["billing", "financial"])


def _dialog(page):
    dialog = page.locator("dialog#confirm-dialog")
    dialog.wait_for(state="visible")
    return dialog


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_closing_a_public_freight_asks_first_and_says_its_link_closes(browser_page, make_user, company,
                                                                     make_freight):
    page = browser_page
    freight = make_freight(status="published", visibility="publico")
    log_in(page, make_user(company, role="operador"))
    page.goto(f"/fretes-operacao/{freight.code}")
    close = page.get_by_test_id("status-moves").get_by_role("button", name="Marcar como aceito")
    assert page.get_by_test_id("status-moves").get_by_role("combobox").count() == 0  # buttons, no select of all

    close.click()
    dialog = _dialog(page)
    assert "link público do frete fecha" in dialog.inner_text()
    dialog.get_by_role("button", name="Voltar").click()
    dialog.wait_for(state="hidden")
    assert page.locator("#freight-status").get_attribute("data-status") == "published"  # nothing happened
    assert page.request.get(f"/f/{freight.public_slug}").status == 200

    close.click()
    with page.expect_navigation(url=re.compile(rf"/fretes-operacao/{freight.code}$")):
        _dialog(page).get_by_role("button", name="Confirmar").click()
    assert page.locator("#freight-status").get_attribute("data-status") == "aceito"
    assert page.request.get(f"/f/{freight.public_slug}").status == 410  # the public link is closed


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_paying_a_title_asks_first_and_voltar_pays_nothing(browser_page, make_user, company):
    page = browser_page
    with tenant_scope(company.id):
        [title] = payables.create_payables(company, PayableCreate.model_validate(
            {"descricao": "Pneus da carreta", "valor_centavos": 120000, "vencimento_at": "2027-01-15"}))
        db.session.commit()
    log_in(page, make_user(company, role="financeiro"))
    page.goto("/financeiro/pagar")
    row = page.locator(f"[data-testid=board-row][data-id='{title.id}']")
    pay = row.get_by_role("button", name="Pagar")
    width = page.viewport_size["width"]
    box = pay.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width  # in sight, no swiping (a card at 390 px)

    pay.click()
    dialog = _dialog(page)
    assert "Registrar o pagamento de “Pneus da carreta”?" in dialog.inner_text()
    assert "R$ 1.200,00" in dialog.inner_text()
    dialog.get_by_role("button", name="Voltar").click()
    dialog.wait_for(state="hidden")
    assert row.is_visible()  # still open, its balance whole
    with tenant_scope(company.id):
        assert db.session.scalar(db.select(Payable.pago_centavos).where(Payable.id == title.id)) == 0

    pay.click()
    with page.expect_navigation(url=re.compile(r"/financeiro/pagar$")):
        _dialog(page).get_by_role("button", name="Confirmar").click()
    assert page.get_by_text("Pagamento registrado").first.is_visible()
    assert page.locator(f"[data-testid=board-row][data-id='{title.id}']").count() == 0
    with tenant_scope(company.id):
        assert db.session.scalar(db.select(Payable.pago_centavos).where(Payable.id == title.id)) == 120000
