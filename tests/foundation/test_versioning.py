"""Versioning policy (docs/api/versioning.md): a deprecated operation says so on every answer (Deprecation, Sunset,
Link) and in the document; info.version moves with the changelog; the signature headers are in the document."""
from datetime import UTC, date, datetime
from email.utils import parsedate_to_datetime

import pytest
from flask import Blueprint

from app import csrf
from core.api import API_PREFIX, EndpointSpec, endpoint
from core.deprecation import Deprecated
from core.errors import NotFound
from core.openapi import VERSION, _operation, build_document
from tests.fixtures.core import app_with_blueprint

old_bp = Blueprint("versioning_probe", __name__, url_prefix=API_PREFIX + "/_versioning")
csrf.exempt(old_bp)
RETIRING = Deprecated(since=date(2026, 11, 27), sunset=date(2027, 5, 31), replacement="`GET /_versioning/new`")


@endpoint("/old", "GET", blueprint=old_bp, deprecated=RETIRING)
def old(ctx):
    return {"data": {"ok": True}}


@endpoint("/old-missing", "GET", blueprint=old_bp, deprecated=RETIRING)
def old_missing(ctx):
    raise NotFound()


@endpoint("/new", "GET", blueprint=old_bp)
def new(ctx):
    return {"data": {"ok": True}}


@pytest.fixture
def versioned(app, company, make_api_key):
    for probe in app_with_blueprint(app, old_bp):
        _, key = make_api_key(company)
        yield probe.test_client(), key


def test_a_deprecated_operation_says_so_on_every_answer(versioned):
    client, key = versioned
    for path, status in (("/old", 200), ("/old-missing", 404)):
        answer = client.get(f"{API_PREFIX}/_versioning{path}", headers={"X-API-Key": key})
        assert answer.status_code == status
        since = datetime(2026, 11, 27, tzinfo=UTC)
        assert answer.headers["Deprecation"] == f"@{int(since.timestamp())}"
        assert parsedate_to_datetime(answer.headers["Sunset"]).date() == date(2027, 5, 31)
        assert answer.headers["Link"] == '</api/public/v1/openapi.json>; rel="deprecation"'
    current = client.get(f"{API_PREFIX}/_versioning/new", headers={"X-API-Key": key})
    assert "Deprecation" not in current.headers and "Sunset" not in current.headers


def test_the_document_marks_a_deprecated_operation_and_its_headers():
    spec = EndpointSpec("/old", "GET", "x.old", "Antiga.", ("t",), response=None, deprecated=RETIRING)
    from core.responses import data_envelope
    from domain.webhooks.serializers import WebhookEndpoint
    spec.response = data_envelope(WebhookEndpoint)
    operation = _operation(spec, {})
    assert operation["deprecated"] is True and "2027-05-31" in operation["description"]
    assert {"Deprecation", "Sunset", "Link"} <= set(operation["responses"]["200"]["headers"])


def test_info_version_moves_with_the_changelog():
    from pathlib import Path
    changelog = (Path(__file__).resolve().parents[2] / "docs" / "api" / "changelog.md").read_text()
    assert build_document()["info"]["version"] == VERSION
    assert f"`info.version` {VERSION}" in changelog or f"## {VERSION}" in changelog


def test_the_signature_headers_are_declared_on_every_keyed_operation(app):
    document = build_document()
    parameters = document["components"]["parameters"]
    assert parameters["ServiceSignatureVersion"]["schema"]["enum"] == ["1", "2"]
    assert "300 s" in parameters["ServiceTimestamp"]["description"]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if operation.get("security"):
                refs = {p.get("$ref", "").rsplit("/", 1)[-1] for p in operation["parameters"]}
                assert {"ServiceSignature", "ServiceTimestamp", "ServiceSignatureVersion"} <= refs, (method, path)
