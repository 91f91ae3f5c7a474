"""Browser fixtures: the app served over real HTTP from a thread, and a page in the system Chromium.

`live_server` is the base URL (e.g. http://127.0.0.1:43123); `browser_page` is a fresh Playwright page
(own cookies) per test, sized by `viewport`: a main flow runs at both widths with
`@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)` (docs/pages.md "Checks").
Playwright cannot download browsers here, so Debian's /usr/bin/chromium is used.

Waits follow the app's own signals, never a clock: a locator's auto-wait for the element the answer brings,
`page.expect_response(...)`, or `htmx_settled(page, path)` around an action that makes htmx fetch `path`.
The default timeout is only the bound after which a hung page fails the test (generous: CI machines are loaded).
"""
import contextlib
import os
import threading
import uuid

import pytest
from werkzeug.serving import make_server

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
TIMEOUT_MS = 30_000
# Every page records the URL of each htmx request whose answer has been swapped and settled.
SETTLE_LOG = """
window.__htmxSettled = [];
document.addEventListener("htmx:afterSettle", (event) => {
  const xhr = event.detail && event.detail.xhr;
  window.__htmxSettled.push(xhr ? xhr.responseURL : "");
});
"""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def pytest_collection_modifyitems(items):
    if os.path.exists(CHROMIUM):
        return
    skip = pytest.mark.skip(reason=f"Chromium not found at {CHROMIUM} (apt-get install chromium; CI installs it)")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def live_server(app):
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(scope="session")
def _chromium():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


# The two widths of the checks: a phone (390 px) and a common laptop (1366 px).
VIEWPORTS = {"390": {"width": 390, "height": 844}, "1366": {"width": 1366, "height": 768}}


@pytest.fixture
def viewport(request):
    """The page's size: the `param` of an indirect parametrization ("390" or "1366"), else the laptop."""
    return VIEWPORTS[getattr(request, "param", "1366")]


@pytest.fixture
def browser_page(_chromium, live_server, viewport):
    context = _chromium.new_context(base_url=live_server, locale="pt-BR", viewport=viewport)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(SETTLE_LOG)
    page = context.new_page()
    yield page
    context.close()


@contextlib.contextmanager
def htmx_settled(page, path: str, query: dict | None = None):
    """Around an action that makes htmx request a URL containing `path` (e.g. a live search): leaving the block
    waits until htmx has swapped and settled that request's answer (htmx:afterSettle), however long it took.

    Only answers settled after the block began count; when the action loads another page, every answer settled in
    that page does. `query` narrows the wait to the request whose query string holds those values: a search typed
    letter by letter may fire a request at each pause, and only the one with the whole text is the answer to wait
    for (an earlier one settling first would let the test go on while the last is still on its way). A value may be a
    function, called when the block ends (e.g. the search box's value once the typing is done)."""
    mark = uuid.uuid4().hex
    page.evaluate("(mark) => { (window.__htmxMarks = window.__htmxMarks || {})[mark] = window.__htmxSettled.length; }",
                  mark)
    yield
    query = {name: value() if callable(value) else value for name, value in (query or {}).items()}
    page.wait_for_function(
        """([mark, path, query]) => {
          const since = (window.__htmxMarks || {})[mark] || 0;  // not set: the action loaded this page
          return window.__htmxSettled.slice(since).some((url) => url.includes(path) && Object.entries(query)
            .every(([name, value]) => new URL(url, location.href).searchParams.get(name) === value));
        }""", arg=[mark, path, query])


def log_in(page, user):
    """Log `user` in through the login form (as a person would) and wait for the dashboard."""
    page.goto("/login")
    page.get_by_label("E-mail").fill(user.email)
    page.get_by_label("Senha").fill(user.plain_password)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url("**/")


def follow_menu(page, name: str, exact: bool = False):
    """Follow a main-menu link as a person would: on a phone the menu is collapsed behind "Menu", so open it first
    (the link only becomes visible, and clickable, once the menu is open)."""
    menu = page.locator("nav.sidebar")
    toggle = page.get_by_role("button", name="Menu")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    menu.get_by_role("link", name=name, exact=exact).click()


def open_card(row):
    """A person's tap on a list row's "Mais dados": on a phone the row is a card whose secondary columns wait behind it
    (static/js/cards.js adds it; the click waits for it). At desktop width the row shows every column already."""
    if row.page.viewport_size["width"] <= 800:
        row.locator("td.card-more summary").click()
