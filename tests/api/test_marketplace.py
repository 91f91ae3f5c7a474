"""Marketplace: the public showcase and lead form (no key), the company's leads, the limit and the badge."""
import pytest

from core.db import db
from core.tenancy import cross_tenant
from domain.marketplace.models import MarketplaceLead
from domain.marketplace.services import stored_new_count
from tests.fixtures.core import ApiClient, IsolatedClient

LEAD = {"driverName": "João da Silva", "driverPhone": "(11) 98765-4321", "driverDoc": "529.982.247-25",
        "vehiclePlate": "abc-1d23", "message": "Tenho carreta disponível amanhã."}


@pytest.fixture
def public(app):
    return ApiClient(app.test_client(), None)


@pytest.fixture
def public_freight(make_freight):
    return make_freight(visibility="publico", status="published")


def all_leads():
    return db.session.execute(cross_tenant(db.select(MarketplaceLead))).scalars().all()


def send_lead(public, slug, *, headers=None, environ_base=None, **overrides):
    extra = {"environ_base": environ_base} if environ_base else {}
    return public.post("/marketplace/leads", json={"slug": slug, **LEAD, **overrides}, headers=headers, **extra)


# --- Showcase --------------------------------------------------------------------------------------------------

def test_showcase_lists_only_public_published_freights_of_every_company(public, make_freight, make_company):
    shown = make_freight(visibility="publico", status="published")
    other = make_freight(make_company(), visibility="publico", status="published", price=900)
    make_freight(visibility="privado", status="published")
    make_freight(visibility="publico", status="draft")
    body = public.get("/marketplace/freights").get_json()
    assert {f["public_slug"] for f in body["data"]} == {shown.public_slug, other.public_slug}
    item = next(f for f in body["data"] if f["id"] == str(shown.id))
    assert item["company_name"] and item["price"] == 4500.5 and "notes" not in item


def test_showcase_filters(public, make_freight):
    sp = make_freight(visibility="publico", status="published")  # SP → PR, carreta, 4500.50
    rj = make_freight(visibility="publico", status="published", origin={"city": "Niterói", "state": "RJ"},
                      vehicle_type="truck", price=1200, pickup_at="2030-01-10T12:00:00Z")
    def slugs(query):
        response = public.get(f"/marketplace/freights?{query}")
        assert response.status_code == 200, response.get_json()
        return [f["public_slug"] for f in response.get_json()["data"]]
    assert slugs("originState=RJ") == [rj.public_slug]
    assert slugs("destinationState=PR&originState=SP") == [sp.public_slug]
    assert slugs("vehicleType=TRUCK") == [rj.public_slug]
    assert slugs("maxPrice=2000") == [rj.public_slug]
    assert rj.public_slug not in slugs("minPrice=2000")
    assert slugs("pickupFrom=2030-01-01") == [rj.public_slug]
    assert slugs("search=niteroi") == [rj.public_slug]


def test_pickup_from_is_a_brasilia_date(public, make_freight):
    """2030-01-10T02:00Z is still the 9th in Brasília (23:00): a driver asking from the 10th does not see it; 03:30Z
    (00:30 of the 10th there) is shown. Against UTC midnight both would be."""
    late_on_9th = make_freight(visibility="publico", status="published", pickup_at="2030-01-10T02:00:00Z")
    early_on_10th = make_freight(visibility="publico", status="published", pickup_at="2030-01-10T03:30:00Z")
    shown = {f["public_slug"] for f in public.get("/marketplace/freights?pickupFrom=2030-01-10").get_json()["data"]}
    assert shown == {early_on_10th.public_slug}
    shown = {f["public_slug"] for f in public.get("/marketplace/freights?pickupFrom=2030-01-09").get_json()["data"]}
    assert shown == {late_on_9th.public_slug, early_on_10th.public_slug}


def test_showcase_bad_filter_is_400_naming_it(public):
    response = public.get("/marketplace/freights?minPrice=abc")
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "minPrice"


@pytest.mark.parametrize("query", ["minPrice=2000&maxPrice=1000", "minPrice=1000.01&maxPrice=1000"])
def test_showcase_min_price_above_max_price_is_400_naming_max_price(public, make_freight, query):
    make_freight(visibility="publico", status="published", price=1500)
    response = public.get(f"/marketplace/freights?{query}")
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == "invalid_query"
    assert [(d["field"], d["code"]) for d in error["details"]] == [("maxPrice", "price_order")]
    assert error["details"][0]["message"] == "Deve ser igual ou maior que o preço mínimo."


def test_showcase_equal_min_and_max_price_is_a_range_of_one_price(public, make_freight):
    exact = make_freight(visibility="publico", status="published", price=1500)
    make_freight(visibility="publico", status="published", price=1500.01)
    response = public.get("/marketplace/freights?minPrice=1500&maxPrice=1500")
    assert response.status_code == 200
    assert [f["public_slug"] for f in response.get_json()["data"]] == [exact.public_slug]


def test_showcase_keyset_pages(public, make_freight):
    made = {make_freight(visibility="publico", status="published").public_slug for _ in range(3)}
    first = public.get("/marketplace/freights?limit=2").get_json()
    assert first["page"]["has_more"] is True
    second = public.get(f"/marketplace/freights?limit=2&cursor={first['page']['next_cursor']}").get_json()
    assert {f["public_slug"] for f in first["data"] + second["data"]} == made
    assert second["page"]["has_more"] is False


def test_public_detail_404_when_not_public_410_when_taken(public, make_freight, public_freight):
    assert public.get(f"/marketplace/freights/{public_freight.public_slug}").status_code == 200
    private = make_freight(visibility="publico", status="published")
    private.visibility = "privado"
    db.session.commit()
    assert public.get(f"/marketplace/freights/{private.public_slug}").status_code == 404
    assert public.get("/marketplace/freights/nao-existe").status_code == 404
    public_freight.status = "aceito"
    db.session.commit()
    response = public.get(f"/marketplace/freights/{public_freight.public_slug}")
    assert response.status_code == 410 and response.get_json()["error"]["code"] == "freight_taken"


# --- Lead creation ---------------------------------------------------------------------------------------------

def test_lead_is_stored_with_ip_agent_event_and_badge(public, public_freight, company):
    response = send_lead(public, public_freight.public_slug, headers={"User-Agent": "Celular/1.0"})
    assert response.status_code == 200 and response.get_json() == {"ok": True}
    [lead] = all_leads()
    assert (lead.company_id, lead.freight_id, lead.status, lead.source) == (
        company.id, public_freight.id, "novo", "public_marketplace")
    assert (lead.driver_phone, lead.driver_doc, lead.vehicle_plate) == ("+5511987654321", "52998224725", "ABC1D23")
    assert lead.ip_addr == "127.0.0.1" and lead.user_agent == "Celular/1.0"
    from core.models import OutboxEvent
    events = db.session.execute(cross_tenant(db.select(OutboxEvent))).scalars().all()
    assert [e.type for e in events] == ["marketplace.lead.created"]
    assert events[0].payload["id"] == str(lead.id)
    assert stored_new_count(company.id) == 1


def test_filled_honeypot_answers_ok_and_stores_nothing(public, public_freight):
    response = send_lead(public, public_freight.public_slug, website="http://spam.example")
    assert response.status_code == 200 and response.get_json() == {"ok": True}
    assert all_leads() == []


@pytest.mark.parametrize(("field", "value"), [
    ("driverName", "J"), ("driverName", "x" * 81), ("driverPhone", "(11) 3333-4444"), ("driverPhone", "123"),
    ("driverDoc", "111.111.111-11"), ("vehiclePlate", "AB-12"), ("message", "x" * 501),
])
def test_lead_rules_fail_naming_the_field(public, public_freight, field, value):
    response = send_lead(public, public_freight.public_slug, **{field: value})
    assert response.status_code == 400
    assert [d["field"] for d in response.get_json()["error"]["details"]] == [field]
    assert all_leads() == []


def test_lead_optional_fields_may_be_left_out(public, public_freight):
    body = {"slug": public_freight.public_slug, "driverName": "Jo", "driverPhone": "+55 41 99999-8888",
            "message": "x" * 500}
    assert public.post("/marketplace/leads", json=body).status_code == 200
    [lead] = all_leads()
    assert lead.driver_doc is None and lead.vehicle_plate is None


def test_lead_for_a_slug_that_is_not_public_is_404(public, make_freight, public_freight):
    private = make_freight(visibility="privado", status="published")
    assert send_lead(public, "nao-existe").status_code == 404
    assert send_lead(public, str(private.id)).status_code == 404
    public_freight.status = "aceito"
    db.session.commit()
    assert send_lead(public, public_freight.public_slug).status_code == 404
    assert all_leads() == []


def test_sixth_lead_in_a_minute_from_one_ip_is_429_with_retry_after(public, public_freight):
    for _ in range(5):
        assert send_lead(public, public_freight.public_slug).status_code == 200
    response = send_lead(public, public_freight.public_slug)
    assert response.status_code == 429 and response.get_json()["error"]["code"] == "rate_limited"
    assert 1 <= int(response.headers["Retry-After"]) <= 61
    other_ip = send_lead(public, public_freight.public_slug, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other_ip.status_code == 200
    assert len(all_leads()) == 6


@pytest.fixture(scope="module", params=[0, 1], ids=["no-proxy", "one-proxy"])
def proxied(request, app):
    """The same database served by an app built by create_app with PROXY_COUNT 0 (the default) or 1."""
    from app import create_app
    shared = ("TESTING", "SQLALCHEMY_DATABASE_URI", "INSTANCE_PATH", "SECRET_KEY", "REDIS_URL", "JOBS_INLINE")
    application = create_app({**{k: app.config[k] for k in shared}, "PROXY_COUNT": request.param})
    application.test_client_class = IsolatedClient
    yield request.param, application
    with application.app_context():
        db.engine.dispose()


def test_the_client_ip_is_the_forwarded_one_only_behind_a_proxy(proxied, public_freight):
    """PROXY_COUNT=1: X-Forwarded-For names the client (each address its own limit). PROXY_COUNT=0: a forged
    X-Forwarded-For is ignored: the connection's address is stored and counted, so the sixth lead is 429."""
    proxies, application = proxied
    client = ApiClient(application.test_client(), None)
    answers = [send_lead(client, public_freight.public_slug, headers={"X-Forwarded-For": f"200.1.1.{n}"}).status_code
               for n in range(6)]
    if proxies:
        assert answers == [200] * 6
        assert {lead.ip_addr for lead in all_leads()} == {f"200.1.1.{n}" for n in range(6)}
    else:
        assert answers == [200] * 5 + [429]
        assert {lead.ip_addr for lead in all_leads()} == {"127.0.0.1"}


# --- Management ------------------------------------------------------------------------------------------------

@pytest.fixture
def two_leads(public, public_freight, make_freight, make_company):
    send_lead(public, public_freight.public_slug, driverName="Primeiro")
    send_lead(public, public_freight.public_slug, driverName="Segundo")
    foreign = make_freight(make_company(), visibility="publico", status="published")
    send_lead(public, foreign.public_slug, driverName="De outra empresa")
    return public_freight


def test_company_lists_its_leads_newest_first(api, two_leads):
    body = api.get("/leads").get_json()
    assert [lead["driver_name"] for lead in body["data"]] == ["Segundo", "Primeiro"]
    assert body["data"][0]["freight_code"] == two_leads.code


def test_leads_filters_and_limit(api, two_leads, make_freight):
    assert len(api.get(f"/leads?freight_id={two_leads.id}").get_json()["data"]) == 2
    assert api.get(f"/leads?freight_id={make_freight().id}").get_json()["data"] == []
    assert api.get("/leads?status=contatado").get_json()["data"] == []
    assert api.get("/leads?status=fechado").status_code == 400
    assert api.get("/leads?freight_id=abc").status_code == 400
    assert api.get("/leads?limit=201").status_code == 400
    assert api.get("/leads?limit=200").status_code == 200


def test_patch_status_and_count_and_badge(api, two_leads, company):
    lead_id = api.get("/leads").get_json()["data"][0]["id"]
    assert api.get("/leads/count?status=novo").get_json()["data"] == {"status": "novo", "count": 2}
    response = api.patch(f"/leads/{lead_id}", json={"status": "contatado"})
    assert response.status_code == 200 and response.get_json()["data"]["status"] == "contatado"
    assert api.get("/leads/count").get_json()["data"]["count"] == 1
    assert stored_new_count(company.id) == 1
    assert api.patch(f"/leads/{lead_id}", json={"status": "ganho"}).status_code == 400


def test_another_company_never_sees_or_changes_my_leads(make_api, make_company, two_leads, api):
    mine = api.get("/leads").get_json()["data"][0]["id"]
    stranger = make_api(make_company())
    names = [lead["driver_name"] for lead in stranger.get("/leads").get_json()["data"]]
    assert names == []
    assert stranger.patch(f"/leads/{mine}", json={"status": "descartado"}).status_code == 404
    assert stranger.get("/leads/count").get_json()["data"]["count"] == 0


def test_leads_need_a_key(public):
    assert public.get("/leads").status_code == 401


def test_retention_purge_deletes_only_old_leads_and_recounts(app, public, public_freight, company):
    from datetime import timedelta

    from core.db import utcnow
    from domain.marketplace.retention_jobs import purge_old_leads

    send_lead(public, public_freight.public_slug, driverName="Antigo")
    send_lead(public, public_freight.public_slug, driverName="Recente")
    old = next(lead for lead in all_leads() if lead.driver_name == "Antigo")
    old.created_at = utcnow() - timedelta(days=app.config["MARKETPLACE_LEAD_RETENTION_DAYS"] + 1)
    db.session.commit()
    assert purge_old_leads() == 1
    assert [lead.driver_name for lead in all_leads()] == ["Recente"]
    assert stored_new_count(company.id) == 1
    assert purge_old_leads() == 0
