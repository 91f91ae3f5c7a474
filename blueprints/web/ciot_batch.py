"""Page: PDFs of many CIOT operations in one ZIP. The operations are selected now (domain/ciot/batch.py: at most
50, all with a declaration) and the `pdf` worker builds the ZIP; the page follows the job's progress row."""
from flask import redirect, render_template, request, url_for
from flask_login import current_user, login_required

from blueprints.web.access import is_htmx
from blueprints.web.ciot import bp
from blueprints.web.transaction import page_transaction
from core.db import db
from core.errors import AppError
from core.models import JobProgress
from core.progress import enqueue_progress_job, start_progress
from core.schemas import validate_data
from core.tenancy import get_owned
from domain.ciot import batch
from domain.ciot.presentation import fmt


def _batch_query(source) -> dict:
    return {"ids": ",".join(v for v in source.getlist("ids") if v) or None,
            "status": ",".join(v for v in source.getlist("status") if v) or None,
            "environment": source.get("environment") or None,
            "from": source.get("from") or None, "to": source.get("to") or None}


@bp.get("/pdf-lote")
@login_required
def batch_page():
    job = get_owned(JobProgress, request.args["job"]) if request.args.get("job") else None
    values = {"status": list(batch.PDF_STATUSES)}
    return render_template("ciot/batch.html", job=job, values=values, errors={}, message=None, fmt=fmt)


@bp.post("/pdf-lote")
@login_required
def start_batch():
    """Select the operations now (≤ 50, all with a declaration) and let the `pdf` worker build the ZIP."""
    raw = _batch_query(request.form)
    query, errors = validate_data(batch.BatchQuery, raw)
    message = None
    if query is not None:
        try:
            selection = batch.select_for_batch(query)
        except AppError as exc:
            message = exc.message
    values = {"status": request.form.getlist("status"), "environment": raw["environment"] or "",
              "from": raw["from"] or "", "to": raw["to"] or "", "ids": raw["ids"] or ""}
    if errors or message:
        context = {"job": None, "values": values, "errors": {e.field: e.message for e in errors},
                   "message": message, "fmt": fmt}
        template = "ciot/_batch_result.html" if is_htmx() else "ciot/batch.html"
        return render_template(template, **context), 422
    title = f"PDFs de {selection.count} operação(ões) CIOT"
    with page_transaction():  # inline: the ZIP is built at its commit
        progress = start_progress(current_user.company, "ciot_pdf_batch", title, total=selection.count,
                                  user=current_user._get_current_object(),
                                  params={"operation_ids": [str(i) for i in selection.operation_ids],
                                          "filename": batch.zip_filename(selection)})
        enqueue_progress_job(progress, "jobs.ciot_pdf.build_batch_zip", str(progress.company_id),
                             str(progress.id), queue="pdf")
        job_id = progress.id
    if not is_htmx():
        return redirect(url_for("ciot.batch_page", job=job_id))
    job = db.session.get(JobProgress, job_id)
    return render_template("ciot/_batch_result.html", job=job, values=values, errors={}, message=None, fmt=fmt)
