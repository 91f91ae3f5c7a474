"""A dispatcher fills the CIOT form in Chromium, sees a rule fire while typing, fixes it, emits and downloads the
declaration PDF."""
import io
import os
import re
from datetime import timedelta

import pytest
from pypdf import PdfReader

from core.clock import brasilia_today
from tests.browser.conftest import follow_menu, log_in
from tests.fixtures.ciot import CONTRATADO_CPF, CONTRATANTE_CNPJ, DESTINATARIO_CNPJ
from tests.fixtures.core import csrf_from  # noqa: F401  (same login flow as the page tests)

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("CIOT_SCREENSHOTS")  # a folder: save screenshots of each step (for reviewing the UI)
SLOW = 30_000  # ms: server round trips (live validation, emission, PDF) on a loaded CI machine


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def live_row(page, code):
    return page.locator(f"#ciot-live-results tr[data-code='{code}']")


@pytest.mark.parametrize("viewport", ["390", "1366"], indirect=True)
def test_fill_validate_live_emit_and_download_the_pdf(browser_page, make_user, make_vehicle, company, tmp_path):
    make_vehicle(company, plate="DEF4567", axles=3)  # in the fleet registry: the form takes its axles from there
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    follow_menu(page, "Operações", exact=True)
    page.get_by_role("link", name="Nova operação", exact=True).click()
    page.wait_for_url("**/ciot/nova")
    today = brasilia_today()

    page.fill("[name='contratado_cpf_cnpj']", "529.982.247-25")
    page.fill("[name='contratado_rntrc']", "012345678")
    page.select_option("[name='contratado_tipo']", "TAC")
    page.fill("[name='contratado_nome']", "João da Silva")
    page.fill("[name='contratantes[0].cpf_cnpj']", CONTRATANTE_CNPJ)
    page.fill("[name='contratantes[0].nome']", "Embarcadora Contratante SA")
    page.fill("[name='contratantes[0].percentual']", "100")

    # origin/destination: municipality (the default type)
    page.fill("[name='origem.uf']", "SP")
    page.fill("[name='origem.codigo_municipio']", "3550308")
    page.fill("[name='origem.municipio_nome']", "São Paulo")
    page.fill("[name='destino.uf']", "RJ")
    page.fill("[name='destino.codigo_municipio']", "3304557")
    page.fill("[name='destino.municipio_nome']", "Rio de Janeiro")
    page.fill("[name='distancia_km']", "430")
    page.fill("[name='viagem_inicio']", f"{(today + timedelta(days=1)).isoformat()}T08:00")
    page.fill("[name='viagem_fim']", f"{(today + timedelta(days=3)).isoformat()}T18:00")
    page.fill("[name='codigo_natureza_carga']", "0001")
    page.select_option("[name='codigo_tipo_carga']", "5")
    page.select_option("[name='composicao_contratada']", "completa")
    page.select_option("[name='alto_desempenho']", "false")
    page.fill("[name='peso_carga']", "20000")
    page.fill("[name='valor_frete']", "5000")

    # vehicles: the tractor in row 0, then a trailer added inline; a third row added and removed again
    page.fill("[name='vehicles[0].plate']", "ABC1D23")
    page.fill("[name='vehicles[0].axles']", "3")  # the trailer's axles come from the fleet registry
    page.get_by_role("button", name="+ Adicionar veículo").click()
    page.fill("[name='vehicles[1].plate']", "DEF4567")
    page.get_by_role("button", name="+ Adicionar veículo").click()
    page.locator("#row-vehicles-2").wait_for()
    page.locator("#row-vehicles-2").get_by_role("button", name="Remover veículo").click()
    page.locator("#row-vehicles-2").wait_for(state="detached")

    # payment: root bank data of the contracted TAC and one installment by PIX
    page.select_option("[name='tipo_pagamento']", "conta_corrente")
    page.select_option("[name='indicador_pagamento']", "prazo")
    page.fill("[name='bank_code']", "001")
    page.fill("[name='agency']", "1234")
    page.fill("[name='account_number']", "56789-0")
    page.fill("[name='cpf_cnpj_owner']", CONTRATADO_CPF)
    page.get_by_role("button", name="+ Adicionar pagamento").click()
    page.select_option("[name='payments[0].kind']", "saldo")
    page.select_option("[name='payments[0].tipo_pagamento']", "pix")
    page.select_option("[name='payments[0].indicador_pagamento']", "prazo")
    page.fill("[name='payments[0].amount']", "5000")
    page.fill("[name='payments[0].due_date']", (today + timedelta(days=5)).isoformat())
    page.fill("[name='payments[0].codigo_pagamento']", CONTRATADO_CPF)
    page.select_option("[name='payments[0].tipo_chave_pix']", "cpf")

    # no destinatário yet: the live panel lists DS01 and flags the input
    live_row(page, "DS01").wait_for(timeout=SLOW)
    assert live_row(page, "DS01").get_attribute("data-field") == "destinatario_cpf_cnpj"
    assert "CPF/CNPJ do destinatário" in live_row(page, "DS01").inner_text()  # by its label, in pt-BR
    page.locator("#err-destinatario-cpf-cnpj").get_by_text("DS01").wait_for(timeout=SLOW)
    shot(page, "1-ds01")

    page.fill("[name='destinatario_cpf_cnpj']", DESTINATARIO_CNPJ)
    page.fill("[name='destinatario_nome']", "Comercial Destino Ltda")
    live_row(page, "DS01").wait_for(state="detached", timeout=SLOW)
    assert page.locator("#err-destinatario-cpf-cnpj").inner_text() == ""
    blockers = page.locator("#ciot-live-results tr[data-severity='blocker'], #ciot-live-results tr.schema-error")
    assert blockers.count() == 0, page.locator("#ciot-live-results").inner_text()
    shot(page, "2-fixed")

    page.get_by_role("button", name="Salvar operação").click()
    page.wait_for_url(re.compile(r"/ciot/[0-9a-f-]{36}$"), timeout=SLOW)
    page.get_by_text("criada").first.wait_for()
    shot(page, "3-created")

    page.get_by_role("button", name="Emitir CIOT (homologação)").click()
    dialog = page.locator("dialog#confirm-dialog")  # irreversible: asked once
    assert "só pode ser cancelado ou encerrado" in dialog.inner_text()
    dialog.get_by_role("button", name="Confirmar").click()
    page.locator("#operation-panel[data-status='emitido']").wait_for(timeout=SLOW)
    codigo = page.locator(".ciot-code").inner_text().strip()
    assert len(codigo) == 12 and codigo.isdigit()
    assert page.locator("#timeline li[data-type='emission_succeeded']").count() == 1
    shot(page, "4-emitted")

    with page.expect_download(timeout=SLOW) as info:
        page.get_by_role("link", name="Baixar PDF da declaração").click()
    download = info.value
    assert download.suggested_filename.endswith(f"-{codigo}.pdf")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(path.read_bytes())).pages)
    for expected in (codigo, "João da Silva", "529.982.247-25", "Comercial Destino Ltda", "ABC1D23", "DEF-4567",
                     "HOMOLOGAÇÃO", "Declaração de Operação de Transporte"):
        assert expected in text, expected
