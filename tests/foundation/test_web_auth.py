"""Login, logout, the ?next= redirect and the session cookie."""
import pytest

from core.db import db
from domain.tenancy import services
from tests.fixtures.core import csrf_from


def login_post(client, email, password, next_url=None):
    token = csrf_from(client.get("/login").get_data(as_text=True))
    path = "/login" + (f"?next={next_url}" if next_url is not None else "")
    return client.post(path, data={"email": email, "password": password, "csrf_token": token})


def test_pages_require_login(app):
    response = app.test_client().get("/")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")


def test_login_and_dashboard(app, make_user, company):
    user = make_user(company)
    client = app.test_client()
    response = login_post(client, user.email.upper(), user.plain_password)
    assert response.status_code == 302
    assert response.headers["Location"] == "/"
    page = client.get("/")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert company.legal_name in html
    assert user.email in html


def test_wrong_password_does_not_log_in(app, make_user, company):
    user = make_user(company)
    client = app.test_client()
    response = login_post(client, user.email, "senha-errada")
    assert response.status_code == 200
    assert "E-mail ou senha incorretos." in response.get_data(as_text=True)
    assert client.get("/").status_code == 302


def test_inactive_user_cannot_log_in(app, make_user, company):
    user = make_user(company)
    services.set_user_active(user, False)
    db.session.commit()
    assert login_post(app.test_client(), user.email, user.plain_password).status_code == 200


def test_login_without_csrf_token_is_400(app, make_user, company):
    user = make_user(company)
    response = app.test_client().post("/login", data={"email": user.email, "password": user.plain_password})
    assert response.status_code == 400
    assert response.mimetype == "text/html"


def test_next_keeps_same_site_paths(app, make_user, company):
    user = make_user(company)
    response = login_post(app.test_client(), user.email, user.plain_password, "/admin/usuarios?x=1")
    assert response.headers["Location"] == "/admin/usuarios?x=1"


@pytest.mark.parametrize("target", ["//evil.example", "https://evil.example/", "/\\evil.example",
                                    "%2F%2Fevil.example", "/%09/evil.example", "javascript:alert(1)",
                                    "http:/evil.example", "\\\\evil.example"])
def test_next_never_leaves_the_site(app, make_user, company, target):
    user = make_user(company)
    response = login_post(app.test_client(), user.email, user.plain_password, target)
    assert response.status_code == 302
    assert response.headers["Location"] == "/"


def test_session_cookie_is_httponly_and_samesite_lax(app, make_user, company):
    user = make_user(company)
    response = login_post(app.test_client(), user.email, user.plain_password)
    cookie = next(c for c in response.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie


def test_logout_needs_post_with_csrf(login, make_user, company):
    client = login(make_user(company))
    assert client.get("/logout").status_code == 405
    assert client.post("/logout").status_code == 400
    token = csrf_from(client.get("/").get_data(as_text=True))
    response = client.post("/logout", data={"csrf_token": token})
    assert response.status_code == 302
    assert response.headers["Location"] == "/login"
    assert client.get("/").status_code == 302


def test_dashboard_counts_only_own_company(login, make_user, make_company, make_api_key, company):
    other = make_company()
    for _ in range(3):
        make_api_key(other)
    make_api_key(company)
    html = login(make_user(company)).get("/").get_data(as_text=True)
    assert '<span class="value">1</span><span class="label">Chaves de API ativas</span>' in html


def test_every_declared_rate_limit_counts_writes_only_on_pages(app):
    # Reads and the public API skip the limiter (core.extensions, the limiter's request filter): a limit declared
    # on a GET or on an API view would silently never apply (the API counts its limits by hand, core.ratelimit).
    from flask_limiter.util import get_qualified_name

    from core.extensions import READ_METHODS, limiter
    manager = limiter.limit_manager
    with app.test_request_context():
        declared = {endpoint: manager.decorated_limits(get_qualified_name(view))
                    for endpoint, view in app.view_functions.items()}
        declared = {endpoint: limits for endpoint, limits in declared.items() if limits}
        assert not manager.blueprint_limits(app, "api")
    assert "auth.login" in declared  # the login limits
    for endpoint, limits in declared.items():
        assert not endpoint.startswith("api."), endpoint
        for limit in limits:
            assert limit.methods, "a rate limit must name its (write) methods"
            assert not {m.upper() for m in limit.methods} & set(READ_METHODS)
    assert not manager._default_limits and not manager._application_limits


def test_passwords_hash_with_the_configured_method_and_scrypt_by_default(app, make_user, company):
    from core.config import load_config
    from tests.fixtures.core import TEST_PASSWORD_HASH
    assert load_config()["PASSWORD_HASH_METHOD"] == "scrypt"  # production
    user = make_user(company)
    assert user.password_hash.startswith(TEST_PASSWORD_HASH + "$")  # this suite's cheap setting
    assert services.authenticate_user(user.email, user.plain_password).id == user.id
    assert services.authenticate_user(user.email, "senha-errada-1") is None
    assert services.authenticate_user("ninguem@example.com", user.plain_password) is None
