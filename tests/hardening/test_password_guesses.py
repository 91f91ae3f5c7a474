""""Alterar senha" (/conta/senha) limits guesses of the current password, per login session and per account: the
wrong guess that reaches a limit ends the session that made it, every later try from any session of the account
ends that one too without checking what was typed, and the user is told by e-mail (real SMTP on loopback)."""
import pytest

from tests.fixtures.core import csrf_from

PER_SESSION, PER_ACCOUNT = 3, 5


@pytest.fixture
def limits(app, monkeypatch):
    monkeypatch.setitem(app.config, "PASSWORD_CHANGE_LIMIT_PER_SESSION", f"{PER_SESSION} per 15 minutes")
    monkeypatch.setitem(app.config, "PASSWORD_CHANGE_LIMIT_PER_ACCOUNT", f"{PER_ACCOUNT} per hour")


@pytest.fixture
def mail(app, smtp_server, monkeypatch):
    for key, value in (("MAIL_HOST", smtp_server.host), ("MAIL_PORT", smtp_server.port),
                       ("MAIL_FROM", "nao-responda@fretes.test")):
        monkeypatch.setitem(app.config, key, value)
    return smtp_server


@pytest.fixture
def user(make_user, company):
    return make_user(company, role="operador")


def change(client, current: str, new: str = "NovaSenha#1"):
    token = csrf_from(client.get("/conta/senha").get_data(as_text=True))
    return client.post("/conta/senha", data={"csrf_token": token, "current": current, "password": new,
                                             "confirmation": new})


def signed_out(client) -> bool:
    return client.get("/conta/senha").status_code == 302


def test_the_guess_that_reaches_the_session_limit_ends_the_session_and_mails_the_user(login, user, limits, mail):
    thief, owner = login(user), login(user)
    for _ in range(PER_SESSION - 1):
        assert change(thief, "chute-errado-1").status_code == 422
    assert not mail.received
    ended = change(thief, "chute-errado-1")
    assert ended.status_code == 302 and ended.headers["Location"].endswith("/login")
    assert signed_out(thief)  # the cookie no longer opens anything
    [notice] = mail.received
    assert notice["To"] == user.email and "sessão foi encerrada" in notice.get_content()
    assert not signed_out(owner)  # the owner's other session goes on


def test_past_the_account_limit_every_session_ends_without_its_guess_being_checked(login, user, limits, mail):
    sessions = [login(user) for _ in range(3)]
    for client in sessions[:2]:  # 2 + 2 wrong guesses: under each session's limit, one short of the account's
        for _ in range(PER_SESSION - 1):
            assert change(client, "chute-errado-1").status_code == 422
    assert change(sessions[2], "chute-errado-1").status_code == 302  # the account's fifth: limit reached
    assert signed_out(sessions[2])
    right = change(sessions[0], user.plain_password)  # the right password, past the limit: not even checked
    assert right.status_code == 302 and right.headers["Location"].endswith("/login")
    assert signed_out(sessions[0])
    assert len(mail.received) == 2
    fresh = login(user)  # the password was not changed; a new login works and meets the same account limit
    assert change(fresh, user.plain_password).headers["Location"].endswith("/login")


def test_right_passwords_are_not_counted_and_a_change_still_works(app, login, user, limits, mail):
    client = login(user)
    for n in range(PER_SESSION + 1):  # a password refused for another reason (mismatch) is not a wrong guess
        token = csrf_from(client.get("/conta/senha").get_data(as_text=True))
        refused = client.post("/conta/senha", data={"csrf_token": token, "current": user.plain_password,
                                                    "password": "NovaSenha#1", "confirmation": f"Outra#{n}xx"})
        assert refused.status_code == 422
    assert change(client, "chute-errado-1").status_code == 422
    done = change(client, user.plain_password)
    assert done.status_code == 302 and not done.headers["Location"].endswith("/login")
    assert not signed_out(client) and not mail.received
