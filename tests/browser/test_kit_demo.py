"""The page kit's demo page (blueprints/web/kit_demo.py, the source of the component screenshots in docs/pages.md):
every component renders, the picker works by keyboard, and at 390 px and 1366 px there is no horizontal scroll and
no serious axe violation."""
import pytest

from tests.browser.conftest import htmx_settled, log_in

pytestmark = pytest.mark.browser
COMPONENTS = {"page-header", "card-table", "item-card", "empty-state", "badges", "flashes", "progress", "tabs",
              "form-fields", "picker", "confirm"}


@pytest.mark.parametrize("width", [390, 1366])
def test_every_kit_component_on_the_demo_page(browser_page, make_user, company, width):
    from axe_playwright_python.sync_playwright import Axe
    page = browser_page
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, make_user(company))
    page.goto("/kit/")
    shown = {box.get_attribute("data-component") for box in page.locator("[data-component]").all()}
    assert shown == COMPONENTS
    assert page.locator("#documento-error").inner_text() == "CPF incompleto: são 11 dígitos."
    assert page.locator("#documento").get_attribute("aria-invalid") == "true"
    assert page.locator("#valor_frete").get_attribute("inputmode") == "decimal"

    with htmx_settled(page, "/kit/busca", query={"q": "jo"}):  # not an answer to "j" alone
        page.locator("#kit-picker").press_sequentially("jo")
    page.locator("#kit-picker").press("ArrowDown")
    page.locator("#kit-picker").press("Enter")
    assert page.locator("#kit-nome").input_value() == "João Transportes da Silva"

    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    serious = [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == []


@pytest.mark.parametrize(("input_id", "typed", "shown"), [
    ("chave_pix", "+5541999998888", "+55 (41) 99999-8888"),      # a phone key: +55 then the phone mask
    ("chave_pix", "52998224725", "529.982.247-25"),              # digits: a CPF
    ("chave_pix", "11222333000181", "11.222.333/0001-81"),       # or a CNPJ
    ("chave_pix", "joao@exemplo.com.br", "joao@exemplo.com.br"),  # an e-mail, as typed
    ("chave_pix", "123e4567-e89b-42d3-a456-426614174000", "123e4567-e89b-42d3-a456-426614174000"),  # random key
    ("chave_pix", "+1 212 555 0100", "+1 212 555 0100"),           # a foreign phone, as typed
    ("documento", "52998224725", "529.982.247-25"),
    ("telefone", "41999998888", "(41) 99999-8888"),
    ("cep", "80010000", "80010-000"),
    ("placa", "abc1234", "ABC-1234"),
    ("placa", "abc1d23", "ABC1D23"),
])
def test_each_mask_formats_what_is_typed(browser_page, make_user, company, input_id, typed, shown):
    page = browser_page
    log_in(page, make_user(company))
    page.goto("/kit/")
    box = page.locator(f"#{input_id}")
    box.fill("")
    box.press_sequentially(typed)
    box.blur()
    assert box.input_value() == shown


def test_the_ciot_validation_summary_comes_first_on_a_phone(browser_page, make_user, company):
    """At 390 px the form is one column and the live validation panel is moved above it (CSS order), so a
    dispatcher on a phone sees what blocks the emission without scrolling past 40 fields; at 1366 it is beside."""
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    for width, above in ((390, True), (1366, False)):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto("/ciot/nova")
        panel = page.locator("#ciot-live").bounding_box()
        first_field = page.locator("#ciot-form input:visible, #ciot-form select:visible").first.bounding_box()
        assert (panel["y"] + panel["height"] <= first_field["y"]) is above, (width, panel, first_field)
