"""The public ANTT floor calculator in Chromium at 390 px: no login, htmx swaps the answer (and the 422 with the
valid axles under the input), the URL can be shared, and the form works with JavaScript off."""
import re
from datetime import date

import pytest
from playwright.sync_api import expect

from core.clock import brasilia_today
from core.formatting import money
from domain.antt_floor.services import floor_for
from tests.browser import pagewalk
from tests.browser.conftest import SETTLE_LOG, TIMEOUT_MS, htmx_settled

pytestmark = pytest.mark.browser


def _phone(chromium, live_server, **options):
    context = chromium.new_context(base_url=live_server, locale="pt-BR", viewport={"width": 390, "height": 844},
                                   is_mobile=True, has_touch=True, **options)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(SETTLE_LOG)
    return context


@pytest.fixture
def phone(_chromium, live_server):
    context = _phone(_chromium, live_server)
    yield context.new_page()
    context.close()


def test_the_calculator_page_is_clean_on_a_phone_and_a_desktop(_chromium, live_server):
    from axe_playwright_python.sync_playwright import Axe
    problems = []
    for width, height in pagewalk.WIDTHS.values():
        context = _chromium.new_context(base_url=live_server, locale="pt-BR",
                                        viewport={"width": width, "height": height})
        context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        try:
            for url in ("/piso-minimo", "/piso-minimo?distancia=430&eixos=5&tipo_carga=carga_geral&tabela=A"):
                report = pagewalk.check_page(page, live_server + url, width, axe=Axe(), checked_links={})
                problems += [f"{url} @{width}px: {p}" for p in report.problems]
        finally:
            context.close()
    assert not problems, "\n".join(problems)


def test_a_driver_calculates_the_floor_on_a_phone(phone):
    phone.goto("/piso-minimo")
    phone.get_by_label("Distância da viagem (km)").fill("1.250,5")
    phone.get_by_label("Eixos carregados").select_option("6")
    phone.get_by_label("Tipo de carga").select_option("granel_solido")
    phone.get_by_label("Tabela (o que foi contratado)").select_option("C")
    with htmx_settled(phone, "/piso-minimo"):
        phone.get_by_role("button", name="Calcular piso").click()
    floor = floor_for(on_date=brasilia_today(), table="C", cargo_type="granel_solido", loaded_axles=6,
                      distance_km="1250.5")
    assert phone.get_by_test_id("floor-value").inner_text() == money(floor.value)
    assert phone.get_by_test_id("floor-act").inner_text().startswith(floor.act.name)
    assert "1.250,5 km × R$" in phone.get_by_test_id("floor-pieces").inner_text()
    expect(phone).to_have_url(re.compile("distancia="))  # the answer has its own address, to share
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    phone.get_by_label("Tabela (o que foi contratado)").select_option("B")
    phone.get_by_label("Eixos carregados").select_option("3")
    with phone.expect_response(lambda r: "/piso-minimo?" in r.url) as answer, htmx_settled(phone, "/piso-minimo"):
        phone.get_by_role("button", name="Calcular piso").click()
    assert answer.value.status == 422
    error = phone.locator("#eixos-error")
    assert "Eixos com coeficiente: 4, 5, 6, 7, 9." in error.inner_text()
    assert phone.get_by_test_id("floor-result").count() == 0
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_form_works_without_javascript(_chromium, live_server):
    context = _phone(_chromium, live_server, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto("/piso-minimo")
        page.get_by_label("Distância da viagem (km)").fill("100")
        page.get_by_label("Tipo de carga").select_option("conteinerizada")
        page.locator("summary").click()
        page.get_by_label("Data da contratação").fill("2026-08-01")
        with page.expect_navigation():
            page.get_by_role("button", name="Calcular piso").click()
        floor = floor_for(on_date=date(2026, 8, 1), table="A", cargo_type="conteinerizada", loaded_axles=5,
                          distance_km=100)
        assert page.get_by_test_id("floor-value").inner_text() == money(floor.value)
        assert "obrigatório para contêineres" in page.get_by_test_id("floor-pieces").inner_text()
        assert "Resolução ANTT 6.084/2026" in page.get_by_test_id("floor-act").inner_text()
    finally:
        context.close()
