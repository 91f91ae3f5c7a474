"""Users' own passwords and their access: "Alterar senha" (the current one proves it; the others sessions end),
"Esqueci minha senha" by e-mail over real SMTP (a signed link, working once, expiring; the same answer for an
unknown e-mail), and an admin deactivating a user (sessions end, login refused, never themself)."""
import re

import pytest

from core.db import db
from core.tenancy import tenant_scope
from domain.tenancy import services
from tests.fixtures.core import TEST_PASSWORD_HASH, another_app, csrf_from, unique_cnpj


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
def mail(app, smtp_server, monkeypatch):
    """The platform's SMTP on 127.0.0.1, as a deployment's local relay often is: the SSRF guard stays on (no
    private-targets flag), since MAIL_HOST is the operator's, not a company admin's. The site's address is set as a
    deployment sets it (PUBLIC_BASE_URL; here the test client's host), so the links are mailed on PostgreSQL too."""
    app.config.update(MAIL_HOST=smtp_server.host, MAIL_PORT=smtp_server.port, MAIL_FROM="nao-responda@fretes.test",
                      WEBHOOK_ALLOW_PRIVATE_TARGETS=False)
    monkeypatch.setitem(app.config, "PUBLIC_BASE_URL", "http://localhost")
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


@pytest.fixture
def two_per_account(app):
    app.config["PASSWORD_RESET_LIMIT_PER_ACCOUNT"] = "2 per hour"
    yield
    app.config["PASSWORD_RESET_LIMIT_PER_ACCOUNT"] = "3 per hour"


def _ask_reset(app, email: str, ip: str):
    visitor = app.test_client()
    visitor.environ_base["REMOTE_ADDR"] = ip  # another address each time: the per-IP limit never applies
    answer = form_post(visitor, "/login/esqueci", "/login/esqueci", {"email": email})
    return answer.status_code, answer.headers.get("Location"), visitor.get("/login").get_data(as_text=True)


def test_reset_mails_are_limited_per_account_silently(app, user, make_user, company, mail, two_per_account):
    """Past PASSWORD_RESET_LIMIT_PER_ACCOUNT requests for one e-mail (any case, any address) no link is mailed, and
    the answer is the one every request gets, so it says nothing about the account; another account still gets
    its link, and an unknown e-mail's requests answer the same before and after its own limit."""
    answers = [_ask_reset(app, email, f"10.0.0.{n}") for n, email in
               enumerate((user.email, user.email.upper(), user.email, f" {user.email} "), 1)]
    assert len(mail.received) == 2 and all(message["To"] == user.email for message in mail.received)
    assert {(status, location) for status, location, _ in answers} == {(302, "/login")}
    assert all("Se este e-mail tiver acesso" in page for _, _, page in answers)
    other = make_user(company, role="leitura")
    _ask_reset(app, other.email, "10.0.0.9")
    assert len(mail.received) == 3 and mail.received[-1]["To"] == other.email
    unknown = [_ask_reset(app, "ninguem@example.com", f"10.0.1.{n}")[:2] for n in range(4)]
    assert unknown == [(302, "/login")] * 4 and len(mail.received) == 3


def test_an_expired_link_does_not_work(app, user, mail):
    form_post(app.test_client(), "/login/esqueci", "/login/esqueci", {"email": user.email})
    link = reset_link(mail)
    path = "/" + link.split("/", 3)[3]
    app.config["PASSWORD_RESET_MINUTES"] = -1
    try:
        assert app.test_client().get(path).status_code == 302
    finally:
        app.config["PASSWORD_RESET_MINUTES"] = 60


# --- The reset link's host: never the one a client wrote (password reset poisoning) ----------------------------

FORGED = "http://atacante.example"


def _ask_reset_on(client, base_url: str, email: str):
    """"Esqueci minha senha" with the Host header of `base_url` (what a client may write), page and form alike."""
    page = client.get("/login/esqueci", base_url=base_url)
    if page.status_code != 200:
        return page
    token = csrf_from(page.get_data(as_text=True))
    return client.post("/login/esqueci", base_url=base_url, data={"csrf_token": token, "email": email})


def test_a_reset_asked_with_a_forged_host_mails_a_link_on_the_public_base(app, user, mail, monkeypatch):
    """Someone asks a reset for the victim's e-mail writing their own host: the victim's link names the site
    (PUBLIC_BASE_URL), so its token never reaches the attacker's host. Building the link on the request's host, as
    before, mailed `http://atacante.example/login/nova-senha/…` here (checked)."""
    monkeypatch.setitem(app.config, "PUBLIC_BASE_URL", "https://fretes.example.com")
    answer = _ask_reset_on(app.test_client(), FORGED, user.email)
    assert answer.status_code == 302
    [message] = mail.received
    text = message.get_content()
    [link] = re.findall(r"https?://\S+", text)
    assert link.startswith("https://fretes.example.com/login/nova-senha/") and "atacante" not in text
    path = "/" + link.split("/", 3)[3]
    assert app.test_client().get(path).status_code == 200  # the link on the site works


def test_with_trusted_hosts_a_forged_host_is_refused_and_a_trusted_one_names_the_link(app, user, mail, monkeypatch):
    """Without PUBLIC_BASE_URL, TRUSTED_HOSTS vouches for the request's host: any other host is answered 400 by
    Flask before the page runs (nothing mailed), and a listed one names the link."""
    monkeypatch.setitem(app.config, "PUBLIC_BASE_URL", "")
    monkeypatch.setitem(app.config, "TRUSTED_HOSTS", ["fretes.example.com"])
    assert _ask_reset_on(app.test_client(), FORGED, user.email).status_code == 400
    assert mail.received == []
    assert _ask_reset_on(app.test_client(), "http://fretes.example.com", user.email).status_code == 302
    assert reset_link(mail).startswith("http://fretes.example.com/login/nova-senha/")


def test_a_production_database_without_a_public_base_mails_no_link(app, user, mail, monkeypatch, caplog):
    """PostgreSQL without PUBLIC_BASE_URL nor TRUSTED_HOSTS: the host is whatever the client wrote, so no link is
    mailed; the page answers as always (it says nothing about the account) and the log says what to set. The
    decision reads the configured database URL (the engine is the test's own)."""
    monkeypatch.setitem(app.config, "PUBLIC_BASE_URL", "")
    monkeypatch.setitem(app.config, "SQLALCHEMY_DATABASE_URI", "postgresql+psycopg://fretes@db-host/fretes")
    answer = _ask_reset_on(app.test_client(), FORGED, user.email)
    assert answer.status_code == 302 and answer.headers["Location"] == "/login"
    assert mail.received == []
    assert any("set PUBLIC_BASE_URL" in record.getMessage() for record in caplog.records)


def test_the_quick_start_mails_a_link_that_works(smtp_server, monkeypatch, tmp_path):
    """The embedded default as ./scripts/start.sh runs it (SQLite, no PUBLIC_BASE_URL, no TRUSTED_HOSTS): the link
    names the host the page was asked on, the operator's own, and opens the new password page."""
    for name in ("PUBLIC_BASE_URL", "TRUSTED_HOSTS", "DATABASE_URL", "SECRET_KEY", "REDIS_URL"):
        monkeypatch.delenv(name, raising=False)
    config = {"INSTANCE_PATH": str(tmp_path), "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/quick.db",
              "MAIL_HOST": smtp_server.host, "MAIL_PORT": smtp_server.port, "MAIL_FROM": "nao-responda@fretes.test",
              "WEBHOOK_ALLOW_PRIVATE_TARGETS": True, "PASSWORD_HASH_METHOD": TEST_PASSWORD_HASH}
    with another_app(config) as quick, quick.app_context():
        assert quick.config["PUBLIC_BASE_URL"] == "" and quick.config["TRUSTED_HOSTS"] is None
        db.create_all()
        company = services.create_company(name="Transportadora Rápida Ltda", cnpj=unique_cnpj())
        with tenant_scope(company.id):
            services.create_user(company, email="dona@example.com", password="senha-segura-1", role="admin")
        db.session.commit()
        answer = _ask_reset_on(quick.test_client(), "http://127.0.0.1:5000", "dona@example.com")
        assert answer.status_code == 302
        link = reset_link(smtp_server)
        assert link.startswith("http://127.0.0.1:5000/login/nova-senha/")
        page = quick.test_client().get("/" + link.split("/", 3)[3], base_url="http://127.0.0.1:5000")
        assert page.status_code == 200 and "Criar nova senha" in page.get_data(as_text=True)
        db.session.remove()


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
