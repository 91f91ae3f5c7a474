"""A new CIOT operation for registered parties, from the login to its emission, counting every value the
dispatcher types (issue "pages people would choose"): the parties, the route (municipality picker: name → IBGE
code and UF), the vehicles and the payment data come from the pickers; what is new about the trip is typed."""
import re
from datetime import timedelta

import pytest

from core.clock import brasilia_today
from tests.browser.test_ciot_flow import SLOW
from tests.browser.test_ciot_pickers import search
from tests.browser.test_ciot_repeat_trip import Typist
from tests.fixtures.ciot import CONTRATADO_CPF, CONTRATANTE_CNPJ, DESTINATARIO_CNPJ, ciot_body

pytestmark = pytest.mark.browser


def pick(page, typist, picker_id: str, text: str, option=None):
    """Type a search (counted once) and pick the first option (or the one named `option`) by pointer."""
    listbox = search(page, picker_id, text)
    typist.count += 1
    typist.fields.append(picker_id)
    target = listbox.get_by_role("option", name=option) if option else listbox.get_by_role("option").first
    target.click()


def test_a_new_ciot_for_registered_parties_counts_its_typed_fields(browser_page, make_user, company, make_partner,
                                                                    make_bank_account, make_vehicle):
    carrier = make_partner(person_kind="pf", cpf_cnpj=CONTRATADO_CPF, legal_name="João da Silva",
                           rntrc=ciot_body()["contratado_rntrc"], rntrc_categoria="TAC")
    make_bank_account(carrier, bank_code="001", agency="1234", account="56789-0")
    make_partner(cpf_cnpj=CONTRATANTE_CNPJ, legal_name="Embarcadora Contratante SA", roles=["contratante"])
    make_partner(cpf_cnpj=DESTINATARIO_CNPJ, legal_name="Comercial Destino Ltda", roles=["destinatario"])
    make_vehicle(plate="ABC1D23", axles=3, vehicle_type="Cavalo mecânico")
    make_vehicle(plate="DEF4567", axles=3, vehicle_type="Carreta")
    user = make_user(company, role="operador")
    page, typist = browser_page, Typist(browser_page)
    page.goto("/login")
    typist.type(page.get_by_label("E-mail"), user.email)
    typist.type(page.get_by_label("Senha"), user.plain_password)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_url("**/")
    page.goto("/ciot/nova")

    pick(page, typist, "pick-contratado", "joão")
    pick(page, typist, "pick-contratantes-0", "embarc")
    pick(page, typist, "pick-destinatario", "comercial")
    pick(page, typist, "pick-origem-municipio", "sao paulo sp", re.compile("São Paulo – SP"))
    pick(page, typist, "pick-destino-municipio", "rio de janeiro rj", re.compile("Rio de Janeiro – RJ"))
    pick(page, typist, "pick-vehicles-0", "abc1")
    page.get_by_role("button", name="+ Adicionar veículo").click()
    page.locator("#pick-vehicles-1").wait_for()
    pick(page, typist, "pick-vehicles-1", "def4")
    today = brasilia_today()
    typist.type("[name='viagem_inicio']", f"{(today + timedelta(days=1)).isoformat()}T08:00")
    typist.type("[name='viagem_fim']", f"{(today + timedelta(days=3)).isoformat()}T18:00")
    typist.type("[name='distancia_km']", "430")
    typist.type("[name='codigo_natureza_carga']", "0001")
    page.select_option("[name='codigo_tipo_carga']", "5")
    page.select_option("[name='composicao_contratada']", "completa")
    page.select_option("[name='alto_desempenho']", "false")
    typist.type("[name='peso_carga']", "20000")
    typist.type("[name='valor_frete']", "5000")
    page.select_option("[name='tipo_pagamento']", "conta_corrente")
    page.select_option("[name='indicador_pagamento']", "prazo")
    page.get_by_role("button", name="+ Adicionar pagamento").click()
    page.locator("[name='payments[0].kind']").wait_for()
    page.select_option("[name='payments[0].kind']", "saldo")
    page.select_option("[name='payments[0].tipo_pagamento']", "conta_corrente")
    page.select_option("[name='payments[0].indicador_pagamento']", "prazo")
    typist.type("[name='payments[0].due_date']", (today + timedelta(days=3)).isoformat())
    page.get_by_role("button", name="+ Adicionar documento").click()
    page.locator("[name='documents[0].access_key']").wait_for()
    with page.expect_response(lambda r: r.url.endswith("/ciot/nova/validar") and "access_key=3" in (
            r.request.post_data or ""), timeout=SLOW):
        typist.type("[name='documents[0].access_key']", ciot_body()["documents"][0]["access_key"])
        page.locator("[name='documents[0].access_key']").press("Tab")
    # ready to emit: no blocker and no warning (information items, e.g. the empty return assumed, may remain)
    page.locator("#ciot-live-results .live-summary[data-expected-status='pronto_emissao']").wait_for(timeout=SLOW)
    page.get_by_role("button", name="Salvar operação").click()
    page.wait_for_url(re.compile(r"/ciot/[0-9a-f-]{36}$"), timeout=SLOW)
    page.locator("#operation-panel[data-status='pronto_emissao']").wait_for(timeout=SLOW)
    print(f"\nnew CIOT: {typist.count} typed fields ({', '.join(typist.fields)})")
    assert typist.count <= 17, typist.fields
