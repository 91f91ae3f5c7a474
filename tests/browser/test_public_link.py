"""The freight page gives its public link as a link: "Copiar link" puts that address on the clipboard and says so,
and the address opens the public page."""
import pytest

from tests.browser.conftest import log_in

pytestmark = pytest.mark.browser


def test_the_public_link_is_copied_and_opens_the_public_page(browser_page, live_server, make_user, company,
                                                             make_freight):
    freight = make_freight(status="published", visibility="publico")
    page = browser_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    log_in(page, make_user(company, role="operador"))
    page.goto(f"/fretes-operacao/{freight.code}")
    link = page.locator("#freight-public-link")
    address = link.get_attribute("href")
    assert address.endswith(f"/f/{freight.public_slug}") and link.inner_text() == address
    button = page.get_by_role("button", name="Copiar link")
    button.click()
    page.get_by_role("button", name="Copiado!").wait_for()  # the page's own signal that the copy happened
    assert page.evaluate("navigator.clipboard.readText()") == address
    page.goto(address)
    assert page.get_by_role("heading", level=1).first.inner_text()  # the public freight page answers
    assert page.url == address
