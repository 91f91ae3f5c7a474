"""A dispatcher messages the freight's driver in Chromium: the recipient is already the driver's phone; typed again
as people write it, without +55, it is read as Brazilian; the development channel's message is shown as
"Simulada" (nothing was sent), never "Enviada"."""
import pytest

from tests.browser.conftest import log_in

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_message_a_driver_typed_without_the_country_code(browser_page, make_user, company, make_freight,
                                                         make_driver):
    driver = make_driver(name="Rui Estrada", phone="+5541988887777")
    freight = make_freight(driver_id=str(driver.id), pickup_at="2030-12-01T11:00:00Z")
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    page.goto(f"/fretes-operacao/{freight.code}")
    recipient = page.get_by_label("Destinatário")
    assert recipient.input_value() == "+5541988887777"  # the freight's driver, prefilled

    recipient.fill("(41) 99999-8888")
    page.get_by_label("Canal").select_option("whatsapp")
    page.get_by_label("Modelo").select_option("carga_disponivel")
    with page.expect_response(lambda r: r.url.endswith("/mensagens") and r.request.method == "POST"):
        page.get_by_role("button", name="Enviar", exact=True).click()
    row = page.locator("#messages tr[data-status='sent']")
    row.wait_for()
    assert "+5541999998888" in row.inner_text()
    assert "Simulada" in row.inner_text() and "Enviada" not in row.inner_text()
