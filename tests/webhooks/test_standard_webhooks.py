"""Real deliveries verified by the Standard Webhooks reference library (`standardwebhooks` on PyPI) with the secret
exactly as the platform shows it, through a rotation; the first `sha256=` format still verifies beside it."""
import base64
import hashlib
import hmac
import json
import os
import secrets
import shutil
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from core import crypto
from core.db import db, utcnow
from core.events import emit_event
from core.tenancy import tenant_scope
from domain.webhooks import services
from domain.webhooks.jobs import deliver
from domain.webhooks.models import WebhookEndpoint
from tests.fixtures.committing import commit

ROOT = Path(__file__).resolve().parents[2]


def emit(company):
    with tenant_scope(company.id):
        emit_event(company, "freight.status_changed", {"freight_id": "f-1", "from": "draft", "to": "published"})
        commit()


def legacy_verify(secret: str, headers: dict, body: bytes) -> bool:
    """The receiver written against the first format (docs/api/webhooks.md before 2026-11-27), unchanged."""
    expected = "sha256=" + hmac.new(secret.encode(), f"{headers['Webhook-Timestamp']}.".encode() + body,
                                    hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(expected, s.strip()) for s in headers["Webhook-Signature"].split(","))


def test_a_delivery_verifies_with_the_standard_webhooks_library(company, receiver, make_endpoint):
    _, secret = make_endpoint(company, receiver.url)
    assert secret.startswith("whsec_") and len(base64.b64decode(secret.removeprefix("whsec_"))) == 32
    emit(company)
    [request] = receiver.wait_for(1)
    payload = Webhook(secret).verify(request["body"], request["headers"])
    assert payload["type"] == "freight.status_changed" and payload["id"] == request["headers"]["Webhook-Id"]
    assert legacy_verify(secret, request["headers"], request["body"])


def test_another_secret_or_a_changed_body_does_not_verify(company, receiver, make_endpoint):
    _, secret = make_endpoint(company, receiver.url)
    emit(company)
    [request] = receiver.wait_for(1)
    other = "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()
    with pytest.raises(WebhookVerificationError):
        Webhook(other).verify(request["body"], request["headers"])
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(request["body"].replace(b"published", b"cancelled"), request["headers"])
    assert not legacy_verify(other, request["headers"], request["body"])


def test_during_a_rotation_both_secrets_verify_with_the_library(company, receiver, make_endpoint):
    endpoint, old = make_endpoint(company, receiver.url)
    with tenant_scope(company.id):
        new = services.rotate_secret(db.session.get(WebhookEndpoint, endpoint.id))
        commit()
    emit(company)
    [request] = receiver.wait_for(1)
    for secret in (new, old):
        assert Webhook(secret).verify(request["body"], request["headers"])["type"] == "freight.status_changed"
        assert legacy_verify(secret, request["headers"], request["body"])
    assert request["headers"]["Webhook-Signature"].count("v1,") == 2
    with tenant_scope(company.id):  # 24 h later only the new secret signs
        later = services.signing_secrets(db.session.get(WebhookEndpoint, endpoint.id), utcnow() + timedelta(hours=25))
    assert later == [new]


def test_a_secret_made_before_the_change_verifies_once_read_as_standard_base64(company, receiver, make_endpoint):
    """Secrets created before 2026-11-27 are URL-safe base64: the library reads them after `-`→`+`, `_`→`/` in the
    part after `whsec_`."""
    endpoint, _ = make_endpoint(company, receiver.url)
    old_style = "whsec_" + "-_" + secrets.token_urlsafe(30)
    with tenant_scope(company.id):
        db.session.get(WebhookEndpoint, endpoint.id).secret_encrypted = crypto.encrypt(old_style)
        commit()
    emit(company)
    [request] = receiver.wait_for(1)
    as_standard = "whsec_" + old_style.removeprefix("whsec_").translate(str.maketrans("-_", "+/"))
    assert Webhook(as_standard).verify(request["body"], request["headers"])
    assert legacy_verify(old_style, request["headers"], request["body"])


def test_the_timestamp_is_each_attempts_and_old_ones_are_refused_by_the_library(company, receiver, make_endpoint):
    receiver.statuses = [500]
    _, secret = make_endpoint(company, receiver.url)
    emit(company)
    receiver.wait_for(1)
    with tenant_scope(company.id):
        [delivery] = db.session.execute(db.select(services.WebhookDelivery)).scalars().all()
        due = delivery.next_attempt_at
    deliver(str(company.id), str(delivery.id), now=due + timedelta(minutes=10))  # a retry sent "10 min later"
    first, late = receiver.wait_for(2)
    assert int(late["headers"]["Webhook-Timestamp"]) > int(first["headers"]["Webhook-Timestamp"])
    assert late["headers"]["Webhook-Id"] == first["headers"]["Webhook-Id"]
    with pytest.raises(WebhookVerificationError, match="too new"):  # signed for 10 min ahead of this clock
        Webhook(secret).verify(late["body"], late["headers"])


def node_modules_with_the_library():
    """The JavaScript twin, from scripts/api_clients/package.json: `.tools/node_modules` (scripts/check_openapi.sh
    installs it) or STANDARDWEBHOOKS_NODE_MODULES."""
    for candidate in (os.environ.get("STANDARDWEBHOOKS_NODE_MODULES"), str(ROOT / ".tools" / "node_modules")):
        if candidate and (Path(candidate) / "standardwebhooks").is_dir() and shutil.which("node"):
            return candidate
    pytest.skip("node or the npm `standardwebhooks` package is missing: run scripts/check_openapi.sh once")


def node_verify(node_modules: str, tmp_path, secret: str, request: dict) -> subprocess.CompletedProcess:
    spec = tmp_path / "request.json"
    spec.write_text(json.dumps({"secret": secret, "headers": request["headers"],
                                "body": request["body"].decode("utf-8")}))
    return subprocess.run(["node", str(ROOT / "scripts" / "api_clients" / "verify_webhook.js"), str(spec)],
                          env={**os.environ, "NODE_PATH": node_modules}, capture_output=True, text=True, timeout=60,
                          check=False)


def test_the_javascript_library_verifies_deliveries_through_a_rotation(company, receiver, make_endpoint, tmp_path):
    node_modules = node_modules_with_the_library()
    endpoint, old = make_endpoint(company, receiver.url)
    with tenant_scope(company.id):
        new = services.rotate_secret(db.session.get(WebhookEndpoint, endpoint.id))
        commit()
    emit(company)
    [request] = receiver.wait_for(1)
    for secret in (new, old):
        verified = node_verify(node_modules, tmp_path, secret, request)
        assert (verified.returncode, verified.stdout) == (0, "freight.status_changed"), verified.stderr
    stranger = node_verify(node_modules, tmp_path, "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode(),
                           request)
    assert stranger.returncode == 1 and "No matching signature" in stranger.stderr
