"""A saved CIOT operation is corrected in the creation form itself: a divergent operation (the destinatário
missing) is opened from its page with "Corrigir dados", prefilled, its blocker in the live panel; the dispatcher
types what was missing, the panel clears, and saving revalidates it until it is ready for emission, the correction
kept in the timeline. An emitted operation offers no correction."""
import re

import pytest

from tests.browser.conftest import log_in
from tests.browser.test_ciot_flow import SLOW
from tests.fixtures.ciot import DESTINATARIO_CNPJ, events_of, reload

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_a_divergent_operation_is_corrected_until_it_is_ready(browser_page, make_user, make_operation, company):
    op = make_operation(status="com_divergencia")
    page = browser_page
    log_in(page, make_user(company, role="operador"))

    page.goto(f"/ciot/{op.id}")
    page.get_by_role("link", name="Corrigir dados").click()
    page.wait_for_url(f"**/ciot/{op.id}/corrigir")
    assert page.get_by_role("heading", name=f"Corrigir operação {op.code}").is_visible()
    # prefilled with what was saved: the parties, the freight, the rows, the trip
    assert page.locator("[name='contratado_nome']").input_value() == "João da Silva"
    assert page.locator("[name='valor_frete']").input_value() == "5.000,00"
    assert page.locator("[name='vehicles[1].plate']").input_value() == "DEF4567"
    assert page.locator("[name='payments[1].kind']").input_value() == "saldo"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d", page.locator("[name='viagem_fim']").input_value())
    assert page.locator("[name='environment']").is_disabled()  # fixed at creation

    with page.expect_response(lambda r: r.url.endswith("/ciot/nova/validar") and "destinatario_cpf_cnpj=4"
                              in (r.request.post_data or ""), timeout=SLOW):
        page.locator("[name='destinatario_cpf_cnpj']").fill(DESTINATARIO_CNPJ)
        page.locator("[name='destinatario_cpf_cnpj']").press("Tab")
    page.locator("#ciot-live-results").get_by_text("Sem pendências").wait_for(timeout=SLOW)

    page.get_by_role("button", name="Salvar correção").click()
    page.wait_for_url(re.compile(rf"/ciot/{op.id}$"), timeout=SLOW)
    page.locator("#operation-panel[data-status='pronto_emissao']").wait_for(timeout=SLOW)
    assert page.get_by_text(f"Operação {op.code} corrigida. Situação: Pronto para emissão.").is_visible()
    assert page.get_by_text("Operação alterada").first.is_visible()  # the timeline keeps the correction
    saved = reload(op)
    assert saved.status == "pronto_emissao" and saved.destinatario_cpf_cnpj == DESTINATARIO_CNPJ
    assert saved.external_id == "ERP-1" and len(saved.vehicles) == 2 and len(saved.payments) == 2
    assert "updated" in events_of(op.id)


def test_an_emitted_operation_offers_no_correction(browser_page, make_user, make_operation, company):
    op = make_operation(status="emitido")
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    page.goto(f"/ciot/{op.id}")
    assert page.get_by_role("link", name="Corrigir dados").count() == 0
    page.goto(f"/ciot/{op.id}/corrigir")  # typed by hand: back to the page, saying why
    page.wait_for_url(re.compile(rf"/ciot/{op.id}$"))
    assert page.get_by_text("só uma operação ainda não emitida pode ser corrigida").is_visible()
