"""A dispatcher opens an aggregate contract in Chromium, adds two trips and a debit inline (pt-BR amounts, the IBGE
municipality picker), cancels a trip with its reason, closes the contract after the confirmation dialog and
downloads the PDF, whose text is read back; the next trip form keeps the previous trip's parties and route; a
contract opened without its value is held (what it lacks linked to the completion form, whose UF select fills its
municipality picker), then completed and declared."""
import io

import pytest
from pypdf import PdfReader

from tests.browser.conftest import follow_menu, htmx_settled, log_in
from tests.fixtures.agregado import in_period

pytestmark = pytest.mark.browser
SLOW = 30_000


def pick(page, picker_id: str, text: str, option: str):
    """Type into a registry picker, wait for its options, and click the one named `option`."""
    with htmx_settled(page, page.locator(f"#{picker_id}").get_attribute("hx-get").split("?")[0]):
        page.locator(f"#{picker_id}").fill(text)
    page.locator(f"#{picker_id}-list").get_by_role("option", name=option).click()


def fill_trip(page, valor, destino, recebedor):
    page.fill("#trip-form [name='data_viagem']", in_period(1, "08:00"))
    page.fill("#trip-form [name='expedidor_cpf_cnpj']", "11222333000181")
    page.fill("#trip-form [name='expedidor_nome']", "Embarcadora SA")
    # the recebedor comes from the registry picker, which fills its CPF/CNPJ and name
    pick(page, "recebedor-picker", "Comercial", recebedor.legal_name)
    assert page.input_value("#trip-form [name='recebedor_nome']") == recebedor.legal_name
    with htmx_settled(page, "municipios?origem_uf=SP"):
        page.select_option("#trip-form [name='origem_uf']", "SP")
    page.fill("#trip-form [name='origem_municipio_nome']", "Campinas")
    with htmx_settled(page, "municipios?destino_uf=RJ"):
        page.select_option("#trip-form [name='destino_uf']", "RJ")
    # the picker now suggests the state's municipalities
    assert page.locator("#municipios-destino option[value='Niterói']").count() == 1
    page.fill("#trip-form [name='destino_municipio_nome']", destino)
    page.fill("#trip-form [name='valor']", valor)
    page.fill("#trip-form [name='peso_carga']", "10.000")


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_open_add_trips_and_debit_close_and_download(browser_page, make_user, make_tac, make_partner, company,
                                                     tmp_path):
    partner = make_tac()
    recebedor = make_partner(company, legal_name="Comercial Destino Ltda", roles=["destinatario"])
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    follow_menu(page, "Agregados")
    page.get_by_role("link", name="Novo contrato").click()
    pick(page, "pick-transportador", partner.legal_name[:6], partner.legal_name)
    assert page.input_value("[name='partner_id']") == str(partner.id)
    page.fill("[name='placa_cavalo']", "ABC1D23")
    page.fill("[name='placas_reboques']", "DEF4G56")
    page.fill("[name='valor_contratado']", "15.000,00")
    page.select_option("[name='tipo_pagamento']", "pix")
    page.fill("[name='chave_pix']", "joao@exemplo.com.br")
    page.fill("[name='eixos_cavalo']", "3")
    page.fill("[name='eixos_reboques']", "3")
    page.get_by_role("button", name="Abrir contrato").click()
    page.get_by_text("aberto e declarado na ANTT").wait_for(timeout=SLOW)
    codigo = page.get_by_test_id("codigo-ciot").inner_text().split()[0]
    assert len(codigo) == 12 and codigo.isdigit()

    fill_trip(page, "1.500,50", "Niterói", recebedor)
    with htmx_settled(page, "/viagens"):
        page.get_by_test_id("add-trip").click()
    page.locator("#agregado-message", has_text="Viagem 1 lançada").wait_for()
    # the next trip starts from the previous one's parties and route; date and value start empty
    assert page.input_value("#trip-form [name='expedidor_nome']") == "Embarcadora SA"
    assert page.input_value("#trip-form [name='recebedor_nome']") == recebedor.legal_name
    assert page.input_value("#trip-form [name='origem_municipio_nome']") == "Campinas"
    assert page.input_value("#trip-form [name='destino_municipio_nome']") == "Niterói"
    assert page.input_value("#trip-form [name='destino_uf']") == "RJ"
    assert page.input_value("#trip-form [name='valor']") == ""
    fill_trip(page, "800,00", "Rio de Janeiro", recebedor)
    with htmx_settled(page, "/viagens"):
        page.get_by_test_id("add-trip").click()
    page.locator("#agregado-message", has_text="Viagem 2 lançada").wait_for()

    page.select_option("#debit-form [name='tipo']", "adiantamento")
    page.fill("#debit-form [name='valor']", "300,50")
    page.fill("#debit-form [name='motivo']", "Adiantamento de diesel")
    with htmx_settled(page, "/debitos"):
        page.get_by_test_id("add-debit").click()
    page.locator("#agregado-message", has_text="Débito 1 lançado").wait_for()
    assert "Saldo R$ 2.000,00" in page.get_by_test_id("saldo").inner_text()

    row = page.locator("tr[data-kind='viagem'][data-numero='2']")
    row.get_by_text("Cancelar").click()
    row.get_by_placeholder("Motivo").fill("Viagem não realizada")
    row.get_by_role("button", name="Confirmar").click()
    with htmx_settled(page, "/cancelar"):
        page.locator("#confirm-dialog [data-confirm-ok]").click()
    page.locator("tr[data-kind='viagem'][data-numero='2'][data-cancelled='true']").wait_for()
    assert "Saldo R$ 1.200,00" in page.get_by_test_id("saldo").inner_text()

    page.fill("#close-form [name='peso_carga_final']", "10.000")
    page.fill("#close-form [name='motivo']", "Fim da safra")
    page.get_by_test_id("close-contract").click()
    with htmx_settled(page, "/encerrar"):
        page.locator("#confirm-dialog [data-confirm-ok]").click()
    page.locator("#agregado-message", has_text="encerrado na ANTT").wait_for()
    assert page.get_by_test_id("rotas").count() == 1

    with page.expect_download(timeout=SLOW) as info:
        page.get_by_test_id("pdf-link").click()
    download = info.value
    assert download.suggested_filename.endswith(f"-{codigo}.pdf")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(path.read_bytes())).pages)
    for expected in (codigo, "Contrato de Agregado", "Encerrado", "Rotas consolidadas", "Campinas/SP → Niterói/RJ",
                     "Cancelada: Viagem não realizada", "Adiantamento de diesel", "Embarcadora SA / Comercial",
                     "R$ 1.200,00", "HOMOLOGAÇÃO"):
        assert expected in text, expected


def test_the_list_filter_picks_a_carrier_and_emptying_it_shows_all_again(browser_page, make_user, company, api,
                                                                          make_tac):
    from tests.fixtures.agregado import agregado_body
    first, second = make_tac(legal_name="Joaquim Primeiro"), make_tac(legal_name="Joana Segunda")
    codes = {}
    for partner in (first, second):
        response = api.post("/ciot-agregado/operations", json=agregado_body(partner))
        codes[partner.legal_name] = response.get_json()["data"]["code"]
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    page.goto("/ciot/agregados/")
    rows = page.locator("[data-testid='agregados'] tbody tr")
    assert rows.count() == 2
    with htmx_settled(page, "partner_id="):
        pick(page, "pick-filtro-transportador", "Joana", "Joana Segunda")
    assert rows.count() == 1 and page.locator(f"tr[data-code='{codes['Joana Segunda']}']").count() == 1
    assert f"partner_id={second.id}" in page.url  # the filtered list can be shared
    with htmx_settled(page, "/ciot/agregados/?"):
        page.locator("#pick-filtro-transportador").fill("")
    assert rows.count() == 2 and str(second.id) not in page.url


def test_a_contract_opened_without_its_value_is_held_then_completed(browser_page, make_user, make_tac, company):
    """The page holds what the API holds: opened without the freight value, the contract is registered but not
    declared; the completion form gives the value and the contract is declared."""
    partner = make_tac()
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    follow_menu(page, "Agregados")
    page.get_by_role("link", name="Novo contrato").click()
    pick(page, "pick-transportador", partner.legal_name[:6], partner.legal_name)
    page.fill("[name='placa_cavalo']", "ABC1D23")
    page.select_option("[name='tipo_pagamento']", "pix")
    page.fill("[name='chave_pix']", "joao@exemplo.com.br")
    page.fill("[name='eixos_cavalo']", "2")
    page.get_by_role("button", name="Abrir contrato").click()
    page.get_by_text("registrado e retido").first.wait_for(timeout=SLOW)
    assert "valor contratado" in page.get_by_test_id("bloqueios").inner_text()
    assert page.get_by_test_id("add-trip").count() == 0
    # what is missing links to its input in the completion form, whose UF select fills its municipality picker
    page.get_by_test_id("bloqueios").get_by_role("link", name="Valor contratado").click()
    page.wait_for_url("**#valor_contratado")
    with htmx_settled(page, "municipios?origem_uf=RJ"):
        page.select_option("#rectify-form [name='origem_uf']", "RJ")
    assert page.locator("#rectify-municipios-origem option[value='Niterói']").count() == 1
    assert page.locator("#rectify-form [name='origem_municipio_nome']").get_attribute("list") == \
        "rectify-municipios-origem"
    page.select_option("#rectify-form [name='origem_uf']", "")
    page.fill("#rectify-form [name='valor_contratado']", "9.500,00")
    with htmx_settled(page, "/retificar"):
        page.get_by_test_id("rectify").click()
    page.locator("#agregado-message", has_text="aberto e declarado na ANTT").wait_for()
    codigo = page.get_by_test_id("codigo-ciot").inner_text().split()[0]
    assert len(codigo) == 12 and codigo.isdigit()
    assert page.get_by_test_id("bloqueios").count() == 0 and page.get_by_test_id("add-trip").count() == 1


def test_the_completion_form_fills_a_trailers_axles_from_the_fleet(browser_page, make_user, make_tac, make_vehicle,
                                                                   company):
    """Held for its trailer's axles (the trailer not in the fleet then); once the trailer is registered, the
    completion form's fleet picker finds it, fills its axles, and the contract is completed and declared."""
    partner = make_tac()
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    follow_menu(page, "Agregados")
    page.get_by_role("link", name="Novo contrato").click()
    pick(page, "pick-transportador", partner.legal_name[:6], partner.legal_name)
    page.fill("[name='valor_contratado']", "9.500,00")
    page.fill("[name='placa_cavalo']", "ABC1D23")
    page.fill("[name='placas_reboques']", "DEF4G56")
    page.select_option("[name='tipo_pagamento']", "pix")
    page.fill("[name='chave_pix']", "joao@exemplo.com.br")
    page.fill("[name='eixos_cavalo']", "3")
    page.get_by_role("button", name="Abrir contrato").click()
    page.get_by_text("registrado e retido").first.wait_for(timeout=SLOW)
    assert page.input_value("#rectify-form [name='eixos_reboques']") == ""
    make_vehicle(company, plate="DEF4G56", axles=3, vehicle_type="Carreta LS")
    pick(page, "rectify-pick-vehicle", "DEF4", "DEF4G56")
    assert page.input_value("#rectify-form [name='eixos_reboques']") == "3"
    assert "DEF4G56" in page.locator("#rectify-pick-vehicle-note").inner_text()
    with htmx_settled(page, "/retificar"):
        page.get_by_test_id("rectify").click()
    page.locator("#agregado-message", has_text="aberto e declarado na ANTT").wait_for()
    assert page.get_by_test_id("bloqueios").count() == 0
