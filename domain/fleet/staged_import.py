"""Vehicle spreadsheet import staged for review (pages only): preview every line of an upload, then confirm.

The file is parsed once, at upload (domain/fleet/spreadsheet.py). Its lines (only the known columns, as text)
are kept server-side in a `JobProgress` row of the company (kind `vehicle_import`), so the confirmation never
trusts data posted back by the browser and another company's preview id is a 404 (tenancy filters the row like
any other).

Every line is checked with the API's own rules: the preview with `validate_vehicle_row` (the schema of
POST /vehicles) plus one lookup of the plates already registered; the confirmation with
`bulk_create_vehicles` (the service of the API's bulk path), in chunks, inside one transaction, so plates
created by someone else between preview and confirmation are reported as duplicates, not inserted twice.

Marks, per spreadsheet line (the header is line 1):
  novo       valid and its plate is free: created on confirmation
  duplicado  the plate is repeated on an earlier line of the file, or already registered in the company
  inválido   the schema refused it; the reason carries the field messages of the API
"""
import re
from dataclasses import dataclass, field
from datetime import timedelta

from core.db import db, utcnow
from core.errors import Conflict, NotFound
from core.models import JobProgress
from core.progress import start_progress
from core.tenancy import get_owned
from domain.fleet.queries import vehicle_ids_by_plate
from domain.fleet.schemas import MAX_BULK_ITEMS, validate_vehicle_row
from domain.fleet.services import bulk_create_vehicles
from domain.fleet.spreadsheet import MAX_BYTES, MAX_ROWS, SheetRow, read_sheet

KIND = "vehicle_import"
PREVIEW_TTL = timedelta(hours=24)
MARK_NEW, MARK_DUPLICATE, MARK_INVALID = "novo", "duplicado", "inválido"


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


def classify(rows: list[SheetRow], headers: dict | None = None) -> list[LineResult]:
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
        registered.update(vehicle_ids_by_plate(plates[start:start + 500]))
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
    results = classify(sheet.rows, sheet.columns)
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
        for vehicle, line in zip(result.created, _created_lines(chunk, result), strict=False):
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
