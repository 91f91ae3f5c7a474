"""Answers for a logged-in user and API answers are `private, no-store`; public pages are not touched; HSTS when the
request came over HTTPS (directly, or through a proxy the app trusts: PROXY_COUNT) (docs/hardening.md)."""
from app import HSTS
from tests.fixtures.core import API


def private(response) -> bool:
    value = response.headers.get("Cache-Control", "")
    return "private" in value and ("no-store" in value or "no-cache" in value or "max-age" in value)


def test_logged_in_pages_fragments_and_exports_are_not_stored(login, make_user, make_company, make_operation):
    company = make_company(modules=["billing", "financial"])
    client = login(make_user(company))
    op = make_operation(company, status="emitido")
    for path in ("/", "/parceiros", "/ciot/", f"/ciot/{op.id}/pdf", "/financeiro/pagar.csv"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers["Cache-Control"] == "private, no-store", path
    fragment = client.get("/parceiros", headers={"HX-Request": "true"})
    assert fragment.headers["Cache-Control"] == "private, no-store"


def test_api_answers_are_not_stored(api, app):
    assert api.get("/me").headers["Cache-Control"] == "private, no-store"
    assert app.test_client().get(API + "/me").headers["Cache-Control"] == "private, no-store"  # a 401 too


def test_public_pages_are_left_to_the_caches(app):
    assert "no-store" not in app.test_client().get("/fretes").headers.get("Cache-Control", "")
    assert "no-store" not in app.test_client().get("/login").headers.get("Cache-Control", "")


def test_hsts_only_over_https(app):
    assert app.test_client().get("/login", base_url="https://localhost").headers["Strict-Transport-Security"] == HSTS
    assert "Strict-Transport-Security" not in app.test_client().get("/login").headers
    # Without a configured proxy (PROXY_COUNT=0) the header X-Forwarded-Proto is not trusted.
    forged = app.test_client().get("/login", headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in forged.headers
