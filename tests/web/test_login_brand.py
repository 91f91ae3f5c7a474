"""The login page shows a company's name and logo only when the page is that company's: named by the team's link
(`/login?empresa=<id>`, shown on the branding page) or the only company of the deployment. A shared deployment's
plain /login shows no customer's brand; an unknown or malformed id shows none and never fails."""
import re

import pytest

from core.db import db
from domain.tenancy import services
from tests.foundation.test_web_admin import png_bytes


@pytest.fixture
def client(app):
    return app.test_client()


def _branded(company, name="Transportes Aurora"):
    services.update_branding(company, legal_name=name, footer="", primary_color="#1f4e79",
                             secondary_color="#e8eef5", logo=png_bytes())
    db.session.commit()
    return company


def _brand(client, path="/login") -> str | None:
    html = client.get(path).get_data(as_text=True)
    match = re.search(r'data-testid="login-brand">(.*?)</div>', html, re.S)
    return match.group(1) if match else None


def test_a_deployment_of_one_company_shows_its_logo(client, make_company):
    company = _branded(make_company())
    brand = _brand(client)
    assert brand and "Transportes Aurora" in brand and f"/login/logo/{company.id}" in brand
    logo = client.get(f"/login/logo/{company.id}")
    assert logo.status_code == 200 and logo.mimetype == "image/png" and logo.data == png_bytes()


def test_a_shared_deployment_shows_a_brand_only_on_the_companys_link(client, make_company):
    aurora, other = _branded(make_company()), make_company()
    assert _brand(client) is None  # two companies: the plain login page is nobody's
    assert "Transportes Aurora" in _brand(client, f"/login?empresa={aurora.id}")
    plain = _brand(client, f"/login?empresa={other.id}")
    assert other.legal_name in plain and "<img" not in plain  # no logo uploaded: the name alone
    assert client.get(f"/login/logo/{other.id}").status_code == 404


@pytest.mark.parametrize("value", ["nao-e-id", "7d15827e-7499-4fee-872f-537d24093e83", "' OR 1=1 --"])
def test_an_unknown_company_on_the_link_shows_no_brand(client, make_company, value):
    _branded(make_company()), make_company()
    answer = client.get("/login", query_string={"empresa": value})
    assert answer.status_code == 200 and 'data-testid="login-brand"' not in answer.get_data(as_text=True)
    assert client.get(f"/login/logo/{value}").status_code == 404


def test_the_branding_page_gives_the_team_link(login, make_user, make_company):
    company = make_company()
    html = login(make_user(company, role="admin")).get("/admin/identidade-visual").get_data(as_text=True)
    assert f"/login?empresa={company.id}" in html
