"""Sessions end on the server (logout, "sair de todos os dispositivos", password change, idle and absolute
lifetimes), the session rotates on login, and login attempts are limited per account and per IP."""
from datetime import timedelta

import pytest
import sqlalchemy as sa

from core.db import db, utcnow
from domain.tenancy.models import UserSession
from tests.fixtures.core import csrf_from


def is_logged_in(client) -> bool:
    return client.get("/").status_code == 200


def replay(app, cookie_value):
    client = app.test_client()
    client.set_cookie("session", cookie_value)
    return client


def logout(client, path="/logout"):
    token = csrf_from(client.get("/").get_data(as_text=True))
    return client.post(path, headers={"X-CSRFToken": token})


def test_a_cookie_replayed_after_logout_gets_the_login_page(app, login, make_user, company):
    client = login(make_user(company))
    old = client.get_cookie("session").value
    assert is_logged_in(replay(app, old))
    assert logout(client).status_code == 302
    response = replay(app, old).get("/")
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_login_rotates_the_session(app, make_user, company):
    user = make_user(company)
    client = app.test_client()
    with client.session_transaction() as sess:
        sess["planted"] = "by an attacker"
    token = csrf_from(client.get("/login").get_data(as_text=True))
    assert client.post("/login", data={"email": user.email, "password": user.plain_password,
                                       "csrf_token": token}).status_code == 302
    with client.session_transaction() as sess:
        assert "planted" not in sess and "csrf_token" not in sess


def test_sign_out_of_every_device(app, login, make_user, company):
    user = make_user(company)
    here, there = login(user), login(user)
    assert 'formaction="/logout/todos"' in here.get("/").get_data(as_text=True)
    assert is_logged_in(there)
    assert logout(here, "/logout/todos").status_code == 302
    assert not is_logged_in(there) and not is_logged_in(here)


def test_a_password_change_ends_the_other_sessions(app, login, make_user, company):
    from domain.tenancy.sessions import change_password
    user = make_user(company)
    here, there = login(user), login(user)
    current = db.session.execute(sa.select(UserSession.id).order_by(UserSession.created_at)).scalars().first()
    change_password(db.session.merge(user), "uma-senha-nova-1", keep_session_id=current)
    db.session.commit()
    assert is_logged_in(here) and not is_logged_in(there)


@pytest.mark.parametrize("column, age", [("last_seen_at", timedelta(hours=3)),  # idle > 2 h
                                          ("created_at", timedelta(hours=13))])   # absolute > 12 h
def test_sessions_expire_when_idle_and_after_an_absolute_lifetime(app, login, make_user, company, column, age):
    client = login(make_user(company))
    assert is_logged_in(client)
    db.session.execute(sa.update(UserSession).values({column: utcnow() - age}))
    db.session.commit()
    assert not is_logged_in(client)


def attempt(client, email, password="senha-errada-1"):
    token = csrf_from(client.get("/login").get_data(as_text=True))
    return client.post("/login", data={"email": email, "password": password, "csrf_token": token})


def test_login_attempts_are_limited_per_account(app, make_user, company):
    user = make_user(company)
    for _ in range(5):
        assert attempt(app.test_client(), user.email).status_code == 200
    blocked = attempt(app.test_client(), user.email, user.plain_password)
    assert blocked.status_code == 429
    assert int(blocked.headers["Retry-After"]) > 0
    assert "Muitas tentativas" in blocked.get_data(as_text=True)
    assert attempt(app.test_client(), "outra@example.com").status_code == 200  # another account is not blocked


def test_login_attempts_are_limited_per_ip(app):
    client = app.test_client()
    for n in range(20):
        assert attempt(client, f"alguem{n}@example.com").status_code == 200
    assert attempt(client, "mais-um@example.com").status_code == 429


def test_successful_logins_do_not_count(app, make_user, company):
    user = make_user(company)
    for _ in range(7):
        assert attempt(app.test_client(), user.email, user.plain_password).status_code == 302


def test_unknown_email_costs_as_much_as_a_wrong_password(app, make_user, company, monkeypatch):
    # Not timed (the suite's cheap hash would drown in noise): both answers check one password against a hash made
    # with the configured method, so they cost the same whatever that method costs (scrypt in production).
    from domain.tenancy import services as tenancy
    user = make_user(company)
    checked = []

    def spy(pwhash, password):
        checked.append(pwhash.split("$", 1)[0])
        return real_check(pwhash, password)
    real_check = tenancy.check_password_hash
    monkeypatch.setattr(tenancy, "check_password_hash", spy)
    method = app.config["PASSWORD_HASH_METHOD"]
    assert tenancy.authenticate_user(user.email, "senha-errada-1") is None
    assert checked == [method]
    assert tenancy.authenticate_user("ninguem@example.com", "senha-errada-1") is None
    assert checked == [method, method]
    monkeypatch.setitem(app.config, "PASSWORD_HASH_METHOD", "scrypt")  # production's: the dummy follows the setting
    assert tenancy.authenticate_user("ninguem@example.com", "senha-errada-1") is None
    assert checked[-1].startswith("scrypt")
