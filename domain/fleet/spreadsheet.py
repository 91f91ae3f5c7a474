"""Reading a vehicle spreadsheet: a CSV (UTF-8, Windows-1252, Latin-1 or UTF-16 with BOM; `;`, `,` or tab) or
the first sheet of an XLSX, into lines of the known columns as text. Only spreadsheet habits are undone here
(pt-BR numbers, "Ativo", a RENAVAM typed as a number); every rule stays with the API schema, applied by
domain/fleet/staged_import.py (preview and confirmation).

Every problem with the file as a whole is an `ImportRejected` with a pt-BR reason, never another exception.
"""
import csv
import io
import re
import unicodedata
import warnings
import zipfile
from dataclasses import dataclass, field
from datetime import date, datetime, time

from core.errors import AppError
from core.formatting import number, parse_decimal
from core.validators import FieldInvalid

MAX_BYTES = 2 * 1024 * 1024          # upload size
MAX_ROWS = 5_000                     # data lines (header excluded, blank lines not counted)
MAX_CELL_CHARS = 2_001               # longer than any field allows (notes: 2000): still judged "too long"
MAX_TEXT_CHARS = 4 * 1024 * 1024     # all kept cells together (bounds what a compressed XLSX can expand to)
MAX_XLSX_UNCOMPRESSED = 40 * 1024 * 1024
MAX_COLUMNS = 100

# Header names accepted for each column (compared without accents, case, spaces, hyphens or parentheses).
HEADER_ALIASES = {
    "plate": ("plate", "placa", "placa_veiculo", "placa_do_veiculo"),
    "vehicle_type": ("vehicle_type", "tipo", "tipo_veiculo", "tipo_de_veiculo", "tipo_do_veiculo"),
    "renavam": ("renavam",),
    "brand": ("brand", "marca", "fabricante"),
    "model": ("model", "modelo"),
    "year": ("year", "ano", "ano_fabricacao", "ano_de_fabricacao"),
    "capacity_kg": ("capacity_kg", "capacidade_kg", "capacidade", "capacity"),
    "axles": ("axles", "eixos", "qtd_eixos", "numero_de_eixos", "quantidade_de_eixos"),
    "status": ("status", "situacao"),
    "notes": ("notes", "observacoes", "observacao", "obs"),
}
_ALIAS_TO_COLUMN = {alias: column for column, aliases in HEADER_ALIASES.items() for alias in aliases}


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


UTF16_BOMS = ((b"\xff\xfe", "utf-16-le", "UTF-16 LE"), (b"\xfe\xff", "utf-16-be", "UTF-16 BE"))


def _decode(data: bytes) -> tuple[str, str]:
    """The text of a CSV and the name of its encoding. UTF-16 (Excel's "Texto Unicode" export, tab-separated) is
    recognised by its byte-order mark; otherwise UTF-8 (with or without BOM), then Windows-1252, then Latin-1."""
    text = label = None
    for bom, encoding, name in UTF16_BOMS:
        if data.startswith(bom):
            try:
                text, label = data[len(bom):].decode(encoding), name
            except UnicodeDecodeError:
                raise ImportRejected(f"O arquivo começa como {name} mas não é um texto {name} válido.",
                                     code="invalid_encoding") from None
            break
    if text is None:
        if b"\x00" in data:
            raise ImportRejected("O arquivo não parece ser um CSV de texto (contém bytes binários).",
                                 code="binary_file")
        for encoding, name in (("utf-8-sig", "UTF-8"), ("cp1252", "Windows-1252"), ("latin-1", "Latin-1")):
            try:
                text, label = data.decode(encoding), name
                break
            except UnicodeDecodeError:
                continue
    controls = sum(1 for ch in text if unicodedata.category(ch) == "Cc" and ch not in "\t\r\n")
    if controls > max(2, len(text) // 200):
        raise ImportRejected("O arquivo não parece ser um CSV de texto (caracteres de controle).", code="binary_file")
    if not text.strip(" \t\r\n\ufeff"):
        raise ImportRejected("O arquivo está vazio.", code="empty_file")
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
        raise ImportRejected(f"CSV malformado: {exc}.", code="invalid_csv") from exc


def _read_xlsx(data: bytes, max_rows: int) -> Sheet:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            entries = archive.infolist()
            if len(entries) > 1000 or sum(e.file_size for e in entries) > MAX_XLSX_UNCOMPRESSED:
                raise ImportRejected("O XLSX descompactado é grande demais.", code="file_too_large")
            if "xl/workbook.xml" not in {e.filename for e in entries}:
                raise ImportRejected("O arquivo não é um XLSX válido (é um ZIP sem planilha).", code="invalid_xlsx")
    except zipfile.BadZipFile:
        raise ImportRejected("O arquivo não é um XLSX válido.", code="invalid_xlsx") from None

    # import here: openpyxl takes ≈ 140 ms to import, and only an .xlsx vehicle import needs it (not every process)
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
            raise ImportRejected(f"A planilha tem mais de {number(max_rows, 0)} linhas de dados; divida-a em arquivos "
                                 "menores.", code="too_many_rows")
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


def pt_number(text: str) -> str:
    """"23.000,50", "23.000" or "23000,5" (pt-BR) as "23000.50" / "23000" / "23000.5"; anything else unchanged,
    for the schema to read or refuse ("23000.5", "1.5", "abc")."""
    try:
        value = parse_decimal(text, places=len(text))  # as many decimals as typed: the schema judges them
    except FieldInvalid:
        return text
    return text if value is None else str(value)


def _clean_cell(column: str, cell) -> str | None:
    """Text as the API would receive it. Only spreadsheet habits are undone here (pt-BR numbers, "Ativo",
    RENAVAM typed as a number); every rule stays with the schema."""
    if cell is None:
        return None
    text = str(cell).strip()[:MAX_CELL_CHARS]
    if not text:
        return None
    if column in ("capacity_kg", "year", "axles"):
        if not isinstance(cell, _Number):
            text = pt_number(text)
    elif column == "status":
        text = normalise_header(text)
    elif column == "renavam" and isinstance(cell, _Number) and text.isdigit():
        text = text.zfill(11)
    return text
