"""A CIOT operation from the trip's CT-e, from the login to `pronto_emissao`, counting what the dispatcher types
(issue "From the fiscal document to the declaration"): the CT-e file is chosen, the carrier picked by one typed
search; everything else comes from the CT-e, the partners and the carrier's last operation. By hand, the same
operation takes 15 typed fields after login and 8 selects (tests/browser/test_ciot_new_typed_fields.py counts 17
with the login's e-mail and password)."""
import re

import pytest

from tests.browser.conftest import log_in
from tests.browser.pagewalk import internal_words
from tests.browser.test_ciot_flow import SLOW
from tests.browser.test_ciot_new_typed_fields import pick
from tests.browser.test_ciot_repeat_trip import Typist
from tests.fixtures.ciot import CONTRATADO_CPF, CONTRATADO_RNTRC, CONTRATANTE_CNPJ, DESTINATARIO_CNPJ
from tests.fixtures.trip_cte import trip_cte

pytestmark = pytest.mark.browser


def test_a_ciot_from_the_cte_reaches_ready_with_one_typed_field(browser_page, make_user, company, make_partner,
                                                                 make_bank_account, make_operation, tmp_path):
    carrier = make_partner(person_kind="pf", cpf_cnpj=CONTRATADO_CPF, legal_name="João da Silva",
                           rntrc=CONTRATADO_RNTRC, rntrc_categoria="TAC")
    make_bank_account(carrier, bank_code="001", agency="1234", account="56789-0")
    make_partner(cpf_cnpj=CONTRATANTE_CNPJ, legal_name="Embarcadora Contratante SA", roles=["contratante"])
    make_operation(company)  # the carrier's last trip on this route: vehicles, cargo codes, distance
    key, data = trip_cte(emitter=company.cnpj, shipper=CONTRATANTE_CNPJ, recipient=DESTINATARIO_CNPJ)
    cte_file = tmp_path / f"{key}-cte.xml"
    cte_file.write_bytes(data)
    user = make_user(company, role="operador")
    page, typist = browser_page, Typist(browser_page)
    log_in(page, user)

    page.goto("/ciot/")
    page.get_by_role("link", name="Nova operação a partir do CT-e").click()
    page.wait_for_url("**/ciot/nova/a-partir-do-documento")
    assert internal_words(page) == []
    page.get_by_label("XML do CT-e ou da NF-e").set_input_files(str(cte_file))
    pick(page, typist, "pick-contratado", "joão")
    assert page.locator("#contratado_cpf_cnpj").input_value() == "529.982.247-25"
    page.get_by_role("button", name="Criar operação").click()

    # the correction form, its live panel validating the saved operation on load
    page.wait_for_url(re.compile(r"/ciot/[0-9a-f-]{36}/corrigir$"), timeout=SLOW)
    page.get_by_text(re.compile(r"criada a partir de 1 documento\(s\): pronto para emissão")).wait_for(timeout=SLOW)
    assert internal_words(page) == []  # the message names the form's inputs, not the body's fields
    page.locator("#ciot-live-results .live-summary[data-expected-status='pronto_emissao']").wait_for(timeout=SLOW)
    assert page.locator("[name='documents[0].access_key']").input_value().replace(" ", "") == key
    assert page.locator("[name='valor_frete']").input_value() == "5.000,00"
    page.get_by_role("link", name=re.compile("Operação CIOT-")).click()
    page.locator("#operation-panel[data-status='pronto_emissao']").wait_for(timeout=SLOW)
    print(f"\nCIOT from the CT-e: {typist.count} typed field(s) after login ({', '.join(typist.fields)})")
    assert typist.count <= 1, typist.fields


def test_a_refused_cte_is_named_on_the_page_and_nothing_is_created(browser_page, make_user, company, tmp_path):
    _, data = trip_cte(emitter=company.cnpj, shipper=CONTRATANTE_CNPJ, recipient=DESTINATARIO_CNPJ)
    edited = tmp_path / "mexido.xml"
    edited.write_bytes(data.replace(b"<vTPrest>5000.00</vTPrest>", b"<vTPrest>9000.00</vTPrest>"))
    user = make_user(company, role="operador")
    page = browser_page
    log_in(page, user)
    page.goto("/ciot/nova/a-partir-do-documento")
    page.get_by_label("XML do CT-e ou da NF-e").set_input_files(str(edited))
    with page.expect_response(lambda r: r.url.endswith("/ciot/nova/a-partir-do-documento")
                              and r.request.method == "POST") as answer:
        page.get_by_role("button", name="Criar operação").click()
    assert answer.value.status == 400
    errors = page.get_by_test_id("from-document-errors")
    errors.wait_for()
    assert "mexido.xml" in errors.inner_text() and "Assinatura digital" in errors.inner_text()
    page.goto("/ciot/")
    assert page.locator("text=CIOT-000001").count() == 0
