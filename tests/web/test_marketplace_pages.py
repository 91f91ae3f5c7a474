"""Marketplace pages: the public showcase and detail (no login), the lead and offer forms, the sitemap, and the
company's leads page with its badge (token, stored count, no SQL with Redis)."""
import html as html_lib
import os
import re

import pytest
import sqlalchemy as sa

from blueprints.web import marketplace as pages
from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from domain.freights.models import Offer
from domain.marketplace.badge import _redis_key, store_new_count
from domain.marketplace.models import LeadCount, MarketplaceLead
from tests.fixtures.core import csrf_from


@pytest.fixture
def public_freight(make_freight):
    return make_freight(visibility="publico", status="published")


@pytest.fixture
def visitor(app):
    return app.test_client()


def leads():
    return db.session.execute(cross_tenant(db.select(MarketplaceLead))).scalars().all()


def post_form(client, page_url, action, data):
    token = csrf_from(client.get(page_url).get_data(as_text=True))
    return client.post(action, data={"csrf_token": token, **data})


def test_showcase_lists_public_freights_without_login(visitor, public_freight, make_freight):
    hidden = make_freight(visibility="privado", status="published")
    response = visitor.get("/fretes?originState=SP")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert f"/f/{public_freight.public_slug}" in html and hidden.code not in html
    assert '<link rel="canonical" href="http://localhost/fretes">' in html
    assert "LGPD" in html and "<script>" not in html


@pytest.fixture
def priced(make_freight):
    """Public freights at R$ 1.200 (RJ → SP, truck), R$ 4.500,50 (SP → PR, carreta) and R$ 5.500 (RJ → PR, carreta)."""
    return {
        "1200": make_freight(visibility="publico", status="published", price=1200, vehicle_type="truck",
                             origin={"city": "Niterói", "state": "RJ"}, destination={"city": "Santos", "state": "SP"}),
        "4500.5": make_freight(visibility="publico", status="published"),
        "5500": make_freight(visibility="publico", status="published", price=5500,
                             origin={"city": "Niterói", "state": "RJ"}),
    }


def shown(html: str, priced: dict) -> set[str]:
    return {price for price, f in priced.items() if f"/f/{f.public_slug}" in html}


@pytest.mark.parametrize(("typed", "expected"), [
    ("5.000,00", {"5500"}), ("5000", {"5500"}), ("1.500", {"4500.5", "5500"}), ("4.500,50", {"4500.5", "5500"}),
])
def test_showcase_price_is_read_the_brazilian_way(visitor, priced, typed, expected):
    response = visitor.get("/fretes", query_string={"minPrice": typed})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and shown(html, priced) == expected
    assert f'value="{typed}"' in html and 'data-mask="decimal"' in html  # kept as typed, masked as money


@pytest.mark.parametrize("typed", ["1..500", "5,000", "1.50,00", "abc"])
def test_unreadable_price_is_named_and_the_other_filters_still_apply(visitor, priced, typed):
    response = visitor.get("/fretes", query_string={"minPrice": typed, "originState": "RJ"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert shown(html, priced) == {"1200", "5500"}  # RJ applies; no price filter
    assert "Filtro ignorado: Preço mínimo (R$)." in html and "minPrice," not in html
    assert 'id="minPrice-error"' in html and f'value="{typed}"' in html


@pytest.mark.parametrize(("value", "expected"), [("4500.5", {"4500.5", "5500"}), ("1.5", {"1200", "4500.5", "5500"}),
                                                ("5000", {"5500"})])
def test_a_plain_number_in_a_link_filters_as_in_the_api(visitor, priced, value, expected):
    # Integrators build showcase links with the API's plain numbers: the page reads them as the API does.
    page = visitor.get("/fretes", query_string={"minPrice": value})
    api = visitor.get("/api/public/v1/marketplace/freights", query_string={"minPrice": value})
    assert page.status_code == 200 and shown(page.get_data(as_text=True), priced) == expected
    assert {item["public_slug"] for item in api.get_json()["data"]} == {priced[p].public_slug for p in expected}


def test_invalid_state_is_named_by_its_label_and_the_price_still_applies(visitor, priced):
    response = visitor.get("/fretes", query_string={"originState": "XX", "maxPrice": "2.000,00"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and shown(html, priced) == {"1200"}
    assert "Filtro ignorado: Origem (UF)." in html and 'id="originState-error"' in html


@pytest.mark.parametrize(("low", "high"), [("5.000,00", "1.500,00"), ("5000", "1500"), ("4.500,50", "4500.49")])
def test_min_price_above_max_price_ignores_the_maximum_by_its_label(visitor, priced, low, high):
    response = visitor.get("/fretes", query_string={"minPrice": low, "maxPrice": high, "originState": "RJ"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert shown(html, priced) == {"5500"}  # RJ and the minimum apply; the maximum is left out
    assert "Filtro ignorado: Preço máximo (R$)." in html and "maxPrice," not in html
    assert 'id="maxPrice-error"' in html and "Deve ser igual ou maior que o preço mínimo." in html
    assert f'value="{low}"' in html and f'value="{high}"' in html and 'id="minPrice-error"' not in html


def test_min_price_equal_to_max_price_is_read(visitor, priced):
    response = visitor.get("/fretes", query_string={"minPrice": "4.500,50", "maxPrice": "4500.50"})
    assert response.status_code == 200 and shown(response.get_data(as_text=True), priced) == {"4500.5"}


def test_vehicle_filter_offers_the_known_types_and_ignores_case(visitor, priced):
    html = visitor.get("/fretes", query_string={"vehicleType": "CARRETA"}).get_data(as_text=True)
    assert shown(html, priced) == {"4500.5", "5500"}
    assert '<option selected value="carreta">Carreta</option>' in html
    assert '<option value="truck">Truck</option>' in html and '<option value="vuc">VUC</option>' in html
    other = visitor.get("/fretes", query_string={"vehicleType": "Bitrem 9 eixos"}).get_data(as_text=True)
    assert shown(other, priced) == set() and '<option selected value="Bitrem 9 eixos">' in other


def test_detail_has_open_graph_tags_and_forms(visitor, public_freight, company):
    html = visitor.get(f"/f/{public_freight.public_slug}").get_data(as_text=True)
    assert 'property="og:title" content="Frete São Paulo/SP → Curitiba/PR"' in html
    assert re.search(r"og:description\" content=\"[^\"]*4\.500,50", html), html[:1500]
    assert f'rel="canonical" href="http://localhost/f/{public_freight.public_slug}"' in html
    description = re.search(r'og:description" content="([^"]*)"', html).group(1)
    assert company.legal_name in description and "R$" in description  # route (title), price, company
    assert 'property="og:locale" content="pt_BR"' in html and 'property="og:url"' in html
    assert 'data-testid="lead-form"' in html and 'data-testid="offer-form"' in html


@pytest.mark.parametrize("days", [30, 180])
def test_public_pages_state_the_retention_period_in_days(app, visitor, public_freight, monkeypatch, days):
    monkeypatch.setitem(app.config, "MARKETPLACE_LEAD_RETENTION_DAYS", days)
    for url in ("/fretes", f"/f/{public_freight.public_slug}"):
        html = visitor.get(url).get_data(as_text=True)
        notice = re.search(r'data-testid="retention">([^<]*)<', html).group(1)
        assert notice == f"{days} dias", url


def test_detail_404_when_not_public_and_410_when_taken(visitor, public_freight, make_freight):
    private = make_freight(visibility="privado")
    assert visitor.get(f"/f/{private.id}").status_code == 404
    public_freight.status = "aceito"
    db.session.commit()
    assert visitor.get(f"/f/{public_freight.public_slug}").status_code == 410


def test_lead_form_stores_the_lead_without_js(visitor, public_freight):
    url = f"/f/{public_freight.public_slug}"
    response = post_form(visitor, url, f"{url}/interesse", {
        "driver_name": "Maria Souza", "driver_phone": "41 99999-8888", "driver_doc": "", "vehicle_plate": "",
        "message": "", "website": ""})
    assert response.status_code == 302 and "enviado=interesse" in response.headers["Location"]
    [lead] = leads()
    assert lead.driver_phone == "+5541999998888" and lead.source == "public_marketplace"


def test_lead_form_errors_are_shown_under_the_field(visitor, public_freight):
    url = f"/f/{public_freight.public_slug}"
    response = post_form(visitor, url, f"{url}/interesse", {"driver_name": "M", "driver_phone": "123"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="driver_name-error"' in html and 'id="driver_phone-error"' in html
    assert leads() == []


def test_lead_form_honeypot_stores_nothing(visitor, public_freight):
    url = f"/f/{public_freight.public_slug}"
    response = post_form(visitor, url, f"{url}/interesse", {
        "driver_name": "Robô", "driver_phone": "11987654321", "website": "http://spam"})
    assert response.status_code == 302
    assert leads() == []


def test_offer_form_creates_a_pending_offer(visitor, public_freight):
    url = f"/f/{public_freight.public_slug}"
    response = post_form(visitor, url, f"{url}/oferta", {
        "price": "4.200,00", "carrier_name": "José Transportes", "carrier_phone": "(11) 98888-7777", "message": ""})
    assert response.status_code == 302
    [offer] = db.session.execute(cross_tenant(db.select(Offer))).scalars().all()
    assert (offer.status, float(offer.price), offer.source) == ("pendente", 4200.0, "publico")
    # The freight is now negotiating: its link still works.
    assert visitor.get(url).status_code == 200


def test_offer_form_needs_price_name_and_phone(visitor, public_freight):
    url = f"/f/{public_freight.public_slug}"
    response = post_form(visitor, url, f"{url}/oferta", {"price": "abc"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="price-error"' in html and 'id="carrier_name-error"' in html


def test_robots_txt_points_to_the_sitemap(visitor):
    response = visitor.get("/robots.txt")
    assert response.status_code == 200 and response.mimetype == "text/plain"
    assert "Sitemap: http://localhost/sitemap.xml" in response.get_data(as_text=True)


def test_sitemap_lists_public_freights(visitor, public_freight, make_freight):
    private = make_freight(visibility="privado")
    xml = visitor.get("/sitemap.xml").get_data(as_text=True)
    assert f"http://localhost/f/{public_freight.public_slug}" in xml and str(private.id) not in xml


BASE, FORGED = "https://fretes.example.com", "http://atacante.example"


@pytest.fixture
def public_base(app, monkeypatch):
    """The site's address set (PUBLIC_BASE_URL) and an empty sitemap cache that keeps what it renders."""
    monkeypatch.setitem(app.config, "PUBLIC_BASE_URL", BASE)
    monkeypatch.setitem(app.config, "SITEMAP_CACHE_SECONDS", 600)
    monkeypatch.setattr(pages, "_sitemaps", {})


def test_with_a_public_base_the_public_links_never_name_the_requests_host(visitor, public_freight, public_base):
    """Canonical and og:url of the showcase and a freight, robots.txt's Sitemap line and every sitemap entry are on
    PUBLIC_BASE_URL whatever Host the client wrote (the same pages name `http://localhost` without it, above)."""
    slug = public_freight.public_slug
    showcase = visitor.get("/fretes", base_url=FORGED).get_data(as_text=True)
    detail = visitor.get(f"/f/{slug}", base_url=FORGED).get_data(as_text=True)
    robots = visitor.get("/robots.txt", base_url=FORGED).get_data(as_text=True)
    assert f'<link rel="canonical" href="{BASE}/fretes">' in showcase
    assert f'rel="canonical" href="{BASE}/f/{slug}"' in detail and f'og:url" content="{BASE}/f/{slug}"' in detail
    assert f"Sitemap: {BASE}/sitemap.xml" in robots
    for page in (showcase, detail, robots):
        assert "atacante" not in page


def test_the_cached_sitemap_is_the_sites_whatever_host_asked_first(visitor, public_freight, public_base):
    """The sitemap cache is keyed by the base its links are built on: a crawler's forged Host first neither gets
    its host into the links nor makes another entry; the next request gets the same document on the site."""
    forged = visitor.get("/sitemap.xml", base_url=FORGED).get_data(as_text=True)
    plain = visitor.get("/sitemap.xml").get_data(as_text=True)
    assert forged == plain and list(pages._sitemaps) == [BASE]
    locations = re.findall(r"<loc>([^<]+)</loc>", plain)
    assert f"{BASE}/f/{public_freight.public_slug}" in locations and f"{BASE}/fretes" in locations
    assert all(location.startswith(f"{BASE}/") for location in locations)


# --- Leads page ------------------------------------------------------------------------------------------------

@pytest.fixture
def one_lead(visitor, public_freight):
    url = f"/f/{public_freight.public_slug}"
    post_form(visitor, url, f"{url}/interesse", {"driver_name": "Maria Souza", "driver_phone": "41 99999-8888",
                                                 "driver_doc": "529.982.247-25"})
    [lead] = leads()
    return lead


@pytest.mark.parametrize("role", ["admin", "operador"])
def test_leads_page_shows_leads_whatsapp_and_badge(login, make_user, company, one_lead, role):
    client = login(make_user(company, role=role))
    html = client.get("/leads").get_data(as_text=True)
    assert "Maria Souza" in html and "https://wa.me/5541999998888" in html
    badge = client.get("/leads/badge").get_data(as_text=True)
    assert ">1</span>" in badge


def add_leads(freight, names):
    """Leads stored directly (the public form allows 5 a minute per IP), oldest first, a second apart."""
    from datetime import timedelta

    from core.db import utcnow
    with tenant_scope(freight.company_id):
        for n, name in enumerate(names):
            db.session.add(MarketplaceLead(company_id=freight.company_id, freight_id=freight.id, driver_name=name,
                                           driver_phone="+5541999998888", status="novo",
                                           created_at=utcnow() - timedelta(seconds=len(names) - n)))
        db.session.commit()


def lead_names(html: str) -> list[str]:
    return re.findall(r"<td>(Motorista \d+)", html)


def test_leads_page_pages_with_load_more(login, make_user, company, public_freight):
    add_leads(public_freight, [f"Motorista {n}" for n in range(5)])
    client = login(make_user(company, role="operador"))
    first = client.get("/leads?limit=3").get_data(as_text=True)
    assert lead_names(first) == ["Motorista 4", "Motorista 3", "Motorista 2"]  # newest first
    more = html_lib.unescape(re.search(r'href="([^"]*cursor=[^"]*)"', first).group(1))
    assert "cursor=" in more and "limit=3" in more
    rest = client.get(more, headers={"HX-Request": "true", "HX-Target": "load-more"}).get_data(as_text=True)
    assert lead_names(rest) == ["Motorista 1", "Motorista 0"] and "cursor=" not in rest
    assert "<html" not in rest  # only the rows


def test_leads_page_filters_by_freight(login, make_user, company, public_freight, make_freight):
    other = make_freight(visibility="publico", status="published")
    add_leads(public_freight, ["Motorista 1"])
    add_leads(other, ["Motorista 2"])
    client = login(make_user(company, role="operador"))
    html = client.get(f"/leads?freight_id={other.id}").get_data(as_text=True)
    assert lead_names(html) == ["Motorista 2"]
    assert f'<option selected value="{other.id}">{other.code}</option>' in html  # LeadFilterForm shows the filter
    assert f'<option value="{public_freight.id}">{public_freight.code}</option>' in html
    assert lead_names(client.get(f"/leads?freight_id={other.id}&status=contatado").get_data(as_text=True)) == []


@pytest.mark.parametrize(("query", "field"), [("freight_id=abc", "freight_id"), ("status=fechado", "status"),
                                              ("limit=201", "limit")])
def test_leads_page_bad_filter_is_400_naming_it(login, make_user, company, one_lead, query, field):
    response = login(make_user(company, role="operador")).get(f"/leads?{query}")
    assert response.status_code == 400 and field in response.get_data(as_text=True)


def test_leads_filters_and_row_status_are_the_kit_forms(login, make_user, company, one_lead):
    """The filters are LeadFilterForm rendered by field() (label, select named as the API's query), each row's
    status a select named as the API's body (labelled by its aria-label, the lead's status chosen), posted by htmx
    on change."""
    html = login(make_user(company, role="operador")).get("/leads?status=novo").get_data(as_text=True)
    assert '<label for="f-status">Status</label>' in html and '<option selected value="novo">Novo</option>' in html
    assert '<label for="f-freight_id">Frete</label>' in html and 'name="freight_id"' in html
    row = re.search(rf'<form[^>]* id="lead-status-{one_lead.id}"(.*?)</form>', html, re.S)
    assert f'hx-post="/leads/{one_lead.id}/status" hx-trigger="change" hx-target="this"' in row.group(0)
    select = re.search(r"<select[^>]*>", row.group(1)).group(0)
    assert 'aria-label="Status"' in select and f'id="lead-{one_lead.id}-status"' in select and 'name="status"' in select
    assert re.findall(r"<option selected value=\"(\w+)\">", row.group(1)) == ["novo"]


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("status", ["fechado", ""])
def test_a_status_the_schema_refuses_is_400_naming_it_and_changes_nothing(login, make_user, company, one_lead,
                                                                          status, htmx):
    client = login(make_user(company, role="operador"))
    token = csrf_from(client.get("/leads").get_data(as_text=True))
    response = client.post(f"/leads/{one_lead.id}/status", data={"csrf_token": token, "status": status},
                           headers={"HX-Request": "true"} if htmx else {})
    assert response.status_code == 400 and "Status inválido." in response.get_data(as_text=True)
    db.session.expire_all()
    assert [lead.status for lead in leads()] == ["novo"]


def test_leads_freight_filter_never_shows_another_companys(login, make_user, make_company, public_freight):
    add_leads(public_freight, ["Motorista 1"])
    client = login(make_user(make_company(), role="operador"))
    html = client.get(f"/leads?freight_id={public_freight.id}").get_data(as_text=True)
    assert lead_names(html) == [] and public_freight.code not in html


@pytest.mark.parametrize("role", ["financeiro", "leitura"])
def test_leads_page_is_forbidden_to_other_roles(login, make_user, company, one_lead, role):
    client = login(make_user(company, role=role))
    assert client.get("/leads").status_code == 403
    assert client.get("/leads/badge").status_code == 403


def test_another_company_does_not_see_the_lead(login, make_user, make_company, one_lead):
    client = login(make_user(make_company(), role="admin"))
    assert "Maria Souza" not in client.get("/leads").get_data(as_text=True)
    token = csrf_from(client.get("/leads").get_data(as_text=True))
    assert client.post(f"/leads/{one_lead.id}/status", data={"csrf_token": token, "status": "descartado"}
                       ).status_code == 404


def test_inline_status_change_updates_badge(login, make_user, company, one_lead):
    client = login(make_user(company, role="operador"))
    token = csrf_from(client.get("/leads").get_data(as_text=True))
    response = client.post(f"/leads/{one_lead.id}/status", data={"csrf_token": token, "status": "contatado"},
                           headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and 'data-status="contatado"' in html
    # the answer is the cell alone (its form, the select showing the new status), which htmx swaps in place
    assert html.lstrip().startswith(f'<form method="post" action="/leads/{one_lead.id}/status"')
    assert re.findall(r"<option selected value=\"(\w+)\">", html) == ["contatado"]
    assert "hidden" in client.get("/leads/badge").get_data(as_text=True)


def open_driver_form(client, lead):
    """"Cadastrar motorista" on the leads page: (its redirect's Location, the driver form's page)."""
    token = csrf_from(client.get("/leads").get_data(as_text=True))
    response = client.post(f"/leads/{lead.id}/cadastrar-motorista", data={"csrf_token": token})
    assert response.status_code == 302
    return response.headers["Location"], client.get(response.headers["Location"]).get_data(as_text=True)


def driver_post(html: str, **overrides) -> dict:
    lead_input = re.search(r'<input id="lead" name="lead" type="hidden" value="([^"]*)"', html)
    lead = lead_input.group(1) if lead_input else ""
    form = {"csrf_token": csrf_from(html), "name": "Maria Souza", "cpf": "529.982.247-25",
            "phone": "(41) 99999-8888", "cnh_number": "52998224725", "cnh_category": "E",
            "cnh_expires_at": "2031-01-01", "lead": lead}
    return {**form, **overrides}


def test_register_driver_prefills_the_form_without_personal_data_in_the_url(login, make_user, company, one_lead):
    client = login(make_user(company, role="operador"))
    location, html = open_driver_form(client, one_lead)
    assert location.endswith(f"/motoristas/novo?lead={one_lead.id}")  # the id only: no CPF, name or phone
    assert 'value="Maria Souza"' in html and 'value="529.982.247-25"' in html and 'value="(41) 99999-8888"' in html
    db.session.refresh(one_lead)
    assert one_lead.status == "novo"  # opening the form converts nothing


def test_lead_is_converted_when_the_driver_is_saved(login, make_user, company, one_lead):
    from domain.fleet.models import Driver
    client = login(make_user(company, role="operador"))
    _, html = open_driver_form(client, one_lead)
    response = client.post("/motoristas/novo", data=driver_post(html))
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    db.session.refresh(one_lead)
    assert one_lead.status == "convertido"
    with tenant_scope(company.id):
        assert [d.name for d in db.session.scalars(db.select(Driver))] == ["Maria Souza"]


def test_a_lead_purged_while_the_form_was_open_refuses_once_then_the_driver_is_saved_alone(
        login, make_user, company, one_lead):
    from domain.fleet.models import Driver
    client = login(make_user(company, role="operador"))
    _, html = open_driver_form(client, one_lead)
    db.session.delete(one_lead)  # the retention job removed it meanwhile
    db.session.commit()
    refused = client.post("/motoristas/novo", data=driver_post(html))
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "O lead de origem não existe mais" in page
    with tenant_scope(company.id):
        assert db.session.scalars(db.select(Driver)).all() == []
    assert driver_post(page)["lead"] == ""  # the form came back without it
    saved = client.post("/motoristas/novo", data=driver_post(page))
    assert saved.status_code == 302
    with tenant_scope(company.id):
        assert [d.name for d in db.session.scalars(db.select(Driver))] == ["Maria Souza"]


def test_lead_stays_new_when_the_driver_is_refused(login, make_user, company, one_lead):
    client = login(make_user(company, role="operador"))
    _, html = open_driver_form(client, one_lead)
    response = client.post("/motoristas/novo", data=driver_post(html, cpf="111.111.111-11"))
    assert response.status_code == 422
    assert f'value="{one_lead.id}"' in response.get_data(as_text=True)  # the lead goes with the next try
    db.session.refresh(one_lead)
    assert one_lead.status == "novo"


def test_another_company_cannot_open_or_convert_my_lead(login, make_user, make_company, one_lead):
    client = login(make_user(make_company(), role="admin"))
    token = csrf_from(client.get("/leads").get_data(as_text=True))
    assert client.post(f"/leads/{one_lead.id}/cadastrar-motorista", data={"csrf_token": token}).status_code == 404
    assert client.get(f"/motoristas/novo?lead={one_lead.id}").status_code == 404
    html = client.get("/motoristas/novo").get_data(as_text=True)
    response = client.post("/motoristas/novo", data=driver_post(html, lead=str(one_lead.id)))
    # Not the company's lead: told as a lead that is gone (the form comes back without it), not as a 404 page.
    assert response.status_code == 422 and "O lead de origem não existe mais" in response.get_data(as_text=True)
    db.session.refresh(one_lead)
    assert one_lead.status == "novo"
    from domain.fleet.models import Driver
    assert db.session.execute(cross_tenant(db.select(Driver))).scalars().all() == []


def test_lead_form_shares_the_limit_per_ip(visitor, public_freight):
    url = f"/f/{public_freight.public_slug}"
    form = {"driver_name": "Maria Souza", "driver_phone": "41 99999-8888"}
    assert [post_form(visitor, url, f"{url}/interesse", form).status_code for _ in range(5)] == [302] * 5
    response = post_form(visitor, url, f"{url}/interesse", form)
    assert response.status_code == 429 and "Muitos envios" in response.get_data(as_text=True)
    assert 1 <= int(response.headers["Retry-After"]) <= 61  # as the API answers (it was a 422 without it)
    assert 'value="Maria Souza"' in response.get_data(as_text=True)  # the form as typed
    assert len(leads()) == 5


OFFER = {"price": "4.200,00", "carrier_name": "José Transportes", "carrier_phone": "(11) 98888-7777"}


def offers():
    return db.session.execute(cross_tenant(db.select(Offer))).scalars().all()


def test_offer_form_has_the_leads_limit_per_ip(visitor, public_freight):
    url = f"/f/{public_freight.public_slug}"
    assert [post_form(visitor, url, f"{url}/oferta", OFFER).status_code for _ in range(5)] == [302] * 5
    response = post_form(visitor, url, f"{url}/oferta", OFFER)
    assert response.status_code == 429 and "Muitos envios" in response.get_data(as_text=True)
    assert 1 <= int(response.headers["Retry-After"]) <= 61
    assert len(offers()) == 5
    htmx = visitor.post(f"{url}/oferta", data={"csrf_token": csrf_from(visitor.get(url).get_data(as_text=True)),
                                               **OFFER}, headers={"HX-Request": "true"})
    assert htmx.status_code == 429 and htmx.headers["HX-Retarget"] == "body"  # swapped in, not dropped


def test_offer_form_honeypot_stores_nothing(visitor, public_freight):
    url = f"/f/{public_freight.public_slug}"
    response = post_form(visitor, url, f"{url}/oferta", {**OFFER, "website": "http://spam"})
    assert response.status_code == 302  # the same thank-you
    assert offers() == []
    html = visitor.get(url).get_data(as_text=True)
    assert 'id="offer-website"' in html and html.count('name="website"') == 2  # both forms carry one


def test_detail_page_and_its_assets_weigh_under_105_kb_uncompressed(visitor, public_freight):
    # 100 KB until 2026-12-07; the shared app.css and app.js grew by the phone card lists and the public link's
    # copy/share code (≈ 4.5 KB). A public page of its own assets is what would take it back under 100 KB.
    html = visitor.get(f"/f/{public_freight.public_slug}").get_data(as_text=True)
    assets = re.findall(r'(?:href|src)="(/static/[^"?]+)', html)
    sizes = [len(html.encode())] + [len(visitor.get(path).get_data()) for path in assets]
    assert sum(sizes) < 105 * 1024, sizes


# --- The sidebar badge: polled by every open dispatcher tab, it answers from a signed token and the stored count
# (no SQL with Redis), falls back to the full login and role check when the token is stale or foreign, and follows
# status changes.


def badge_url(html: str) -> str:
    """The badge's polling URL as the page hands it to htmx."""
    match = re.search(r'id="leads-badge" hx-get="([^"]+)"', html)
    assert match, "no leads badge on the page"
    return html_lib.unescape(match.group(1))


@pytest.fixture
def redis_store(app, monkeypatch):
    """The count stored in Redis, as in production: the real Redis of TEST_REDIS_URL, else fakeredis standing in
    for the server (the connection factory is the one thing swapped)."""
    import core.queue
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        from fakeredis import FakeStrictRedis
        connection = FakeStrictRedis()
        monkeypatch.setattr(core.queue, "redis_connection", lambda: connection)
        url = "redis://fakeredis.invalid/0"
    monkeypatch.setitem(app.config, "REDIS_URL", url)
    yield url


def test_badge_poll_with_a_stored_count_sends_no_sql(redis_store, login, make_user, company, one_lead,
                                                     query_counter):
    client = login(make_user(company, role="operador"))
    with tenant_scope(company.id):
        assert store_new_count(company.id) == 1  # what the lead's job did
    url = badge_url(client.get("/leads").get_data(as_text=True))
    client.get(url)  # warm: first use of this process's Redis client
    with query_counter() as statements:
        response = client.get(url)
    assert response.status_code == 200 and ">1</span>" in response.get_data(as_text=True)
    assert statements() == 0
    assert badge_url(response.get_data(as_text=True)) == url  # the next poll uses the same token


def test_badge_without_a_token_checks_the_login_and_hands_out_one(login, make_user, company, one_lead,
                                                                  query_counter):
    client = login(make_user(company, role="operador"))
    with query_counter() as statements:
        response = client.get("/leads/badge")
    assert response.status_code == 200 and ">1</span>" in response.get_data(as_text=True)
    assert statements() >= 1  # the session and the user were read
    assert "t=" in badge_url(response.get_data(as_text=True))


def test_stale_token_goes_through_the_login_check_again(login, make_user, company, one_lead, monkeypatch,
                                                        query_counter):
    client = login(make_user(company, role="operador"))
    url = badge_url(client.get("/leads").get_data(as_text=True))
    monkeypatch.setattr(pages, "BADGE_TOKEN_SECONDS", -1)
    with query_counter() as statements:
        response = client.get(url)
    assert response.status_code == 200 and statements() >= 1


def test_token_is_useless_after_logout(app, login, make_user, company, one_lead):
    client = login(make_user(company, role="operador"))
    page = client.get("/leads").get_data(as_text=True)
    url = badge_url(page)
    client.post("/logout", data={"csrf_token": csrf_from(page)})
    response = client.get(url)
    assert response.status_code == 302 and ">1</span>" not in response.get_data(as_text=True)
    assert response.headers["Location"].startswith("/login?next=%2Fleads%2Fbadge")  # the login check, as any page
    stranger = app.test_client().get(url)  # nor in a browser without the session
    assert stranger.status_code == 302 and stranger.headers["Location"].startswith("/login?")


def test_token_of_another_company_shows_only_my_count(login, make_user, make_company, company, one_lead):
    theirs = badge_url(login(make_user(company, role="operador")).get("/leads").get_data(as_text=True))
    mine = login(make_user(make_company(), role="operador"))
    response = mine.get(theirs)
    assert response.status_code == 200
    assert ">0</span>" in response.get_data(as_text=True) and ">1</span>" not in response.get_data(as_text=True)


def test_forged_token_is_not_believed(login, make_user, company, one_lead):
    client = login(make_user(company, role="financeiro"))
    url = badge_url(login(make_user(company, role="operador")).get("/leads").get_data(as_text=True))
    assert client.get(url[:-3] + "xyz").status_code == 403  # falls back to the role check, which refuses


def test_status_change_tells_the_badge_to_refresh(login, make_user, company, one_lead):
    client = login(make_user(company, role="operador"))
    page = client.get("/leads").get_data(as_text=True)
    assert ">1</span>" in client.get(badge_url(page)).get_data(as_text=True)  # read (and kept for a second)
    response = client.post(f"/leads/{one_lead.id}/status", data={"csrf_token": csrf_from(page), "status": "contatado"},
                           headers={"HX-Request": "true"})
    assert response.headers["HX-Trigger"] == "leads-changed"
    assert 'leads-changed from:body' in page
    badge = client.get(badge_url(page)).get_data(as_text=True)
    assert ">0</span>" in badge and "hidden" in badge


def store_directly(app, company_id, count: int) -> None:
    if app.config["REDIS_URL"]:
        from core.queue import redis_connection
        redis_connection().set(_redis_key(company_id), count)
        return
    db.session.execute(sa.update(LeadCount).where(LeadCount.company_id == company_id).values(novo=count))
    db.session.commit()


def test_badge_reuses_a_count_read_within_the_cache_window_only(app, login, make_user, company, one_lead,
                                                                monkeypatch):
    """A count stored by another process (the worker) is seen once the per-process window has passed."""
    client = login(make_user(company, role="operador"))
    url = badge_url(client.get("/leads").get_data(as_text=True))
    assert ">1</span>" in client.get(url).get_data(as_text=True)
    store_directly(app, company.id, 7)  # as the worker's recount would, in another process
    monkeypatch.setitem(app.config, "MARKETPLACE_BADGE_CACHE_SECONDS", 3600)
    assert ">1</span>" in client.get(url).get_data(as_text=True)
    monkeypatch.setitem(app.config, "MARKETPLACE_BADGE_CACHE_SECONDS", 0)
    assert ">7</span>" in client.get(url).get_data(as_text=True)


def test_the_lead_form_declares_only_the_schema_fields_and_maps_their_errors_back():
    """The field list lives in LeadCreate: the form adds labels, the alias map is read from the schema."""
    from wtforms.fields.core import UnboundField

    from blueprints.web.marketplace_forms import LeadForm, lead_input
    from domain.marketplace.schemas import LeadCreate

    inputs = {name for name, value in vars(LeadForm).items() if isinstance(value, UnboundField)}
    assert inputs and inputs <= set(LeadCreate.model_fields)
    assert [lead_input(p) for p in ("driverName", "driverPhone", "vehiclePlate", "message", "slug")] == [
        "driver_name", "driver_phone", "vehicle_plate", "message", "slug"]


def test_a_closed_freights_link_says_so_and_offers_the_companys_other_freights_on_the_route(
        visitor, public_freight, make_freight, make_company):
    same_route = make_freight(visibility="publico", status="published", price=5100)
    make_freight(visibility="privado", status="published")  # not public: never offered
    other_route = make_freight(visibility="publico", status="published",
                               destination={"city": "Londrina", "state": "PR"})
    other_state = make_freight(visibility="publico", status="published",
                               destination={"city": "Rio de Janeiro", "state": "RJ"})
    elsewhere = make_freight(company=make_company(), visibility="publico", status="published")
    public_freight.status = "aceito"
    db.session.commit()
    response = visitor.get(f"/f/{public_freight.public_slug}")
    html = response.get_data(as_text=True)
    assert response.status_code == 410 and "Este frete já foi fechado" in html
    offered = re.findall(r'href="/f/([^"]+)"', html)
    assert same_route.public_slug == offered[0] and other_route.public_slug in offered  # same cities first
    assert other_state.public_slug not in offered and elsewhere.public_slug not in offered
    assert public_freight.public_slug not in offered
    still_private = make_freight(visibility="privado", status="aceito")
    assert visitor.get(f"/f/{still_private.id}").status_code == 404


def test_a_closed_freights_page_reads_the_freight_once(visitor, public_freight):
    public_freight.status = "aceito"
    db.session.commit()
    statements = []

    def record(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)
    sa.event.listen(db.engine, "before_cursor_execute", record)
    try:
        response = visitor.get(f"/f/{public_freight.public_slug}")
    finally:
        sa.event.remove(db.engine, "before_cursor_execute", record)
    assert response.status_code == 410
    assert len([s for s in statements if "freights.public_slug =" in s]) == 1


def test_the_delivery_window_is_shown_and_an_empty_showcase_blames_no_filter(visitor, make_freight):
    assert "Nenhum frete disponível agora" in visitor.get("/fretes").get_data(as_text=True)
    filtered = visitor.get("/fretes?originState=SP").get_data(as_text=True)
    assert "com esses filtros" in filtered and "Ver todos os fretes" in filtered
    freight = make_freight(visibility="publico", status="published", delivery_at="2030-12-03T11:00:00Z",
                           delivery_until="2030-12-04T21:00:00Z")
    html = visitor.get(f"/f/{freight.public_slug}").get_data(as_text=True)
    window = re.search(r'data-testid="delivery-window">([^<]*)<', html).group(1)
    assert window == "de 03/12/2030 08:00 até 04/12/2030 18:00"
