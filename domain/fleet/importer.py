"""Vehicle spreadsheet import (pages only): read a CSV or XLSX, preview every line, then confirm.

The file is parsed once, at upload. Its lines (only the known columns, as text) are kept server-side in a
`JobProgress` row of the company (kind `vehicle_import`), so the confirmation never trusts data posted back by
the browser and another company's preview id is a 404 (tenancy filters the row like any other).

Every line is checked with the API's own rules: the preview with `validate_vehicle_row` (the schema of
POST /vehicles) plus one lookup of the plates already registered; the confirmation with
`bulk_create_vehicles` (the service of the API's bulk path), in chunks, inside one transaction, so plates
created by someone else between preview and confirmation are reported as duplicates, not inserted twice.

Marks, per spreadsheet line (the header is line 1):
  novo       valid and its plate is free: created on confirmation
  duplicado  the plate is repeated on an earlier line of the file, or already registered in the company
  inválido   the schema refused it; the reason carries the field messages of the API
"""
import csv
import io
import re
import unicodedata
import warnings
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from core.db import db, utcnow
from core.errors import AppError, Conflict, NotFound
from core.models import JobProgress
from core.progress import start_progress
from core.tenancy import get_owned
from domain.fleet.queries import vehicle_ids_by_plate
from domain.fleet.schemas import MAX_BULK_ITEMS, validate_vehicle_row
from domain.fleet.services import bulk_create_vehicles

KIND = "vehicle_import"
MAX_BYTES = 2 * 1024 * 1024          # upload size
MAX_ROWS = 5_000                     # data lines (header excluded, blank lines not counted)
MAX_CELL_CHARS = 2_001               # longer than any field allows (notes: 2000): still judged "too long"
MAX_TEXT_CHARS = 4 * 1024 * 1024     # all kept cells together (bounds what a compressed XLSX can expand to)
MAX_XLSX_UNCOMPRESSED = 40 * 1024 * 1024
MAX_COLUMNS = 100
PREVIEW_TTL = timedelta(hours=24)

COLUMNS = ("plate", "vehicle_type", "renavam", "brand", "model", "year", "capacity_kg", "status", "notes")

# Header names accepted for each column (compared without accents, case, spaces, hyphens or parentheses).
HEADER_ALIASES = {
    "plate": ("plate", "placa", "placa_veiculo", "placa_do_veiculo"),
    "vehicle_type": ("vehicle_type", "tipo", "tipo_veiculo", "tipo_de_veiculo", "tipo_do_veiculo"),
    "renavam": ("renavam",),
    "brand": ("brand", "marca", "fabricante"),
    "model": ("model", "modelo"),
    "year": ("year", "ano", "ano_fabricacao", "ano_de_fabricacao"),
    "capacity_kg": ("capacity_kg", "capacidade_kg", "capacidade", "capacity"),
    "status": ("status", "situacao"),
    "notes": ("notes", "observacoes", "observacao", "obs"),
}
_ALIAS_TO_COLUMN = {alias: column for column, aliases in HEADER_ALIASES.items() for alias in aliases}

MARK_NEW, MARK_DUPLICATE, MARK_INVALID = "novo", "duplicado", "inválido"


class ImportRejected(AppError):
    """The file as a whole cannot be imported (type, size, encoding, header): shown next to the upload field."""
    status, code, message = 422, "import_rejected", "Não foi possível ler a planilha."


@dataclass
class SheetRow:
    line: int                  # spreadsheet line number (header = 1)
    values: dict               # column -> text or None, only the known columns


@dataclass
class Sheet:
    kind: str                  # csv | xlsx
    encoding: str | None
    delimiter: str | None
    columns: dict              # column -> header as written in the file
    ignored: list              # headers that match no column
    rows: list = field(default_factory=list)


# --- Reading -----------------------------------------------------------------------------------

def read_sheet(filename: str, data: bytes, *, max_bytes: int = MAX_BYTES, max_rows: int = MAX_ROWS) -> Sheet:
    """Parse an upload into lines of known columns. Raises ImportRejected with a pt-BR reason, never anything else."""
    name = (filename or "").strip().lower()
    extension = name.rsplit(".", 1)[-1] if "." in name else ""
    if len(data) > max_bytes:
        raise ImportRejected(f"Arquivo maior que o limite de {_size(max_bytes)}.", code="file_too_large")
    if not data.strip(b" \t\r\n\xef\xbb\xbf"):
        raise ImportRejected("O arquivo está vazio.", code="empty_file")
    if data[:4] == b"PK\x03\x04":
        return _read_xlsx(data, max_rows)
    if data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
        raise ImportRejected("Planilhas .xls (Excel 97-2003) não são aceitas: salve como .xlsx ou .csv.",
                             code="unsupported_type")
    if extension in ("xlsx", "xlsm"):
        raise ImportRejected("O arquivo não é um XLSX válido.", code="invalid_xlsx")
    if extension not in ("csv", "txt", ""):
        raise ImportRejected("Tipo de arquivo não aceito: envie .csv ou .xlsx.", code="unsupported_type")
    return _read_csv(data, max_rows)


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:.0f} MiB" if n >= 1024 * 1024 else f"{n // 1024} KiB"


def _decode(data: bytes) -> tuple[str, str]:
    if b"\x00" in data:
        raise ImportRejected("O arquivo não parece ser um CSV de texto (contém bytes binários).", code="binary_file")
    for encoding, label in (("utf-8-sig", "UTF-8"), ("cp1252", "Windows-1252"), ("latin-1", "Latin-1")):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    controls = sum(1 for ch in text if unicodedata.category(ch) == "Cc" and ch not in "\t\r\n")
    if controls > max(2, len(text) // 200):
        raise ImportRejected("O arquivo não parece ser um CSV de texto (caracteres de controle).", code="binary_file")
    return text, label


def _sniff_delimiter(text: str) -> str:
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {d: first.count(d) for d in (";", ",", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def _read_csv(data: bytes, max_rows: int) -> Sheet:
    text, encoding = _decode(data)
    delimiter = _sniff_delimiter(text)
    try:
        records = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        return _collect("csv", encoding, delimiter, records, max_rows)
    except csv.Error as exc:
        raise ImportRejected(f"CSV malformado: {exc}.", code="invalid_csv")


def _read_xlsx(data: bytes, max_rows: int) -> Sheet:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            entries = archive.infolist()
            if len(entries) > 1000 or sum(e.file_size for e in entries) > MAX_XLSX_UNCOMPRESSED:
                raise ImportRejected("O XLSX descompactado é grande demais.", code="file_too_large")
            if "xl/workbook.xml" not in {e.filename for e in entries}:
                raise ImportRejected("O arquivo não é um XLSX válido (é um ZIP sem planilha).", code="invalid_xlsx")
    except zipfile.BadZipFile:
        raise ImportRejected("O arquivo não é um XLSX válido.", code="invalid_xlsx")

    from openpyxl import load_workbook
    workbook = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")   # openpyxl warns about styles and extensions it does not read
            # read_only streams the sheet; data_only=False: a formula is read as its text and never evaluated.
            workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
            sheet = workbook.worksheets[0]
            records = (
                [_cell_text(value, column) for column, value in enumerate(row)]
                for row in sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True)
            )
            return _collect("xlsx", None, None, records, max_rows)
    except ImportRejected:
        raise
    except Exception as exc:  # openpyxl raises many types (KeyError, ValueError, lxml errors...) on broken files
        raise ImportRejected("Não foi possível ler o XLSX: o arquivo está corrompido ou não é uma planilha.",
                             code="invalid_xlsx") from exc
    finally:
        if workbook is not None:
            workbook.close()


def _cell_text(value, _column) -> str | None:
    """XLSX cells arrive typed; the schema reads text like the CSV, so numbers are written back plainly."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return _Number(value)
    if isinstance(value, float):
        return _Number(int(value)) if value.is_integer() else _Number(repr(value))
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time() else value.isoformat()
    if isinstance(value, (date, time)):
        return value.isoformat()
    return str(value)


class _Number(str):
    """Text of a numeric XLSX cell: already a plain number (no pt-BR separators to undo), and a whole number
    may have lost leading zeros (Excel drops a RENAVAM's)."""


def normalise_header(text) -> str:
    text = unicodedata.normalize("NFKD", str(text or "")).encode("ascii", "ignore").decode().lower().strip()
    return re.sub(r"_+", "_", re.sub(r"[\s\-./()]+", "_", text)).strip("_")


def _collect(kind: str, encoding, delimiter, records, max_rows: int) -> Sheet:
    header, columns, positions, ignored = None, {}, {}, []
    rows, kept_chars = [], 0
    for line, record in enumerate(records, start=1):
        if header is None:
            if not any(_present(cell) for cell in record):
                raise ImportRejected("A primeira linha deve trazer os nomes das colunas (cabeçalho).",
                                     code="missing_header")
            header = record
            for position, title in enumerate(header):
                name = normalise_header(title)
                column = _ALIAS_TO_COLUMN.get(name)
                if column is None:
                    if _present(title):
                        ignored.append(str(title).strip())
                    continue
                if column in columns:
                    raise ImportRejected(f"As colunas “{columns[column]}” e “{str(title).strip()}” "
                                         f"são a mesma ({column}).", code="duplicate_column")
                columns[column] = str(title).strip()
                positions[column] = position
            if "plate" not in columns:
                raise ImportRejected("A planilha precisa de uma coluna “placa” (ou “plate”) no cabeçalho.",
                                     code="missing_plate_column")
            continue
        values = {}                                  # an empty cell is a field not sent
        for column, position in positions.items():
            text = _clean_cell(column, record[position] if position < len(record) else None)
            if text is not None:
                values[column] = text
        if not values:
            continue  # blank line (also the empty tail Excel leaves)
        if len(rows) >= max_rows:
            raise ImportRejected(f"A planilha tem mais de {max_rows:,} linhas de dados; divida-a em arquivos menores."
                                 .replace(",", "."), code="too_many_rows")
        kept_chars += sum(len(v) for v in values.values())
        if kept_chars > MAX_TEXT_CHARS:
            raise ImportRejected("O conteúdo da planilha é grande demais.", code="file_too_large")
        rows.append(SheetRow(line, values))
    if header is None:
        raise ImportRejected("O arquivo está vazio.", code="empty_file")
    if not rows:
        raise ImportRejected("A planilha só tem o cabeçalho: nenhuma linha de veículo para importar.",
                             code="no_rows")
    return Sheet(kind, encoding, delimiter, columns, ignored, rows)


def _present(cell) -> bool:
    return cell is not None and str(cell).strip() != ""


_PT_THOUSANDS = re.compile(r"\d{1,3}(\.\d{3})+(,\d+)?")
_PT_DECIMAL = re.compile(r"\d+,\d+")


def pt_number(text: str) -> str:
    """"23.000,50", "23.000" or "23000,5" (pt-BR) as "23000.50" / "23000" / "23000.5"; anything else unchanged."""
    if _PT_THOUSANDS.fullmatch(text) or _PT_DECIMAL.fullmatch(text):
        return text.replace(".", "").replace(",", ".")
    return text


def _clean_cell(column: str, cell) -> str | None:
    """Text as the API would receive it. Only spreadsheet habits are undone here (pt-BR numbers, "Ativo",
    RENAVAM typed as a number); every rule stays with the schema."""
    if cell is None:
        return None
    text = str(cell).strip()[:MAX_CELL_CHARS]
    if not text:
        return None
    if column in ("capacity_kg", "year"):
        if not isinstance(cell, _Number):
            text = pt_number(text)
    elif column == "status":
        text = normalise_header(text)
    elif column == "renavam" and isinstance(cell, _Number) and text.isdigit():
        text = text.zfill(11)
    return text


# --- Preview -----------------------------------------------------------------------------------

@dataclass
class LineResult:
    line: int
    mark: str
    plate: str | None
    reason: str = ""
    values: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"line": self.line, "mark": self.mark, "plate": self.plate, "reason": self.reason}


def _messages(details, headers: dict | None = None) -> str:
    """The schema's messages, each named by the column header as the file writes it (else the API field)."""
    headers = headers or {}
    return "; ".join(f"{headers.get(d.field, d.field)}: {d.message}" for d in details)


def classify(company, rows: list[SheetRow], headers: dict | None = None) -> list[LineResult]:
    """Mark each line novo / duplicado / inválido, with the API schema and one lookup per 500 plates."""
    results, first_line = [], {}
    for row in rows:
        data, details = validate_vehicle_row(dict(row.values))
        plate_text = row.values.get("plate")
        if data is None:
            results.append(LineResult(row.line, MARK_INVALID, plate_text, _messages(details, headers), row.values))
            continue
        result = LineResult(row.line, MARK_NEW, data.plate, "", row.values)
        if data.plate in first_line:
            result.mark, result.reason = MARK_DUPLICATE, f"Placa repetida na planilha (linha {first_line[data.plate]})."
        else:
            first_line[data.plate] = row.line
        results.append(result)
    plates = [r.plate for r in results if r.mark == MARK_NEW]
    registered = {}
    for start in range(0, len(plates), 500):
        registered.update(vehicle_ids_by_plate(company.id, plates[start:start + 500]))
    for result in results:
        if result.mark == MARK_NEW and result.plate in registered:
            result.mark, result.reason = MARK_DUPLICATE, "Placa já cadastrada na empresa."
    return results


def summary(results) -> dict:
    counts = {MARK_NEW: 0, MARK_DUPLICATE: 0, MARK_INVALID: 0}
    for result in results:
        counts[result["mark"] if isinstance(result, dict) else result.mark] += 1
    return counts


def create_preview(company, filename: str, data: bytes, *, user=None, max_bytes: int = MAX_BYTES,
                   max_rows: int = MAX_ROWS) -> JobProgress:
    """Parse and check the upload; store it as the company's pending import. The caller commits."""
    sheet = read_sheet(filename, data, max_bytes=max_bytes, max_rows=max_rows)
    results = classify(company, sheet.rows, sheet.columns)
    safe_name = re.sub(r"[\x00-\x1f]", "", (filename or "planilha"))[-120:]
    params = {
        "state": "preview",
        "filename": safe_name,
        "kind": sheet.kind, "encoding": sheet.encoding, "delimiter": sheet.delimiter,
        "columns": sheet.columns, "ignored": sheet.ignored[:50],
        "rows": [{"line": row.line, "values": row.values} for row in sheet.rows],
        "preview": [result.as_dict() for result in results],
        "counts": summary(results),
    }
    return start_progress(company, KIND, f"Importação de veículos: {safe_name}", total=len(sheet.rows),
                          params=params, user=user)


def get_import(import_id, *, for_update: bool = False) -> JobProgress:
    """The company's import (tenancy applies); another kind of job or another company's id is a 404."""
    job = get_owned(JobProgress, import_id, for_update=for_update)
    if job.kind != KIND:
        raise NotFound()
    return job


# --- Confirmation ------------------------------------------------------------------------------

def confirm_import(company, job: JobProgress, *, actor=None) -> dict:
    """Create the lines that are still new, re-checking everything now, in the caller's transaction.

    Returns the report: created / duplicates / invalid, each by spreadsheet line. Confirming twice returns
    the first report and creates nothing more (the row is locked with FOR UPDATE by `get_import`)."""
    params = dict(job.params or {})
    if params.get("state") == "done":
        return params["report"]
    if utcnow() - job.created_at > PREVIEW_TTL:
        raise Conflict("Esta pré-visualização expirou: envie a planilha de novo.", code="import_expired")
    rows = params.get("rows") or []
    created, duplicates, invalid = [], [], []
    new_ids = {}                                     # id of a vehicle created by this import -> its line
    for start in range(0, len(rows), MAX_BULK_ITEMS):
        chunk = rows[start:start + MAX_BULK_ITEMS]
        result = bulk_create_vehicles(company, [dict(row["values"]) for row in chunk], actor=actor)
        for vehicle, line in zip(result.created, _created_lines(chunk, result)):
            new_ids[vehicle.id] = line
            created.append({"line": line, "plate": vehicle.plate, "id": str(vehicle.id)})
        for conflict in result.conflicts:
            line = chunk[conflict.index]["line"]
            if conflict.existing_id in new_ids:
                reason = f"Placa repetida na planilha (linha {new_ids[conflict.existing_id]})."
            else:
                reason = "Placa já cadastrada na empresa."
            duplicates.append({"line": line, "plate": conflict.key, "reason": reason})
        for error in result.errors:
            row = chunk[error.index]
            invalid.append({"line": row["line"], "plate": row["values"].get("plate"),
                            "reason": _messages(error.error.details, params.get("columns")) or error.error.message})
    report = {"created": created, "duplicates": sorted(duplicates, key=lambda d: d["line"]),
              "invalid": sorted(invalid, key=lambda d: d["line"]),
              "counts": {"created": len(created), "duplicates": len(duplicates), "invalid": len(invalid)}}
    params.update(state="done", report=report, confirmed_at=utcnow().isoformat())
    job.params = params                               # a new dict: the JSON column notices the change
    job.state, job.done = "done", len(rows)
    job.message = (f"{len(created)} criados, {len(duplicates)} duplicados, {len(invalid)} inválidos.")
    db.session.flush()
    return report


def _created_lines(chunk, result) -> list[int]:
    """Lines of the created records: the items that were neither a conflict nor an error, in order."""
    skipped = {c.index for c in result.conflicts} | {e.index for e in result.errors}
    return [row["line"] for index, row in enumerate(chunk) if index not in skipped]


def template_csv() -> str:
    """A sample file with the documented pt-BR headers (offered for download on the import page)."""
    return ("placa;tipo;renavam;marca;modelo;ano;capacidade_kg;status;observacoes\r\n"
            "ABC1D23;truck;;Volvo;FH 540;2022;23000;ativo;\r\n")
