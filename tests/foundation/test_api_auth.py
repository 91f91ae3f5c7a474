"""API authentication (docs/decisions.md §2): key headers, HMAC signatures, scopes and modules."""
import json
import time
from types import SimpleNamespace

import pytest

from core import apikeys
from core.db import db
from core.tenancy import tenant_scope
from domain.tenancy import services
from tests.foundation.conftest import now_ms, signature

ME = "/api/public/v1/me"


def error_code(response) -> str:
    return response.get_json()["error"]["code"]


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def key(company, make_api_key):
    """(record, full key, secret) of a read+write key."""
    record, full = make_api_key(company)
    return record, full, full.split(".", 1)[1]


# --- Presenting the key ------------------------------------------------------------------------

def test_missing_key_is_401(client):
    response = client.get(ME)
    assert response.status_code == 401
    assert error_code(response) == "unauthorized"
    assert response.get_json()["error"]["details"] == []


@pytest.mark.parametrize("header", ["X-API-Key", "X-Service-Key", "x-service-key", "X-SERVICE-KEY", "x-api-key"])
def test_key_accepted_in_each_key_header(client, key, company, header):
    response = client.get(ME, headers={header: key[1]})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["data"]["company"]["id"] == str(company.id)


@pytest.mark.parametrize("scheme", ["Bearer", "bearer", "BEARER"])
def test_key_accepted_as_bearer_token(client, key, scheme):
    response = client.get(ME, headers={"Authorization": f"{scheme} {key[1]}"})
    assert response.status_code == 200


def test_other_authorization_schemes_are_not_keys(client, key):
    response = client.get(ME, headers={"Authorization": f"Basic {key[1]}"})
    assert response.status_code == 401


@pytest.mark.parametrize("bad", ["garbage", "flk_000000000000.secret", "no-dot-here", ".", "x" * 300])
def test_invalid_key_is_401(client, key, bad):
    response = client.get(ME, headers={"X-API-Key": bad})
    assert response.status_code == 401
    assert error_code(response) == "unauthorized"


def test_right_prefix_wrong_secret_is_401(client, key):
    prefix = key[1].split(".", 1)[0]
    response = client.get(ME, headers={"X-API-Key": f"{prefix}.wrong-secret"})
    assert response.status_code == 401


def test_revoked_key_stops_at_once(client, key, company):
    assert client.get(ME, headers={"X-API-Key": key[1]}).status_code == 200
    with tenant_scope(company.id):
        services.revoke_api_key(services.find_api_key(key[0].id))
        db.session.commit()
    response = client.get(ME, headers={"X-API-Key": key[1]})
    assert response.status_code == 401
    assert error_code(response) == "unauthorized"


def test_me_describes_company_and_key(client, company, make_api_key):
    record, full = make_api_key(company, scopes=("read",), require_signature=False)
    data = client.get(ME, headers={"X-API-Key": full}).get_json()["data"]
    assert data["company"] == {"id": str(company.id), "cnpj": company.cnpj, "legal_name": company.legal_name,
                               "modules": [], "features": [], "ciot_environment": "homolog"}
    assert data["api_key"] == {"id": str(record.id), "prefix": full.split(".")[0], "scopes": ["read"],
                               "require_signature": False}


def test_me_costs_one_query(client, key, query_counter):
    client.get(ME, headers={"X-API-Key": key[1]})  # the first call also records the last use
    with query_counter() as count:
        assert client.get(ME, headers={"X-API-Key": key[1]}).status_code == 200
    assert count() == 1


def test_last_use_is_recorded(client, key):
    assert key[0].last_used_at is None
    client.get(ME, headers={"X-API-Key": key[1]})
    db.session.expire_all()
    assert services.find_api_key(key[0].id).last_used_at is not None


# --- Signatures --------------------------------------------------------------------------------

def signed(key_full: str, secret: str, body: bytes = b"", timestamp: str | None = None, prefix: str = "",
           sig: str | None = None) -> dict:
    headers = {"X-API-Key": key_full, "X-Service-Signature": prefix + (sig or signature(secret, body, timestamp))}
    if timestamp is not None:
        headers["X-Service-Timestamp"] = timestamp
    return headers


def test_signature_bare_hex(client, key):
    assert client.get(ME, headers=signed(key[1], key[2])).status_code == 200


@pytest.mark.parametrize("prefix", ["sha256=", "SHA256="])
def test_signature_with_sha256_prefix(client, key, prefix):
    assert client.get(ME, headers=signed(key[1], key[2], prefix=prefix)).status_code == 200


def test_signature_header_any_case(client, key):
    headers = {"X-API-Key": key[1], "x-service-signature": signature(key[2], b"")}
    assert client.get(ME, headers=headers).status_code == 200


def test_bad_signature_is_401(client, key):
    response = client.get(ME, headers=signed(key[1], key[2], sig="0" * 64))
    assert response.status_code == 401
    assert error_code(response) == "invalid_signature"


def test_signature_made_with_another_secret_is_401(client, key):
    response = client.get(ME, headers=signed(key[1], "another-secret"))
    assert error_code(response) == "invalid_signature"


def test_signature_on_a_key_that_does_not_require_it_is_still_verified(client, key):
    assert key[0].require_signature is False
    response = client.get(ME, headers=signed(key[1], key[2], sig="deadbeef"))
    assert response.status_code == 401
    assert error_code(response) == "invalid_signature"


def test_timestamp_is_signed_as_timestamp_dot_body(client, key):
    ts = now_ms()
    assert client.get(ME, headers=signed(key[1], key[2], timestamp=ts)).status_code == 200
    # The signature of the body alone does not cover the timestamp.
    body_only = signed(key[1], key[2], timestamp=ts, sig=signature(key[2], b""))
    assert error_code(client.get(ME, headers=body_only)) == "invalid_signature"


@pytest.fixture
def stopped_clock(monkeypatch):
    """`at(offset)`: a timestamp `offset` s from a moment at which the server's clock (core.apikeys) is stopped, so a
    timestamp 1 s past the tolerance stays past it however long the request takes (with a running clock, +301 s
    became +300 s, and accepted, once the request took a second on a loaded machine)."""
    now = time.time()
    monkeypatch.setattr(apikeys, "time", SimpleNamespace(time=lambda: now))
    return lambda offset: str(int((now + offset) * 1000))


@pytest.mark.parametrize("offset", [-301, 301, -3600, 3600])
def test_timestamp_outside_300_seconds_is_401(client, key, offset, stopped_clock):
    response = client.get(ME, headers=signed(key[1], key[2], timestamp=stopped_clock(offset)))
    assert response.status_code == 401
    assert error_code(response) == "invalid_signature"


@pytest.mark.parametrize("offset", [-299, 299])
def test_timestamp_inside_300_seconds_is_accepted(client, key, offset, stopped_clock):
    assert client.get(ME, headers=signed(key[1], key[2], timestamp=stopped_clock(offset))).status_code == 200


@pytest.mark.parametrize("bad_ts", ["yesterday", "", "1.5e12"])
def test_non_numeric_timestamp_is_401(client, key, bad_ts):
    response = client.get(ME, headers=signed(key[1], key[2], timestamp=bad_ts))
    assert error_code(response) == "invalid_signature"


def test_require_signature_key_without_signature_is_401(client, company, make_api_key):
    _, full = make_api_key(company, require_signature=True)
    response = client.get(ME, headers={"X-API-Key": full})
    assert response.status_code == 401
    assert error_code(response) == "signature_required"
    secret = full.split(".", 1)[1]
    assert client.get(ME, headers=signed(full, secret, timestamp=now_ms())).status_code == 200


def test_signature_covers_the_raw_post_body(make_probe, company):
    probe = make_probe(company, require_signature=True)
    secret = probe.key.split(".", 1)[1]
    body = json.dumps({"name": "assinada"}).encode()
    ts = now_ms()
    ok = probe.post("/keys", data=body, content_type="application/json",
                    headers={"X-Service-Signature": signature(secret, body, ts), "X-Service-Timestamp": ts})
    assert ok.status_code == 201, ok.get_data(as_text=True)
    tampered = probe.post("/keys", data=body.replace(b"assinada", b"alterada"), content_type="application/json",
                          headers={"X-Service-Signature": signature(secret, body, ts), "X-Service-Timestamp": ts})
    assert tampered.status_code == 401
    assert error_code(tampered) == "invalid_signature"


# --- Scopes and modules ------------------------------------------------------------------------

def test_read_scope_allows_get_but_not_post(make_probe, company):
    probe = make_probe(company, scopes=("read",))
    assert probe.get("/keys").status_code == 200
    response = probe.post("/keys", json={"name": "x"})
    assert response.status_code == 403
    assert error_code(response) == "insufficient_scope"


def test_write_scope_allows_post_but_not_get(make_probe, company):
    probe = make_probe(company, scopes=("write",))
    assert probe.post("/keys", json={"name": "x"}).status_code == 201
    response = probe.get("/keys")
    assert response.status_code == 403
    assert error_code(response) == "insufficient_scope"


def test_disabled_module_is_403(make_probe, make_company):
    without = make_probe(make_company())
    response = without.get("/billing")
    assert response.status_code == 403
    assert error_code(response) == "module_disabled"
    with_billing = make_probe(make_company(modules=["billing"]))
    assert with_billing.get("/billing").status_code == 200


def test_authentication_comes_before_module_and_scope(probe_app):
    response = probe_app.test_client().get("/api/public/v1/_probe/billing")
    assert response.status_code == 401
