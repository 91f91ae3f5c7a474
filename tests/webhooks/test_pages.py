"""Webhook pages: admin only, create (secret once), delivery log with filters, resend, test, rotate, disable."""
import re

import pytest

from core.db import db
from core.tenancy import tenant_scope
from domain.webhooks.models import WebhookDelivery, WebhookEndpoint
from tests.fixtures.core import csrf_from
from tests.webhooks.test_delivery import deliveries, emit, verify


@pytest.fixture
def admin(login, make_user, company):
    return login(make_user(company, role="admin"))


def post(client, path, data=None, page="/admin/webhooks"):
    return client.post(path, data={"csrf_token": csrf_from(client.get(page).get_data(as_text=True)), **(data or {})})


@pytest.mark.parametrize("role", ["operador", "financeiro", "leitura"])
def test_webhook_pages_are_admin_only(login, make_user, company, role, receiver, make_endpoint):
    endpoint, _ = make_endpoint(company, receiver.url)
    client = login(make_user(company, role=role))
    assert client.get("/admin/webhooks").status_code == 403
    assert client.get(f"/admin/webhooks/{endpoint.id}").status_code == 403


def test_admin_creates_an_endpoint_and_sees_the_secret_once(admin, company, receiver):
    response = post(admin, "/admin/webhooks", {"url": receiver.url, "event_types": ["freight.status_changed"]})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    secret = re.search(r'data-testid="webhook-secret">(whsec_[^<]+)<', html).group(1)
    assert secret not in admin.get("/admin/webhooks").get_data(as_text=True)
    emit(company)
    assert verify(secret, receiver.requests[0]["headers"], receiver.requests[0]["body"])


def test_an_unsafe_url_is_a_422_naming_the_problem(admin, webhook_targets):
    webhook_targets(False)
    response = post(admin, "/admin/webhooks", {"url": "https://169.254.169.254/latest"})
    assert response.status_code == 422
    assert "não permitido" in response.get_data(as_text=True)


def test_delivery_log_filters_resend_and_test_event(admin, company, receiver, make_endpoint):
    endpoint, _ = make_endpoint(company, receiver.url, ["freight.status_changed", "offer.accepted"])
    receiver.statuses = [500]
    emit(company)  # fails once
    emit(company, "offer.accepted", {"offer_id": "o-1"})
    page = f"/admin/webhooks/{endpoint.id}"
    html = admin.get(page).get_data(as_text=True)
    assert "freight.status_changed" in html and "offer.accepted" in html and "erro erro" in html
    filtered = admin.get(page + "?status=pending").get_data(as_text=True)
    assert "freight.status_changed" in filtered and "<code>offer.accepted</code>" not in filtered
    by_type = admin.get(page + "?evento=offer.accepted").get_data(as_text=True)
    assert "<code>freight.status_changed</code>" not in by_type
    failed = next(d for d in deliveries(company) if d.status == "pending")
    response = post(admin, f"{page}/entregas/{failed.id}/reenviar", page=page)
    assert response.status_code == 302
    assert [d.status for d in deliveries(company)] == ["delivered", "delivered"]
    post(admin, f"{page}/teste", page=page)
    assert receiver.events()[-1]["type"] == "webhook.test"


def test_rotate_and_disable_from_the_page(admin, company, receiver, make_endpoint):
    endpoint, old = make_endpoint(company, receiver.url)
    page = f"/admin/webhooks/{endpoint.id}"
    html = post(admin, f"{page}/rotacionar", page=page).get_data(as_text=True)
    new = re.search(r'data-testid="webhook-secret">(whsec_[^<]+)<', html).group(1)
    assert new != old
    post(admin, f"{page}/estado", {"enabled": "0"}, page=page)
    emit(company)
    assert receiver.requests == []
    integrations = admin.get("/admin/integracoes").get_data(as_text=True)
    assert "Desativado manualmente" in integrations and 'data-testid="webhook-disabled"' in integrations
    post(admin, f"{page}/estado", {"enabled": "1"}, page=page)
    with tenant_scope(company.id):
        assert db.session.get(WebhookEndpoint, endpoint.id).enabled


def test_another_companys_endpoint_and_deliveries_are_404(admin, make_company, receiver, make_endpoint, company):
    other = make_company()
    theirs, _ = make_endpoint(other, receiver.url)
    mine, _ = make_endpoint(company, receiver.url)
    emit(other)
    [their_delivery] = deliveries(other)
    assert admin.get(f"/admin/webhooks/{theirs.id}").status_code == 404
    assert theirs.url not in admin.get("/admin/webhooks").get_data(as_text=True).replace(mine.url, "")
    page = f"/admin/webhooks/{mine.id}"
    assert post(admin, f"{page}/entregas/{their_delivery.id}/reenviar", page=page).status_code == 404
    assert post(admin, f"/admin/webhooks/{theirs.id}/estado", {"enabled": "0"}).status_code == 404
    with tenant_scope(other.id):
        assert db.session.get(WebhookEndpoint, theirs.id).enabled
        assert db.session.get(WebhookDelivery, their_delivery.id).attempts == 1


def test_rotating_the_secret_shows_the_endpoint_as_saved(admin, company, receiver, make_endpoint):
    """The rotate POST carries only the CSRF token: the settings form shows the endpoint, not that (empty) post."""
    endpoint, _ = make_endpoint(company, receiver.url, ["offer.accepted"])
    page = f"/admin/webhooks/{endpoint.id}"
    html = post(admin, f"{page}/rotacionar", page=page).get_data(as_text=True)
    assert f'value="{receiver.url}"' in html
    assert '<input checked id="event_types-1" name="event_types" type="checkbox" value="offer.accepted">' in html
