"""Every event type the platform sends is typed in the OpenAPI document's `webhooks` section, and the events real
actions write validate against it (strictly: a field an emitter adds without declaring it fails here)."""
import json

from core.db import db
from core.openapi import build_document
from core.tenancy import tenant_scope
from domain.webhooks import services
from domain.webhooks.models import EVENT_TYPES, TEST_EVENT
from tests.fixtures.contract import schema_errors
from tests.fixtures.core import ApiClient
from tests.simulations.conftest import COST_INPUTS


def test_the_document_types_every_event_type():
    document = build_document()
    assert set(document["webhooks"]) == {*EVENT_TYPES, TEST_EVENT}
    operation = document["webhooks"]["freight.status_changed"]["post"]
    assert operation["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/WebhookEventFreightStatusChanged"}
    assert {p["name"] for p in operation["parameters"]} == {"Webhook-Id", "Webhook-Timestamp", "Webhook-Signature"}


def _methodology(company) -> str:
    from domain.simulations.models import Methodology
    with tenant_scope(company.id):
        return str(db.session.execute(db.select(Methodology.id).where(Methodology.template == "cost_model"))
                   .scalar_one())


def _schema(event_type: str) -> dict:
    return build_document()["webhooks"][event_type]["post"]["requestBody"]["content"]["application/json"]["schema"]


def test_events_written_by_real_actions_match_their_schemas(app, api, company, make_freight, make_offer, make_partner,
                                                            make_api):
    freight = make_freight(visibility="publico", status="published")
    lead = ApiClient(app.test_client(), None).post("/marketplace/leads", json={
        "slug": freight.public_slug, "driverName": "João da Silva", "driverPhone": "(11) 98765-4321"})
    assert lead.status_code == 200
    offer = make_offer(freight, carrier_id=str(make_partner().id))
    assert api.post(f"/freights/{freight.id}/offers/{offer.id}/accept").status_code == 200
    simulation = api.post("/simulations", json={
        "methodology_id": _methodology(company), "inputs": COST_INPUTS, "save": True,
        "tax_context": {"origin_state": "SP", "destination_state": "SP"}}).get_json()["data"]["id"]
    assert api.patch(f"/freights/{freight.id}", json={"simulation_id": simulation}).status_code == 200
    with tenant_scope(company.id):
        event_rows = db.session.execute(db.select(services.OutboxEvent)).scalars().all()
        db.session.rollback()
    seen = {}
    for event in event_rows:
        envelope = json.loads(services.envelope_body(event))
        assert schema_errors(_schema(event.type), envelope) == [], (event.type, envelope)
        seen.setdefault(event.type, envelope)
    assert set(seen) == set(EVENT_TYPES), set(EVENT_TYPES) - set(seen)
    assert seen["freight.status_changed"]["data"]["to"] in ("negotiating", "aceito")


def test_the_test_event_matches_its_schema_and_a_wrong_payload_does_not(company, receiver, make_endpoint):
    endpoint, _ = make_endpoint(company, receiver.url)
    with tenant_scope(company.id):
        delivery = services.create_test_delivery(db.session.get(services.WebhookEndpoint, endpoint.id))
        envelope = json.loads(services.envelope_body(db.session.get(services.OutboxEvent, delivery.event_id)))
        db.session.rollback()
    assert schema_errors(_schema(TEST_EVENT), envelope) == []
    undeclared = {**envelope, "data": {**envelope["data"], "extra": 1}}
    assert schema_errors(_schema(TEST_EVENT), undeclared)
    missing = {**envelope, "data": {"mensagem": "x"}}
    assert schema_errors(_schema(TEST_EVENT), missing)
