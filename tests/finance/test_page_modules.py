"""The finance pages gate the company's modules as the API does: billing pages (inbox, invoices, receivables,
billing settings and invoice layouts) need `billing`, payables pages `financial`; otherwise 403 in pt-BR, and the
menu hides what the company cannot open."""
import pytest

BILLING_PAGES = ("/financeiro/documentos", "/financeiro/faturas", "/financeiro/faturas/nova", "/financeiro/receber",
                 "/financeiro/receber.csv", "/financeiro/configuracoes", "/financeiro/layout-fatura")
PAYABLES_PAGES = ("/financeiro/pagar", "/financeiro/pagar.csv", "/financeiro/pagar/novo", "/financeiro/pagar/pagos")
MENU = {"billing": ("Documentos", "Faturas", "Contas a receber", "/financeiro/configuracoes"),
        "financial": ("Contas a pagar",)}


# each area's pages are one blueprint with its own gate (blueprints/web/billing.py, payables.py, finance_settings.py)
GATED_BLUEPRINTS = {"billing": BILLING_PAGES, "finance_settings": BILLING_PAGES, "payables": PAYABLES_PAGES}


def test_the_lists_hold_every_page_without_an_id_of_the_finance_blueprints(app):
    for blueprint, pages in GATED_BLUEPRINTS.items():
        paths = {rule.rule for rule in app.url_map.iter_rules()
                 if rule.endpoint.split(".")[0] == blueprint and "GET" in rule.methods and not rule.arguments}
        assert paths and paths <= set(pages), (blueprint, paths - set(pages))


@pytest.fixture
def user_of(login, make_user, make_company):
    def make(*modules, role="financeiro"):
        return login(make_user(make_company(modules=list(modules)), role=role))
    return make


@pytest.mark.parametrize("modules, allowed", [
    ((), ()),
    (("billing",), BILLING_PAGES),
    (("financial",), PAYABLES_PAGES),
    (("billing", "financial"), BILLING_PAGES + PAYABLES_PAGES),
])
@pytest.mark.parametrize("role", ["financeiro", "admin"])
def test_each_page_needs_its_module(user_of, modules, allowed, role):
    client = user_of(*modules, role=role)
    for path in BILLING_PAGES + PAYABLES_PAGES:
        response = client.get(path)
        if path in allowed:
            assert response.status_code == 200, path
        else:
            assert response.status_code == 403, path
            assert "não está habilitado para a empresa" in response.get_data(as_text=True), path


def test_a_post_is_refused_too(user_of):
    from tests.fixtures.core import csrf_from
    client = user_of("financial")
    csrf = csrf_from(client.get("/financeiro/pagar").get_data(as_text=True))
    response = client.post("/financeiro/configuracoes", data={"csrf_token": csrf, "billing_term_days": "5"})
    assert response.status_code == 403


@pytest.mark.parametrize("modules", [(), ("billing",), ("financial",), ("billing", "financial")])
def test_the_menu_shows_only_what_the_company_has(user_of, modules):
    page = user_of(*modules).get("/").get_data(as_text=True)
    menu = page.split('id="menu"', 1)[1].split("</nav>", 1)[0]
    assert ('<li class="group">Financeiro</li>' in menu) == bool(modules)
    for module, entries in MENU.items():
        for entry in entries:
            assert (entry in menu) == (module in modules), entry


def test_anonymous_is_sent_to_login_not_refused(app):
    response = app.test_client().get("/financeiro/pagar")
    assert response.status_code == 302 and "/login" in response.headers["Location"]
