"""In the embedded default (inline jobs) a webhook is delivered after the API call has answered: under gunicorn as
scripts/start.sh runs it, a receiver that does not answer until the test lets it must not hold the API call."""
import http.client
import json
import threading

from standardwebhooks.webhooks import Webhook

from core.tenancy import tenant_scope
from domain.webhooks import services
from tests.fixtures.committing import commit
from tests.webhooks.conftest import Receiver


def test_a_slow_receiver_does_not_slow_the_api_call(gthread_server, app, company, make_api_key, make_freight,
                                                     monkeypatch):
    monkeypatch.setitem(app.config, "WEBHOOK_ALLOW_PRIVATE_TARGETS", True)
    monkeypatch.setitem(app.config, "WEBHOOK_REQUIRE_HTTPS", False)
    receiver = Receiver()
    receiver.hold = threading.Event()  # the receiver answers only when the test says so
    try:
        with tenant_scope(company.id):
            _, secret = services.create_endpoint(company, url=receiver.url, event_types=["freight.status_changed"])
            commit()
        freight = make_freight()
        _, key = make_api_key(company)
        port = gthread_server(WEBHOOK_ALLOW_PRIVATE_TARGETS="1")
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        conn.request("GET", "/healthz")  # the worker has booted and loaded the app: only the call below is timed
        warm = conn.getresponse()
        assert warm.status == 200
        warm.read()
        # Inside the request, the delivery would wait for the held receiver (30 s) before this call could answer:
        # the bound is that, not a speed.
        conn.request("PATCH", f"/api/public/v1/freights/{freight.id}/status", body=json.dumps({"status": "published"}),
                     headers={"X-API-Key": key, "Content-Type": "application/json"})
        conn.sock.settimeout(25)
        response = conn.getresponse()
        assert response.status == 200, response.read()
        response.read()
        assert not receiver.requests  # answered while the delivery is still waiting on the receiver
        assert receiver.entered.wait(60)  # the delivery did start, after the answer
        receiver.hold.set()
        [delivered] = receiver.wait_for(1)
        assert Webhook(secret).verify(delivered["body"], delivered["headers"])["data"]["to"] == "published"
        conn.close()
    finally:
        receiver.close()
