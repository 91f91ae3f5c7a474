"""The CIOT form's registry pickers in Chromium at 390 and 1366 px: keyboard only for the carrier (type, arrow,
Enter), the driver's expired CNH flagged where it is chosen, a vehicle by pointer, a typed party saved as a partner; the
comboboxes' ARIA states, no horizontal scroll and no serious axe violation with a listbox open."""
from datetime import timedelta

import pytest

from core.clock import brasilia_today
from tests.browser.conftest import htmx_settled, log_in

pytestmark = pytest.mark.browser


def search(page, picker_id: str, text: str):
    """Type into a picker and wait for htmx to settle the answer to the whole text (a pause between two letters
    fires a search for the letters so far: its answer must not be taken for the last one's)."""
    box = page.locator(f"#{picker_id}")
    source = box.get_attribute("hx-get").split("?")[0]
    with htmx_settled(page, source, query={"q": box.input_value}):  # what the box holds once typed (maybe more)
        box.press_sequentially(text)
    return page.locator(f"#{picker_id}-list")


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_pickers_fill_the_form_by_keyboard_and_pointer(browser_page, make_user, company, make_partner,
                                                      make_bank_account, make_driver, make_vehicle):
    from axe_playwright_python.sync_playwright import Axe
    carrier = make_partner(person_kind="pf", cpf_cnpj="52998224725", legal_name="João Transportes da Silva",
                           rntrc="012345678", rntrc_categoria="TAC")
    make_bank_account(carrier, bank_code="001", agency="1234", account="56789-0")
    make_driver(name="Ana Motorista", cpf="39053344705",
                cnh_expires_at=(brasilia_today() - timedelta(days=3)).isoformat())
    make_vehicle(plate="ABC1D23", axles=3, brand="Scania")
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    page.goto("/ciot/nova")

    # the carrier by keyboard: type, ArrowDown, Enter
    combobox = page.locator("#pick-contratado")
    listbox = search(page, "pick-contratado", "joão")
    assert combobox.get_attribute("aria-expanded") == "true" and listbox.is_visible()
    combobox.press("ArrowDown")
    active = combobox.get_attribute("aria-activedescendant")
    assert active and page.locator(f"#{active}").get_attribute("aria-selected") == "true"
    serious = [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == []  # with the listbox open
    with page.expect_response("**/ciot/nova/validar"):  # picking re-runs the live validation
        combobox.press("Enter")
    assert combobox.get_attribute("aria-expanded") == "false" and listbox.is_hidden()
    assert page.locator("[name='contratado_cpf_cnpj']").input_value() == "529.982.247-25"
    assert page.locator("[name='contratado_rntrc']").input_value() == "012345678"
    assert page.locator("[name='contratado_tipo']").input_value() == "TAC"
    assert page.locator("[name='bank_code']").input_value() == "001"
    assert page.locator("[name='account_number']").input_value() == "56789-0"
    note = page.locator("#pick-contratado-note").inner_text()
    assert "Preenchido a partir do cadastro: João Transportes da Silva" in note

    # a driver (TAC) instead of the carrier: a choice of its own, folded; the expired CNH is flagged in the option
    # and again once chosen; replacing the carrier already filled asks first, and "Voltar" keeps the carrier
    driver_box = page.locator("#pick-contratado-motorista")
    assert not driver_box.is_visible()
    page.get_by_text("Contratar um motorista autônomo (TAC) em vez da transportadora").click()
    listbox = search(page, "pick-contratado-motorista", "ana")
    assert listbox.locator("[data-cnh='danger']").inner_text() == "CNH vencida"
    dialog = page.locator("dialog#confirm-dialog")
    driver_box.press("ArrowDown")
    driver_box.press("Enter")
    dialog.wait_for(state="visible")
    assert "Trocar o contratado preenchido por este motorista autônomo (TAC)?" in dialog.inner_text()
    dialog.get_by_role("button", name="Voltar").click()
    dialog.wait_for(state="hidden")
    assert page.locator("[name='contratado_nome']").input_value() == "João Transportes da Silva"
    driver_box.press("ArrowDown")  # the options found are still there: the list opens again
    driver_box.press("Enter")
    with page.expect_response("**/ciot/nova/validar"):  # the pick, once confirmed, re-runs the live validation
        dialog.get_by_role("button", name="Confirmar").click()
    note = page.locator("#pick-contratado-motorista-note")
    assert "CNH vencida em" in note.inner_text() and "note-danger" in note.get_attribute("class")
    assert page.locator("[name='contratado_nome']").input_value() == "Ana Motorista"

    # a vehicle by pointer
    listbox = search(page, "pick-vehicles-0", "abc1")
    listbox.get_by_role("option", name="ABC1D23").click()
    assert page.locator("[name='vehicles[0].plate']").input_value() == "ABC1D23"
    assert page.locator("[name='vehicles[0].axles']").input_value() == "3"

    # Escape closes a list without picking
    listbox = search(page, "pick-destinatario", "joão")
    page.locator("#pick-destinatario").press("Escape")
    assert listbox.is_hidden() and page.locator("[name='destinatario_nome']").input_value() == ""

    # a party typed in, saved as a partner from the form
    page.fill("[name='destinatario_cpf_cnpj']", "44.555.666/0001-81")
    page.fill("[name='destinatario_nome']", "Comercial Destino Ltda")
    with htmx_settled(page, "/ciot/nova/parceiro", query={"alvo": "destinatario"}):  # swapped in, not just answered
        page.locator("#pick-destinatario").locator("xpath=ancestor::section").get_by_role(
            "button", name="Salvar como parceiro").click()
    assert "Parceiro “Comercial Destino Ltda” salvo" in page.locator("#pick-destinatario-note").inner_text()
    search(page, "pick-destinatario", "comercial")
    assert page.locator("#pick-destinatario-list").get_by_role("option").count() == 1

    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
