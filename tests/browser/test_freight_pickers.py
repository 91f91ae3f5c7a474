"""The freight form's pickers in Chromium at 390 and 1366 px: the destination municipality picked by name from
the IBGE table (typing "curiti" fills "Curitiba" and "PR"), the driver searched instead of listed and picked by
keyboard (its CNH expiring soon said where it is chosen); the saved freight has both. A CIOT location is picked the same
way (name → IBGE code and UF)."""
import re
from datetime import timedelta

import pytest

from core.clock import brasilia_today
from tests.browser.conftest import log_in
from tests.browser.test_ciot_pickers import search

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_freight_municipality_and_driver_are_searched_and_picked(browser_page, make_user, company, make_driver):
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.freights.models import Freight
    driver = make_driver(name="Ana Motorista", cnh_expires_at=(brasilia_today() + timedelta(days=10)).isoformat())
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    page.goto("/fretes-operacao/novo")
    assert page.locator("select[name='driver_id'] option").count() == 0  # no embedded registry

    search(page, "pick-origin", "sao paulo sp").get_by_role("option", name=re.compile("São Paulo – SP")).click()
    listbox = search(page, "pick-destination", "curiti")
    listbox.get_by_role("option", name=re.compile("Curitiba – PR")).click()
    assert page.get_by_label("Cidade de destino").input_value() == "Curitiba"
    assert page.get_by_label("UF de destino").input_value() == "PR"
    assert page.get_by_label("Cidade de origem").input_value() == "São Paulo"

    search(page, "pick-driver_id", "ana")
    page.locator("#pick-driver_id").press("ArrowDown")
    page.locator("#pick-driver_id").press("Enter")
    assert page.locator("[name='driver_id']").input_value() == str(driver.id)
    assert "CNH vence em 10 dias" in page.locator("#pick-driver_id-note").inner_text()

    page.get_by_label("Tipo de carga").select_option("Granel sólido")
    page.get_by_label("Valor do frete (R$)").fill("4.500,00")
    page.get_by_role("button", name="Salvar", exact=True).click()
    page.wait_for_url(re.compile(r".*/fretes-operacao/FRT-\d{6}$"))
    with tenant_scope(company.id):
        freight = db.session.execute(db.select(Freight)).scalar_one()
        assert (freight.destination_city, freight.destination_state, freight.driver_id) == ("Curitiba", "PR",
                                                                                           driver.id)
    page.goto(f"/fretes-operacao/{freight.code}/editar")  # the chosen driver is named in its box
    assert page.locator("#pick-driver_id").input_value() == "Ana Motorista"


def test_a_ciot_location_is_picked_by_name(browser_page, make_user, company):
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    page.goto("/ciot/nova")
    with page.expect_response("**/ciot/nova/validar"):  # picking re-runs the live validation
        search(page, "pick-destino-municipio", "niteroi").get_by_role("option", name=re.compile("Niterói")).click()
    assert page.locator("[name='destino.codigo_municipio']").input_value() == "3303302"
    assert page.locator("[name='destino.uf']").input_value() == "RJ"
    assert page.locator("[name='destino.municipio_nome']").input_value() == "Niterói"
