"""Pages are assembled from the page kit (docs/pages.md): no template writes its own table, title, card, item card
or flash markup: every page template is checked, with no exemption list."""
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
HAND_WRITTEN = {
    "<table": "a table: use table(headers) from _macros/kit.html",
    "<h1": "a page title: use page_header(title)",
    '<section class="card': "a card: use card(title)",
    "<article": "an item card: use item_card(title, href)",
    'class="flash flash-': "a message: use flash(message, category)",
}


def page_templates() -> list[str]:
    """Every page template but the kit itself and the PDFs (printed, not on screen)."""
    names = [str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html")]
    return sorted(n for n in names if not n.startswith(("pdf/", "_macros/")))


def test_every_page_template_is_checked():
    """No page escapes the check: the finance pages (the last moved onto the kit) are among those checked."""
    assert "_boards/board.html" in page_templates() and "_layouts/finance.html" in page_templates()


def hand_written(source: str) -> list[str]:
    """The advice for each kind of markup the kit gives that `source` writes by hand."""
    return [advice for markup, advice in HAND_WRITTEN.items() if markup in source]


@pytest.mark.parametrize("name", page_templates())
def test_the_page_uses_the_kit(name):
    found = hand_written((TEMPLATES / name).read_text(encoding="utf-8"))
    assert not found, f"{name} writes {'; '.join(found)}"


def test_a_page_on_the_kit_passes_the_check():
    """The passing case: a page assembled from the macros has nothing hand-written."""
    source = '{% call card("Ofertas", id="offers") %}{% call table(["Valor"]) %}{% endcall %}{% endcall %}'
    assert hand_written(source) == []


def test_the_check_finds_hand_written_markup():
    """The failing case: a page with its own table is caught."""
    source = '<section class="card"><table class="table"></table></section>'
    assert hand_written(source) == [HAND_WRITTEN["<table"], HAND_WRITTEN['<section class="card']]


def test_the_check_finds_a_hand_written_item_card():
    """The failing case for item cards: the freight board's cards as they were written before item_card."""
    source = ('<article class="card board-card">\n  <a href="/fretes-operacao/FR-000001"><strong>FR-000001</strong></a>'
              '<br>\n  <small>Curitiba/PR → Santos/SP</small>\n</article>')
    assert hand_written(source) == [HAND_WRITTEN["<article"]]
    assert hand_written('{% call item_card(f.code, href=url) %}<small>Curitiba/PR</small>{% endcall %}') == []
