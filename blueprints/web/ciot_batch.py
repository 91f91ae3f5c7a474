"""Page: PDFs of many CIOT operations in one ZIP. The operations are selected now (domain/ciot/batch.py: at most
50, all with a declaration) and the `pdf` worker builds the ZIP; the page follows the job's progress row."""
from flask import redirect, render_template, request, url_for
from flask_login import current_user, login_required
from wtforms import DateField, SelectField

from blueprints.web.access import is_htmx, roles_required
from blueprints.web.ciot_blueprint import bp
from blueprints.web.formkit import MultiCheckboxField, choices
from blueprints.web.forms_adapter import attach_errors, read_form
from blueprints.web.record_pages import PlainForm
from core.db import db
from core.errors import AppError, FieldError
from core.models import JobProgress
from core.tenancy import get_owned
from domain.ciot import batch
from domain.ciot.presentation import fmt

# Starting a batch writes (a progress row, a job, a file): not for `leitura` (admin always passes).
BATCH_ACTORS = ("operador", "financeiro")


class BatchForm(PlainForm):
    """The filters of the batch (BatchQuery reads and checks them; the form only renders them). The dates post as
    `from` / `to`, the query's names."""
    status = MultiCheckboxField("Status", choices=choices((s, fmt.status(s)) for s in batch.PDF_STATUSES),
                                default=list(batch.PDF_STATUSES))
    environment = SelectField("Ambiente", choices=choices([("", "Ambos"), ("homolog", "Homologação"),
                                                           ("producao", "Produção")]), id="batch-environment")
    date_from = DateField("Criadas de", name="from", id="batch-from")
    date_to = DateField("até", name="to", id="batch-to")


QUERY_FIELDS = {"from": "date_from", "to": "date_to"}  # BatchQuery's names of the form's fields


def _batch_form(errors=()) -> BatchForm:
    """The form as posted (or its defaults on GET), the query's errors next to their inputs."""
    form = BatchForm(formdata=request.form if request.method == "POST" else None)
    attach_errors(form, [FieldError(QUERY_FIELDS.get(e.field, e.field), e.code, e.message) for e in errors])
    return form


def _batch_query(source) -> dict:
    return {"ids": ",".join(v for v in source.getlist("ids") if v) or None,
            "status": ",".join(v for v in source.getlist("status") if v) or None,
            "environment": source.get("environment") or None,
            "from": source.get("from") or None, "to": source.get("to") or None}


@bp.get("/pdf-lote")
@login_required
def batch_page():
    job = get_owned(JobProgress, request.args["job"]) if request.args.get("job") else None
    return render_template("ciot/batch.html", job=job, form=_batch_form(), ids="", message=None)


@bp.post("/pdf-lote")
@roles_required(*BATCH_ACTORS)
def start_batch():
    """Select the operations now (≤ 50, all with a declaration) and let the `pdf` worker build the ZIP."""
    raw = _batch_query(request.form)
    query, errors = read_form(batch.BatchQuery, raw)
    message = None
    if query is not None:
        try:
            selection = batch.select_for_batch(query)
        except AppError as exc:
            message = exc.message
    if errors or message:
        context = {"job": None, "form": _batch_form(errors), "ids": raw["ids"] or "", "message": message}
        template = "ciot/_batch_result.html" if is_htmx() else "ciot/batch.html"
        return render_template(template, **context), 422
    job_id = batch.run_batch_job(current_user.company, selection, user=current_user._get_current_object()).id
    if not is_htmx():
        return redirect(url_for("ciot.batch_page", job=job_id))
    job = db.session.get(JobProgress, job_id)
    return render_template("ciot/_batch_result.html", job=job, form=_batch_form(), ids=raw["ids"] or "",
                           message=None)
