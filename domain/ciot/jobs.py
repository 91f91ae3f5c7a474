"""CIOT jobs: every request to the authority about an operation (queue "emission", domain/ciot/protocol.py) and the
batch page's ZIP of declarations (queue "pdf"). The periodic recovery of stale requests is in recovery_jobs.py: it
calls the protocol, which enqueues these, so it cannot sit in the module the protocol imports.

`ask_authority(operation_id, request_id)` is idempotent: it acts only on a `claimed` request, never sends an
operation that already has a codigo_ciot, and asks the provider holding no row lock, so a retry (RQ Retry, 3
times), a duplicate delivery or the recovery of a stale request never issues a second CIOT nor blocks a page.

`build_batch_zip(company_id, progress_id)`: the batch page's ZIP. The request that starts it selects the operations
(domain.ciot.batch.select_for_batch: at most 50, all with a declaration) and stores their ids in the progress row;
the job writes the ZIP straight to the results folder, entry by entry, advancing the progress after each PDF, then
hands the file to the progress row (the page's fragment offers the download). Idempotent: a finished progress row
is left alone; a rerun of an unfinished one starts the file over.
"""
import logging
import os
import uuid

import sqlalchemy as sa

from core.db import db
from core.jobs import final_try, job_context
from core.models import JobProgress
from core.progress import advance, fail, finish, result_folder
from core.tenancy import cross_tenant, tenant_scope
from domain.ciot import batch_zip
from domain.ciot.models import EmissionAttempt
from domain.ciot.protocol_job import fail_request, run_request
from domain.ciot.provider import ProviderUnavailable
from domain.tenancy.models import Company

log = logging.getLogger("fretes.jobs.ciot_pdf")


def ask_authority(operation_id: str, request_id: str) -> str:
    """The job (queue "emission") of one request to the authority: idempotent, it acts only on a `claimed` request
    and never sends a declaration twice (the request's idempotency key goes with it). An unreachable authority is
    retried by RQ; after the last try the request fails and the operation is put back as it was."""
    with job_context():
        try:
            request_key, operation_key = uuid.UUID(str(request_id)), uuid.UUID(str(operation_id))
        except ValueError:
            return "missing"
        company_id = db.session.execute(cross_tenant(
            sa.select(EmissionAttempt.company_id).where(EmissionAttempt.id == request_key,
                                                        EmissionAttempt.operation_id == operation_key)
        )).scalar_one_or_none()
        if company_id is None:
            return "missing"
        with tenant_scope(company_id):
            try:
                state = run_request(request_key)
            except ProviderUnavailable as exc:
                db.session.rollback()
                if not final_try():
                    raise  # RQ retries it
                state = fail_request(request_key, str(exc) or type(exc).__name__)
            except Exception:
                db.session.rollback()
                raise
            db.session.flush()  # in the company's scope; job_context commits
        return state


def build_batch_zip(company_id: str, progress_id: str) -> str:
    with job_context(), tenant_scope(uuid.UUID(str(company_id))):
        progress = db.session.execute(sa.select(JobProgress).where(
            JobProgress.id == uuid.UUID(str(progress_id)))).scalar_one_or_none()
        if progress is None:
            return "missing"
        if progress.finished:
            return progress.state
        company = db.session.get(Company, progress.company_id)
        operation_ids = [uuid.UUID(value) for value in progress.params.get("operation_ids", [])]
        total = len(operation_ids)
        advance(progress, done=0, total=total, state="running", message="Gerando os PDFs…")
        partial = os.path.join(result_folder(progress), f"{progress.id}.part")
        try:
            with open(partial, "wb") as fh:
                batch_zip.write_zip(company, operation_ids, fh, after_each=lambda n: advance(
                    progress, done=n, message=f"{n} de {total} PDF(s) gerado(s)."))
            finish(progress, result_file=partial, name=progress.params.get("filename") or "ciot-declaracoes.zip",
                   mimetype="application/zip", message=f"{total} PDF(s) no arquivo ZIP.")
        except Exception as exc:  # the page shows the failure; the worker log keeps the traceback
            log.exception("batch PDF %s failed", progress_id)
            db.session.rollback()
            if os.path.exists(partial):
                os.remove(partial)
            progress = db.session.get(JobProgress, progress.id)
            fail(progress, f"Falha ao gerar os PDFs: {getattr(exc, 'message', None) or exc}")
            return "failed"
        return "done"
