"""Marketplace pages: the public showcase and detail (no login), the lead and offer forms, the sitemap, and the
company's leads page with its badge."""
import re

import pytest

from core.db import db
from core.tenancy import cross_tenant
from domain.freights.models import Offer
from domain.marketplace.models import MarketplaceLead
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


def test_detail_has_open_graph_tags_and_forms(visitor, public_freight):
    html = visitor.get(f"/f/{public_freight.public_slug}").get_data(as_text=True)
    assert 'property="og:title" content="Frete São Paulo/SP → Curitiba/PR"' in html
    assert re.search(r"og:description\" content=\"[^\"]*4\.500,50", html), html[:1500]
    assert f'rel="canonical" href="http://localhost/f/{public_freight.public_slug}"' in html
    assert 'data-testid="lead-form"' in html and 'data-testid="offer-form"' in html


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


def test_sitemap_lists_public_freights(visitor, public_freight, make_freight):
    private = make_freight(visibility="privado")
    xml = visitor.get("/sitemap.xml").get_data(as_text=True)
    assert f"http://localhost/f/{public_freight.public_slug}" in xml and str(private.id) not in xml


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
    assert response.status_code == 200 and 'data-status="contatado"' in response.get_data(as_text=True)
    assert "hidden" in client.get("/leads/badge").get_data(as_text=True)


def test_register_driver_marks_converted_and_prefills_the_form(login, make_user, company, one_lead):
    client = login(make_user(company, role="operador"))
    token = csrf_from(client.get("/leads").get_data(as_text=True))
    response = client.post(f"/leads/{one_lead.id}/cadastrar-motorista", data={"csrf_token": token})
    assert response.status_code == 302
    db.session.refresh(one_lead)
    assert one_lead.status == "convertido"
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'value="Maria Souza"' in html and 'value="529.982.247-25"' in html


def test_lead_form_shares_the_limit_per_ip(visitor, public_freight):
    url = f"/f/{public_freight.public_slug}"
    form = {"driver_name": "Maria Souza", "driver_phone": "41 99999-8888"}
    assert [post_form(visitor, url, f"{url}/interesse", form).status_code for _ in range(5)] == [302] * 5
    response = post_form(visitor, url, f"{url}/interesse", form)
    assert response.status_code == 422 and "Muitos envios" in response.get_data(as_text=True)
    assert len(leads()) == 5


def test_detail_page_and_its_assets_weigh_under_100_kb_uncompressed(visitor, public_freight):
    html = visitor.get(f"/f/{public_freight.public_slug}").get_data(as_text=True)
    assets = re.findall(r'(?:href|src)="(/static/[^"?]+)', html)
    sizes = [len(html.encode())] + [len(visitor.get(path).get_data()) for path in assets]
    assert sum(sizes) < 100 * 1024, sizes
