"""Money, weight and distance inputs read what a Brazilian types, in a pt-BR and in an en-US browser: the value is
shown back formatted, saved unchanged, and ambiguous typing is refused inline (never silently turned into another
amount, as type=number inputs did: "5.000,00" became R$ 5,00)."""
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from tests.browser.test_ciot_flow import SLOW, log_in

pytestmark = pytest.mark.browser


@pytest.fixture(params=["pt-BR", "en-US"])
def localized_page(request, _chromium, live_server):
    context = _chromium.new_context(base_url=live_server, locale=request.param)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_ciot_money_fields_in_both_locales(localized_page, make_user, company):
    page = localized_page
    log_in(page, make_user(company, role="operador"))
    page.goto("/ciot/nova")
    frete, peso, distancia = (page.locator(f"[name='{n}']") for n in ("valor_frete", "peso_carga", "distancia_km"))
    for box in (frete, peso, distancia):
        assert box.get_attribute("type") == "text" and box.get_attribute("inputmode") == "decimal"

    for typed, shown in (("5.000,00", "5.000,00"), ("5000,5", "5.000,50"), ("5000", "5.000,00"),
                         ("1.500", "1.500,00")):
        frete.fill("")
        frete.press_sequentially(typed)
        frete.blur()
        expect(frete).to_have_value(shown)
    peso.press_sequentially("20000,5")
    peso.blur()
    expect(peso).to_have_value("20.000,5")
    distancia.press_sequentially("430")
    distancia.blur()
    expect(distancia).to_have_value("430")

    # ambiguous: kept exactly as typed, flagged by the mask and explained by the server next to the input
    frete.fill("")
    frete.press_sequentially("1500.50")
    frete.blur()
    expect(frete).to_have_value("1500.50")
    expect(frete).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#err-valor-frete")).to_contain_text("vírgula", timeout=SLOW)
    row = page.locator("#ciot-live-results tr[data-code='invalid_number']")
    expect(row).to_have_count(1, timeout=SLOW)

    frete.fill("")
    frete.press_sequentially("5.000,00")
    frete.blur()
    expect(frete).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#err-valor-frete")).to_have_text("", timeout=SLOW)


def test_typed_amount_is_saved_as_typed(localized_page, make_user, company):
    """The vehicle form (WTForms + the same mask): "23.000,5" kg is 23000.5 kg in the database, shown back as typed."""
    from core.tenancy import tenant_scope
    from domain.fleet.models import Vehicle
    page = localized_page
    log_in(page, make_user(company, role="operador"))
    page.goto("/veiculos/novo")
    page.get_by_label("Placa").press_sequentially("abc1d23")
    page.get_by_label("Capacidade (kg)").press_sequentially("23000,5")
    page.get_by_label("Capacidade (kg)").blur()
    expect(page.get_by_label("Capacidade (kg)")).to_have_value("23.000,5")
    expect(page.get_by_label("Placa")).to_have_value("ABC1D23")
    page.get_by_role("button", name="Cadastrar veículo").click()
    page.get_by_text("Veículo cadastrado.").wait_for(timeout=SLOW)
    expect(page.get_by_label("Capacidade (kg)")).to_have_value("23.000,5")
    with tenant_scope(company.id):
        import sqlalchemy as sa

        from core.db import db
        assert db.session.scalar(sa.select(Vehicle.capacity_kg)) == Decimal("23000.5")
