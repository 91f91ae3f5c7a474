"""In Chromium at 390 px: a driver opens a shared freight link, sends a lead without an account; the dispatcher's
sidebar badge goes up."""
import pytest

from tests.browser.conftest import TIMEOUT_MS, htmx_settled, log_in

pytestmark = pytest.mark.browser


@pytest.fixture
def phone_page(_chromium, live_server):
    context = _chromium.new_context(base_url=live_server, locale="pt-BR", viewport={"width": 390, "height": 844},
                                    is_mobile=True, has_touch=True)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()


def test_driver_sends_a_lead_from_a_phone_and_the_badge_goes_up(phone_page, browser_page, make_freight, make_user,
                                                                 company):
    freight = make_freight(visibility="publico", status="published")
    dispatcher = browser_page
    log_in(dispatcher, make_user(company, role="operador"))
    with htmx_settled(dispatcher, "/leads/badge"):
        dispatcher.goto("/leads")
    assert dispatcher.locator("#leads-badge").is_hidden()  # no novo lead yet

    phone = phone_page
    phone.goto(f"/f/{freight.public_slug}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_label("Seu nome").first.fill("Maria Souza")
    phone.locator("#driver_phone").fill("41999998888")
    with phone.expect_response(lambda r: r.url.endswith("/interesse")) as answer:
        phone.get_by_role("button", name="Enviar interesse").click()
    assert answer.value.status == 302
    phone.get_by_test_id("sent").wait_for()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    with htmx_settled(dispatcher, "/leads/badge"):  # what the 30 s poll does, without waiting for it
        dispatcher.evaluate("htmx.ajax('GET', '/leads/badge', {target: '#leads-badge', swap: 'outerHTML'})")
    assert dispatcher.locator("#leads-badge").inner_text() == "1"
    assert dispatcher.locator("#leads-badge").is_visible()
