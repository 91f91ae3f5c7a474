"""The page kit's behaviour in a real browser, observed through the app's own signals (htmx events, navigations),
never a clock: the busy indicator and disabled trigger while a request is in flight, focus on the first field in
error after a 422, the skip link, and a flash message shown once."""
import pytest

from tests.browser.conftest import htmx_settled, log_in

pytestmark = pytest.mark.browser

# Records the trigger's state when htmx sends (after app.js's htmx:beforeRequest made it busy) and again on `window`
# once the answer is back (window listeners run after app.js's document listener has cleared it).
BUSY_LOG = """
window.__busy = [];
function __trigger(detail) {
  const event = detail.requestConfig && detail.requestConfig.triggeringEvent;
  return (event && event.submitter) || detail.elt;
}
document.addEventListener("htmx:beforeSend", (e) => {
  const el = __trigger(e.detail);
  window.__busy.push({phase: "in-flight", path: e.detail.requestConfig.path, disabled: !!el.disabled,
                      ariaBusy: el.getAttribute("aria-busy"), spinner: el.classList.contains("is-busy")});
});
window.addEventListener("htmx:afterRequest", (e) => {
  const el = __trigger(e.detail);
  window.__busy.push({phase: "answered", path: e.detail.requestConfig.path, disabled: !!el.disabled,
                      ariaBusy: el.getAttribute("aria-busy"), spinner: el.classList.contains("is-busy")});
});
"""


@pytest.fixture
def editor_page(browser_page, make_user, company):
    browser_page.context.add_init_script(BUSY_LOG)
    log_in(browser_page, make_user(company, role="admin"))
    return browser_page


def test_the_trigger_is_busy_and_disabled_only_while_its_request_is_in_flight(editor_page, make_partner):
    partner = make_partner()
    editor_page.goto(f"/parceiros/{partner.id}")
    with htmx_settled(editor_page, "/contas/nova"):
        editor_page.get_by_role("button", name="Adicionar conta").click()
    log = [entry for entry in editor_page.evaluate("window.__busy") if entry["path"].endswith("/contas/nova")]
    assert [entry["phase"] for entry in log] == ["in-flight", "answered"]
    assert log[0] | {"path": ""} == {"phase": "in-flight", "path": "", "disabled": True, "ariaBusy": "true",
                                     "spinner": True}
    assert (log[1]["disabled"], log[1]["ariaBusy"], log[1]["spinner"]) == (False, None, False)


def test_focus_goes_to_the_first_field_in_error(editor_page, make_partner):
    partner = make_partner()
    editor_page.goto(f"/parceiros/{partner.id}")
    with htmx_settled(editor_page, "/contas/nova"):
        editor_page.get_by_role("button", name="Adicionar conta").click()
    form = editor_page.get_by_test_id("bank-account-form")
    form.get_by_label("Banco (código)").fill("1")
    form.get_by_label("Conta", exact=True).fill("123")
    with htmx_settled(editor_page, f"/parceiros/{partner.id}/contas"):
        form.locator("button[type=submit]").click()
    assert editor_page.evaluate("document.activeElement.name") == "bank_code"
    assert editor_page.evaluate("document.activeElement.closest('.has-error') !== null")


def test_the_skip_link_is_the_first_stop_and_moves_focus_to_the_content(editor_page):
    editor_page.goto("/veiculos")
    editor_page.keyboard.press("Tab")
    skip = editor_page.locator("a.skip-link")
    assert editor_page.evaluate("document.activeElement.className") == "skip-link"
    assert skip.is_visible() and skip.inner_text() == "Pular para o conteúdo"
    editor_page.keyboard.press("Enter")
    editor_page.wait_for_url("**/veiculos#conteudo")
    assert editor_page.evaluate("document.activeElement.id") == "conteudo"


def test_a_flash_message_is_shown_once(editor_page):
    editor_page.goto("/admin/integracoes")
    form = editor_page.locator("form", has=editor_page.get_by_role("button", name="Criar chave"))
    form.get_by_label("Nome").fill("ERP")
    with editor_page.expect_navigation():
        form.get_by_role("button", name="Criar chave").click()
    flashes = editor_page.locator(".flashes")
    assert flashes.get_by_text("Chave criada.").count() == 1
    assert editor_page.get_by_test_id("new-key").is_visible()
    editor_page.reload()  # the same page again: the message (and the secret) are gone
    assert editor_page.get_by_text("Chave criada.").count() == 0
    assert editor_page.get_by_test_id("new-key").count() == 0
