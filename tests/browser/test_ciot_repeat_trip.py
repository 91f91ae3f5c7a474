"""A repeat trip in Chromium, from the login to the emitted CIOT's PDF, counting every value the dispatcher types.

Goal (issue "pages a dispatcher would choose"): a repeat trip (known carrier, vehicle and contratante) in at most 8
typed fields, login included. Clicks, a checkbox and the download are not typing; every fill() of a user-typed
value goes through `Typist.type`, which counts it.
"""
import io
import re

import pytest
from pypdf import PdfReader

from core.clock import brasilia_today
from tests.browser.conftest import follow_menu
from tests.browser.test_ciot_flow import SLOW
from tests.fixtures.ciot import ciot_body

pytestmark = pytest.mark.browser
TYPED_FIELDS_GOAL = 8


class Typist:
    """Types values into the page as a person would, and counts them."""

    def __init__(self, page):
        self.page, self.count, self.fields = page, 0, []

    def type(self, target, value: str):
        locator = self.page.locator(target) if isinstance(target, str) else target
        locator.fill(value)
        self.count += 1
        self.fields.append(locator.get_attribute("name"))


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_repeat_trip_from_login_to_the_emitted_pdf_in_at_most_eight_typed_fields(
        browser_page, make_user, make_operation, company, tmp_path):
    previous = make_operation(status="emitido")
    user = make_user(company, role="operador")
    page, typist = browser_page, Typist(browser_page)

    page.goto("/login")
    typist.type(page.get_by_label("E-mail"), user.email)
    typist.type(page.get_by_label("Senha"), user.plain_password)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url("**/")

    follow_menu(page, "Operações", exact=True)
    page.get_by_role("link", name=previous.code).click()
    page.get_by_role("link", name="Nova operação a partir desta").click()
    page.wait_for_url("**/ciot/nova?a_partir_de=*")
    assert page.locator("[name='viagem_inicio']").input_value().startswith(brasilia_today().isoformat())

    typist.type("[name='valor_frete']", "6.000,00")
    typist.type("[name='payments[0].amount']", "1.800,00")
    with page.expect_response(lambda r: r.url.endswith("/ciot/nova/validar") and r.request.post_data
                              and "documents%5B0%5D.access_key=3" in r.request.post_data, timeout=SLOW):
        typist.type("[name='documents[0].access_key']", ciot_body()["documents"][0]["access_key"])
        page.locator("[name='documents[0].access_key']").press("Tab")  # leaving the field: not typing
    page.locator("#ciot-live-results").get_by_text("Sem pendências").wait_for(timeout=SLOW)

    page.get_by_label("Emitir na ANTT logo após salvar").check()
    page.get_by_role("button", name="Salvar operação").click()
    # a regex on the saved operation's address: the glob "**/ciot/*-*-*-*-*" also matches the form's own
    # /ciot/nova?a_partir_de=<uuid>, so it would not wait at all
    page.wait_for_url(re.compile(r"/ciot/[0-9a-f-]{36}$"), timeout=SLOW)
    page.locator("#operation-panel[data-status='emitido']").wait_for(timeout=SLOW)
    codigo = page.locator(".ciot-code").inner_text().strip()

    with page.expect_download(timeout=SLOW) as info:
        page.get_by_role("link", name="Baixar PDF da declaração").click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(path.read_bytes())).pages)
    for expected in (codigo, "R$ 6.000,00", "R$ 1.800,00", "R$ 4.200,00", "João da Silva", "ABC1D23"):
        assert expected in text, expected
    assert codigo != previous.codigo_ciot

    print(f"\nrepeat trip: {typist.count} typed fields ({', '.join(typist.fields)})")
    assert typist.count == 5 <= TYPED_FIELDS_GOAL, typist.fields
