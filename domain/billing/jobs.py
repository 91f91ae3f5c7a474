"""Fiscal XML upload jobs (queue "default"): `import_staged(company_id, progress_id)` reads the files a large
upload staged (domain.billing.xml_batch stages them, domain.billing.xml_staged reads them), advancing the progress
row the inbox page polls every 25 files (each step a commit: the documents read so far are kept), then keeping the
outcome per file in the row for the result page and removing the staged files. Idempotent: a finished row is left
alone; a rerun of an unfinished one reads every file again, and the documents an earlier run already committed come
out as duplicated."""
import logging
import shutil
import uuid

from core.db import db
from core.jobs import job_context
from core.models import JobProgress
from core.progress import advance, fail, job_row
from domain.billing import xml_staged
from domain.tenancy.models import Company

log = logging.getLogger("fretes.jobs.billing_xml")


def import_staged(company_id: str, progress_id: str) -> str:
    with job_context(uuid.UUID(str(company_id))):
        progress = job_row(progress_id)
        if progress is None:
            return "missing"
        if progress.finished:
            return progress.state
        total, staged = len(progress.params["files"]), xml_staged.staging_folder(progress)
        advance(progress, done=0, total=total, message="Lendo os arquivos…")
        try:
            outcomes = xml_staged.import_staged(
                db.session.get(Company, progress.company_id), progress,
                after_each=lambda n: advance(progress, done=n, message=f"{n} de {total} arquivo(s) lido(s)."))
            progress.params = {**progress.params, "outcome": [outcome.as_row() for outcome in outcomes]}
            advance(progress, done=total, state="done", message=xml_staged.summary(outcomes))
        except Exception:  # the page shows the failure (and "Tentar novamente"); the worker log keeps the traceback
            log.exception("XML upload %s failed", progress_id)
            db.session.rollback()
            fail(db.session.get(JobProgress, progress.id), "Falha ao ler os arquivos XML. Tente novamente.")
            return "failed"
    shutil.rmtree(staged, ignore_errors=True)  # once the outcome is committed: a failed run keeps them for a retry
    return "done"
