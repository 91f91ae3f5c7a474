"""The webhooks API: endpoints (create, list, update, rotate, disable/enable), deliveries (list with filters, one
with its attempts), redeliver and a test event; the key's `webhooks` scope; another company's records are 404."""
import pytest
from standardwebhooks.webhooks import Webhook

from core.tenancy import tenant_scope
from domain.webhooks import services
from tests.fixtures.committing import commit
from tests.webhooks.conftest import Receiver


@pytest.fixture
def hooks(make_api, company):
    return make_api(company, scopes=("read", "write", "webhooks"))


@pytest.fixture
def receiver(private_targets):
    r = Receiver()
    yield r
    r.close()


@pytest.fixture
def private_targets(app, monkeypatch):
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_PRIVATE_TARGETS", True)
    monkeypatch.setitem(app.config, "WEBHOOK_REQUIRE_HTTPS", False)


def test_without_the_webhooks_scope_every_operation_is_403(api):
    for method, path in (("GET", "/webhooks/endpoints"), ("POST", "/webhooks/endpoints"),
                         ("GET", "/webhooks/deliveries")):
        body = {"url": "https://erp.example.com/h"} if method == "POST" else None
        response = api.request(method, path, json_body=body)
        assert response.status_code == 403, (method, path)
        assert response.get_json()["error"]["code"] == "insufficient_scope"


def test_a_webhooks_key_still_needs_write_to_change(make_api, company):
    reader = make_api(company, scopes=("read", "webhooks"))
    assert reader.get("/webhooks/endpoints").status_code == 200
    response = reader.post("/webhooks/endpoints", json={"url": "https://erp.example.com/h"})
    assert response.status_code == 403 and "'write'" in response.get_json()["error"]["message"]


def test_create_list_update_rotate_disable_enable(hooks):
    created = hooks.post("/webhooks/endpoints", json={"url": "https://erp.example.com/hooks",
                                                      "event_types": ["offer.accepted"]})
    assert created.status_code == 201, created.get_json()
    endpoint = created.get_json()["data"]
    assert endpoint["secret"].startswith("whsec_") and endpoint["event_types"] == ["offer.accepted"]
    listed = hooks.get("/webhooks/endpoints").get_json()
    assert [e["id"] for e in listed["data"]] == [endpoint["id"]] and "secret" not in listed["data"][0]
    path = f"/webhooks/endpoints/{endpoint['id']}"
    assert hooks.get(path).get_json()["data"]["url"] == "https://erp.example.com/hooks"
    patched = hooks.patch(path, json={"event_types": ["offer.accepted", "freight.status_changed"]}).get_json()["data"]
    assert patched["url"] == "https://erp.example.com/hooks"
    assert patched["event_types"] == ["offer.accepted", "freight.status_changed"]
    rotated = hooks.post(f"{path}/rotate").get_json()["data"]
    assert rotated["secret"].startswith("whsec_") and rotated["secret"] != endpoint["secret"]
    disabled = hooks.post(f"{path}/disable").get_json()["data"]
    assert (disabled["enabled"], disabled["disabled_reason"]) == (False, "Desativado pela API.")
    test = hooks.post(f"{path}/test")
    assert test.status_code == 409 and test.get_json()["error"]["code"] == "webhook_disabled"
    assert hooks.post(f"{path}/enable").get_json()["data"]["enabled"] is True


@pytest.mark.parametrize(("body", "field"), [({"url": "http://127.0.0.1/h"}, "url"), ({"url": ""}, "url"),
                                             ({"url": "https://erp.example.com", "event_types": ["x"]},
                                              "event_types[0]")])
def test_bad_endpoints_are_400_naming_the_field(hooks, body, field):
    response = hooks.post("/webhooks/endpoints", json=body)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["details"][0]["field"] == field


def test_a_test_event_is_delivered_and_its_delivery_listed_with_its_attempts(hooks, receiver):
    endpoint = hooks.post("/webhooks/endpoints", json={"url": receiver.url}).get_json()["data"]
    sent = hooks.post(f"/webhooks/endpoints/{endpoint['id']}/test")
    assert sent.status_code == 202, sent.get_json()
    delivery = sent.get_json()["data"]
    [request] = receiver.wait_for(1)
    assert Webhook(endpoint["secret"]).verify(request["body"], request["headers"])["type"] == "webhook.test"
    detail = hooks.get(f"/webhooks/deliveries/{delivery['id']}").get_json()["data"]
    assert detail["status"] == "delivered" and [a["status_code"] for a in detail["attempt_log"]] == [200]
    redelivered = hooks.post(f"/webhooks/deliveries/{delivery['id']}/redeliver")
    assert redelivered.status_code == 202 and redelivered.get_json()["data"]["status"] == "pending"
    assert len(receiver.wait_for(2)) == 2
    again = hooks.get(f"/webhooks/deliveries/{delivery['id']}").get_json()["data"]
    assert [a["number"] for a in again["attempt_log"]] == [1, 2]


def test_deliveries_filter_by_endpoint_status_and_type(hooks, company, receiver):
    first = hooks.post("/webhooks/endpoints", json={"url": receiver.url}).get_json()["data"]
    second = hooks.post("/webhooks/endpoints", json={"url": receiver.url}).get_json()["data"]
    receiver.statuses = [500]
    hooks.post(f"/webhooks/endpoints/{first['id']}/test")
    hooks.post(f"/webhooks/endpoints/{second['id']}/test")
    receiver.wait_for(2)
    everything = hooks.get("/webhooks/deliveries").get_json()["data"]
    assert len(everything) == 2
    mine = hooks.get(f"/webhooks/deliveries?endpoint_id={first['id']}").get_json()["data"]
    assert [d["endpoint_id"] for d in mine] == [first["id"]]
    pending = hooks.get("/webhooks/deliveries?status=pending").get_json()["data"]
    delivered = hooks.get("/webhooks/deliveries?status=delivered").get_json()["data"]
    assert len(pending) == 1 and len(delivered) == 1 and pending[0]["id"] != delivered[0]["id"]
    assert len(hooks.get("/webhooks/deliveries?event_type=webhook.test").get_json()["data"]) == 2
    assert hooks.get("/webhooks/deliveries?event_type=offer.accepted").get_json()["data"] == []
    assert hooks.get("/webhooks/deliveries?status=sent").status_code == 400
    assert hooks.get("/webhooks/deliveries?limit=500").status_code == 400


def test_another_companys_endpoint_and_delivery_are_404(hooks, make_company, receiver):
    other = make_company()
    with tenant_scope(other.id):
        endpoint, _ = services.create_endpoint(other, url=receiver.url)
        delivery = services.create_test_delivery(endpoint)
        commit()
    for method, path in (("GET", f"/webhooks/endpoints/{endpoint.id}"),
                         ("PATCH", f"/webhooks/endpoints/{endpoint.id}"),
                         ("POST", f"/webhooks/endpoints/{endpoint.id}/rotate"),
                         ("POST", f"/webhooks/endpoints/{endpoint.id}/disable"),
                         ("POST", f"/webhooks/endpoints/{endpoint.id}/test"),
                         ("GET", f"/webhooks/deliveries/{delivery.id}"),
                         ("POST", f"/webhooks/deliveries/{delivery.id}/redeliver")):
        body = {"url": "https://x.example.com"} if method == "PATCH" else None
        response = hooks.request(method, path, json_body=body)
        assert response.status_code == 404, (method, path)
    assert hooks.get("/webhooks/endpoints").get_json()["data"] == []
    assert hooks.get("/webhooks/deliveries").get_json()["data"] == []
