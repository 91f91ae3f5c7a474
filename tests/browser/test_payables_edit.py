"""A finance user corrects a supplier's title (description, amount and due date of an unpaid installment) on its
edit page, and cancels another: the confirmation says what cannot be undone, and the title leaves the board."""
import re
from datetime import timedelta

import pytest

from core.clock import brasilia_today as today
from tests.browser.conftest import follow_menu, log_in, open_card

pytestmark = pytest.mark.browser


@pytest.fixture
def company(make_company):
    return make_company(modules=["billing", "financial"])


def _title(company, descricao: str, centavos: int):
    from core.tenancy import tenant_scope
    from domain.payables import services
    from domain.payables.schemas import PayableCreate
    from tests.fixtures.committing import commit
    with tenant_scope(company.id):
        [title] = services.create_payables(company, PayableCreate.model_validate(
            {"descricao": descricao, "valor_centavos": centavos, "vencimento_at": today().isoformat()}))
        commit()
        return str(title.id)


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_edit_a_payable_and_cancel_another(browser_page, make_user, company):
    page = browser_page
    edited, cancelled = _title(company, "Pneu", 50_000), _title(company, "Lavagem em dobro", 12_000)
    log_in(page, make_user(company, role="financeiro"))
    follow_menu(page, "Contas a pagar")

    page.locator(f"[data-testid=board-row][data-id='{edited}']").get_by_role("link", name="Editar").click()
    page.wait_for_url(f"**/financeiro/pagar/{edited}/editar")
    assert page.get_by_label("Valor da parcela (R$)").input_value() == "500,00"
    page.get_by_label("Descrição").fill("Pneus da carreta (2 unidades)")
    page.get_by_label("Valor da parcela (R$)").fill("1.050,00")
    due = today() + timedelta(days=20)
    page.get_by_label("Vencimento").fill(due.isoformat())
    page.get_by_role("button", name="Salvar alterações").click()
    page.wait_for_url(re.compile(r"/financeiro/pagar$"))
    assert page.get_by_text("Título alterado.").is_visible()
    row = page.locator(f"[data-testid=board-row][data-id='{edited}']")
    open_card(row)  # the due date is a secondary column on a phone
    text = row.inner_text()
    assert "Pneus da carreta (2 unidades)" in text and "R$ 1.050,00" in text and due.strftime("%d/%m/%Y") in text

    page.locator(f"[data-testid=board-row][data-id='{cancelled}']").get_by_role("link", name="Editar").click()
    page.wait_for_url(f"**/financeiro/pagar/{cancelled}/editar")
    page.get_by_test_id("cancel-payable").click()
    question = page.locator("#confirm-dialog #confirm-text")
    assert "não pode ser desfeito" in question.inner_text() and "Lavagem em dobro" in question.inner_text()
    page.locator("#confirm-dialog [data-confirm-ok]").click()
    page.wait_for_url(re.compile(r"/financeiro/pagar$"))
    assert page.get_by_text("Título cancelado.").is_visible()
    assert page.locator(f"[data-testid=board-row][data-id='{cancelled}']").count() == 0
    assert page.locator(f"[data-testid=board-row][data-id='{edited}']").count() == 1
