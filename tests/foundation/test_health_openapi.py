"""The OpenAPI document (its fuzzing with schemathesis against every endpoint: test_api_fuzz.py, a slow test)."""
import re

import pytest
import schemathesis

import blueprints.api  # noqa: F401  registers every endpoint
from core.api import REGISTRY
from core.openapi import build_document

OPENAPI = "/api/public/v1/openapi.json"


def test_openapi_document(app):
    response = app.test_client().get(OPENAPI)
    assert response.status_code == 200
    doc = response.get_json()
    schemathesis.openapi.from_dict(doc).validate()  # against the OpenAPI 3.1 meta-schema
    assert doc["openapi"].startswith("3.1")
    assert doc["info"]["title"].isascii()
    assert doc["servers"] == [{"url": "/", "description": doc["servers"][0]["description"]}]
    assert set(doc["components"]["securitySchemes"]) == {"ApiKey", "ServiceKey", "Bearer"}
    me = doc["paths"]["/api/public/v1/me"]["get"]
    assert me["operationId"] == "getMe"
    me_schema = me["responses"]["200"]["content"]["application/json"]["schema"]
    assert me_schema == {"$ref": "#/components/schemas/MeResponse"}
    # Only what the operation can answer: no body, no path id, no list → no 400, 404, 409, 413, 415, 422, 429.
    assert set(me["responses"]) == {"200", "401", "403", "414", "500", "503"}
    # Every declared endpoint is documented, and nothing else (no probe or page routes).
    documented = {(path, method) for path, ops in doc["paths"].items() for method in ops}
    assert len(documented) == len(REGISTRY)
    assert not any("_probe" in path for path, _ in documented)
    declared_tags = {t["name"] for t in doc["tags"]}
    assert all(t["description"] for t in doc["tags"])
    for _path, _method, operation in _operations(doc):
        assert re.fullmatch(r"[a-z]+[A-Za-z]*", operation["operationId"]) and len(operation["operationId"]) <= 30
        assert set(operation["tags"]) <= declared_tags
        for status, answer in operation["responses"].items():
            if status.startswith("2"):
                (media,) = answer["content"]
                assert media != "application/json" or answer["content"][media]["schema"] != {"type": "object"}


def _operations(doc):
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            yield path, method, operation


def test_openapi_statuses_follow_what_each_operation_declares(app):
    doc = app.test_client().get(OPENAPI).get_json()
    create = doc["paths"]["/api/public/v1/partners"]["post"]
    assert [s for s in create["responses"] if s.startswith("2")] == ["201"]
    conflict = create["responses"]["409"]["content"]["application/json"]
    assert conflict["schema"] == {"anyOf": [{"$ref": "#/components/schemas/ConflictError"},
                                            {"$ref": "#/components/schemas/Error"}]}
    assert set(conflict["examples"]) == {"partner_cpf_cnpj_exists", "idempotency_in_progress"}
    assert conflict["examples"]["partner_cpf_cnpj_exists"]["value"]["error"]["existing_id"]
    assert "Idempotent-Replayed" in create["responses"]["201"]["headers"]
    assert "Retry-After" in create["responses"]["503"]["headers"]
    assert create["responses"]["500"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ServerError"}
    names = [p.get("name") or p["$ref"].rsplit("/", 1)[-1] for p in create["parameters"]]
    assert names == ["ServiceSignature", "ServiceTimestamp", "ServiceSignatureVersion", "IdempotencyKey"]
    listing = doc["paths"]["/api/public/v1/partners"]["get"]
    assert {"400", "401", "403", "414", "500", "503", "200"} == set(listing["responses"])
    examples = listing["responses"]["400"]["content"]["application/json"]["examples"]
    assert {"invalid_query", "invalid_cursor"} == set(examples)
    emit = doc["paths"]["/api/public/v1/ciot/operations/{operation_id}/emit"]["post"]
    assert [s for s in emit["responses"] if s.startswith("2")] == ["200", "202"]
    pdf = doc["paths"]["/api/public/v1/ciot/operations/{operation_id}/pdf"]["get"]["responses"]["200"]
    assert pdf["content"] == {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}
    assert "Content-Disposition" in pdf["headers"]
    # A PATCH field may be omitted but, when required on creation, not cleared: no `default: null` on it.
    vehicle_update = doc["components"]["schemas"]["VehicleUpdate"]["properties"]["plate"]
    assert "default" not in vehicle_update


def test_post_operations_document_the_idempotency_header(monkeypatch):
    from core import openapi
    from core.api import EndpointSpec
    from core.responses import data_envelope
    from tests.foundation.conftest import KeyBody
    reply = data_envelope(KeyBody, "KeyReply")
    specs = [EndpointSpec("/keys", "POST", "probe.create_key", "Cria", ("t",), body=KeyBody, success=201,
                          response=reply),
             EndpointSpec("/keys/<key_id>/acao", "POST", "probe.act", "Age", ("t",), idempotent=False,
                          response=reply)]
    monkeypatch.setattr(openapi, "REGISTRY", specs)
    paths = build_document()["paths"]
    create = paths["/api/public/v1/keys"]["post"]
    assert create["operationId"] == "createKey"
    assert {"$ref": "#/components/parameters/IdempotencyKey"} in create["parameters"]
    assert create["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/KeyBody"}
    assert "201" in create["responses"] and "422" in create["responses"]  # 422 idempotency_key_reused
    act = paths["/api/public/v1/keys/{key_id}/acao"]["post"]
    assert act["parameters"][0]["name"] == "key_id"
    assert {"$ref": "#/components/parameters/IdempotencyKey"} not in act["parameters"]
    assert "422" not in act["responses"]


def test_an_endpoint_without_a_response_model_is_refused(monkeypatch):
    from core import openapi
    from core.api import EndpointSpec
    monkeypatch.setattr(openapi, "REGISTRY", [EndpointSpec("/x", "GET", "probe.x", "X", ("t",))])
    with pytest.raises(ValueError, match="declare response="):
        build_document()


def test_openapi_needs_no_key(app):
    assert app.test_client().get(OPENAPI).status_code == 200
