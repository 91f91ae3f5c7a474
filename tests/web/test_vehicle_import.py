"""Vehicle spreadsheet import: real CSV and XLSX files (written with csv/openpyxl into tmp_path), preview marks
by line, confirmation report by line, re-check on confirm, tenancy of the stored preview, hostile uploads."""
import csv
import io
import re
import uuid
import zipfile
from datetime import timedelta
from decimal import Decimal

import openpyxl
import pytest

from core.db import db
from core.models import JobProgress
from core.tenancy import tenant_scope
from domain.fleet import services, spreadsheet, staged_import
from domain.fleet.models import Vehicle
from domain.fleet.schemas import VehicleCreate, renavam_check_digit
from tests.fixtures.partners import unique_plate
from tests.web.test_cadastros_helpers import HTMX, text, token

HEADER_PT = ["placa", "tipo", "renavam", "marca", "modelo", "ano", "capacidade_kg", "status", "observacoes"]
HEADER_EN = ["plate", "vehicle_type", "renavam", "brand", "model", "year", "capacity_kg", "status", "notes"]
FORMULA = "=cmd|' /C calc'!A0"


@pytest.fixture
def admin(login, make_user, company):
    user = make_user(company, role="admin")
    client = login(user)
    client.user = user
    return client


def renavam(first10="0123456789") -> str:
    return first10 + str(renavam_check_digit(first10))


def write_csv(path, rows, *, delimiter=";", encoding="utf-8-sig") -> bytes:
    with open(path, "w", newline="", encoding=encoding) as fh:
        csv.writer(fh, delimiter=delimiter).writerows(rows)
    return path.read_bytes()


def write_xlsx(path, rows) -> bytes:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(row)
    workbook.save(path)
    return path.read_bytes()


def upload(client, data: bytes, filename: str, *, htmx=True):
    headers = dict(HTMX) if htmx else {}
    return client.post("/veiculos/importar", headers=headers, content_type="multipart/form-data",
                       data={"csrf_token": token(client), "arquivo": (io.BytesIO(data), filename)})


def import_id(response) -> str:
    assert response.status_code == 200, text(response)
    return response.headers["HX-Push-Url"].rsplit("/", 1)[-1]


def confirm(client, imp_id, *, htmx=True):
    headers = dict(HTMX) if htmx else {}
    return client.post(f"/veiculos/importar/{imp_id}/confirmar", headers=headers,
                       data={"csrf_token": token(client)})


def marks(html: str) -> dict[int, str]:
    return {int(line): mark for line, mark in re.findall(r'<tr data-line="(\d+)" data-mark="([^"]+)"', html)}


def outcomes(html: str) -> dict[int, str]:
    return {int(line): out for line, out in re.findall(r'<tr data-line="(\d+)" data-outcome="([^"]+)"', html)}


def line_text(html: str, line: int) -> str:
    match = re.search(rf'<tr data-line="{line}"[^>]*>(.*?)</tr>', html, re.S)
    return re.sub(r"\s+", " ", match.group(1)) if match else ""


def error_of(response) -> str:
    # a refused upload: the file field's inline error; a refused confirmation: the preview's error flash
    match = re.search(r'(?:id="arquivo-error"|data-testid="import-error")>(.*?)</', text(response), re.S)
    return match.group(1).strip() if match else ""


def vehicles(company) -> dict[str, Vehicle]:
    db.session.expire_all()
    with tenant_scope(company.id):
        return {v.plate: v for v in db.session.execute(db.select(Vehicle)).scalars()}


def register(company, plate):
    with tenant_scope(company.id):
        vehicle = services.create_vehicle(company, VehicleCreate(plate=plate))
        db.session.commit()
    return vehicle


# --- The page ------------------------------------------------------------------------------------

def test_import_page_documents_the_columns(admin):
    html = text(admin.get("/veiculos/importar"))
    for alias in ("placa", "tipo", "marca", "modelo", "ano", "capacidade_kg", "observacoes", "renavam"):
        assert f"{alias}" in html
    assert 'name="arquivo"' in html and 'enctype="multipart/form-data"' in html
    sample = admin.get("/veiculos/importar/modelo.csv")
    assert sample.mimetype == "text/csv" and sample.data.startswith(b"\xef\xbb\xbfplaca;tipo")


# --- CSV: preview, confirm, report -----------------------------------------------------------------

def test_csv_preview_and_confirm_report_by_line(admin, company, tmp_path):
    register(company, "REG1A23")
    ren = renavam()
    rows = [
        HEADER_PT,
        ["abc-1d23", "truck", ren, "Volvo", "FH 540", "2021", "23.000,50", "Ativo", "baú frigorífico"],  # 2 novo
        ["XYZ9876", "toco", "", "Mercedes", "Atego", "2019", "8000", "manutenção", FORMULA],  # 3 novo
        ["ABC1D23", "carreta", "", "", "", "", "", "", ""],          # 4 duplicado (line 2 in the file)
        ["REG1A23", "", "", "", "", "", "", "", ""],                 # 5 duplicado (registered)
        ["PLACA", "", "", "", "", "", "", "", ""],                   # 6 inválido (plate)
        ["QWE1R23", "", "12345678901", "", "", "1800", "", "vendido", ""],  # 7 inválido (renavam, year, status)
        ["", "", "", "", "", "", "", "", ""],                        # 8 blank: skipped
        ["", "truck", "", "", "", "", "", "", ""],                   # 9 inválido (no plate)
    ]
    data = write_csv(tmp_path / "frota.csv", rows)
    assert data.startswith(b"\xef\xbb\xbf")
    response = upload(admin, data, "frota.csv")
    imp = import_id(response)
    html = text(response)
    assert marks(html) == {2: "novo", 3: "novo", 4: "duplicado", 5: "duplicado", 6: "inválido", 7: "inválido",
                           9: "inválido"}
    assert "Placa repetida na planilha (linha 2)." in line_text(html, 4)
    assert "Placa já cadastrada na empresa." in line_text(html, 5)
    # the schema's messages, named by the headers as the file writes them
    assert "placa: Placa inválida" in line_text(html, 6)
    assert all(f in line_text(html, 7) for f in ("renavam: RENAVAM inválido", "ano: Ano de fabricação",
                                                 "status: Valor não permitido"))
    assert "placa: Campo obrigatório." in line_text(html, 9)
    assert 'data-testid="count-novo">2<' in html and 'data-testid="count-invalido">3<' in html
    assert "CSV UTF-8" in html and "separador “;”" in html
    assert set(vehicles(company)) == {"REG1A23"}  # nothing written before the confirmation

    report = confirm(admin, imp)
    assert report.status_code == 200, text(report)
    html = text(report)
    assert outcomes(html) == {2: "criado", 3: "criado", 4: "duplicado", 5: "duplicado", 6: "inválido",
                              7: "inválido", 9: "inválido"}
    assert "placa: Placa inválida" in line_text(html, 6)
    assert "Placa repetida na planilha (linha 2)." in line_text(html, 4)
    assert 'data-testid="report-created">2<' in html
    stored = vehicles(company)
    assert set(stored) == {"REG1A23", "ABC1D23", "XYZ9876"}
    first = stored["ABC1D23"]
    assert (first.renavam, first.capacity_kg, first.status, first.notes, first.year) == (
        ren, Decimal("23000.50"), "ativo", "baú frigorífico", 2021)
    assert first.created_by_user_id == admin.user.id
    second = stored["XYZ9876"]
    assert second.status == "manutencao"
    assert second.notes == FORMULA  # stored as plain text, never evaluated
    assert f'href="/veiculos/{first.id}"' in html


def test_latin1_csv_with_comma_delimiter(admin, company, tmp_path):
    rows = [["Placa", "Marca", "Observações"], ["BRA2E19", "Agrale", "Caminhão São João"]]
    data = write_csv(tmp_path / "excel.csv", rows, delimiter=",", encoding="cp1252")
    assert b"\xe3" in data  # "ã" in Windows-1252
    response = upload(admin, data, "excel.csv")
    assert "Windows-1252" in text(response) and "separador “,”" in text(response)
    confirm(admin, import_id(response))
    assert vehicles(company)["BRA2E19"].notes == "Caminhão São João"


def test_utf8_without_bom(admin, company, tmp_path):
    data = write_csv(tmp_path / "a.csv", [["plate", "notes"], ["BRA2E19", "ação"]], encoding="utf-8")
    assert not data.startswith(b"\xef\xbb\xbf")
    confirm(admin, import_id(upload(admin, data, "a.csv")))
    assert vehicles(company)["BRA2E19"].notes == "ação"


def write_unicode_text(path, rows, *, encoding: str) -> bytes:
    """What Excel's "Salvar como > Texto Unicode" writes: UTF-16 with its byte-order mark, tab-separated, CRLF."""
    with open(path, "w", newline="", encoding=encoding) as fh:
        if encoding != "utf-16":  # the explicit-endian codecs write no BOM by themselves
            fh.write("\ufeff")
        csv.writer(fh, delimiter="\t", lineterminator="\r\n").writerows(rows)
    return path.read_bytes()


@pytest.mark.parametrize("encoding, bom, label", [
    ("utf-16-le", b"\xff\xfe", "UTF-16 LE"),
    ("utf-16-be", b"\xfe\xff", "UTF-16 BE"),
])
def test_excel_unicode_text_utf16(admin, company, tmp_path, encoding, bom, label):
    rows = [["Placa", "Marca", "Capacidade (kg)", "Observações"],
            ["BRA2E19", "Agrale", "23.000,50", "Caminhão São João — “baú”"],
            ["XYZ9876", "Volvo", "", 'com\ttab e "aspas"']]
    data = write_unicode_text(tmp_path / "unicode.txt", rows, encoding=encoding)
    assert data.startswith(bom) and b"\x00" in data
    response = upload(admin, data, "unicode.txt")
    assert f"CSV {label}" in text(response) and "separador “tab”" in text(response)
    confirm(admin, import_id(response))
    stored = vehicles(company)
    assert stored["BRA2E19"].notes == "Caminhão São João — “baú”"
    assert stored["BRA2E19"].capacity_kg == Decimal("23000.50")
    assert stored["XYZ9876"].notes == 'com\ttab e "aspas"'


def test_utf16_with_default_bom_of_the_platform(admin, company, tmp_path):
    data = write_unicode_text(tmp_path / "u.txt", [["placa", "obs"], ["BRA2E19", "ação"]], encoding="utf-16")
    confirm(admin, import_id(upload(admin, data, "u.txt")))
    assert vehicles(company)["BRA2E19"].notes == "ação"


@pytest.mark.parametrize("data, message", [
    (b"\xff\xfe" + "placa\r\nBRA2E19".encode("utf-16-le") + b"\x00", "não é um texto UTF-16 LE válido"),
    (b"\xfe\xff" + "\r\n  \r\n".encode("utf-16-be"), "O arquivo está vazio."),
    (b"\xff\xfe" + "placa\n".encode("utf-16-le") + "\x07\x08".encode("utf-16-le") * 50,
     "não parece ser um CSV de texto"),
])
def test_broken_utf16_gets_a_clear_error(admin, data, message):
    response = upload(admin, data, "u.txt")
    assert response.status_code == 422 and message in error_of(response), error_of(response)


def test_header_only_csv(admin, tmp_path):
    response = upload(admin, write_csv(tmp_path / "h.csv", [HEADER_PT]), "h.csv")
    assert response.status_code == 422
    assert error_of(response) == "A planilha só tem o cabeçalho: nenhuma linha de veículo para importar."


def test_missing_plate_column(admin, tmp_path):
    response = upload(admin, write_csv(tmp_path / "m.csv", [["marca", "modelo"], ["Volvo", "FH"]]), "m.csv")
    assert response.status_code == 422 and "coluna “placa”" in error_of(response)


def test_unknown_columns_are_listed_and_ignored(admin, company, tmp_path):
    data = write_csv(tmp_path / "x.csv", [["Placa", "Cor", "Motorista"], ["BRA2E19", "azul", "Zé"]])
    response = upload(admin, data, "x.csv")
    assert "ignoradas: Cor, Motorista" in text(response)


def test_same_column_twice_is_refused(admin, tmp_path):
    response = upload(admin, write_csv(tmp_path / "d.csv", [["placa", "plate"], ["BRA2E19", "BRA2E19"]]), "d.csv")
    assert response.status_code == 422 and "são a mesma (plate)" in error_of(response)


# --- XLSX ------------------------------------------------------------------------------------------

def test_xlsx_preview_and_confirm(admin, company, tmp_path):
    register(company, "OLD1234")
    ren = renavam("0012345678")
    rows = [
        HEADER_EN + ["cor"],
        ["MER1C05", "carreta", int(ren), "Scania", "R450", 2022, 30000.5, "ativo", "ok", "azul"],   # 2 novo
        ["old-1234", "truck", None, None, None, 2018, None, None, None, None],                 # 3 duplicado (db)
        [None] * 10,                                                                            # 4 blank
        ["MER1C05", None, None, None, None, None, None, None, None, None],                    # 5 duplicado (line 2)
        ["BAD", None, None, None, None, "abc", None, None, FORMULA, None],                     # 6 inválido
        ["ZZZ9Z99", None, None, None, None, 2023, 12.345, "inativo", FORMULA, None],            # 7 inválido: 3 decimals
        ["KKK1K11", "vuc", None, None, None, 2020, 5000, "INATIVO", FORMULA, None],             # 8 novo
    ]
    data = write_xlsx(tmp_path / "frota.xlsx", rows)
    response = upload(admin, data, "frota.xlsx")
    html = text(response)
    assert marks(html) == {2: "novo", 3: "duplicado", 5: "duplicado", 6: "inválido", 7: "inválido", 8: "novo"}
    assert "XLSX (primeira aba)" in html and "ignoradas: cor" in html
    assert "year: Deve ser um número inteiro." in line_text(html, 6)
    assert "capacity_kg" in line_text(html, 7)
    report = text(confirm(admin, import_id(response)))
    assert outcomes(report) == {2: "criado", 3: "duplicado", 5: "duplicado", 6: "inválido", 7: "inválido",
                                8: "criado"}
    stored = vehicles(company)
    assert stored["MER1C05"].renavam == ren  # leading zeros lost by Excel restored
    assert stored["MER1C05"].capacity_kg == Decimal("30000.50") and stored["MER1C05"].year == 2022
    assert stored["KKK1K11"].status == "inativo"
    assert stored["KKK1K11"].notes == FORMULA


def test_xlsx_named_csv_is_read_as_xlsx(admin, company, tmp_path):
    data = write_xlsx(tmp_path / "f.xlsx", [["placa"], ["BRA2E19"]])
    response = upload(admin, data, "planilha.csv")
    assert marks(text(response)) == {2: "novo"}


# --- Confirmation re-checks, is idempotent, and is tenant-owned ----------------------------------------

def test_confirm_rechecks_plates_registered_meanwhile(admin, company, tmp_path):
    data = write_csv(tmp_path / "r.csv", [["placa"], ["AAA1A11"], ["BBB2B22"], ["CCC3C33"]])
    imp = import_id(upload(admin, data, "r.csv"))
    register(company, "BBB2B22")  # someone else, between preview and confirmation
    html = text(confirm(admin, imp))
    assert outcomes(html) == {2: "criado", 3: "duplicado", 4: "criado"}
    assert "Placa já cadastrada na empresa." in line_text(html, 3)
    assert len(vehicles(company)) == 3


def test_confirm_twice_creates_once(admin, company, tmp_path):
    imp = import_id(upload(admin, write_csv(tmp_path / "t.csv", [["placa"], ["AAA1A11"]]), "t.csv"))
    first = text(confirm(admin, imp))
    second = text(confirm(admin, imp))
    assert outcomes(first) == outcomes(second) == {2: "criado"}
    assert len(vehicles(company)) == 1
    page = text(admin.get(f"/veiculos/importar/{imp}"))
    assert outcomes(page) == {2: "criado"} and "<html" in page


def test_confirm_does_not_trust_posted_rows(admin, company, tmp_path):
    imp = import_id(upload(admin, write_csv(tmp_path / "p.csv", [["placa"], ["AAA1A11"]]), "p.csv"))
    response = admin.post(f"/veiculos/importar/{imp}/confirmar", headers=HTMX,
                          data={"csrf_token": token(admin), "rows": '[{"line": 2, "values": {"plate": "HAC1K00"}}]',
                                "plate": "HAC1K00"})
    assert outcomes(text(response)) == {2: "criado"}
    assert set(vehicles(company)) == {"AAA1A11"}


def test_preview_survives_a_reload_and_works_without_htmx(admin, company, tmp_path):
    data = write_csv(tmp_path / "n.csv", [["placa"], ["AAA1A11"]])
    response = upload(admin, data, "n.csv", htmx=False)
    assert response.status_code == 302
    page = text(admin.get(response.headers["Location"]))
    assert marks(page) == {2: "novo"} and "<html" in page
    imp = response.headers["Location"].rsplit("/", 1)[-1]
    assert confirm(admin, imp, htmx=False).status_code == 302
    assert outcomes(text(admin.get(f"/veiculos/importar/{imp}"))) == {2: "criado"}


def test_another_company_import_is_404(login, make_user, make_company, admin, company, tmp_path):
    imp = import_id(upload(admin, write_csv(tmp_path / "o.csv", [["placa"], ["AAA1A11"]]), "o.csv"))
    other = make_company()
    intruder = login(make_user(other, role="admin"))
    assert intruder.get(f"/veiculos/importar/{imp}").status_code == 404
    assert confirm(intruder, imp).status_code == 404
    assert vehicles(company) == {} and vehicles(other) == {}
    assert admin.get(f"/veiculos/importar/{uuid.uuid4()}").status_code == 404
    assert admin.get("/veiculos/importar/xyz").status_code == 404


def test_expired_preview_is_refused(admin, company, tmp_path):
    imp = import_id(upload(admin, write_csv(tmp_path / "e.csv", [["placa"], ["AAA1A11"]]), "e.csv"))
    with tenant_scope(company.id):
        job = db.session.get(JobProgress, uuid.UUID(imp))
        job.created_at = job.created_at - staged_import.PREVIEW_TTL - timedelta(minutes=1)
        db.session.commit()
    response = confirm(admin, imp)
    assert response.status_code == 422 and "expirou" in error_of(response)
    assert vehicles(company) == {}


@pytest.mark.parametrize("role", ["leitura", "financeiro"])
def test_read_only_roles_cannot_import(login, make_user, company, admin, role, tmp_path):
    imp = import_id(upload(admin, write_csv(tmp_path / "l.csv", [["placa"], ["AAA1A11"]]), "l.csv"))
    reader = login(make_user(company, role=role))
    data = write_csv(tmp_path / "r.csv", [["placa"], ["BBB1B11"]])
    assert reader.post("/veiculos/importar", content_type="multipart/form-data", headers={"X-CSRFToken": token(reader)},
                       data={"arquivo": (io.BytesIO(data), "r.csv")}).status_code == 403
    assert confirm(reader, imp).status_code == 403
    assert reader.get(f"/veiculos/importar/{imp}").status_code == 403
    assert vehicles(company) == {}


def test_the_row_limit_itself_is_accepted(admin, company, tmp_path):
    rows = [["placa", "ano"]] + [[f"{chr(65 + i // 1000 % 26)}{chr(65 + i // 100 % 10)}A{i:04d}", "2020"]
                                 for i in range(spreadsheet.MAX_ROWS)]
    assert len({r[0] for r in rows[1:]}) == spreadsheet.MAX_ROWS
    response = upload(admin, write_csv(tmp_path / "big.csv", rows), "big.csv")
    html = text(response)
    assert f'data-testid="count-novo">{spreadsheet.MAX_ROWS}<' in html
    assert "e mais 4500 linhas novas" in html
    report = text(confirm(admin, import_id(response)))
    assert f'data-testid="report-created">{spreadsheet.MAX_ROWS}<' in report
    assert len(vehicles(company)) == spreadsheet.MAX_ROWS


# --- Hostile and broken uploads: a clear message, never a 500 ------------------------------------------

@pytest.mark.parametrize("name, data, message", [
    ("junk.csv", bytes(range(256)) * 40, "não parece ser um CSV de texto"),
    ("junk.csv", b"\x1b\x07\x08\x0e\x0f" * 500 + b"placa\nABC1D23\n", "não parece ser um CSV de texto"),
    ("junk.xlsx", b"this is not a zip" * 10, "não é um XLSX válido"),
    ("empty.csv", b"", "O arquivo está vazio."),
    ("blank.csv", b"\xef\xbb\xbf\r\n\r\n  \n", "O arquivo está vazio."),
    ("old.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, "Planilhas .xls (Excel 97-2003) não são aceitas"),
    ("photo.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, "Tipo de arquivo não aceito"),
    ("report.pdf", b"%PDF-1.4 placa\nABC1D23\n", "Tipo de arquivo não aceito: envie .csv ou .xlsx."),
    ("quoted.csv", b'placa;notes\nABC1D23;"' + b"x" * 200_000 + b'"\n', "CSV malformado"),
])
def test_bad_files_get_a_clear_error(admin, company, name, data, message):
    response = upload(admin, data, name)
    assert response.status_code == 422, text(response)
    assert message in error_of(response), error_of(response)
    assert 'name="arquivo"' in text(response)  # the upload form again, to try another file
    with tenant_scope(company.id):
        assert db.session.execute(db.select(JobProgress)).first() is None


def test_zip_that_is_not_a_workbook(admin, tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("hello.txt", "hi")
    response = upload(admin, buffer.getvalue(), "fake.xlsx")
    assert response.status_code == 422 and "ZIP sem planilha" in error_of(response)


def test_corrupted_workbook(admin, tmp_path):
    data = write_xlsx(tmp_path / "c.xlsx", [["placa"], ["ABC1D23"]])
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(buffer, "w") as target:
        for entry in source.infolist():
            target.writestr(entry, b"<broken" if entry.filename.startswith("xl/worksheets/") else source.read(entry))
    response = upload(admin, buffer.getvalue(), "c.xlsx")
    assert response.status_code == 422 and "Não foi possível ler o XLSX" in error_of(response)


def test_zip_bomb_is_refused_before_parsing(admin):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/workbook.xml", "<workbook/>")
        archive.writestr("xl/sharedStrings.xml", b" " * (spreadsheet.MAX_XLSX_UNCOMPRESSED + 1))
    assert len(buffer.getvalue()) < 200_000
    response = upload(admin, buffer.getvalue(), "bomb.xlsx")
    assert response.status_code == 422 and "descompactado é grande demais" in error_of(response)


def test_file_over_the_size_limit(admin, tmp_path):
    line = "ABC1D23;" + "x" * 100 + "\n"
    data = ("placa;observacoes\n" + line * (spreadsheet.MAX_BYTES // len(line) + 10)).encode()
    assert spreadsheet.MAX_BYTES < len(data) < spreadsheet.MAX_BYTES + 256 * 1024
    response = upload(admin, data, "huge.csv")
    assert response.status_code == 422 and error_of(response) == "Arquivo maior que o limite de 2 MiB."


def test_body_far_over_the_limit_is_a_clear_error_not_a_500(admin):
    data = b"placa\n" + b"ABC1D23\n" * (3 * 1024 * 1024 // 8)
    response = upload(admin, data, "enorme.csv")
    assert response.status_code == 422
    assert error_of(response) == "Arquivo maior que o limite de 2 MiB."


def test_more_rows_than_the_limit(admin, tmp_path):
    rows = [["placa"]] + [[unique_plate()] for _ in range(spreadsheet.MAX_ROWS + 1)]
    response = upload(admin, write_csv(tmp_path / "rows.csv", rows), "rows.csv")
    assert response.status_code == 422 and "mais de 5.000 linhas" in error_of(response)


def test_too_many_rows_in_xlsx(admin, tmp_path):
    rows = [["placa"]] + [[unique_plate()] for _ in range(spreadsheet.MAX_ROWS + 1)]
    response = upload(admin, write_xlsx(tmp_path / "rows.xlsx", rows), "rows.xlsx")
    assert response.status_code == 422 and "mais de 5.000 linhas" in error_of(response)


def test_upload_without_a_file(admin):
    response = admin.post("/veiculos/importar", headers=HTMX, content_type="multipart/form-data",
                          data={"csrf_token": token(admin)})
    assert response.status_code == 422 and error_of(response) == "Escolha um arquivo .csv ou .xlsx."


def test_upload_without_csrf_is_refused(admin, tmp_path):
    data = write_csv(tmp_path / "c.csv", [["placa"], ["AAA1A11"]])
    response = admin.post("/veiculos/importar", headers=HTMX, content_type="multipart/form-data",
                          data={"arquivo": (io.BytesIO(data), "c.csv")})
    assert response.status_code == 400


def test_html_in_cells_is_escaped(admin, tmp_path):
    data = write_csv(tmp_path / "x.csv", [["placa", "marca"], ["<script>alert(1)</script>", "x"]])
    html = text(upload(admin, data, "<b>x</b>.csv"))
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    assert "<b>x</b>" not in html


def test_other_forms_keep_the_app_body_limit(admin, app):
    big = "x" * (app.config["MAX_CONTENT_LENGTH"] + 10)
    response = admin.post("/veiculos/novo", data={"csrf_token": token(admin), "notes": big})
    assert response.status_code == 413
    assert "Corpo da requisição maior que o limite permitido." in text(response)
    htmx = admin.post("/veiculos/novo", data={"notes": big}, headers=dict(HTMX, **{"X-CSRFToken": token(admin)}))
    assert htmx.status_code == 413 and htmx.headers["HX-Retarget"] == "main.content"


@pytest.mark.parametrize("cell, sent", [
    ("23.000,50", "23000.50"), ("23.000", "23000"), ("23000,5", "23000.5"), ("2021", "2021"),
    # not pt-BR: left as typed, for the schema to read ("23000.5") or refuse naming the column
    ("23000.5", "23000.5"), ("1.5", "1.5"), ("12,3,4", "12,3,4"), ("1e5", "1e5"), ("abc", "abc"),
])
def test_a_pt_br_number_cell_is_sent_as_the_api_reads_numbers(cell, sent):
    assert spreadsheet.pt_number(cell) == sent
