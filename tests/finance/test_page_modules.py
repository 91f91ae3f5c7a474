"""Each finance page area answers behind its own module gate: the billing pages (blueprint `billing`) need the
company's `billing` module, the payables pages (blueprint `payables`) its `financial` module, as the API; one
module on never opens the other's pages."""
import pytest

BILLING_PAGES = ("/financeiro/documentos", "/financeiro/faturas", "/financeiro/faturas/nova", "/financeiro/receber",
                 "/financeiro/receber.csv")
PAYABLES_PAGES = ("/financeiro/pagar", "/financeiro/pagar.csv", "/financeiro/pagar/novo", "/financeiro/pagar/pagos")


def test_the_lists_hold_every_page_of_both_areas_without_an_id(app):
    pages = {blueprint: sorted(rule.rule for rule in app.url_map.iter_rules()
                               if rule.endpoint.split(".")[0] == blueprint and "GET" in rule.methods
                               and not rule.arguments)
             for blueprint in ("billing", "payables")}
    assert pages == {"billing": sorted(BILLING_PAGES), "payables": sorted(PAYABLES_PAGES)}


@pytest.mark.parametrize("module, opened, closed", [
    ("billing", BILLING_PAGES, PAYABLES_PAGES),
    ("financial", PAYABLES_PAGES, BILLING_PAGES),
])
def test_a_company_sees_only_the_pages_of_its_module(make_company, make_user, login, module, opened, closed):
    client = login(make_user(make_company(modules=[module]), role="financeiro"))
    for path in opened:
        assert client.get(path).status_code == 200, path
    for path in closed:
        assert client.get(path).status_code == 403, path
