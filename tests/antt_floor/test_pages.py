"""Pages: the public calculator /piso-minimo (no login; 422 naming the valid axles; the htmx fragment) and the badge
"abaixo do piso ANTT" on the freight pages (list, board, freight page, offers panel)."""
import re
from datetime import date

import pytest

from core.db import db
from core.formatting import money
from core.tenancy import tenant_scope
from domain.antt_floor.services import floor_for
from domain.freights.models import Freight
from tests.fixtures.core import csrf_from

BADGE = "abaixo do piso ANTT"


@pytest.fixture
def client(app):
    return app.test_client()  # nobody logged in


def _value(html: str) -> str:
    return re.search(r'data-testid="floor-value">([^<]+)<', html).group(1)


def test_the_calculator_opens_without_login(client):
    response = client.get("/piso-minimo")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'data-testid="floor-form"' in html and 'data-testid="floor-result"' not in html
    assert "Portaria SUROC 22/2026 — em vigor desde 30/09/2026" in html  # the acts stored, with their dates


def test_the_calculator_explains_each_figure_with_its_act(client):
    html = client.get("/piso-minimo?distancia=1.250,5&eixos=6&tipo_carga=granel_solido&tabela=C"
                      "&data=2026-08-01").get_data(as_text=True)
    floor = floor_for(on_date=date(2026, 8, 1), table="C", cargo_type="granel_solido", loaded_axles=6,
                      distance_km="1250.5")
    assert _value(html) == money(floor.value)
    assert "Resolução ANTT 6.084/2026, em vigor desde 17/07/2026" in html
    assert "1.250,5 km × R$" in html and "Custo de carga e descarga (CC)" in html


def test_empty_return_and_tolls_are_added_and_explained(client):
    html = client.get("/piso-minimo?distancia=300&eixos=5&tipo_carga=carga_geral&tabela=A&data=2026-10-01"
                      "&retorno_vazio=y&km_retorno=250&pedagio=123,45").get_data(as_text=True)
    floor = floor_for(on_date=date(2026, 10, 1), table="A", cargo_type=5, loaded_axles=5, distance_km=300,
                      empty_return=True, return_distance_km=250, tolls="123.45")
    assert _value(html) == money(floor.value)
    assert "Retorno vazio" in html and "92% × R$" in html and "Pedágio (somado ao piso)" in html


def test_axles_without_coefficient_answer_422_naming_the_valid_ones(client):
    response = client.get("/piso-minimo?distancia=100&eixos=3&tipo_carga=carga_geral&tabela=B")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="eixos-error"' in html and "Eixos com coeficiente: 4, 5, 6, 7, 9." in html
    assert 'data-testid="floor-result"' not in html


@pytest.mark.parametrize(("query", "field"), [("distancia=", "distancia"), ("distancia=1.5", "distancia"),
                                              ("distancia=10&tabela=Z", "tabela"),
                                              ("distancia=10&tipo_carga=areia", "tipo_carga"),
                                              ("distancia=10&data=2020-01-01", "data"),
                                              ("distancia=10&pedagio=-5", "pedagio")])
def test_bad_inputs_are_422_under_their_field(client, query, field):
    response = client.get(f"/piso-minimo?{query}")
    assert response.status_code == 422
    assert f'id="{field}-error"' in response.get_data(as_text=True)


def test_htmx_gets_only_the_calculator_block(client):
    response = client.get("/piso-minimo?distancia=430&eixos=5&tipo_carga=carga_geral&tabela=A",
                          headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="calculadora">') and "<html" not in html
    assert 'data-testid="floor-result"' in html


# --- the badge on the freight pages ----------------------------------------------------------------------------

@pytest.fixture
def operator(company, make_user, login):
    client = login(make_user(company, role="operador"))
    client.token = csrf_from(client.get("/fretes-operacao/").get_data(as_text=True))
    return client


FLOOR_INPUTS = {"cargo_type": "Carga geral", "distance_km": 430, "loaded_axles": 6,
                "pickup_at": "2026-10-05T12:00:00Z"}


def _floor():
    return floor_for(on_date=date(2026, 10, 5), table="A", cargo_type=5, loaded_axles=6, distance_km=430).value


def board_card(html: str, code: str) -> str:
    card = rf'<article class="card item-card">(?:(?!</article>).)*?{code}(.*?)</article>'
    return re.search(card, html, re.S).group(1)


def test_a_freight_below_the_floor_shows_the_badge_on_its_page_list_board_and_offers(operator, make_freight,
                                                                                    make_offer):
    freight = make_freight(**FLOOR_INPUTS, price=float(_floor()) - 10)
    make_offer(freight, price=float(_floor()) - 1)
    page = operator.get(f"/fretes-operacao/{freight.code}").get_data(as_text=True)
    price_cell = re.search(r'id="freight-price">(.*?)</dd>', page, re.S).group(1)
    assert BADGE in price_cell
    assert money(_floor()) in re.search(r'id="freight-floor">(.*?)</dd>', page, re.S).group(1)
    offers = re.search(r'id="offers">(.*?)</section>', page, re.S).group(1)
    assert BADGE in offers
    assert BADGE in operator.get("/fretes-operacao/").get_data(as_text=True)
    assert BADGE in board_card(operator.get("/fretes-operacao/?view=quadro").get_data(as_text=True), freight.code)


def test_no_badge_at_or_above_the_floor_or_without_floor(operator, make_freight, make_offer):
    at = make_freight(**FLOOR_INPUTS, price=float(_floor()))
    make_offer(at, price=float(_floor()) + 1)
    unknown = make_freight(price=1)  # no distance, no axles: no floor
    for freight in (at, unknown):
        assert BADGE not in operator.get(f"/fretes-operacao/{freight.code}").get_data(as_text=True)
    assert BADGE not in operator.get("/fretes-operacao/").get_data(as_text=True)
    board = operator.get("/fretes-operacao/?view=quadro").get_data(as_text=True)
    assert at.code in board and unknown.code in board and BADGE not in board


def test_the_freight_form_takes_the_floor_inputs(operator, company):
    form = {"origin_city": "São Paulo", "origin_state": "SP", "destination_city": "Curitiba",
            "destination_state": "PR", "cargo_type": "Carga geral", "price": "1.000,00", "distance_km": "430",
            "loaded_axles": "6", "antt_table": "A", "pickup_at": "2026-10-05T09:00", "csrf_token": operator.token}
    response = operator.post("/fretes-operacao/novo", data=form)
    assert response.status_code == 302, response.get_data(as_text=True)
    with tenant_scope(company.id):
        freight = db.session.execute(db.select(Freight)).scalar_one()
    assert (freight.distance_km, freight.loaded_axles, freight.antt_floor) == (430, 6, _floor())
    assert BADGE in operator.get(f"/fretes-operacao/{freight.code}").get_data(as_text=True)


def test_the_calculator_is_in_the_sitemap(client):
    assert "/piso-minimo</loc>" in client.get("/sitemap.xml").get_data(as_text=True)


def test_the_calculators_canonical_link_is_on_the_public_base(client, app, monkeypatch):
    """With PUBLIC_BASE_URL the canonical link names the site, not the Host the client wrote."""
    monkeypatch.setitem(app.config, "PUBLIC_BASE_URL", "https://fretes.example.com")
    html = client.get("/piso-minimo", base_url="http://atacante.example").get_data(as_text=True)
    assert '<link rel="canonical" href="https://fretes.example.com/piso-minimo">' in html and "atacante" not in html


def test_the_calculator_is_the_same_for_a_visitor_and_a_logged_in_user(client, operator, make_company, make_freight):
    """Tenancy: a public page over platform data; no company's freight or floor shows up in it."""
    make_freight(make_company(), **FLOOR_INPUTS, price=1)
    query = "/piso-minimo?distancia=430&eixos=6&tipo_carga=carga_geral&tabela=A&data=2026-10-05"
    visitor, logged = client.get(query).get_data(as_text=True), operator.get(query).get_data(as_text=True)
    assert _value(visitor) == _value(logged) == money(_floor())
    assert "FRT-" not in visitor and "FRT-" not in logged
