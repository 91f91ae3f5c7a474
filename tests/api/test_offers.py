"""Offers API: list, create, accept (one transaction; racing accepts), reject, counter, expiry; and the gapless
freight code under concurrent creation. The races are meaningful on PostgreSQL (TEST_DATABASE_URL)."""
import threading
from datetime import timedelta

from core.db import db, utcnow
from core.models import OutboxEvent
from core.tenancy import tenant_scope
from domain.freights.jobs import expire_offers
from domain.freights.models import Offer
from tests.fixtures.freights import freight_body
from tests.fixtures.partners import assert_invalid


def future(days=2) -> str:
    return (utcnow() + timedelta(days=days)).isoformat() + "Z"


def offer_path(freight, offer=None, action=None) -> str:
    path = f"/freights/{freight.id}/offers"
    return f"{path}/{offer.id if hasattr(offer, 'id') else offer}/{action}" if action else path


def test_create_offer_from_a_partner_or_a_name_and_phone(api, make_freight, make_partner):
    freight = make_freight(status="published")
    partner = make_partner(phone="+5541988887777")
    response = api.post(offer_path(freight), json={"price": 3900, "valid_until": future(), "message": "Posso amanhã",
                                                   "carrier_id": str(partner.id)})
    assert response.status_code == 201, response.get_json()
    data = response.get_json()["data"]
    assert data["status"] == "pendente" and data["price"] == 3900.0
    assert data["carrier"] == {"id": str(partner.id), "name": partner.legal_name, "phone": "+5541988887777"}
    by_name = api.post(f"/freights/{freight.code}/offers", json={"price": 4100, "carrier_name": "João Caminhoneiro",
                                                                "carrier_phone": "(41) 99999-8888"})
    assert by_name.get_json()["data"]["carrier"] == {"id": None, "name": "João Caminhoneiro",
                                                     "phone": "+5541999998888"}
    assert api.get(f"/freights/{freight.id}").get_json()["data"]["status"] == "negotiating"
    listed = api.get(offer_path(freight)).get_json()["data"]
    assert [o["price"] for o in listed] == [3900.0, 4100.0]


def test_offer_input_rules(api, make_freight, make_company, make_partner):
    freight = make_freight()
    assert_invalid(api.post(offer_path(freight), json={"price": 0}), "price")
    assert_invalid(api.post(offer_path(freight), json={"price": 10, "valid_until": "2001-01-01T00:00:00Z"}),
                   "valid_until")
    assert_invalid(api.post(offer_path(freight), json={"price": 10, "carrier_phone": "123"}), "carrier_phone")
    foreign = make_partner(make_company())
    response = api.post(offer_path(freight), json={"price": 10, "carrier_id": str(foreign.id)})
    assert response.status_code == 404 and response.get_json()["error"]["details"][0]["field"] == "carrier_id"
    api.patch(f"/freights/{freight.id}/status", json={"status": "cancelled"})
    response = api.post(offer_path(freight), json={"price": 10})
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "invalid_status"


def test_accept_sets_the_freight_and_rejects_every_other_open_offer(api, company, make_freight, make_offer,
                                                                    make_partner):
    freight = make_freight(status="published")
    partner = make_partner()
    winner = make_offer(freight, price=3800, carrier_id=str(partner.id))
    others = [make_offer(freight, price=4200), make_offer(freight, price=4300)]
    api.post(offer_path(freight, others[1], "reject"), json={"reason": "caro"})
    response = api.post(offer_path(freight, winner, "accept"))
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["data"]["status"] == "aceita"
    listed = {o["id"]: o for o in api.get(offer_path(freight)).get_json()["data"]}
    assert listed[str(others[0].id)]["status"] == "rejeitada"
    assert listed[str(others[0].id)]["reason"] == "outra oferta aceita"
    assert listed[str(others[1].id)]["reason"] == "caro"  # already rejected: untouched
    data = api.get(f"/freights/{freight.id}").get_json()["data"]
    assert data["status"] == "aceito" and data["price"] == 3800.0 and data["carrier"]["id"] == str(partner.id)
    assert data["accepted_offer_id"] == str(winner.id)
    again = api.post(offer_path(freight, others[0], "accept"))
    assert again.status_code == 422 and again.get_json()["error"]["code"] == "invalid_status"
    with tenant_scope(company.id):
        types = db.session.execute(db.select(OutboxEvent.type)).scalars().all()
    assert "offer.accepted" in types


def test_reject_and_counter(api, make_freight, make_offer):
    freight = make_freight()
    offer = make_offer(freight)
    assert_invalid(api.post(offer_path(freight, offer, "counter"), json={"price": 3500}), "valid_until")
    assert_invalid(api.post(offer_path(freight, offer, "counter"),
                            json={"price": -5, "valid_until": future()}), "price")
    assert_invalid(api.post(offer_path(freight, offer, "counter"),
                            json={"price": 3500, "valid_until": "2020-01-01T00:00:00Z"}), "valid_until")
    response = api.post(offer_path(freight, offer, "counter"),
                        json={"price": 3500, "valid_until": future(1), "message": "Fecho por 3500"})
    data = response.get_json()["data"]
    assert response.status_code == 200 and data["status"] == "contraproposta"
    assert data["counter"]["price"] == 3500.0 and data["counter"]["message"] == "Fecho por 3500"
    accepted = api.post(offer_path(freight, offer, "accept"))
    assert accepted.status_code == 200
    assert api.get(f"/freights/{freight.id}").get_json()["data"]["price"] == 3500.0  # the counter's price
    rejected = api.post(offer_path(freight, offer, "reject"), json={"reason": "x"})
    assert rejected.status_code == 422 and rejected.get_json()["error"]["code"] == "invalid_status"


def test_unknown_or_foreign_offer_is_404(api, make_freight, make_offer, make_company):
    freight, other_freight = make_freight(), make_freight()
    offer = make_offer(other_freight)
    assert api.post(offer_path(freight, offer, "accept")).status_code == 404  # not this freight's offer
    assert api.post(offer_path(freight, "nope", "accept")).status_code == 404
    foreign = make_freight(make_company())
    assert api.get(offer_path(foreign)).status_code == 404


def test_expiry_job_expires_open_offers_past_their_deadline(api, company, make_freight, make_offer):
    freight = make_freight()
    stale, fresh = make_offer(freight), make_offer(freight, valid_until=future(5))
    with tenant_scope(company.id):
        db.session.get(Offer, stale.id).expires_at = utcnow() - timedelta(minutes=1)
        db.session.commit()
    assert expire_offers() == 1  # the periodic job: platform-wide, outside any tenant scope
    statuses = {o["id"]: o["status"] for o in api.get(offer_path(freight)).get_json()["data"]}
    assert statuses == {str(stale.id): "expirada", str(fresh.id): "pendente"}
    response = api.post(offer_path(freight, stale, "accept"))
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "invalid_status"


# --- concurrency ---------------------------------------------------------------------------------

def run_together(calls):
    barrier, responses = threading.Barrier(len(calls), timeout=30), [None] * len(calls)

    def run(index, call):
        barrier.wait()
        responses[index] = call()

    threads = [threading.Thread(target=run, args=(i, c), daemon=True) for i, c in enumerate(calls)]
    [t.start() for t in threads]
    [t.join(60) for t in threads]
    return responses


def test_two_accepts_racing_on_different_offers_exactly_one_wins(api, make_freight, make_offer):
    for _ in range(3):
        freight = make_freight(status="published")
        first, second = make_offer(freight, price=3000), make_offer(freight, price=3100)
        paths = [offer_path(freight, o, "accept") for o in (first, second)]  # no ORM object crosses into threads
        responses = run_together([lambda p=p: api.post(p) for p in paths])
        codes = sorted(r.status_code for r in responses)
        assert codes == [200, 422], [r.get_json() for r in responses]
        loser = next(r for r in responses if r.status_code == 422)
        assert loser.get_json()["error"]["code"] == "invalid_status"
        statuses = sorted(o["status"] for o in api.get(offer_path(freight)).get_json()["data"])
        assert statuses == ["aceita", "rejeitada"]


def test_codes_stay_gapless_under_concurrent_creation(api):
    responses = run_together([lambda: api.post("/freights", json=freight_body()) for _ in range(8)])
    assert all(r.status_code == 201 for r in responses), [r.get_json() for r in responses]
    codes = sorted(r.get_json()["data"]["code"] for r in responses)
    assert codes == [f"FRT-{n:06d}" for n in range(1, 9)]


def test_the_offer_list_pages_oldest_first_and_checks_limit_and_cursor(api, make_freight, make_offer):
    freight = make_freight(status="published")
    made = [str(make_offer(freight, price=4000 + n).id) for n in range(3)]
    whole = api.get(offer_path(freight)).get_json()
    assert [o["id"] for o in whole["data"]] == made  # the default (200) still lists every offer, oldest first
    assert whole["page"] == {"next_cursor": None, "has_more": False}
    first = api.get(offer_path(freight) + "?limit=2").get_json()
    assert [o["id"] for o in first["data"]] == made[:2] and first["page"]["has_more"]
    rest = api.get(offer_path(freight) + f"?limit=2&cursor={first['page']['next_cursor']}").get_json()
    assert [o["id"] for o in rest["data"]] == made[2:] and not rest["page"]["has_more"]
    for query, code, field in (("limit=500", "invalid_query", "limit"), ("limit=0", "invalid_query", "limit"),
                               ("cursor=zzz", "invalid_cursor", "cursor")):
        response = api.get(offer_path(freight) + "?" + query)
        assert response.status_code == 400, query
        assert response.get_json()["error"]["code"] == code
        assert response.get_json()["error"]["details"][0]["field"] == field
