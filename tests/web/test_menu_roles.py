"""The menu shows only what the user's role can open: every sidebar link answers 200 for every role (a link that
would answer 403 is not shown)."""
import re

import pytest

ROLES = ("admin", "operador", "financeiro", "leitura")


@pytest.mark.parametrize("role", ROLES)
def test_every_menu_link_opens_for_the_role_that_sees_it(role, login, make_user, make_company):
    company = make_company(modules=["billing", "financial"])
    client = login(make_user(company, role=role))
    html = client.get("/").get_data(as_text=True)
    menu = re.search(r'<nav class="sidebar".*?</nav>', html, re.S).group(0)
    links = re.findall(r'<a href="(/[^"]*)"', menu)
    assert links, menu
    refused = {href: client.get(href).status_code for href in links}
    assert {href: status for href, status in refused.items() if status != 200} == {}
