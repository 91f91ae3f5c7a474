"""Tenancy sweep: every freight, offer and message route given another company's freight, offer or message (by
uuid and by code) answers 404 and changes nothing."""
import re

from core.api import REGISTRY
from core.db import db
from core.tenancy import tenant_scope
from domain.freights.models import Freight, Offer
from domain.messages.models import Message

BODIES = {"status": {"status": "cancelled"}, "reject": {"reason": "x"}, "accept": None,
          "counter": {"price": 1, "valid_until": "2090-01-01T00:00:00Z"},
          "offers": {"price": 1}, "<freight_id>": {"notes": "invasor"}}


def routes():
    found = sorted({(spec.method, spec.rule) for spec in REGISTRY
                    if spec.rule.startswith(("/freights/<", "/messages/<"))})
    assert ("POST", "/freights/<freight_id>/offers/<offer_id>/accept") in found
    return found


def snapshot(company_id, freight_id):
    with tenant_scope(company_id):
        db.session.expire_all()
        freight = db.session.get(Freight, freight_id)
        offers = db.session.execute(db.select(Offer.status, Offer.updated_at)).all()
        return freight.status, freight.updated_at, freight.notes, sorted(offers)


def test_every_route_with_another_companys_ids_is_404(api, make_company, make_freight, make_offer):
    other = make_company()
    victim = make_freight(other, status="published")
    offer = make_offer(victim)
    with tenant_scope(other.id):
        message = Message(company_id=other.id, channel="sms", to="+5541999998888", body="x", status="sent")
        db.session.add(message)
        db.session.commit()
        message_id = message.id
    before = snapshot(other.id, victim.id)
    for ref in (str(victim.id), victim.code):
        for method, rule in routes():
            path = re.sub(r"<freight_id>", ref, rule).replace("<offer_id>", str(offer.id))
            path = path.replace("<message_id>", str(message_id))
            body = BODIES.get(rule.rsplit("/", 1)[-1])
            response = api.request(method, path, json_body=body if method != "GET" else None)
            assert response.status_code == 404, (method, path, response.get_json())
            assert response.get_json()["error"]["code"] == "not_found"
    listed = api.get(f"/messages?freight_id={victim.id}")
    assert listed.status_code == 404
    sent = api.post("/messages", json={"channel": "sms", "to": "+5541999998888", "body": "x",
                                       "freight_id": victim.code})
    assert sent.status_code == 404
    assert api.get("/freights").get_json()["data"] == []
    assert snapshot(other.id, victim.id) == before
