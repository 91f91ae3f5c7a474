"""A finance user launches a supplier's bill in three installments in Chromium, sees each installment (amount and
due date) in the preview before saving, saves, pays one on the board, and the paid installment stays in sight:
"Pagos nos últimos 7 dias" on the board and the paid titles' page, with what was paid and when."""
import re

import pytest

from core.clock import brasilia_today
from tests.browser.conftest import follow_menu, log_in, open_card

pytestmark = pytest.mark.browser


@pytest.fixture
def company(make_company):
    return make_company(modules=["billing", "financial"])


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_create_a_payable_in_installments_and_pay_one(browser_page, make_user, company):
    page = browser_page
    log_in(page, make_user(company, role="financeiro"))
    follow_menu(page, "Contas a pagar")
    page.get_by_role("link", name="Novo título").click()
    page.wait_for_url("**/financeiro/pagar/novo")

    page.get_by_label("Descrição").fill("Pneus da carreta")
    page.get_by_label("Valor total (R$)").fill("1.000,00")
    page.get_by_label("1º vencimento").fill(brasilia_today().isoformat())
    page.get_by_label("Parcelas").fill("3")
    preview = page.get_by_test_id("payable-preview")
    preview.locator("tr[data-installment='3']").wait_for()  # the preview's answer for the three installments
    assert "R$ 333,34" in preview.locator("tr[data-installment='1']").inner_text()
    assert "R$ 333,33" in preview.locator("tr[data-installment='3']").inner_text()

    page.get_by_role("button", name="Lançar título").click()
    page.wait_for_url(re.compile(r"/financeiro/pagar$"))
    assert page.get_by_text("Título lançado: 3 parcela(s).").is_visible()
    first = page.locator("[data-testid=board-row]", has_text="R$ 333,34")
    title_id = first.get_attribute("data-id")
    first.get_by_role("button", name="Pagar").click()
    # the board posts and comes back to the same address: wait for that navigation itself (waiting for the URL
    # returned at once, before the POST's answer, and the row was still there under load)
    with page.expect_navigation(url=re.compile(r"/financeiro/pagar$")):
        page.locator("dialog#confirm-dialog").get_by_role("button", name="Confirmar").click()  # it asks once
    assert page.get_by_text("Pagamento registrado.").is_visible()
    assert page.locator(f"[data-testid=board-row][data-id='{title_id}']").count() == 0  # no longer open…
    recent = page.locator("#pagos-recentes")
    assert recent.locator(f"[data-id='{title_id}']").is_visible()  # …but not gone
    recent.get_by_role("link", name="Todos os títulos pagos").click()
    row = page.locator(f"[data-testid=paid-row][data-id='{title_id}']")
    open_card(row)  # the day it was paid is a secondary column on a phone
    assert "R$ 333,34" in row.inner_text() and brasilia_today().strftime("%d/%m/%Y") in row.inner_text()
