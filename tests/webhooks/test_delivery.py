"""Delivery to a real HTTP receiver: envelope, signature, retries (time travelled), 410, fan-out rules, tenancy."""
import hashlib
import hmac
import json
from datetime import timedelta

import pytest

from core.db import db, utcnow
from core.events import emit_event
from core.models import OutboxEvent
from core.tenancy import tenant_scope
from domain.webhooks import services
from domain.webhooks.jobs import deliver, redeliver_overdue
from domain.webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from tests.fixtures.committing import commit


def emit(company, event_type="freight.status_changed", payload=None):
    with tenant_scope(company.id):
        event = emit_event(company, event_type, payload or {"freight_id": "f-1", "status": "em_transito"})
        commit()  # the first attempt runs inline right after the commit
    return event


def verify(secret: str, headers: dict, body: bytes) -> bool:
    expected = "sha256=" + hmac.new(secret.encode(), f"{headers['Webhook-Timestamp']}.".encode() + body,
                                    hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(expected, s.strip()) for s in headers["Webhook-Signature"].split(","))


def deliveries(company):
    db.session.expire_all()
    with tenant_scope(company.id):
        return db.session.execute(db.select(WebhookDelivery)).scalars().all()


def test_event_is_delivered_signed_with_the_envelope(company, receiver, make_endpoint):
    _, secret = make_endpoint(company, receiver.url)
    event = emit(company)
    [request] = receiver.wait_for(1)
    body = json.loads(request["body"])
    assert body == {"id": str(event.id), "type": "freight.status_changed", "created_at": body["created_at"],
                    "data": {"freight_id": "f-1", "status": "em_transito"}}
    assert body["created_at"].endswith("Z")
    headers = request["headers"]
    assert headers["Webhook-Id"] == str(event.id)
    assert headers["Content-Type"] == "application/json"
    assert verify(secret, headers, request["body"])
    assert not verify(secret + "x", headers, request["body"])
    [delivery] = deliveries(company)
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("delivered", 1, 200)


def test_unsubscribed_type_and_feature_gated_events_are_not_sent(make_company, receiver, make_endpoint):
    plain, featured = make_company(), make_company(features=["integrations.webhooks"])
    for company in (plain, featured):
        make_endpoint(company, receiver.url, event_types=["simulation.created"])
        emit(company, "freight.status_changed")  # not subscribed
        emit(company, "simulation.created", {"id": "s1"})
    receiver.wait_for(1)
    assert [e["type"] for e in receiver.events()] == ["simulation.created"]
    assert deliveries(plain) == [] and len(deliveries(featured)) == 1


def test_retry_schedule_spans_three_days_then_gives_up(company, receiver, make_endpoint):
    receiver.default_status = 500
    make_endpoint(company, receiver.url)
    emit(company)
    [delivery] = deliveries(company)
    waits, now = [], utcnow()
    while delivery.status == "pending":
        previous = now
        now = delivery.next_attempt_at + timedelta(seconds=1)  # time travel to just after the retry is due
        waits.append((delivery.next_attempt_at - previous).total_seconds())
        redeliver_overdue(now + timedelta(seconds=60))
        db.session.expire_all()
        with tenant_scope(company.id):
            delivery = db.session.get(WebhookDelivery, delivery.id)
        now = now + timedelta(seconds=60)
    assert delivery.status == "failed" and delivery.attempts == 10
    assert len(receiver.requests) == 10
    for wait, base in zip(waits[1:], services.RETRY_DELAYS[1:], strict=False):
        assert base - 70 <= wait <= base * 1.1 + 70
    assert sum(services.RETRY_DELAYS) >= 72 * 3600
    with tenant_scope(company.id):
        attempts = db.session.execute(db.select(WebhookAttempt).order_by(WebhookAttempt.number)).scalars().all()
    assert [a.number for a in attempts] == list(range(1, 11))
    assert all(a.status_code == 500 and len(a.response_excerpt) == 1024 for a in attempts)


def test_a_retry_is_not_sent_before_it_is_due(company, receiver, make_endpoint):
    receiver.statuses = [503]
    make_endpoint(company, receiver.url)
    emit(company)
    [delivery] = deliveries(company)
    # A second before it is due (the first retry waits 5 s: with the real clock a stall that long sent it here)
    before_due = delivery.next_attempt_at - timedelta(seconds=1)
    assert deliver(str(company.id), str(delivery.id), now=before_due) is None  # not due yet: nothing sent
    assert len(receiver.requests) == 1


def test_receiver_down_then_back_gets_everything(company, receiver, make_endpoint):
    make_endpoint(company, receiver.url)
    receiver.statuses = [503] * 5
    events = [emit(company, payload={"n": n}) for n in range(5)]
    assert len(receiver.requests) == 5 and not receiver.events()
    redeliver_overdue(utcnow() + timedelta(minutes=10))
    assert sorted(e["data"]["n"] for e in receiver.events()) == list(range(5))
    assert len(receiver.requests) == 10  # exactly as many as attempted: each event twice
    assert {r["headers"]["Webhook-Id"] for r in receiver.requests} == {str(e.id) for e in events}
    assert {d.status for d in deliveries(company)} == {"delivered"}


def test_410_disables_the_endpoint(company, receiver, make_endpoint):
    receiver.statuses = [410]
    endpoint, _ = make_endpoint(company, receiver.url)
    emit(company)
    emit(company)
    with tenant_scope(company.id):
        endpoint = db.session.get(WebhookEndpoint, endpoint.id)
        assert not endpoint.enabled and "410" in endpoint.disabled_reason
    assert len(receiver.requests) == 1
    assert [d.status for d in deliveries(company)] == ["failed"]


def test_failing_five_days_straight_disables_the_endpoint(company, receiver, make_endpoint):
    receiver.default_status = 500
    endpoint, _ = make_endpoint(company, receiver.url)
    start = utcnow()
    for day in (0, 2, 4, 5):
        emit(company)
        redeliver_overdue(start + timedelta(days=day, minutes=1))
    with tenant_scope(company.id):
        endpoint = db.session.get(WebhookEndpoint, endpoint.id)
        assert not endpoint.enabled and "5 dias" in endpoint.disabled_reason


def test_a_success_resets_the_failing_streak(company, receiver, make_endpoint):
    receiver.statuses = [500, 200, 500]
    endpoint, _ = make_endpoint(company, receiver.url)
    emit(company)
    redeliver_overdue(utcnow() + timedelta(days=1))
    emit(company)
    redeliver_overdue(utcnow() + timedelta(days=6))
    with tenant_scope(company.id):
        assert db.session.get(WebhookEndpoint, endpoint.id).enabled


def test_rotation_sends_both_signatures_for_24_hours(company, receiver, make_endpoint):
    endpoint, old = make_endpoint(company, receiver.url)
    with tenant_scope(company.id):
        new = services.rotate_secret(db.session.get(WebhookEndpoint, endpoint.id))
        commit()
    emit(company)
    request = receiver.requests[-1]
    assert verify(old, request["headers"], request["body"]) and verify(new, request["headers"], request["body"])
    entries = request["headers"]["Webhook-Signature"].split(" ")
    assert [e.split(",")[0] for e in entries] == ["v1", "v1", "", ""]  # both secrets' v1, then both sha256= tokens
    assert [e.split(",")[1][:7] for e in entries[2:]] == ["sha256=", "sha256="]
    with tenant_scope(company.id):
        endpoint = db.session.get(WebhookEndpoint, endpoint.id)
        assert len(services.signing_secrets(endpoint, utcnow() + timedelta(hours=25))) == 1
        assert endpoint.secret_encrypted != new and new not in endpoint.secret_encrypted


def test_resend_and_test_event(company, receiver, make_endpoint):
    endpoint, _ = make_endpoint(company, receiver.url)
    emit(company)
    [delivery] = deliveries(company)
    with tenant_scope(company.id):
        services.resend(db.session.get(WebhookDelivery, delivery.id))
        commit()  # sent inline after the commit
    with tenant_scope(company.id):
        services.create_test_delivery(db.session.get(WebhookEndpoint, endpoint.id))
        commit()
    assert [e["type"] for e in receiver.events()] == ["freight.status_changed"] * 2 + ["webhook.test"]
    assert receiver.requests[0]["headers"]["Webhook-Id"] == receiver.requests[1]["headers"]["Webhook-Id"]


def test_lost_fan_out_is_recovered_by_the_periodic_job(company, receiver, make_endpoint):
    make_endpoint(company, receiver.url)
    with tenant_scope(company.id):  # an event whose job never ran (written without emit_event's job)
        event = OutboxEvent(company_id=company.id, type="freight.status_changed", payload={}, created_at=utcnow())
        db.session.add(event)
        db.session.commit()
    redeliver_overdue(utcnow() + timedelta(minutes=2))
    assert [e["id"] for e in receiver.events()] == [str(event.id)]


def test_endpoints_and_deliveries_stay_in_their_company(make_company, receiver, make_endpoint):
    a, b = make_company(), make_company()
    make_endpoint(a, receiver.url)
    emit(b)
    assert receiver.requests == [] and deliveries(b) == []
    with tenant_scope(b.id):
        assert db.session.execute(db.select(WebhookEndpoint)).scalars().all() == []
    emit(a)
    assert len(deliveries(a)) == 1 and deliveries(b) == []


@pytest.mark.parametrize("url, field_message", [
    ("ftp://example.com/x", "http"), ("http://example.com/x", "https"), ("https://127.0.0.1/x", "não permitido"),
])
def test_endpoint_url_is_checked_when_saved(company, url, field_message):
    from core.errors import InvalidBody
    with tenant_scope(company.id), pytest.raises(InvalidBody) as err:
        services.create_endpoint(company, url=url)
    assert err.value.details[0].field == "url" and field_message in err.value.details[0].message


def test_a_freight_status_change_over_the_api_reaches_the_webhook(api, company, receiver, make_endpoint):
    from tests.fixtures.freights import freight_body
    _, secret = make_endpoint(company, receiver.url)
    created = api.post("/freights", json=freight_body()).get_json()["data"]
    api.patch(f"/freights/{created['id']}/status", json={"status": "published"})
    received = receiver.events()
    assert [(e["type"], e["data"]["from"], e["data"]["to"]) for e in received][-1] == (
        "freight.status_changed", "draft", "published")
    assert verify(secret, receiver.requests[-1]["headers"], receiver.requests[-1]["body"])


def test_more_endpoints_than_the_fan_out_sends_get_a_job_each(company, receiver, make_endpoint):
    from domain.webhooks.jobs import SEND_IN_FAN_OUT
    for _ in range(SEND_IN_FAN_OUT + 1):
        make_endpoint(company, receiver.url)
    emit(company)
    assert len(receiver.requests) == SEND_IN_FAN_OUT + 1
    assert {d.status for d in deliveries(company)} == {"delivered"}
