"""/healthz, and the OpenAPI document fuzzed with schemathesis against every endpoint that exists."""
import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks

import blueprints.api  # noqa: F401  registers every endpoint
from core.api import REGISTRY
from core.openapi import build_document

OPENAPI = "/api/public/v1/openapi.json"


def test_healthz_reports_database_and_redis(app):
    response = app.test_client().get("/healthz")
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "ok"
    assert body["checks"]["database"] == "ok"
    if os.environ.get("TEST_REDIS_URL"):
        assert body["checks"]["redis"] == "ok"
    else:
        assert body["checks"]["redis"].startswith("não configurado")


def test_healthz_is_503_when_redis_is_down(app, monkeypatch):
    monkeypatch.setitem(app.config, "REDIS_URL", "redis://127.0.0.1:1/0")
    response = app.test_client().get("/healthz")
    assert response.status_code == 503
    body = response.get_json()
    assert body["status"] == "degraded"
    assert body["checks"]["database"] == "ok"
    assert body["checks"]["redis"].startswith("erro")


def test_openapi_document(app):
    response = app.test_client().get(OPENAPI)
    assert response.status_code == 200
    doc = response.get_json()
    schemathesis.openapi.from_dict(doc).validate()  # against the OpenAPI 3.1 meta-schema
    assert doc["openapi"].startswith("3.1")
    assert set(doc["components"]["securitySchemes"]) == {"ApiKey", "ServiceKey", "Bearer"}
    me = doc["paths"]["/api/public/v1/me"]["get"]
    assert me["responses"]["200"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/MeResponse"}
    assert {"401", "403", "404"} <= set(me["responses"])
    # Every declared endpoint is documented, and nothing else (no probe or page routes).
    documented = {(path, method) for path, ops in doc["paths"].items() for method in ops}
    assert len(documented) == len(REGISTRY)
    assert not any("_probe" in path for path, _ in documented)


def test_post_operations_document_the_idempotency_header(monkeypatch):
    from core import openapi
    from core.api import EndpointSpec
    from tests.foundation.conftest import KeyBody
    specs = [EndpointSpec("/keys", "POST", "probe.create_key", "Cria", ("t",), body=KeyBody, success=201),
             EndpointSpec("/keys/<key_id>/acao", "POST", "probe.act", "Age", ("t",), idempotent=False)]
    monkeypatch.setattr(openapi, "REGISTRY", specs)
    paths = build_document()["paths"]
    create = paths["/api/public/v1/keys"]["post"]
    assert [p["name"] for p in create["parameters"]] == ["Idempotency-Key"]
    assert create["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/KeyBody"}
    assert "201" in create["responses"]
    act = paths["/api/public/v1/keys/{key_id}/acao"]["post"]
    assert [p["name"] for p in act["parameters"]] == ["key_id"]


def test_openapi_needs_no_key(app):
    assert app.test_client().get(OPENAPI).status_code == 200


# Built from the endpoint registry at collection time, so it covers every endpoint that exists when the
# suite runs (schemathesis' lazy fixture loader breaks on pytest 9); the app is attached in the test.
schema = schemathesis.openapi.from_dict(build_document())

# Left out on purpose: positive_data_acceptance (check digits, IBGE codes and opaque cursors are valid
# by JSON Schema and still rightly 400), negative_data_rejection (lax parsing of "12" as 12 is
# deliberate), and the method checks (a literal segment like /drivers/bulk also matches /drivers/<id>).
CHECKS = [checks.not_a_server_error, checks.status_code_conformance, checks.content_type_conformance,
          checks.response_schema_conformance, checks.ignored_auth]


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_fuzz(case, app, company, make_api_key):
    """Whatever the input, no endpoint answers 5xx, answers match the document, and auth is enforced."""
    case.operation.app = case.operation.schema.app = app  # the test app exists only once fixtures run
    _, full = make_api_key(company)
    case.call_and_validate(headers={"X-API-Key": full}, checks=CHECKS)
