"""Pages: vehicle spreadsheet import (upload -> preview -> confirm -> report by line number).

The parsed lines stay server-side (domain/fleet/staged_import.py); the browser only holds the import id, which
is looked up through tenancy, so confirming never trusts posted data and another company's id is a 404.
"""
from flask import Response, current_app, render_template, request, url_for
from flask_login import current_user
from flask_wtf.file import FileField
from werkzeug.exceptions import RequestEntityTooLarge

from blueprints.web.access import is_htmx
from blueprints.web.fleet_blueprint import bp
from blueprints.web.record_pages import PlainForm, body_too_large, can_edit, done, editor_required, reader_required
from core.errors import AppError
from domain.fleet import spreadsheet, staged_import

UPLOAD_ENDPOINT = "fleet.vehicle_import_upload"
# Each column by its name on the vehicle form (the key is the API's field, never shown as a word).
COLUMN_LABELS = {"plate": "Placa", "vehicle_type": "Tipo", "renavam": "RENAVAM", "brand": "Marca", "model": "Modelo",
                 "year": "Ano de fabricação", "capacity_kg": "Capacidade (kg)", "axles": "Eixos",
                 "status": "Situação", "notes": "Observações"}
COLUMN_DOCS = {
    "plate": "Obrigatória. AAA9999 ou Mercosul AAA9A99 (hífen e minúsculas aceitos).",
    "vehicle_type": "Ex.: truck, toco, carreta (até 40 caracteres).",
    "renavam": "11 dígitos (ou 9, formato antigo) com dígito verificador.",
    "brand": "Até 60 caracteres.",
    "model": "Até 60 caracteres.",
    "year": "Ano de fabricação, de 1950 até o ano que vem.",
    "capacity_kg": "Em kg; aceita 23000, 23000,5 ou 23.000,50.",
    "axles": "Eixos deste veículo, de 1 a 10 (padrão dos eixos no CIOT).",
    "status": "ativo (padrão), manutencao ou inativo.",
    "notes": "Até 2.000 caracteres.",
}


class UploadForm(PlainForm):
    """The spreadsheet upload (rendered by the kit's `field`; the view reads the file and words every refusal)."""
    arquivo = FileField("Arquivo (.csv ou .xlsx)")


def _limits() -> tuple[int, int]:
    return (current_app.config.get("VEHICLE_IMPORT_MAX_BYTES", spreadsheet.MAX_BYTES),
            current_app.config.get("VEHICLE_IMPORT_MAX_ROWS", spreadsheet.MAX_ROWS))


@bp.record_once
def _allow_import_uploads(state):
    """The upload may exceed the app-wide body limit (MAX_CONTENT_LENGTH, 1 MiB by default). CSRFProtect reads
    the form in an app-level before_request, so the per-request limit is raised by a hook placed before it,
    for this one endpoint only (a little above the file limit, so the view can word the error itself)."""
    def raise_upload_limit():
        if request.endpoint == UPLOAD_ENDPOINT and request.method == "POST":
            request.max_content_length = _limits()[0] + 256 * 1024
    state.app.before_request_funcs.setdefault(None, []).insert(0, raise_upload_limit)


@bp.errorhandler(RequestEntityTooLarge)
def _too_large(exc):
    """Raised while the form is read (CSRF check included): on the upload, the form again with the reason."""
    if request.endpoint == UPLOAD_ENDPOINT:
        return _upload_page(error=f"Arquivo maior que o limite de {_limits()[0] // (1024 * 1024)} MiB.")
    return body_too_large(exc)


def _upload_page(error: str | None = None):
    max_bytes, max_rows = _limits()
    template = "fleet/_import_upload.html" if is_htmx() else "fleet/vehicle_import.html"
    form = UploadForm(formdata=None)  # never reads the request: it may be the one refused as too large
    form.arquivo.label.text = f"Arquivo (.csv ou .xlsx, até {max_bytes // (1024 * 1024)} MiB)"
    form.arquivo.errors = [error] if error else []
    html = render_template(template, form=form, aliases=spreadsheet.HEADER_ALIASES, docs=COLUMN_DOCS,
                           column_labels=COLUMN_LABELS, max_mib=max_bytes // (1024 * 1024), max_rows=max_rows,
                           can_edit=can_edit())
    return html, (422 if error else 200)


@bp.get("/veiculos/importar")
@editor_required
def vehicle_import():
    return _upload_page()


@bp.get("/veiculos/importar/modelo.csv")
@reader_required
def vehicle_import_template():
    return Response("\ufeff" + staged_import.template_csv(), mimetype="text/csv",
                    headers={"Content-Disposition": 'attachment; filename="modelo-importacao-veiculos.csv"'})


@bp.post("/veiculos/importar")
@editor_required
def vehicle_import_upload():
    max_bytes, max_rows = _limits()
    upload = request.files.get("arquivo")
    if upload is None or not upload.filename:
        return _upload_page(error="Escolha um arquivo .csv ou .xlsx.")
    data = upload.stream.read(max_bytes + 1)
    try:
        job = staged_import.create_preview(current_user.company, upload.filename, data, user=current_user,
                                           max_bytes=max_bytes, max_rows=max_rows)
    except spreadsheet.ImportRejected as exc:
        return _upload_page(error=exc.message)
    url = url_for("fleet.vehicle_import_show", import_id=job.id)
    if not is_htmx():
        return done(url)
    response = Response(_render_import(job))
    response.headers["HX-Push-Url"] = url
    return response


@bp.get("/veiculos/importar/<import_id>")
@editor_required
def vehicle_import_show(import_id):
    job = staged_import.get_import(import_id)
    return render_template("fleet/vehicle_import_show.html", job=job, body=_render_import(job))


@bp.post("/veiculos/importar/<import_id>/confirmar")
@editor_required
def vehicle_import_confirm(import_id):
    job = staged_import.get_import(import_id, for_update=True)
    try:
        staged_import.confirm_import(current_user.company, job, actor=current_user)
    except AppError as exc:
        job = staged_import.get_import(import_id)
        return render_template("fleet/_import_preview.html", job=job, params=job.params, error=exc.message,
                               **_preview_context(job)), 422
    if not is_htmx():
        return done(url_for("fleet.vehicle_import_show", import_id=job.id))
    return _render_import(job)


def _preview_context(job) -> dict:
    params = job.params or {}
    rows = params.get("preview") or []
    problems = [r for r in rows if r["mark"] != staged_import.MARK_NEW]
    new = [r for r in rows if r["mark"] == staged_import.MARK_NEW]
    shown_new = new[:PREVIEW_NEW_ROWS]
    shown = sorted(problems + shown_new, key=lambda r: r["line"])
    return {"rows": shown, "hidden_new": len(new) - len(shown_new), "counts": params.get("counts") or {},
            "aliases": spreadsheet.HEADER_ALIASES, "column_labels": COLUMN_LABELS}


PREVIEW_NEW_ROWS = 500  # every duplicate and invalid line is listed; new ones up to this many


def _render_import(job) -> str:
    params = job.params or {}
    if params.get("state") == "done":
        report = params["report"]
        return render_template("fleet/_import_report.html", job=job, params=params, report=report,
                               lines=report_lines(report))
    return render_template("fleet/_import_preview.html", job=job, params=params, error=None,
                           **_preview_context(job))


def report_lines(report: dict) -> list[tuple]:
    """(line, plate, outcome, detail, vehicle id) for every line of the file, in line order."""
    lines = [(r["line"], r["plate"], "criado", "", r["id"]) for r in report["created"]]
    lines += [(r["line"], r["plate"], "duplicado", r["reason"], None) for r in report["duplicates"]]
    lines += [(r["line"], r["plate"], "inválido", r["reason"], None) for r in report["invalid"]]
    return sorted(lines)
