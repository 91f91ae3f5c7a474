"""CSV downloads that spreadsheets open safely: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return
is prefixed with `'`, so Excel/LibreOffice show it as text instead of running it as a formula (CSV injection).
Numbers we write ourselves are passed as int/Decimal and left alone. `;` separated, UTF-8 with BOM (Excel pt-BR)."""
import csv
import io

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_bytes(header, rows) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe_cell(value) for value in row])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")
