"""The freight board's card view, issue 38: the newest 50 freights in their status columns, "Ver mais" (htmx)
appending the next 50 to their columns, without a repeated or a lost card, and never another company's freight."""
import re

import pytest

from blueprints.web.freights import BOARD_PAGE

CARD_CODE = re.compile(r'<article class="card item-card">\s*<a href="[^"]+"><strong>(FRT-\d+)</strong>')


@pytest.fixture
def operator(company, make_user, login):
    return login(make_user(company, role="operador"))


def _codes(html: str) -> list[str]:
    return CARD_CODE.findall(html)


def _more_url(html: str) -> str | None:
    found = re.search(r'id="board-more"[^>]*>\s*<a class="button" href="([^"]+)"', html)
    return found.group(1).replace("&amp;", "&") if found else None


def _appended(html: str) -> dict[str, list[str]]:
    """The cards an htmx answer appends, per column id."""
    blocks = re.findall(r'<div hx-swap-oob="beforeend:#board-cards-(\w+)">(.*?)</div>\s*(?=<div hx-swap-oob|<p)',
                        html, re.S)
    return {status: _codes(body) for status, body in blocks}


def test_the_card_view_shows_a_page_of_cards_and_ver_mais_brings_the_rest_into_their_columns(
        operator, make_freight, make_company):
    made = [make_freight(status="published" if i % 3 else "draft").code for i in range(BOARD_PAGE * 2 + 7)]
    make_freight(company=make_company(), status="published", origin={"city": "Manaus", "state": "AM"})

    board = operator.get("/fretes-operacao/?view=quadro").get_data(as_text=True)
    assert len(_codes(board)) == BOARD_PAGE and set(_codes(board)) <= set(made)
    # the headings count every freight of the status, not the cards drawn
    drafts = sum(1 for i in range(len(made)) if i % 3 == 0)
    assert re.search(rf'data-status="draft">[^<]*</span> {drafts}</h2>', board), board[:2000]
    seen, url, pages = _codes(board), _more_url(board), 1
    while url:
        response = operator.get(url, headers={"HX-Request": "true", "HX-Target": "board-more"})
        html = response.get_data(as_text=True)
        assert response.status_code == 200 and "<nav" not in html  # only the cards and the next button
        assert "Manaus" not in html  # another company's freight
        appended = _appended(html)
        assert set(appended) <= {"draft", "published"} and all(appended.values())
        for status, codes in appended.items():
            assert all((made.index(code) % 3 == 0) == (status == "draft") for code in codes)
        seen += [code for codes in appended.values() for code in codes]
        url, pages = _more_url(html), pages + 1
    assert pages == 3 and "Manaus" not in board
    assert len(seen) == len(set(seen)), "a card drawn twice"
    assert set(made) - set(seen) == set(), "a card never drawn"


def test_without_javascript_ver_mais_is_the_next_page_and_the_last_page_has_no_button(operator, make_freight):
    made = [make_freight().code for _ in range(BOARD_PAGE + 2)]
    first = operator.get("/fretes-operacao/?view=quadro&q=Curitiba").get_data(as_text=True)
    url = _more_url(first)
    assert url and "view=quadro" in url and "q=Curitiba" in url
    assert re.search(r'data-status="draft">[^<]*</span></h2>', first)  # a filtered board has no totals
    second = operator.get(url).get_data(as_text=True)
    assert "<nav" in second and len(_codes(second)) == 2
    assert sorted(_codes(first) + _codes(second)) == sorted(made)
    assert _more_url(second) is None


def test_a_malformed_cursor_is_refused_by_name_not_a_server_error(operator, make_freight):
    make_freight()
    response = operator.get("/fretes-operacao/?view=quadro&cursor=not-a-cursor")
    assert response.status_code == 400 and "cursor" in response.get_data(as_text=True).lower()

