"""A list's filters folded behind "Filtrar" with the active ones as removable chips (issue 39): each chip names the
filter and its value in words and links to the list without it (from its first page); a typed value is escaped."""
import html
import re

import pytest

from tests.fixtures.core import csrf_from


@pytest.fixture
def operator(company, make_user, login):
    client = login(make_user(company, role="operador"))
    client.token = csrf_from(client.get("/ciot/").get_data(as_text=True))
    return client


def chips(page: str) -> dict[str, str]:
    """chip text → the address it links to."""
    found = re.search(r'<ul class="chips"[^>]*>(.*?)</ul>', page, re.S)
    return {html.unescape(re.sub(r"<[^>]+>", "", text)).replace("×", "").replace("(remover filtro)", "").strip():
            html.unescape(url) for url, text in re.findall(r'<a class="chip" href="([^"]+)"[^>]*>(.*?)</a>',
                                                          found.group(1) if found else "", re.S)}


def test_the_ciot_list_folds_its_filters_and_shows_each_active_one_as_a_chip_that_removes_it(operator):
    page = operator.get("/ciot/?status=emitido&q=Jo%C3%A3o&from=2026-11-01&cursor=").get_data(as_text=True)
    assert '<details class="filters" id="filtros" open data-fold>' in page and '<summary class="button">Filtrar' in page
    found = chips(page)
    assert set(found) == {"Status: Emitido", "Busca: João", "Criadas de: 01/11/2026"}, found
    assert found["Status: Emitido"] == "/ciot/?q=Jo%C3%A3o&from=2026-11-01"
    assert found["Busca: João"] == "/ciot/?status=emitido&from=2026-11-01"
    # the table htmx redraws when a filter changes carries the chips, so they follow the filters
    redrawn = operator.get("/ciot/?tipo_operacao=fracionada",
                           headers={"HX-Request": "true", "HX-Target": "operations-table"})
    assert list(chips(redrawn.get_data(as_text=True))) == ["Tipo: Fracionada"]


def test_no_filter_no_chip_and_a_typed_value_is_escaped(operator):
    assert chips(operator.get("/ciot/").get_data(as_text=True)) == {}
    page = operator.get("/ciot/?q=%3Cscript%3Ealert(1)%3C/script%3E").get_data(as_text=True)
    assert "<script>alert(1)" not in page and "Busca: <script>alert(1)</script>" in chips(page)


def test_the_freight_list_names_its_status_and_visibility_in_words(operator):
    page = operator.get("/fretes-operacao/?status=published&visibility=publico").get_data(as_text=True)
    assert set(chips(page)) == {"Status: Publicado", "Visibilidade: Público"}


def test_the_public_showcase_folds_its_filters_and_names_a_choice_by_its_label(app):
    page = app.test_client().get("/fretes?originState=PR&search=curitiba").get_data(as_text=True)
    assert '<details class="filters"' in page
    found = chips(page)
    assert set(found) == {"Origem (UF): PR", "Cidade ou código: curitiba"}, found
    assert found["Origem (UF): PR"] == "/fretes?search=curitiba"
