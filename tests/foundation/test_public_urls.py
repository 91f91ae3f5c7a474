"""PUBLIC_BASE_URL and TRUSTED_HOSTS (core/public_urls.py): read from the environment, checked at startup, the
warning on a production database without either, and a host outside TRUSTED_HOSTS answered 400, never 5xx. The
links built on them are tested where they show: tests/web/test_passwords_and_access.py (the reset e-mail),
tests/web/test_marketplace_pages.py (canonical, sitemap, robots.txt)."""
import logging

import pytest

from app import create_app
from core.config import load_config
from core.public_urls import PublicBaseUrlError, public_url
from tests.fixtures.core import another_app


@pytest.fixture
def quick_start(monkeypatch, tmp_path):
    """The settings of an app built like ./scripts/start.sh's (SQLite in its own directory), the environment cleared
    of the two variables; a test sets them."""
    for name in ("PUBLIC_BASE_URL", "TRUSTED_HOSTS"):
        monkeypatch.delenv(name, raising=False)
    return {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/x.db", "INSTANCE_PATH": str(tmp_path)}


@pytest.mark.parametrize(("value", "said"), [
    ("fretes.example.com", "must start with https://"),
    ("ftp://fretes.example.com", "must start with https://"),
    ("https://", "names no host"),
    ("https:///fretes", "names no host"),
    ("https://fretes.example.com/?ref=1", "must not have a query"),
    ("https://fretes.example.com/#topo", "must not have a query"),
    ("https://admin:senha@fretes.example.com", "must not carry a user or password"),
    ("https://fretes.example.com:99999", "invalid port"),
    ("https://fretes example.com", "contains spaces"),
])
def test_a_public_base_url_links_cannot_be_built_on_stops_the_app(quick_start, monkeypatch, value, said):
    monkeypatch.setenv("PUBLIC_BASE_URL", value)
    with pytest.raises(PublicBaseUrlError, match=f"PUBLIC_BASE_URL .* {said}.*https://fretes.example.com"):
        create_app(quick_start)
    with pytest.raises(PublicBaseUrlError, match=said):  # the same check when the setting comes from the code
        create_app({**quick_start, "PUBLIC_BASE_URL": value})


def test_the_public_base_url_is_read_and_kept_in_its_normal_form(quick_start, monkeypatch):
    """Spaces and a trailing slash go, scheme and host in lower case; a path (the app served under a prefix) is kept
    and every link carries it, with no request being answered (as in a worker)."""
    monkeypatch.setenv("PUBLIC_BASE_URL", " HTTPS://Fretes.Example.com/transportes/ ")
    monkeypatch.setenv("TRUSTED_HOSTS", " fretes.example.com, ,.example.org ")
    assert load_config()["TRUSTED_HOSTS"] == ["fretes.example.com", ".example.org"]
    with another_app(quick_start) as app, app.app_context():
        assert app.config["PUBLIC_BASE_URL"] == "https://fretes.example.com/transportes"
        assert public_url("marketplace.detail", slug="ab12") == "https://fretes.example.com/transportes/f/ab12"
    monkeypatch.delenv("PUBLIC_BASE_URL")
    monkeypatch.delenv("TRUSTED_HOSTS")
    assert (load_config()["PUBLIC_BASE_URL"], load_config()["TRUSTED_HOSTS"]) == ("", None)


POSTGRES = "postgresql+psycopg://fretes@127.0.0.1:1/fretes"  # never connected to: the app is only built


@pytest.mark.parametrize(("settings", "warned"), [
    ({"SQLALCHEMY_DATABASE_URI": POSTGRES}, True),
    ({"SQLALCHEMY_DATABASE_URI": POSTGRES, "PUBLIC_BASE_URL": "https://fretes.example.com"}, False),
    ({"SQLALCHEMY_DATABASE_URI": POSTGRES, "TRUSTED_HOSTS": ["fretes.example.com"]}, False),
    ({}, False),  # the embedded SQLite default: a quick start needs no setting
])
def test_a_production_database_without_a_site_address_is_warned_about(quick_start, caplog, settings, warned):
    with caplog.at_level(logging.WARNING, logger="fretes"), another_app({**quick_start, **settings}):
        pass
    said = [r.getMessage() for r in caplog.records if "PUBLIC_BASE_URL is not set" in r.getMessage()]
    assert bool(said) is warned


@pytest.mark.parametrize(("method", "path"), [("get", "/login"), ("post", "/login/esqueci"), ("get", "/fretes"),
                                              ("get", "/sem-pagina"), ("get", "/api/public/v1/freights")])
def test_a_host_outside_trusted_hosts_is_answered_400_never_5xx(app, monkeypatch, method, path):
    """Flask refuses the host before routing and builds no URL for it: the error pages, which link back into the
    site, would fail (500), so the answer is plain text in pt-BR, or the API's envelope. A listed host is served."""
    monkeypatch.setitem(app.config, "TRUSTED_HOSTS", ["fretes.example.com"])
    answer = getattr(app.test_client(), method)(path, base_url="http://atacante.example")
    assert answer.status_code == 400
    if path.startswith("/api/"):
        assert answer.get_json()["error"]["code"] == "bad_request"
    else:
        assert answer.mimetype == "text/plain" and "Este site não atende pelo endereço usado" in answer.get_data(
            as_text=True)
    assert app.test_client().get("/login", base_url="http://fretes.example.com").status_code == 200
