"""Users' own passwords and their access: "Alterar senha" (the current one proves it; the others sessions end),
"Esqueci minha senha" by e-mail over real SMTP (a signed link, working once, expiring; the same answer for an
unknown e-mail), and an admin deactivating a user (sessions end, login refused, never themself)."""
import re

import pytest

from core.db import db
from tests.fixtures.core import csrf_from


def form_post(client, page, action, data):
    token = csrf_from(client.get(page).get_data(as_text=True))
    return client.post(action, data={"csrf_token": token, **data})


def can_log_in(app, email, password) -> bool:
    client = app.test_client()
    answer = form_post(client, "/login", "/login", {"email": email, "password": password})
    return answer.status_code == 302


@pytest.fixture
def user(make_user, company):
    return make_user(company, role="operador")


def test_changing_your_password_needs_the_current_one_and_ends_the_other_sessions(app, login, user):
    here, elsewhere = login(user), login(user)
    wrong = form_post(here, "/conta/senha", "/conta/senha",
                      {"current": "errada123", "password": "NovaSenha#1", "confirmation": "NovaSenha#1"})
    html = wrong.get_data(as_text=True)
    assert wrong.status_code == 422 and "Senha atual incorreta." in html
    mismatch = form_post(here, "/conta/senha", "/conta/senha", {"current": user.plain_password,
                                                                "password": "NovaSenha#1", "confirmation": "Outra#12"})
    assert mismatch.status_code == 422 and "não são iguais" in mismatch.get_data(as_text=True)
    assert can_log_in(app, user.email, user.plain_password)
    done = form_post(here, "/conta/senha", "/conta/senha", {"current": user.plain_password,
                                                            "password": "NovaSenha#1", "confirmation": "NovaSenha#1"})
    assert done.status_code == 302
    assert here.get("/").status_code == 200  # this session stays
    assert elsewhere.get("/").status_code == 302  # the other one ends
    assert can_log_in(app, user.email, "NovaSenha#1") and not can_log_in(app, user.email, user.plain_password)


@pytest.fixture
def mail(app, smtp_server):
    """The platform's SMTP on 127.0.0.1, as a deployment's local relay often is: the SSRF guard stays on (no
    private-targets flag), since MAIL_HOST is the operator's, not a company admin's."""
    app.config.update(MAIL_HOST=smtp_server.host, MAIL_PORT=smtp_server.port, MAIL_FROM="nao-responda@fretes.test",
                      WEBHOOK_ALLOW_PRIVATE_TARGETS=False)
    yield smtp_server
    app.config.update(MAIL_HOST="")


def reset_link(mail) -> str:
    [message] = mail.received
    return re.search(r"http://[^\s]+/login/nova-senha/[^\s]+", message.get_content()).group(0)


def test_a_forgotten_password_is_reset_by_a_link_that_works_once(app, user, mail):
    visitor = app.test_client()
    answer = form_post(visitor, "/login/esqueci", "/login/esqueci", {"email": user.email.upper()})
    assert answer.status_code == 302
    link = reset_link(mail)
    path = link.split("localhost", 1)[-1] if "localhost" in link else "/" + link.split("/", 3)[3]
    assert visitor.get(path).status_code == 200
    mismatch = form_post(visitor, path, path, {"password": "Recuperada#1", "confirmation": "Outra#123"})
    assert mismatch.status_code == 422 and can_log_in(app, user.email, user.plain_password)
    assert form_post(visitor, path, path, {"password": "Recuperada#1", "confirmation": "Recuperada#1"}
                     ).status_code == 302
    assert can_log_in(app, user.email, "Recuperada#1")
    used = visitor.get(path)  # single use: the password it was made for changed
    assert used.status_code == 302 and used.headers["Location"].endswith("/login/esqueci")
    assert visitor.get(path[:-3] + "abc").status_code == 302  # tampered


def test_an_unknown_email_gets_the_same_answer_and_no_mail(app, mail):
    visitor = app.test_client()
    answer = form_post(visitor, "/login/esqueci", "/login/esqueci", {"email": "ninguem@example.com"})
    assert answer.status_code == 302 and mail.received == []
    assert "Se este e-mail tiver acesso" in visitor.get("/login").get_data(as_text=True)


def test_an_expired_link_does_not_work(app, user, mail):
    form_post(app.test_client(), "/login/esqueci", "/login/esqueci", {"email": user.email})
    link = reset_link(mail)
    path = "/" + link.split("/", 3)[3]
    app.config["PASSWORD_RESET_MINUTES"] = -1
    try:
        assert app.test_client().get(path).status_code == 302
    finally:
        app.config["PASSWORD_RESET_MINUTES"] = 60


def test_an_admin_deactivates_a_user_who_then_cannot_get_in(app, login, make_user, company, user, make_company):
    admin_user = make_user(company, role="admin")
    admin = login(admin_user)
    theirs = login(user)
    page = admin.get("/admin/usuarios").get_data(as_text=True)
    assert "Desativar" in page
    answer = form_post(admin, "/admin/usuarios", f"/admin/usuarios/{user.id}/acesso", {"active": "0"})
    assert answer.status_code == 302
    assert theirs.get("/").status_code == 302 and not can_log_in(app, user.email, user.plain_password)
    form_post(admin, "/admin/usuarios", f"/admin/usuarios/{user.id}/acesso", {"active": "1"})
    assert can_log_in(app, user.email, user.plain_password)
    own = form_post(admin, "/admin/usuarios", f"/admin/usuarios/{admin_user.id}/acesso", {"active": "0"})
    assert own.status_code == 302 and can_log_in(app, admin_user.email, admin_user.plain_password)
    assert "não pode desativar o seu próprio acesso" in admin.get("/admin/usuarios").get_data(as_text=True)
    stranger = make_user(make_company(), role="operador")
    assert form_post(admin, "/admin/usuarios", f"/admin/usuarios/{stranger.id}/acesso",
                     {"active": "0"}).status_code == 404
    db.session.expire_all()
    assert can_log_in(app, stranger.email, stranger.plain_password)
