"""In Chromium: an operator imports a vehicle spreadsheet (upload -> preview -> confirm -> report), then finds
the new vehicles with the live search; forms show the schema errors inline (htmx 422 swap)."""
import csv
import re

import pytest
from playwright.sync_api import expect

from core.db import db
from core.tenancy import tenant_scope
from domain.fleet import services
from domain.fleet.models import Vehicle
from domain.fleet.schemas import VehicleCreate
from domain.partners.models import PartnerBankAccount
from tests.browser.conftest import htmx_settled, log_in
from tests.fixtures.partners import unique_plate

pytestmark = pytest.mark.browser


def plates(company) -> set[str]:
    db.session.expire_all()
    with tenant_scope(company.id):
        return set(db.session.execute(db.select(Vehicle.plate)).scalars())


def test_import_spreadsheet_preview_confirm_report(browser_page, make_user, company, tmp_path):
    with tenant_scope(company.id):
        services.create_vehicle(company, VehicleCreate(plate="REG1A23"))
        db.session.commit()
    path = tmp_path / "frota.csv"
    with open(path, "w", newline="", encoding="utf-8-sig") as fh:
        csv.writer(fh, delimiter=";").writerows([
            ["Placa", "Tipo", "Marca", "Modelo", "Ano", "Capacidade (kg)"],
            ["ABC1D23", "truck", "Volvo", "FH 540", "2021", "23.000"],   # 2 novo
            ["XYZ-9876", "toco", "Mercedes", "Atego", "2019", "8000"],   # 3 novo
            ["abc1d23", "", "", "", "", ""],                             # 4 duplicado (line 2)
            ["REG1A23", "", "", "", "", ""],                             # 5 duplicado (registered)
            ["PLACA-RUIM", "", "", "", "1800", ""],                      # 6 inválido
        ])

    page = browser_page
    log_in(page, make_user(company, role="operador"))
    page.locator("nav.sidebar").get_by_role("link", name="Veículos").click()
    page.get_by_role("link", name="Importar planilha").click()
    page.get_by_label("Arquivo (.csv ou .xlsx, até 2 MiB)").set_input_files(str(path))
    page.get_by_role("button", name="Pré-visualizar").click()

    preview = page.get_by_test_id("import-preview")
    preview.wait_for()
    expect(page).to_have_url(re.compile("/veiculos/importar/"))  # HX-Push-Url: a reload shows the same preview
    assert page.get_by_test_id("count-novo").inner_text() == "2"
    assert page.get_by_test_id("count-duplicado").inner_text() == "2"
    assert page.get_by_test_id("count-invalido").inner_text() == "1"
    row4 = page.locator('[data-testid="preview-rows"] tr[data-line="4"]')
    assert "duplicado" in row4.inner_text() and "linha 2" in row4.inner_text()
    assert "inválido" in page.locator('tr[data-line="6"]').inner_text()
    assert plates(company) == {"REG1A23"}

    page.get_by_test_id("confirm-import").click()
    page.get_by_test_id("import-report").wait_for()
    assert page.get_by_test_id("report-created").inner_text() == "2"
    assert page.get_by_test_id("report-duplicates").inner_text() == "2"
    assert page.get_by_test_id("report-invalid").inner_text() == "1"
    report = page.get_by_test_id("report-rows")
    assert "criado" in report.locator('tr[data-line="2"]').inner_text()
    assert "Placa já cadastrada" in report.locator('tr[data-line="5"]').inner_text()
    assert plates(company) == {"REG1A23", "ABC1D23", "XYZ9876"}

    page.get_by_role("link", name="Ver veículos").click()
    page.wait_for_url("**/veiculos")
    # live search: no button, htmx fetches 300 ms after typing stops
    with htmx_settled(page, "/veiculos", query={"q": "xyz-98"}):
        page.get_by_label("Buscar").fill("xyz-98")
    assert page.locator('[data-testid="vehicle-list"] tbody tr').count() == 1
    # the list shows plates formatted (XYZ-9876); the stored value above is the bare one
    assert "XYZ-9876" in page.get_by_test_id("vehicle-list").inner_text()
    expect(page).to_have_url(re.compile("xyz-98"))  # hx-push-url keeps the filter on reload


def test_inline_errors_and_load_more(browser_page, make_user, company):
    with tenant_scope(company.id):
        services.bulk_create_vehicles(company, [{"plate": unique_plate()} for _ in range(55)])
        db.session.commit()
    page = browser_page
    log_in(page, make_user(company, role="admin"))
    page.goto("/veiculos")
    rows = page.locator('[data-testid="vehicle-list"] tbody tr[data-id]')
    assert rows.count() == 50
    with htmx_settled(page, "/veiculos"):
        page.get_by_test_id("load-more").click()
    assert rows.count() == 55
    assert page.get_by_test_id("load-more").count() == 0

    page.goto("/veiculos/novo")
    page.get_by_label("Placa").fill("12")
    page.get_by_label("Ano de fabricação").fill("1800")
    page.get_by_role("button", name="Cadastrar veículo").click()
    page.get_by_text("Placa inválida: use AAA9999 ou o padrão Mercosul AAA9A99.").wait_for()
    assert page.get_by_text("Ano de fabricação deve estar entre 1950").is_visible()
    assert page.get_by_label("Placa").input_value() == "12"  # what was typed stays
    page.get_by_label("Placa").fill("BRA2E19")
    page.get_by_label("Ano de fabricação").fill("2020")
    page.get_by_role("button", name="Cadastrar veículo").click()
    page.get_by_text("Veículo cadastrado.").wait_for()  # HX-Redirect to the vehicle page
    assert "BRA2E19" in plates(company)


def test_partner_bank_accounts_inline(browser_page, make_user, company, make_partner):
    partner = make_partner(legal_name="Transportes Inline Ltda")
    page = browser_page
    log_in(page, make_user(company, role="operador"))
    page.goto(f"/parceiros/{partner.id}")
    section = page.locator("#bank-accounts")
    section.get_by_role("button", name="Adicionar conta").click()
    form = page.get_by_test_id("bank-account-form")
    form.get_by_label("Banco (código)").fill("34")
    form.get_by_label("Agência").fill("1234")
    form.get_by_label("Conta", exact=True).fill("56789-0")
    form.get_by_label("CPF/CNPJ do titular").fill("111.444.777-00")
    form.get_by_role("button", name="Adicionar conta").click()
    page.get_by_text("Código do banco deve ter 3 dígitos (COMPE).").wait_for()
    assert page.get_by_text("CPF inválido (dígito verificador não confere).").is_visible()
    form = page.get_by_test_id("bank-account-form")
    form.get_by_label("Banco (código)").fill("341")
    form.get_by_label("CPF/CNPJ do titular").fill("529.982.247-25")
    form.get_by_role("button", name="Adicionar conta").click()
    row = page.locator('[data-testid="bank-accounts"] tbody tr[data-id]')
    row.wait_for()
    assert "341" in row.inner_text() and "529.982.247-25" in row.inner_text()

    row.get_by_role("button", name="Editar").click()
    edit = page.get_by_test_id("bank-account-form")
    edit.get_by_label("Chave PIX").fill("pix@example.com")
    edit.get_by_role("button", name="Salvar conta").click()
    page.locator('[data-testid="bank-accounts"] td', has_text="pix@example.com").wait_for()

    page.locator('[data-testid="bank-accounts"]').get_by_role("button", name="Remover").click()
    page.locator("dialog#confirm-dialog").get_by_role("button", name="Confirmar").click()  # hx-confirm, kit dialog
    page.get_by_text("Nenhuma conta cadastrada.").wait_for()
    db.session.expire_all()
    with tenant_scope(company.id):
        assert db.session.execute(db.select(PartnerBankAccount)).first() is None
