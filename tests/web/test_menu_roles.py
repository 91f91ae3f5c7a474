"""The menu shows only what the user's role can open: every sidebar link answers 200 for every role (a link that
would answer 403 is not shown). The links are read with an HTML parser (any attribute order, relative or absolute
URLs), and `test_the_check_fails_on_a_link_the_role_cannot_open` shows the check failing on purpose."""
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest

ROLES = ("admin", "operador", "financeiro", "leitura")


class _SidebarLinks(HTMLParser):
    """Every <a href> inside <nav class="sidebar">."""

    def __init__(self):
        super().__init__()
        self.depth, self.links = 0, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "nav" and ("sidebar" in (attrs.get("class") or "").split() or self.depth):
            self.depth += 1
        elif tag == "a" and self.depth and attrs.get("href"):
            self.links.append(attrs["href"])

    def handle_endtag(self, tag):
        if tag == "nav" and self.depth:
            self.depth -= 1


def menu_links(html: str) -> list[str]:
    """The sidebar's same-site links as paths (with their query): `http://localhost/x?y` → `/x?y`."""
    parser = _SidebarLinks()
    parser.feed(html)
    paths = []
    for href in parser.links:
        parts = urlsplit(href)
        if parts.netloc in ("", "localhost"):
            paths.append((parts.path or "/") + (f"?{parts.query}" if parts.query else ""))
    return paths


def unopenable(client, links) -> dict:
    """The links that do not answer 200 for the client's user, with the status they answer."""
    answers = {href: client.get(href).status_code for href in links}
    return {href: status for href, status in answers.items() if status != 200}


@pytest.fixture
def company(make_company):
    return make_company(modules=["billing", "financial"])


@pytest.mark.parametrize("role", ROLES)
def test_every_menu_link_opens_for_the_role_that_sees_it(role, login, make_user, company):
    client = login(make_user(company, role=role))
    links = menu_links(client.get("/").get_data(as_text=True))
    assert len(links) >= 4, links
    assert unopenable(client, links) == {}


def test_the_check_fails_on_a_link_the_role_cannot_open(login, make_user, company):
    """A read-only user's menu with an admin link and a finance link slipped in (another attribute first, one
    absolute): the check names both with the status they answer."""
    client = login(make_user(company, role="leitura"))
    html = client.get("/").get_data(as_text=True)
    planted = html.replace("</nav>", '<a class="x" href="/admin/usuarios">Usuários</a>'
                                     '<a href="http://localhost/financeiro/pagar">Contas a pagar</a></nav>', 1)
    links = menu_links(planted)
    assert "/admin/usuarios" in links and "/financeiro/pagar" in links
    refused = unopenable(client, links)
    assert set(refused) == {"/admin/usuarios", "/financeiro/pagar"} and set(refused.values()) <= {403, 404}
    assert unopenable(client, menu_links(html)) == {}  # the real menu passes
