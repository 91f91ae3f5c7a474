"""Simulation pages: methodology list and editor (preview, save as a new version, errors on their cells), the
simulation page (calculate, save, convert into a freight), tax settings; roles and tenancy."""
import re
import uuid
from decimal import Decimal

import pytest

from core.db import db
from core.models import OutboxEvent
from core.tenancy import tenant_scope
from domain.freights.models import Freight
from domain.simulations.models import FreightSimulation, Methodology
from tests.fixtures.core import csrf_from


@pytest.fixture
def operator(company, make_user, login):
    client = login(make_user(company, role="operador"))
    client.token = csrf_from(client.get("/precos/metodologias").get_data(as_text=True))
    return client


@pytest.fixture
def admin(company, make_user, login):
    client = login(make_user(company, role="admin"))
    client.token = csrf_from(client.get("/precos/metodologias").get_data(as_text=True))
    return client


def post(client, url, data=None, htmx=False):
    headers = {"X-CSRFToken": client.token, **({"HX-Request": "true"} if htmx else {})}
    return client.post(url, data={**(data or {}), "csrf_token": client.token}, headers=headers)


def editor_form(client, methodology_id) -> dict:
    """The editor's fields as a browser would post them (inputs, selects, checked boxes, textareas)."""
    html = client.get(f"/precos/metodologias/{methodology_id}/editar").get_data(as_text=True)
    form = {}
    for tag in re.findall(r"<input[^>]*>", html):
        name = re.search(r'name="([^"]+)"', tag)
        if not name or name.group(1) == "csrf_token":
            continue
        if 'type="checkbox"' in tag:
            if "checked" in tag:
                form[name.group(1)] = "on"
            continue
        value = re.search(r'value="([^"]*)"', tag)
        form[name.group(1)] = value.group(1).replace("&#39;", "'").replace("&amp;", "&") if value else ""
    for name, body in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        options = re.findall(r"<option[^>]*>", body)
        chosen = next((o for o in options if re.search(r"\bselected\b", o)), options[0])
        form[name] = re.search(r'value="([^"]*)"', chosen).group(1)
    for name, body in re.findall(r'<textarea[^>]*name="([^"]+)"[^>]*>(.*?)</textarea>', html, re.S):
        form[name] = body
    return form


def test_list_shows_both_templates_and_the_tax_settings(operator):
    html = operator.get("/precos/metodologias").get_data(as_text=True)
    assert "Piso mínimo ANTT" in html and "Custo por km + tonelada + fixo" in html
    assert "Configuração fiscal" in html and 'name="tax_regime"' not in html  # only admins change it


def test_preview_prices_the_definition_being_typed(operator, cost_model):
    form = editor_form(operator, cost_model)
    form.update({"preview-distancia_km": "100", "preview-peso_t": "10"})
    html = post(operator, "/precos/metodologias/previa", form, htmx=True).get_data(as_text=True)
    assert "R$ 1.092,50" in html  # 450 + 350 + 150 + 142,50
    form["components-0-formula"] = "distancia_km * valor_km * 2"
    html = post(operator, "/precos/metodologias/previa", form, htmx=True).get_data(as_text=True)
    assert "R$ 1.610,00" in html  # 900 + 350 + 150 + 15 % of 1.400 = 210
    form["components-0-formula"] = "distancia_km.__class__"
    html = post(operator, "/precos/metodologias/previa", form, htmx=True).get_data(as_text=True)
    assert "Fórmula do componente 1" in html and "acesso a atributo" in html


def test_saving_the_editor_writes_a_new_version(operator, company, cost_model):
    form = editor_form(operator, cost_model)
    form["components-4-formula"] = "pedagio * 2"
    response = post(operator, f"/precos/metodologias/{cost_model}/editar", form)
    assert response.status_code == 302
    with tenant_scope(company.id):
        assert db.session.get(Methodology, uuid.UUID(cost_model)).current_version == 2


def test_editor_errors_land_on_their_cells_and_nothing_is_saved(operator, company, cost_model):
    form = editor_form(operator, cost_model)
    form["components-1-formula"] = "peso_t * valor_tonelda"
    form["inputs-0-min"] = "1.5"
    response = post(operator, f"/precos/metodologias/{cost_model}/editar", form)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="inputs-0-min-error"' in html  # "1.5" is ambiguous in pt-BR: refused on its cell
    form["inputs-0-min"] = "1"
    html = post(operator, f"/precos/metodologias/{cost_model}/editar", form).get_data(as_text=True)
    assert 'id="components-1-formula-error"' in html and "valor_tonelda" in html
    with tenant_scope(company.id):
        assert db.session.get(Methodology, uuid.UUID(cost_model)).current_version == 1


def test_new_methodology_from_the_page(operator, company):
    form = {"name": "Por km", "tax_mode": "by_outside", "inputs-0-key": "km", "inputs-0-label": "Distância",
            "inputs-0-type": "number", "inputs-0-required": "on", "components-0-key": "base",
            "components-0-label": "Base", "components-0-formula": "km * 3", "components-0-in_subtotal": "on"}
    assert post(operator, "/precos/metodologias/nova", form).status_code == 302
    with tenant_scope(company.id):
        assert db.session.execute(db.select(Methodology).where(Methodology.name == "Por km")).scalar_one()


def test_calculate_save_and_convert_into_a_freight(operator, company, cost_model, make_freight):
    data = {"methodology_id": cost_model, "in-distancia_km": "100", "in-peso_t": "10", "origin_state": "SP",
            "destination_state": "SP"}
    html = post(operator, "/precos/simular", data, htmx=True).get_data(as_text=True)
    # 1.092,50 net, SP → SP, presumido: P 1.288,51 whose CT-e prints ICMS 154,62 (tests/simulations/test_tax_law.py)
    assert "R$ 1.288,51" in html and "ICMS" in html
    assert "(vICMS) R$ 154,62" in html and "Piso ANTT não calculado" in html
    with tenant_scope(company.id):
        assert db.session.execute(db.select(FreightSimulation)).first() is None
    response = post(operator, "/precos/simular", {**data, "save": "1", "notes": "cliente X"})
    assert response.status_code == 302
    simulation_url = response.headers["Location"]
    freight = make_freight(company)
    page = operator.get(simulation_url).get_data(as_text=True)
    assert freight.code in page and "R$ 1.288,51" in page and "(vICMS) R$ 154,62" in page
    response = post(operator, simulation_url + "/vincular", {"freight": freight.code})
    assert response.status_code == 302
    with tenant_scope(company.id):
        db.session.expire_all()
        stored = db.session.execute(db.select(FreightSimulation)).scalar_one()
        assert stored.status == "converted" and stored.freight_id == freight.id
        assert db.session.get(Freight, freight.id).simulation_id == stored.id
        assert db.session.execute(db.select(OutboxEvent.type).where(OutboxEvent.type.like("simulation.%"))
                                  .order_by(OutboxEvent.created_at)).scalars().all() == [
            "simulation.created", "simulation.converted"]


def test_convert_into_a_new_freight_prefilled_from_the_simulation(operator, company, methodology_of):
    data = {"methodology_id": methodology_of(company, "antt_floor"), "in-distancia_km": "300", "in-eixos": "5",
            "in-tipo_carga": "carga_geral", "in-tabela": "A", "origin_state": "PR", "destination_state": "SP",
            "tac_autonomo": "y", "save": "1"}
    simulation_url = post(operator, "/precos/simular", data).headers["Location"]
    page = operator.get(simulation_url).get_data(as_text=True)
    assert "Líquido ao TAC" in page and "piso mínimo da ANTT" in page
    form = operator.get(simulation_url + "/criar-frete").get_data(as_text=True)
    assert 'value="PR"' in form and 'value="SP"' in form
    with tenant_scope(company.id):
        stored = db.session.execute(db.select(FreightSimulation)).scalar_one()
        total = stored.total
    # the cities are required: nothing is created without them (the failing case)
    refused = post(operator, simulation_url + "/criar-frete", {"origin_state": "PR", "destination_state": "SP",
                                                              "price": str(total).replace(".", ",")})
    assert refused.status_code == 422 and "Cidade de origem" in refused.get_data(as_text=True)
    with tenant_scope(company.id):
        assert db.session.execute(db.select(Freight)).first() is None
    created = post(operator, simulation_url + "/criar-frete", {
        "origin_city": "Curitiba", "origin_state": "PR", "destination_city": "Campinas", "destination_state": "SP",
        "price": str(total).replace(".", ",")})
    assert created.status_code == 302
    with tenant_scope(company.id):
        db.session.expire_all()
        freight = db.session.execute(db.select(Freight)).scalar_one()
        simulation = db.session.execute(db.select(FreightSimulation)).scalar_one()
        assert (freight.origin_city, freight.origin_state, freight.destination_state) == ("Curitiba", "PR", "SP")
        assert freight.price == total and freight.distance_km == 300 and freight.loaded_axles == 5
        assert freight.antt_table == "A" and freight.simulation_id == simulation.id
        assert simulation.status == "converted" and simulation.freight_id == freight.id
    # a second freight from the same simulation is refused: it is already converted
    again = post(operator, simulation_url + "/criar-frete", {
        "origin_city": "Curitiba", "origin_state": "PR", "destination_city": "Campinas", "destination_state": "SP",
        "price": "1,00"})
    assert again.status_code == 422
    with tenant_scope(company.id):
        assert len(db.session.execute(db.select(Freight)).all()) == 1


def test_bad_inputs_on_the_simulation_page_are_422_and_named(operator, cost_model):
    response = post(operator, "/precos/simular", {"methodology_id": cost_model, "in-distancia_km": "1,5,5",
                                                  "origin_state": "SP", "destination_state": "SP"}, htmx=True)
    assert response.status_code == 422 and "<strong>Distância (km)</strong>" in response.get_data(as_text=True)


def test_tax_settings_by_admin_only(admin, operator, company):
    assert post(operator, "/precos/configuracao-fiscal", {"tax_regime": "lucro_real", "tax_state": "MG"}
                ).status_code == 403
    assert post(admin, "/precos/configuracao-fiscal", {"tax_regime": "lucro_real", "tax_state": "XX"}
                ).status_code == 422
    assert post(admin, "/precos/configuracao-fiscal", {"tax_regime": "lucro_real", "tax_state": "mg"}
                ).status_code == 302
    db.session.refresh(company)
    assert (company.tax_regime, company.tax_state) == ("lucro_real", "MG")


def test_reader_sees_but_cannot_act(company, make_user, login, cost_model):
    reader = login(make_user(company, role="leitura"))
    assert reader.get("/precos/metodologias").status_code == 200
    assert reader.get(f"/precos/metodologias/{cost_model}/editar").status_code == 403
    token = csrf_from(reader.get("/precos/simular").get_data(as_text=True))
    assert reader.post("/precos/simular", data={"csrf_token": token, "methodology_id": cost_model}).status_code == 403


def test_another_companys_records_are_refused_on_every_page(operator, make_company, methodology_of, make_api):
    other = make_company()
    theirs = methodology_of(other)
    saved = make_api(other).post("/simulations", json={
        "methodology_id": theirs, "inputs": {"distancia_km": 10, "peso_t": 1}, "save": True,
        "tax_context": {"origin_state": "SP", "destination_state": "SP"}}).get_json()["data"]["id"]
    assert operator.get(f"/precos/metodologias/{theirs}/editar").status_code == 404
    assert post(operator, f"/precos/metodologias/{theirs}/editar", {"name": "x"}).status_code == 404
    assert operator.get(f"/precos/simulacoes/{saved}").status_code == 404
    assert post(operator, f"/precos/simulacoes/{saved}/vincular", {"freight": "FRT-000001"}).status_code == 404
    assert operator.get(f"/precos/simulacoes/{saved}/criar-frete").status_code == 404
    assert post(operator, f"/precos/simulacoes/{saved}/criar-frete", {"origin_city": "A"}).status_code == 404
    page = operator.get(f"/precos/simular?methodology_id={theirs}").get_data(as_text=True)
    assert theirs not in page  # falls back to the company's own
    assert saved not in operator.get("/precos/simulacoes").get_data(as_text=True)


# --- pt-BR names on the pages, never the body's paths -------------------------------------------------------------

PATH_LIKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z_]+(?:\[\d+\])?\.[a-z_]+\b|\b[a-z_]+\[\d+\]")


def visible_text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_the_path_check_catches_schema_paths():
    """The failing case: what the pages printed before (`<code>tax_context.origin_state</code>`) is caught."""
    for shown in ("tax_context.origin_state: Informe a UF.", "inputs[0].min: inválido", "inputs.distancia_km",
                  "components[1]"):
        assert PATH_LIKE.search(visible_text(f"<li><code>{shown}</code></li>")), shown
    assert not PATH_LIKE.search("UF de origem: Informe a UF. Mínimo da entrada 1: número inválido.")


def test_problems_name_the_fields_in_pt_br(operator, company, cost_model):
    form = editor_form(operator, cost_model)
    form.update({"inputs-0-min": "1.5", "preview-distancia_km": "1,5,5"})
    preview = post(operator, "/precos/metodologias/previa", form, htmx=True).get_data(as_text=True)
    assert "Mínimo da entrada 1" in preview and "Distância (km)" in preview
    company.tax_state = None
    db.session.commit()
    result = post(operator, "/precos/simular", {"methodology_id": cost_model, "in-distancia_km": "1,5,5"}, htmx=True)
    assert result.status_code == 422 and "Distância (km)" in result.get_data(as_text=True)
    missing_state = post(operator, "/precos/simular", {"methodology_id": cost_model, "in-distancia_km": "100",
                                                       "in-peso_t": "10"}, htmx=True).get_data(as_text=True)
    assert "UF de origem" in missing_state and "UF de destino" in missing_state
    for html in (preview, result.get_data(as_text=True), missing_state):
        assert not PATH_LIKE.search(visible_text(html)), PATH_LIKE.search(visible_text(html))


def test_the_tax_modes_are_named_in_pt_br(operator, cost_model):
    html = operator.get(f"/precos/metodologias/{cost_model}/editar").get_data(as_text=True)
    assert "Por dentro (impostos embutidos no preço, como o CT-e os calcula)" in html and "gross-up" not in html


# --- WTForms: errors under their inputs, 422, what was typed kept ------------------------------------------------

def test_a_saved_simulation_with_a_bad_input_is_422_under_the_input(operator, company, cost_model):
    response = post(operator, "/precos/simular", {"methodology_id": cost_model, "in-distancia_km": "1,5,5",
                                                  "in-peso_t": "10", "origin_state": "SP",
                                                  "destination_state": "XX", "save": "1"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="in-distancia_km-error"' in html and 'value="1,5,5"' in html
    with tenant_scope(company.id):
        assert db.session.execute(db.select(FreightSimulation)).first() is None


def test_tax_settings_error_is_under_the_state(admin):
    response = post(admin, "/precos/configuracao-fiscal", {"tax_regime": "lucro_real", "tax_state": "XX"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and 'id="tax_state-error"' in html and 'value="XX"' in html


def test_converting_into_an_unknown_freight_is_422_under_the_select(operator, company, cost_model, make_freight):
    make_freight(company)
    response = post(operator, "/precos/simular", {"methodology_id": cost_model, "in-distancia_km": "100",
                                                  "in-peso_t": "10", "origin_state": "SP",
                                                  "destination_state": "SP", "save": "1"})
    response = post(operator, response.headers["Location"] + "/vincular", {"freight": "FRT-999999"})
    assert response.status_code == 422 and 'id="freight-error"' in response.get_data(as_text=True)


def test_the_result_shows_the_price_breakdown_as_a_bar_with_its_numbers(operator, cost_model):
    """The result's total as one bar split by component and tax, each segment's amount and share in text; the
    segments' widths add up to the whole bar and the amounts to the total."""
    data = {"methodology_id": cost_model, "in-distancia_km": "100", "in-peso_t": "10", "origin_state": "SP",
            "destination_state": "SP"}
    html = post(operator, "/precos/simular", data, htmx=True).get_data(as_text=True)
    bar = re.search(r'<div class="chart stacked" id="result-figures-bar".*?</ul>', html, re.S).group(0)
    assert "Composição do total de R$ 1.288,51" in bar
    legend = re.findall(r'<span class="chart-label">([^<]*)</span> <strong class="chart-value nowrap">([^<]*)</strong>',
                        bar)
    assert ("ICMS", "R$ 154,62 (12 %)") in legend
    amounts = [Decimal(text.split(" (")[0].removeprefix("R$ ").replace(".", "").replace(",", "."))
               for _, text in legend]
    assert sum(amounts) == Decimal("1288.51")
    widths = [float(w) for w in re.findall(r'<rect class="seg-\d" x="[\d.]+" y="0" height="8" width="([\d.]+)"', bar)]
    assert abs(sum(widths) - 100) < 0.1 and len(widths) == len([a for a in amounts if a > 0])  # R$ 0,00 not drawn
