"""The JSON error envelope under /api, body handling and the never-redirect rule (docs/decisions.md §1)."""
import json

from core.config import load_config
from core.db import db
from core.tenancy import cross_tenant
from domain.tenancy.models import ApiKey


def envelope(response) -> dict:
    assert response.mimetype == "application/json", response.get_data(as_text=True)[:200]
    body = response.get_json()
    assert set(body) == {"error"}
    assert {"code", "message", "details"} <= set(body["error"])
    assert body["error"]["message"]
    return body["error"]


def test_unknown_api_path_is_json_404(app, api):
    response = app.test_client().get("/api/public/v1/nao-existe")
    assert response.status_code == 404
    assert envelope(response)["code"] == "not_found"
    assert api.post("/nao-existe", json={"a": 1}).status_code == 404


def test_wrong_method_is_json_405_with_allow(api):
    response = api.delete("/me")
    assert response.status_code == 405
    assert envelope(response)["code"] == "method_not_allowed"
    assert "GET" in response.headers["Allow"]


def test_pages_keep_html_errors(app):
    response = app.test_client().get("/nao-existe")
    assert response.status_code == 404
    assert response.mimetype == "text/html"


def test_trailing_slash_answers_without_redirect(app, api, probe):
    response = api.get("/me/")
    assert response.status_code == 200
    assert "Location" not in response.headers
    assert probe.post("/keys/", json={"name": "barra"}).status_code == 201
    assert app.test_client().get("/api/public/v1/openapi.json/").status_code == 200
    # every route, pages included, declared now or later
    assert all(rule.strict_slashes is False for rule in app.url_map.iter_rules() if rule.endpoint != "static")


def test_body_over_the_limit_is_413(probe):
    assert load_config()["MAX_CONTENT_LENGTH"] == 1024 * 1024
    big = json.dumps({"name": "x", "pad": "a" * (1024 * 1024)})
    response = probe.post("/keys", data=big, content_type="application/json")
    assert response.status_code == 413
    assert envelope(response)["code"] == "payload_too_large"
    assert probe.post("/keys", json={"name": "x", "pad": "a" * 1000}).status_code == 201


def test_body_limit_is_configurable(probe, probe_app, monkeypatch):
    monkeypatch.setenv("MAX_BODY_BYTES", "2048")
    assert load_config()["MAX_CONTENT_LENGTH"] == 2048
    monkeypatch.setitem(probe_app.config, "MAX_CONTENT_LENGTH", 200)
    assert probe.post("/keys", json={"name": "x", "pad": "a" * 300}).status_code == 413
    assert probe.post("/keys", json={"name": "x", "pad": "a" * 100}).status_code == 201


def test_non_json_content_type_is_415(probe):
    response = probe.post("/keys", data='{"name": "x"}', content_type="text/plain")
    assert response.status_code == 415
    assert envelope(response)["code"] == "unsupported_media_type"
    form = probe.post("/keys", data={"name": "x"})
    assert form.status_code == 415


def test_json_with_charset_is_accepted(probe):
    response = probe.post("/keys", data='{"name": "x"}', content_type="application/json; charset=utf-8")
    assert response.status_code == 201


def test_malformed_json_is_400_invalid_json(probe):
    for raw in ('{"name": ', "não é json", b"\xff\xfe"):
        response = probe.post("/keys", data=raw, content_type="application/json")
        assert response.status_code == 400
        error = envelope(response)
        assert error["code"] == "invalid_json" and [d["field"] for d in error["details"]] == ["body"]


def test_json_that_is_not_an_object_is_400(probe):
    response = probe.post("/keys", data="[1, 2]", content_type="application/json")
    assert response.status_code == 400
    assert envelope(response)["code"] == "invalid_body"


def test_schema_failure_names_the_field(probe):
    response = probe.post("/keys", json={"name": ""})
    assert response.status_code == 400
    error = envelope(response)
    assert error["code"] == "invalid_body"
    assert [d["field"] for d in error["details"]] == ["name"]


def test_protected_field_is_400_naming_it(probe):
    response = probe.post("/keys", json={"name": "x", "company_id": "00000000-0000-0000-0000-000000000000"})
    assert response.status_code == 400
    error = envelope(response)
    assert error["code"] == "invalid_body"
    assert [d["field"] for d in error["details"]] == ["company_id"]
    assert error["details"][0]["code"] == "protected_field"


def test_nested_protected_field_is_named_by_its_path(probe):
    body = {"name": "x", "meta": {"items": [{"ok": 1}, {"created_by": "eu"}]}}
    response = probe.post("/keys", json=body)
    assert response.status_code == 400
    assert [d["field"] for d in envelope(response)["details"]] == ["meta.items[1].created_by"]
    assert db.session.execute(cross_tenant(db.select(ApiKey).where(ApiKey.name == "x"))).first() is None


def test_unknown_fields_are_ignored(probe):
    assert probe.post("/keys", json={"name": "x", "whatever": {"deep": True}}).status_code == 201


def test_unexpected_exception_is_json_500_with_request_id(probe):
    response = probe.get("/boom")
    assert response.status_code == 500
    error = envelope(response)
    assert error["code"] == "internal_error"
    assert error["request_id"] and error["request_id"] == response.headers["X-Request-Id"]
    assert error["request_id"] in error["message"]
    assert "probe failure" not in response.get_data(as_text=True)


def test_client_request_id_is_echoed(probe):
    response = probe.get("/boom", headers={"X-Request-Id": "erp-123"})
    assert envelope(response)["request_id"] == "erp-123"
    assert response.headers["X-Request-Id"] == "erp-123"


def test_failed_write_is_rolled_back(probe):
    assert probe.post("/boom", json={"name": "perdida"}).status_code == 500
    assert db.session.execute(cross_tenant(db.select(ApiKey).where(ApiKey.name == "perdida"))).first() is None
