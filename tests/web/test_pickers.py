"""The shared search pickers (blueprints/web/pickers.py): municipalities by name from the shipped IBGE table, filling
the inputs a form names, and the company's registry records by id; on the forms that take them."""
import json
import re

import pytest

from core.validators import search_municipalities


def fills(html: str) -> list[dict]:
    return [json.loads(m.replace("&#34;", '"')) for m in re.findall(r'data-fill="([^"]*)"', html)]


def test_municipalities_are_searched_by_name_accents_and_case_aside_prefix_first():
    found = search_municipalities("curitiba")
    assert found[0] == ("4106902", "Curitiba", "PR")
    assert ("4106902", "Curitiba", "PR") in search_municipalities("CURITIBA/pr")
    assert search_municipalities("sao paulo sp")[0] == ("3550308", "São Paulo", "SP")
    assert all(uf == "RJ" for _c, _n, uf in search_municipalities("rio rj"))
    assert search_municipalities("c") == [] and search_municipalities("xyzxyz") == []


@pytest.fixture
def user_client(login, make_user, company):
    return login(make_user(company, role="operador"))


def test_the_municipality_picker_fills_the_inputs_the_form_names(user_client):
    html = user_client.get("/busca/municipios?nome=origem.municipio_nome&uf=origem.uf&codigo=origem.codigo_municipio"
                           "&q=Curitiba").get_data(as_text=True)
    assert fills(html)[0] == {"origem.municipio_nome": "Curitiba", "origem.uf": "PR",
                              "origem.codigo_municipio": "4106902"}
    html = user_client.get("/busca/municipios?nome=origin_city&uf=origin_state&q=curit").get_data(as_text=True)
    assert fills(html)[0] == {"origin_city": "Curitiba", "origin_state": "PR"}
    assert "Digite ao menos 2" in user_client.get("/busca/municipios?nome=x&q=c").get_data(as_text=True)
    assert "Nada encontrado" in user_client.get("/busca/municipios?nome=x&q=zzqq").get_data(as_text=True)


@pytest.mark.parametrize("query", ["", "nome=%3Cscript%3E", "campo=x"])
def test_a_picker_without_a_well_formed_input_name_is_404(user_client, query):
    assert user_client.get(f"/busca/municipios?{query}&q=curitiba").status_code == 404


def test_registry_pickers_search_only_the_companys_active_records(user_client, make_company, make_driver, company):
    from core.tenancy import tenant_scope
    from domain.fleet import services as fleet
    from domain.fleet.schemas import VehicleCreate
    mine = make_driver(name="Carlos Motorista")
    other_company = make_company()
    with tenant_scope(other_company.id):
        fleet.create_vehicle(other_company, VehicleCreate.model_validate({"plate": "XYZ9A88", "vehicle_type": "truck"}))
        from tests.fixtures.committing import commit
        commit()
    html = user_client.get("/busca/cadastro/motoristas?campo=driver_id&q=carlos").get_data(as_text=True)
    assert fills(html) == [{"driver_id": str(mine.id)}]
    other = user_client.get("/busca/cadastro/veiculos?campo=vehicle_id&q=XYZ9").get_data(as_text=True)
    assert "Nada encontrado" in other
    assert user_client.get("/busca/cadastro/outros?campo=driver_id&q=carlos").status_code == 404
    assert user_client.get("/busca/cadastro/motoristas?q=carlos").status_code == 404  # no input to fill


def test_forms_that_take_a_municipality_carry_the_picker(user_client, login, make_user, company):
    assert 'id="pick-origin"' in user_client.get("/fretes-operacao/novo").get_data(as_text=True)
    admin = login(make_user(company, role="admin"))
    assert 'id="pick-municipio"' in admin.get("/parceiros/novo").get_data(as_text=True)
    html = user_client.get("/ciot/nova").get_data(as_text=True)
    assert 'id="pick-origem-municipio"' in html and 'id="pick-destino-municipio"' in html
