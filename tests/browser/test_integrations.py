"""An admin creates an API key on the integrations page and an ERP uses it."""
import json
import urllib.error
import urllib.request

import pytest

from tests.browser.conftest import log_in

pytestmark = pytest.mark.browser


def call_me(live_server, key=None):
    request = urllib.request.Request(f"{live_server}/api/public/v1/me", headers={"X-API-Key": key} if key else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_key_created_on_the_page_calls_the_api(browser_page, live_server, make_user, company):
    page = browser_page
    log_in(page, make_user(company, role="admin"))
    assert page.evaluate("typeof window.htmx") == "object"  # the vendored htmx loaded, no CDN
    page.get_by_role("link", name="Integrações").click()
    page.get_by_label("Nome (para identificar a integração)").fill("ERP da matriz")
    page.get_by_role("button", name="Criar chave").click()
    key = page.get_by_test_id("new-key").inner_text().strip()
    assert key.startswith("flk_")
    assert page.get_by_role("cell", name="ERP da matriz").is_visible()

    status, body = call_me(live_server, key)
    assert status == 200
    assert body["data"]["company"]["id"] == str(company.id)
    assert body["data"]["company"]["legal_name"] == company.legal_name
    assert body["data"]["api_key"]["scopes"] == ["read", "write"]

    page.get_by_role("button", name="Revogar").click()
    dialog = page.locator("dialog#confirm-dialog")  # the kit's confirm dialog, not window.confirm
    dialog.get_by_text("Revogar esta chave?").wait_for()
    dialog.get_by_role("button", name="Voltar").click()
    assert call_me(live_server, key)[0] == 200  # backing out revokes nothing
    page.get_by_role("button", name="Revogar").click()
    dialog.get_by_role("button", name="Confirmar").click()
    page.get_by_text("Chave revogada").wait_for()
    assert call_me(live_server, key)[0] == 401


def test_wrong_password_stays_on_login(browser_page, make_user, company):
    page = browser_page
    user = make_user(company)
    page.goto("/login")
    page.get_by_label("E-mail").fill(user.email)
    page.get_by_label("Senha").fill("senha-errada")
    page.get_by_role("button", name="Entrar").click()
    page.get_by_text("E-mail ou senha incorretos.").wait_for()
    assert page.url.endswith("/login")


def test_htmx_error_card_and_csrf_reload(browser_page, make_user, company):
    page = browser_page
    log_in(page, make_user(company, role="admin"))
    page.goto("/admin/usuarios")
    # An htmx call that fails shows the error card instead of doing nothing.
    page.evaluate("htmx.ajax('GET', '/jobs/00000000-0000-0000-0000-000000000000', {target: 'h1'})")
    page.locator("main.content .error-page").get_by_text("Registro não encontrado.").wait_for()
    # An htmx POST with a stale CSRF token reloads the page, which carries a fresh token.
    page.goto("/admin/usuarios")
    page.evaluate("document.querySelector('meta[name=csrf-token]').content = 'stale'")
    with page.expect_navigation():
        page.evaluate("htmx.ajax('POST', '/logout', {target: 'main'})")
    assert page.url.endswith("/admin/usuarios")
    assert page.get_by_role("heading", name="Usuários").is_visible()
