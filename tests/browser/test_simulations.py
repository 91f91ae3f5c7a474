"""In Chromium: the methodology editor's live preview follows typing (inputs and formulas), then a saved edit shows
as a new version; the simulation page calculates on the spot."""
import os
import re

import pytest

from core.db import db
from domain.tenancy import services as tenancy
from tests.browser.conftest import htmx_settled, log_in

pytestmark = pytest.mark.browser


def test_editor_preview_follows_typing_and_saving_makes_version_2(browser_page, make_user, company):
    tenancy.update_company(company, tax_state="SP")
    db.session.commit()
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    page.get_by_role("link", name="Preços").click()
    row = page.get_by_role("row").filter(has_text="Custo por km + tonelada + fixo")
    with htmx_settled(page, "/precos/metodologias/previa"):  # the preview computes on load
        row.get_by_role("link", name="Editar").click()
    preview = page.locator("#preview")
    with htmx_settled(page, "/precos/metodologias/previa"):
        page.get_by_label("Distância (km)").fill("100")
    with htmx_settled(page, "/precos/metodologias/previa"):
        page.get_by_label("Peso da carga (t)").fill("10")
    # 450 + 350 + 150 + 142,50 = 1.092,50; SP internal ICMS 12 %, presumido PIS 0,65 % / COFINS 3 % inside the
    # price: 1.092,50 ÷ (0,88 × 0,9635) → 1.288,51 (tests/simulations/test_api_simulations.py)
    assert "R$ 1.092,50" in preview.get_by_test_id("subtotal").inner_text()
    assert "R$ 1.288,51" in preview.get_by_test_id("total").inner_text()

    with htmx_settled(page, "/precos/metodologias/previa"):
        page.get_by_label("Fórmula do componente 1").fill("distancia_km * valor_km * 2")
    assert "R$ 1.610,00" in preview.get_by_test_id("subtotal").inner_text()
    with htmx_settled(page, "/precos/metodologias/previa"):
        page.get_by_label("Fórmula do componente 1").fill("distancia_km.real")
    assert "acesso a atributo" in preview.get_by_test_id("preview-problems").inner_text()
    with htmx_settled(page, "/precos/metodologias/previa"):
        page.get_by_label("Fórmula do componente 1").fill("distancia_km * 5")
    assert "R$ 1.150,00" in preview.get_by_test_id("subtotal").inner_text()  # 500 + 350 + 150 + 150

    page.get_by_role("button", name="Salvar nova versão").click()
    page.wait_for_url("**/precos/metodologias")
    assert "Metodologia salva (versão 2)" in page.locator("main").inner_text()


def test_simulation_page_calculates_in_place(browser_page, make_user, company):
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    page.goto("/precos/simular")
    page.get_by_label("Metodologia").select_option(label="Custo por km + tonelada + fixo")
    page.get_by_role("button", name="Trocar").click()
    # the page before the switch may show the same inputs: typing there would be lost with it
    page.wait_for_url(re.compile(r"[?&]methodology_id="))
    page.get_by_label("Distância (km) *").fill("100")
    page.get_by_label("Peso da carga (t) *").fill("10")
    page.get_by_label("UF de origem").fill("SP")
    page.get_by_label("UF de destino").fill("BA")
    with htmx_settled(page, "/precos/simular"):
        page.get_by_role("button", name="Calcular").click()
    result = page.get_by_test_id("result-figures")
    assert "R$ 1.092,50" in result.get_by_test_id("subtotal").inner_text()
    assert "ICMS (7 %" in result.inner_text()  # SP → BA
    # the CT-e block (presumido: 1.092,50 ÷ (0,93 × 0,9635) = 1.219,232 → 1.219,23 nets 1.092,49, so 1.219,24;
    # ICMS 7 % of it = 85,3468 → 85,35)
    assert "(vICMS) R$ 85,35" in page.get_by_test_id("cte").inner_text()
    bar = page.get_by_test_id("result-figures-bar")  # the total as one bar, each share in text beside its colour
    assert "Composição do total de R$ 1.219,24" in bar.inner_text()
    assert bar.locator("li", has_text="ICMS").inner_text().endswith("R$ 85,35 (7 %)")
    if os.environ.get("HP28_SHOT"):
        page.set_viewport_size({"width": 390, "height": 844})
        page.get_by_test_id("result-figures").screenshot(path=os.environ["HP28_SHOT"])
