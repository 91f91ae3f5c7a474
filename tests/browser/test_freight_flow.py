"""A dispatcher creates and publishes a freight in Chromium; two carriers' offers arrive through the API; the
dispatcher accepts one on the page and sees the other rejected; then sends a WhatsApp message through the local
provider server and sees it sent."""
import re

import pytest

from core.db import db
from core.tenancy import tenant_scope
from domain.freights.models import Freight
from domain.messages import services as message_services
from tests.browser.conftest import follow_menu, log_in

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_publish_receive_offers_accept_and_message(browser_page, make_user, company, api, http_provider):
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    follow_menu(page, "Fretes")
    page.get_by_role("link", name="Novo frete").click()
    page.get_by_label("Cidade de origem").fill("São Paulo")
    page.get_by_label("UF de origem").fill("SP")
    page.get_by_label("Cidade de destino").fill("Curitiba")
    page.get_by_label("UF de destino").fill("PR")
    page.get_by_label("Tipo de carga").select_option("Granel sólido")
    page.get_by_label("Valor do frete (R$)").fill("4.500,00")
    page.get_by_label("Visibilidade").select_option("publico")
    page.get_by_role("button", name="Salvar e publicar").click()
    page.wait_for_url(re.compile(r".*/fretes-operacao/FRT-\d{6}$"))
    code = page.url.rsplit("/", 1)[-1]
    assert page.locator("#freight-status").inner_text() == "Publicado"

    cheap = api.post(f"/freights/{code}/offers", json={"price": 3900, "carrier_name": "Rápido Sul",
                                                       "carrier_phone": "+5541988887777"}).get_json()["data"]
    dear = api.post(f"/freights/{code}/offers", json={"price": 4400, "carrier_name": "Lento Norte"}).get_json()["data"]
    page.reload()
    winner = page.locator(f"#offer-{cheap['id']}")
    with page.expect_response(lambda r: "/aceitar" in r.url and r.status == 200):
        winner.get_by_role("button", name="Aceitar").click()
        dialog = page.locator("dialog#confirm-dialog")  # irreversible: asked once, saying what cannot be undone
        assert "não há como desfazer" in dialog.inner_text()
        dialog.get_by_role("button", name="Confirmar").click()
    page.locator(f"#offer-{cheap['id']}.winner").wait_for()
    assert page.locator(f"#offer-{dear['id']}").get_attribute("data-status") == "rejeitada"
    assert "outra oferta aceita" in page.locator(f"#offer-{dear['id']}").inner_text()

    http_provider.answer = {"messages": [{"id": "wamid.BROWSER"}]}
    with tenant_scope(company.id):
        message_services.configure_channel(company, "whatsapp", "whatsapp_cloud",
                                           {"api_base": http_provider.url, "phone_number_id": "55"}, "token")
        db.session.commit()
    page.reload()
    page.get_by_label("Canal").select_option("whatsapp")
    page.get_by_label("Destinatário").fill("+5541988887777")
    page.get_by_label("Modelo").select_option("frete_aceito")
    with page.expect_response(lambda r: "/mensagens" in r.url and r.request.method == "POST"):
        page.get_by_role("button", name="Enviar", exact=True).click()
    page.locator("#messages tr[data-status='sent']").wait_for()
    assert "Enviada" in page.locator("#messages tr[data-status='sent']").inner_text()
    [request] = http_provider.requests
    assert request["json"]["to"] == "5541988887777" and code in request["json"]["text"]["body"]
    with tenant_scope(company.id):
        freight = db.session.execute(db.select(Freight).where(Freight.code == code)).scalar_one()
        assert freight.status == "aceito" and freight.carrier_name == "Rápido Sul"
