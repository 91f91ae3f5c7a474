"""Signatures: the v2 scheme (method, path, query, timestamp, body), replay refusal inside the window, and keys
created with "assinatura obrigatória" refusing a signature without timestamp (docs/api/signing.md)."""
import hashlib
import hmac
import json
import time

import pytest

from core import apikeys
from tests.fixtures.core import API


def now_ms() -> str:
    return str(int(time.time() * 1000))


def v2_headers(full, method, path, query=b"", body=b"", ts=None):
    secret = full.split(".", 1)[1]
    ts = ts or now_ms()
    message = b"\n".join([b"v2", method.encode(), path.encode(), query, ts.encode(), body])
    sig = hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
    return {"X-API-Key": full, "X-Service-Signature": "sha256=" + sig, "X-Service-Timestamp": ts,
            "X-Service-Signature-Version": "2"}


def legacy_headers(full, body=b"", ts=None):
    secret = full.split(".", 1)[1]
    headers = {"X-API-Key": full, "X-Service-Signature": apikeys.sign(secret, body, ts)}
    if ts is not None:
        headers["X-Service-Timestamp"] = ts
    return headers


@pytest.fixture
def signed_key(company, make_api_key):
    return make_api_key(company, require_signature=True)[1]


def test_v2_signature_covers_method_path_and_query(app, signed_key):
    client = app.test_client()
    path = API + "/partners"
    ok = client.get(path + "?limit=5", headers=v2_headers(signed_key, "GET", path, b"limit=5"))
    assert ok.status_code == 200, ok.get_json()
    other_query = client.get(path + "?limit=6", headers=v2_headers(signed_key, "GET", path, b"limit=5"))
    assert other_query.status_code == 401
    other_path = client.get(API + "/vehicles?limit=5", headers=v2_headers(signed_key, "GET", path, b"limit=5"))
    assert other_path.status_code == 401
    body = json.dumps({"legal_name": "x"}).encode()
    other_method = client.post(path, data=body, content_type="application/json",
                               headers=v2_headers(signed_key, "PATCH", path, b"", body))
    assert other_method.status_code == 401


def test_v2_without_timestamp_is_refused_naming_the_header(app, signed_key):
    headers = v2_headers(signed_key, "GET", API + "/me")
    del headers["X-Service-Timestamp"]
    response = app.test_client().get(API + "/me", headers=headers)
    assert response.status_code == 401
    assert response.get_json()["error"]["details"][0]["field"] == "X-Service-Timestamp"


def test_unknown_signature_version_is_refused(app, signed_key):
    headers = {**v2_headers(signed_key, "GET", API + "/me"), "X-Service-Signature-Version": "9"}
    response = app.test_client().get(API + "/me", headers=headers)
    assert response.status_code == 401
    assert response.get_json()["error"]["details"][0]["field"] == "X-Service-Signature-Version"


@pytest.mark.parametrize("scheme", ["legacy", "v2"])
def test_a_signed_request_cannot_be_replayed_inside_the_window(app, signed_key, scheme):
    client = app.test_client()
    ts = now_ms()
    headers = (legacy_headers(signed_key, ts=ts) if scheme == "legacy"
               else v2_headers(signed_key, "GET", API + "/me", ts=ts))
    assert client.get(API + "/me", headers=headers).status_code == 200
    replay = client.get(API + "/me", headers=headers)
    assert replay.status_code == 401
    assert replay.get_json()["error"]["code"] == "invalid_signature"
    assert "já foi usada" in replay.get_json()["error"]["message"]
    fresh = legacy_headers(signed_key, ts=str(int(ts) + 1)) if scheme == "legacy" else v2_headers(
        signed_key, "GET", API + "/me", ts=str(int(ts) + 1))
    assert client.get(API + "/me", headers=fresh).status_code == 200


def test_the_contract_scheme_with_timestamp_is_still_accepted(app, signed_key):
    assert app.test_client().get(API + "/me", headers=legacy_headers(signed_key, ts=now_ms())).status_code == 200


def test_new_required_key_refuses_a_signature_without_timestamp(app, signed_key):
    response = app.test_client().get(API + "/me", headers=legacy_headers(signed_key))
    assert response.status_code == 401
    assert response.get_json()["error"]["details"][0]["field"] == "X-Service-Timestamp"


def test_older_keys_keep_the_timeless_signature(app, company, make_api_key):
    """Keys created before the rule (require_timestamp false) are not broken by it; documented as weaker."""
    from core.db import db
    from core.tenancy import tenant_scope
    key, full = make_api_key(company, require_signature=True)
    with tenant_scope(company.id):
        key = db.session.merge(key)
        key.require_timestamp = False
        db.session.commit()
    assert app.test_client().get(API + "/me", headers=legacy_headers(full)).status_code == 200


def test_turning_the_requirement_on_also_requires_the_timestamp(app, company, make_api_key):
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.tenancy import services
    key, full = make_api_key(company)
    with tenant_scope(company.id):
        services.set_require_signature(db.session.merge(key), True)
        db.session.commit()
    assert app.test_client().get(API + "/me", headers=legacy_headers(full)).status_code == 401


# --- One signature, every spelling: the replay record is keyed on the verified digest ----------------------------

def _bare_hex(headers) -> str:
    value = headers["X-Service-Signature"]
    return value[7:] if value.startswith("sha256=") else value


SPELLINGS = {
    "prefix": lambda hex_: "sha256=" + hex_,
    "bare": lambda hex_: hex_,
    "upper hex": lambda hex_: hex_.upper(),
    "upper prefix and hex": lambda hex_: "SHA256=" + hex_.upper(),
    "blanks around": lambda hex_: "  sha256=" + hex_ + "\t",
}


@pytest.mark.parametrize("scheme", ["legacy", "v2"])
@pytest.mark.parametrize("first,second", [("prefix", "bare"), ("bare", "prefix"), ("prefix", "upper hex"),
                                          ("bare", "upper prefix and hex"), ("upper hex", "blanks around")])
def test_a_signature_respelled_is_still_a_replay(app, signed_key, scheme, first, second):
    client = app.test_client()
    ts = now_ms()
    headers = (legacy_headers(signed_key, ts=ts) if scheme == "legacy"
               else v2_headers(signed_key, "GET", API + "/me", ts=ts))
    hex_ = _bare_hex(headers).lower()
    ok = client.get(API + "/me", headers={**headers, "X-Service-Signature": SPELLINGS[first](hex_)})
    assert ok.status_code == 200, ok.get_json()
    replay = client.get(API + "/me", headers={**headers, "X-Service-Signature": SPELLINGS[second](hex_)})
    assert replay.status_code == 401, f"{first} then {second} was accepted twice"
    assert "já foi usada" in replay.get_json()["error"]["message"]


def test_the_explicit_version_1_header_is_the_same_signature(app, signed_key):
    """`X-Service-Signature-Version: 1` and no version header sign the same bytes: one record."""
    client = app.test_client()
    headers = legacy_headers(signed_key, ts=now_ms())
    assert client.get(API + "/me", headers=headers).status_code == 200
    assert client.get(API + "/me", headers={**headers, "X-Service-Signature-Version": " 1"}).status_code == 401


@pytest.mark.parametrize("scheme", ["legacy", "v2"])
def test_a_respelled_signed_payable_is_created_once(app, make_company, make_api_key, scheme):
    """The finding: a signed POST /finance/payables resent with the prefix removed created a second payable."""
    company = make_company(modules=["billing", "financial"])
    full = make_api_key(company, require_signature=True)[1]
    body = json.dumps({"descricao": "Pneus", "valor_centavos": 10000, "vencimento_at": "2030-01-10"}).encode()
    path, ts = API + "/finance/payables", now_ms()
    headers = (legacy_headers(full, body, ts) if scheme == "legacy"
               else v2_headers(full, "POST", path, b"", body, ts))
    hex_ = _bare_hex(headers)
    client = app.test_client()
    first = client.post(path, data=body, content_type="application/json",
                        headers={**headers, "X-Service-Signature": "sha256=" + hex_})
    assert first.status_code == 201, first.get_json()
    again = client.post(path, data=body, content_type="application/json",
                        headers={**headers, "X-Service-Signature": hex_.upper()})
    assert again.status_code == 401
    listed = client.get(path, headers={"X-API-Key": full, **legacy_headers(full, ts=now_ms())})
    assert len(listed.get_json()["data"]) == 1
