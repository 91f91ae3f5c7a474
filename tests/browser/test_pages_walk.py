"""Every page reachable from the menu, as an admin, at 390 px and 1366 px: no horizontal scroll, no console error,
no failed request, every link answering 200, and axe-core finding no serious or critical violation."""
import pytest

from tests.browser import pagewalk

pytestmark = pytest.mark.browser


@pytest.fixture
def seeded_admin(make_user, company):
    user = make_user(company, role="admin")
    pagewalk.seed_sample(company, user.email)
    return user


@pytest.mark.parametrize("device", list(pagewalk.WIDTHS))
def test_every_menu_page_is_clean(device, seeded_admin, _chromium, live_server):
    from axe_playwright_python.sync_playwright import Axe
    width, height = pagewalk.WIDTHS[device]
    context = _chromium.new_context(base_url=live_server, locale="pt-BR", viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        pagewalk.log_in(page, live_server, seeded_admin.email, seeded_admin.plain_password)
        urls = pagewalk.menu_urls(page, live_server)
        assert len(urls) >= 12, urls  # the menu's 8 pages plus detail pages and forms
        axe, links = Axe(), {}
        reports = [pagewalk.check_page(page, url, width, axe=axe, checked_links=links) for url in urls]
    finally:
        context.close()
    problems = [f"{r.url} @{r.width}px: {p}" for r in reports for p in r.problems]
    assert not problems, "\n".join(problems)


def test_phone_menu_is_collapsed_and_opens(seeded_admin, _chromium, live_server):
    context = _chromium.new_context(base_url=live_server, locale="pt-BR", viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        pagewalk.log_in(page, live_server, seeded_admin.email, seeded_admin.plain_password)
        menu_link = page.locator("nav.sidebar").get_by_role("link", name="Veículos")
        assert not menu_link.is_visible()  # the first screen shows the page, not the menu
        page.get_by_role("button", name="Menu").click()
        menu_link.click()
        page.wait_for_url("**/veiculos")
    finally:
        context.close()
