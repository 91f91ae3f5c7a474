"""Security headers on every page and API answer; no inline script anywhere; WWW-Authenticate on API 401s;
JSON for an over-long URL."""
import pathlib
import re

import pytest

from tests.fixtures.core import API

TEMPLATES = pathlib.Path(__file__).resolve().parents[2] / "templates"


def assert_security_headers(response):
    csp = response.headers["Content-Security-Policy"]
    directives = dict((part.strip().split(" ", 1) + [""])[:2] for part in csp.split(";") if part.strip())
    assert directives["default-src"] == "'self'"
    assert "'unsafe-inline'" not in directives["script-src"] and "'unsafe-eval'" not in directives["script-src"]
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert "camera=()" in response.headers["Permissions-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("path", ["/login", "/nao-existe", "/healthz", API + "/me", API + "/openapi.json"])
def test_every_answer_carries_the_security_headers(app, path):
    assert_security_headers(app.test_client().get(path))


def test_logged_in_pages_carry_them_too(login, make_user, company):
    client = login(make_user(company))
    for path in ("/", "/ciot/", "/parceiros"):
        assert_security_headers(client.get(path))


def test_no_template_has_inline_script_or_event_handlers():
    offenders = []
    for template in TEMPLATES.rglob("*.html"):
        if "pdf" in template.parts:  # rendered to PDF, never served to a browser
            continue
        text = template.read_text()
        if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text) or re.search(r"\son[a-z]+\s*=", text) \
                or "javascript:" in text or re.search(r"\bhx-on", text):
            offenders.append(str(template.relative_to(TEMPLATES)))
    assert offenders == []


def test_api_401_names_the_scheme(app):
    response = app.test_client().get(API + "/me")
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_an_over_long_url_is_answered_in_json(app):
    response = app.test_client().get(API + "/me?q=" + "a" * 9000)
    assert response.status_code == 414
    assert response.get_json()["error"]["code"] == "uri_too_long"
    page = app.test_client().get("/login?q=" + "a" * 9000)
    assert page.status_code == 414 and page.mimetype == "text/html"
