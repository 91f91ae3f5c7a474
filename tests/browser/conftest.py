"""Browser fixtures: the app served over real HTTP from a thread, and a page in the system Chromium.

`live_server` is the base URL (e.g. http://127.0.0.1:43123); `browser_page` is a fresh Playwright page
(own cookies) per test. Playwright cannot download browsers here, so Debian's /usr/bin/chromium is used.

Waits follow the app's own signals, never a clock: a locator's auto-wait for the element the answer brings,
`page.expect_response(...)`, or `htmx_settled(page, path)` around an action that makes htmx fetch `path`.
The default timeout is only the bound after which a hung page fails the test (generous: CI machines are loaded).
"""
import contextlib
import os
import threading

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


@pytest.fixture
def browser_page(_chromium, live_server):
    context = _chromium.new_context(base_url=live_server, locale="pt-BR")
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(SETTLE_LOG)
    page = context.new_page()
    yield page
    context.close()


@contextlib.contextmanager
def htmx_settled(page, path: str):
    """Around an action that makes htmx request a URL containing `path` (e.g. a live search): leaving the block
    waits until htmx has swapped and settled that request's answer (htmx:afterSettle), however long it took."""
    seen = page.evaluate("window.__htmxSettled.length")
    yield
    page.wait_for_function("([seen, path]) => window.__htmxSettled.slice(seen).some((url) => url.includes(path))",
                           arg=[seen, path])


def log_in(page, user):
    """Log `user` in through the login form (as a person would) and wait for the dashboard."""
    page.goto("/login")
    page.get_by_label("E-mail").fill(user.email)
    page.get_by_label("Senha").fill(user.plain_password)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url("**/")
