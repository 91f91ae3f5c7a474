"""The hooks every request runs (app.py), in the shapes they take to cost less: the security headers added in one pass
(a view's own header kept), Vary written without werkzeug's header set, the limiter's and CSRF's hooks skipped only
where they do nothing, the request log line built as a clean record (or not at all), the metric children kept, the
session serializer kept per set of keys."""
import io
import json
import logging
import os
import re
import uuid

import pytest
from flask import Blueprint, Response

from app import SECURITY_HEADERS
from core.logs import configure_logging, quiet_request_line, request_id_from_headers, scrub
from core.static_assets import add_vary
from tests.fixtures.core import app_with_blueprint
from tests.hardening.test_headers import assert_security_headers
from tests.ops.conftest import value

probe_bp = Blueprint("hooks_probe", __name__)


@probe_bp.get("/hooks-probe/own-frame-options")
def own_frame_options():
    return Response("própria", headers={"X-Frame-Options": "SAMEORIGIN"})


@probe_bp.get("/hooks-probe/quiet/<int:code>")
def quiet(code):
    quiet_request_line()
    return "silêncio", code


@probe_bp.get("/hooks-probe/redirect")
def redirect_probe():
    return Response(status=302, headers={"Location": "/login"})


@pytest.fixture(scope="module")
def probe_app(app):
    yield from app_with_blueprint(app, probe_bp)


@pytest.fixture
def request_lines(app):
    """The request log lines (JSON) written while the test runs; the text format is restored after."""
    root = logging.getLogger()
    handler = next(h for h in root.handlers if getattr(h, "fretes", False))
    stream, saved = io.StringIO(), handler.stream
    configure_logging("json", "INFO")
    handler.setStream(stream)

    def read() -> list[dict]:
        return [line for line in map(json.loads, stream.getvalue().splitlines()) if line["logger"] == "fretes.request"]
    yield read
    handler.setStream(saved)
    configure_logging(app.config["LOG_FORMAT"], "INFO")


# --- security headers and Vary --------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/static/js/app.js", "/static/js/app.js?v=old", "/hooks-probe/redirect",
                                  "/hooks-probe/quiet/200", "/hooks-probe/quiet/500", "/api/public/v1/nao-existe"])
def test_every_kind_of_answer_carries_the_security_headers(probe_app, path):
    response = probe_app.test_client().get(path, headers={"Accept-Encoding": "gzip"})
    assert_security_headers(response)
    assert [response.headers.getlist(name) for name in SECURITY_HEADERS] == [[v] for v in SECURITY_HEADERS.values()]


def test_a_view_s_own_security_header_is_kept_and_the_others_added(probe_app):
    response = probe_app.test_client().get("/hooks-probe/own-frame-options")
    assert response.headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]
    assert response.headers["X-Content-Type-Options"] == "nosniff" and "Content-Security-Policy" in response.headers


@pytest.mark.parametrize(("before", "token", "after"), [
    (None, "HX-Request", "HX-Request"),
    ("Cookie", "Accept-Encoding", "Cookie, Accept-Encoding"),
    ("Cookie, accept-encoding", "Accept-Encoding", "Cookie, accept-encoding"),
])
def test_add_vary_adds_a_name_once(before, token, after):
    response = Response("x", headers={"Vary": before} if before else {})
    add_vary(response, token)
    assert response.headers.getlist("Vary") == [after]


def test_a_page_varies_on_htmx_and_encoding(app):
    response = app.test_client().get("/login", headers={"Accept-Encoding": "gzip"})
    assert {"HX-Request", "Accept-Encoding"} <= set(response.vary)


# --- rate limiter and CSRF hooks ------------------------------------------------------------------------------

def test_the_limiter_s_headers_come_with_a_counted_write_only(app):
    client = app.test_client()
    assert "RateLimit-Limit" not in client.get("/login").headers  # a read: the check did not run
    posted = client.post("/login", data={"email": "ninguem@example.com", "password": "x"})
    assert posted.status_code == 400  # no CSRF token: refused before any view
    limited = client.post("/login", data={"email": "ninguem@example.com", "password": "x",
                                          "csrf_token": _csrf(client)})
    assert "RateLimit-Limit" in limited.headers and "RateLimit-Remaining" in limited.headers


def _csrf(client) -> str:
    return re.search(r'name="csrf-token" content="([^"]+)"', client.get("/login").get_data(as_text=True)).group(1)


# --- the request log line -------------------------------------------------------------------------------------

def test_a_quiet_view_writes_no_line_on_200_and_one_otherwise(probe_app, request_lines):
    client = probe_app.test_client()
    assert client.get("/hooks-probe/quiet/200").status_code == 200
    assert client.get("/hooks-probe/quiet/404").status_code == 404
    assert client.get("/hooks-probe/own-frame-options").status_code == 200
    assert [(line["route"], line["status"]) for line in request_lines()] == [
        ("/hooks-probe/quiet/<int:code>", 404), ("/hooks-probe/own-frame-options", 200)]


def test_a_sent_request_id_or_method_is_scrubbed_in_the_line_but_echoed_as_sent(app, request_lines):
    client = app.test_client()
    cpf_like = "52998224725"
    response = client.get("/healthz", headers={"X-Request-Id": cpf_like})
    assert response.headers["X-Request-Id"] == cpf_like
    status = client.open("/healthz", method="11222333000181").status_code
    first, second = request_lines()
    assert (first["request_id"], first["msg"]) == ("<cpf>", "GET /healthz 200")
    assert (second["method"], second["msg"]) == ("<cnpj>", f"<cnpj> <unmatched> {status}")


def test_a_line_names_its_actor_s_ids(api, company, request_lines):
    assert api.get("/me").status_code == 200
    [line] = request_lines()
    assert line["company_id"] == str(company.id) and uuid.UUID(line["api_key_id"])
    assert (line["method"], line["route"], line["status"]) == ("GET", "/api/public/v1/me", 200)


def test_no_line_is_built_when_the_logger_is_off_for_info(app, request_lines):
    logging.getLogger("fretes.request").setLevel(logging.WARNING)
    try:
        assert app.test_client().get("/healthz").status_code == 200
    finally:
        logging.getLogger("fretes.request").setLevel(logging.NOTSET)
    assert request_lines() == []


def test_what_the_line_writes_unscrubbed_is_what_scrub_leaves_alone(app):
    """The line skips scrub for route templates, UUIDs and the request ids it makes: each kind must be one scrub
    would not change (else the line must scrub it again)."""
    for rule in app.url_map.iter_rules():
        assert scrub(f"GET {rule.rule} 200") == f"GET {rule.rule} 200", rule.rule
    digits_only = [uuid.UUID(int=int(str(n) * 32)) for n in range(10)] + [uuid.UUID(int=10**37 + 12345678901)]
    for value_ in [uuid.uuid4() for _ in range(500)] + digits_only:
        assert scrub(str(value_)) == str(value_)
    with app.test_request_context("/"):
        made = [request_id_from_headers() for _ in range(500)]
    assert all(re.fullmatch(r"[0-9a-f]{16}", made_id) and scrub(made_id) == made_id for made_id in made)
    assert scrub("1234567890123456") == "1234567890123456"  # sixteen digits: the worst a made id can be


# --- metrics and the session ----------------------------------------------------------------------------------

def test_an_unknown_method_is_counted_as_other(probe_app, scrape):
    labels = {"method": "OTHER", "endpoint": "<unmatched>", "status": "405"}  # a 405 matched no rule
    before = value(scrape(), "fretes_http_requests_total", **labels)
    for method in ("BREW", "BREW", "COFFEE"):
        assert probe_app.test_client().open("/healthz", method=method).status_code == 405
    assert value(scrape(), "fretes_http_requests_total", **labels) == before + 3  # one registry per process


def test_a_changed_secret_key_is_used_from_the_next_request(probe_app, company, make_user):
    user = make_user(company)
    client = probe_app.test_client()
    token = _csrf(client)
    assert client.post("/login", data={"email": user.email, "password": user.plain_password,
                                       "csrf_token": token}).status_code == 302
    cookie = client.get_cookie(probe_app.config["SESSION_COOKIE_NAME"]).value

    def home_status() -> int:  # a browser with the cookie signed before the change (a refused one is replaced)
        browser = probe_app.test_client()
        browser.set_cookie(probe_app.config["SESSION_COOKIE_NAME"], cookie)
        return browser.get("/").status_code

    assert home_status() == 200
    old = probe_app.config["SECRET_KEY"]
    try:
        probe_app.config["SECRET_KEY"] = "another-" + os.urandom(4).hex()
        assert home_status() == 302  # the cookie signed with the old key is not read
        probe_app.config["SECRET_KEY_FALLBACKS"] = [old]
        assert home_status() == 200  # listed as a former key: read again
    finally:
        probe_app.config["SECRET_KEY"], probe_app.config["SECRET_KEY_FALLBACKS"] = old, []
