"""The job-progress fragment pages poll (htmx every 1s; 286 stops the polling) and result downloads."""
from flask import Blueprint, abort, render_template, send_file
from flask_login import login_required

from blueprints.web.access import roles_required
from core.errors import Conflict
from core.models import JobProgress
from core.progress import can_retry, retry_progress_job
from core.tenancy import get_owned

bp = Blueprint("jobs", __name__, url_prefix="/jobs")

HTMX_STOP_POLLING = 286


@bp.get("/<job_id>")
@login_required
def progress(job_id):
    job = get_owned(JobProgress, job_id)
    html = render_template("jobs/_progress.html", job=job)
    return html, (HTMX_STOP_POLLING if job.finished else 200)


@bp.post("/<job_id>/tentar-novamente")
@roles_required("operador", "financeiro")  # runs the job again: not for `leitura`, who cannot start one
def retry(job_id):
    """"Tentar novamente" on a failed job: the same job runs again from the start; the fragment polls again."""
    # inline: the job runs at its commit
    job = get_owned(JobProgress, job_id, for_update=True)
    if not can_retry(job):
        raise Conflict("Só um processamento que falhou pode ser tentado novamente.")
    retry_progress_job(job)
    job = get_owned(JobProgress, job_id)
    return render_template("jobs/_progress.html", job=job), (HTMX_STOP_POLLING if job.finished else 200)


@bp.get("/<job_id>/resultado")
@login_required
def download(job_id):
    job = get_owned(JobProgress, job_id)
    if job.state != "done" or not job.result_path:
        abort(404)
    return send_file(job.result_path, mimetype=job.result_mimetype, as_attachment=True,
                     download_name=job.result_name or "resultado")
