"""Foundation fixtures: a probe app that mounts test-only endpoints through the real `core.api.endpoint`
pipeline (auth, JSON body, idempotency, commit, error envelope), on its own app instance so production
code carries no test routes. It shares the test database with the `app` fixture."""
import hashlib
import hmac
import threading
import time

import pytest
from flask import Blueprint
from pydantic import Field

from core.api import API_PREFIX, endpoint
from core.db import db
from core.errors import Conflict
from core.extensions import csrf
from core.pagination import paginate
from core.schemas import ListQuery, RequestModel
from domain.tenancy import services
from domain.tenancy.models import ApiKey
from tests.fixtures.core import ApiClient, app_with_blueprint

PROBE = "/_probe"
probe_bp = Blueprint("probe", __name__, url_prefix=API_PREFIX + PROBE)
csrf.exempt(probe_bp)

# Lets a test hold a request inside its view (an in-flight idempotent call).
release_waiting = threading.Event()
entered_waiting = threading.Event()
WAIT_BOUND = 120  # s: bounds on the waits below, never reached unless something hangs (10 s was short under load)


class KeyBody(RequestModel):
    name: str = Field(min_length=1, max_length=120)


def _key(key: ApiKey) -> dict:
    return {"id": str(key.id), "name": key.name}


@endpoint("/keys", "POST", body=KeyBody, blueprint=probe_bp)
def create_key(ctx):
    key, _ = services.create_api_key(ctx.company, name=ctx.body.name)
    return {"data": _key(key)}


@endpoint("/keys", "GET", query=ListQuery, blueprint=probe_bp)
def list_keys(ctx):
    page = paginate(db.select(ApiKey), model=ApiKey, limit=ctx.query.limit, cursor=ctx.query.cursor)
    return page.envelope(_key)


@endpoint("/conflict", "POST", body=KeyBody, blueprint=probe_bp)
def conflict(ctx):
    services.create_api_key(ctx.company, name=ctx.body.name)  # rolled back with the error
    raise Conflict("Já existe.", code="probe_conflict", extra={"existing_id": "x"})


@endpoint("/boom", "POST", body=KeyBody, blueprint=probe_bp)
def boom_post(ctx):
    services.create_api_key(ctx.company, name=ctx.body.name)
    raise RuntimeError("probe failure")


@endpoint("/boom", "GET", blueprint=probe_bp)
def boom_get(ctx):
    raise RuntimeError("probe failure")


@endpoint("/billing", "GET", module="billing", blueprint=probe_bp)
def billing_only(ctx):
    return {"data": {"ok": True}}


@endpoint("/wait", "POST", body=KeyBody, blueprint=probe_bp)
def wait(ctx):
    entered_waiting.set()
    assert release_waiting.wait(WAIT_BOUND), "test never released the request"
    key, _ = services.create_api_key(ctx.company, name=ctx.body.name)
    return {"data": _key(key)}


@pytest.fixture(scope="session")
def probe_app(app):
    yield from app_with_blueprint(app, probe_bp)


class ProbeClient(ApiClient):
    """Like the `api` client, with paths relative to the probe routes."""

    def request(self, method, path, json_body=None, headers=None, **kwargs):
        return super().request(method, PROBE + path, json_body, headers, **kwargs)


@pytest.fixture
def make_probe(probe_app, make_api_key):
    def make(company, **kwargs):
        _, full = make_api_key(company, **kwargs)
        return ProbeClient(probe_app.test_client(), full)
    return make


@pytest.fixture
def probe(make_probe, company):
    """A client with a read+write key of `company` for the probe routes: probe.post("/keys", json=...)."""
    return make_probe(company)


def signature(secret: str, body: bytes, timestamp: str | None = None) -> str:
    """HMAC-SHA256 hex as the contract defines it, computed here independently of core.apikeys."""
    message = body if timestamp is None else timestamp.encode() + b"." + body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def now_ms(offset_seconds: float = 0) -> str:
    return str(int((time.time() + offset_seconds) * 1000))
