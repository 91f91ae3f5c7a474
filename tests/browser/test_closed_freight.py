"""A driver opens the link of a freight a carrier already took, on a phone without logging in: the page says
"Este frete já foi fechado" (no error page, no login button) and offers the company's other open freights on the
same route; one tap opens the next freight's page. Axe finds nothing serious on it."""
import pytest

from core.db import db
from tests.browser.pagewalk import SERIOUS, broken_words

pytestmark = pytest.mark.browser


def test_a_closed_freights_link_offers_the_same_routes_open_freights(_chromium, live_server, make_freight):
    from axe_playwright_python.sync_playwright import Axe
    closed = make_freight(visibility="publico", status="published")
    open_one = make_freight(visibility="publico", status="published", price=5200)
    closed.status = "aceito"
    db.session.commit()
    context = _chromium.new_context(base_url=live_server, locale="pt-BR", viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        response = page.goto(f"/f/{closed.public_slug}")
        assert response.status == 410
        assert page.get_by_role("heading", name="Este frete já foi fechado").is_visible()
        assert page.get_by_role("link", name="Entrar").count() == 0 and "Protocolo" not in page.content()
        serious = [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in SERIOUS]
        assert serious == [] and broken_words(page) == []
        others = page.get_by_test_id("same-route")
        assert "R$ 5.200,00" in others.inner_text()
        others.get_by_role("link").first.click()
        page.wait_for_url(f"**/f/{open_one.public_slug}")
        assert page.get_by_role("button", name="Enviar interesse").is_visible()
    finally:
        context.close()
