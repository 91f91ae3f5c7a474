"""CSV downloads that spreadsheets open safely: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return
is prefixed with `'`, so Excel/LibreOffice show it as text instead of running it as a formula (CSV injection).
Numbers we write ourselves are passed as int/Decimal and left alone. `;` separated, UTF-8 with BOM (Excel pt-BR)."""
import csv
import io
from collections.abc import Iterator

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_stream(header, rows, chunk_rows: int = 500) -> Iterator[bytes]:
    """The CSV in chunks (BOM and header first, then `chunk_rows` rows at a time), for a streamed download of any
    number of rows: `rows` may be a generator reading them in batches."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    buffer.write("\ufeff")
    writer.writerow(header)
    for count, row in enumerate(rows, 1):
        writer.writerow([safe_cell(value) for value in row])
        if count % chunk_rows == 0:
            yield _drain(buffer)
    yield _drain(buffer)


def _drain(buffer: io.StringIO) -> bytes:
    data = buffer.getvalue().encode("utf-8")
    buffer.seek(0)
    buffer.truncate()
    return data


