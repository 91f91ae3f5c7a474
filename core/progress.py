"""Job progress rows: created with the request that starts a job, advanced by the job, polled by a page."""
import logging
import os
import uuid
from collections.abc import Callable

import sqlalchemy as sa
from flask import current_app

from core.db import db
from core.jobs import job_context
from core.models import JobProgress
from core.queue import enqueue_after_commit, job_path
from core.signals import job_gave_up
from core.tenancy import cross_tenant
from core.transaction import commit_phase

log = logging.getLogger("fretes.jobs.failures")


def start_progress(company, kind: str, label: str, *, total: int = 0, params: dict | None = None,
                   user=None) -> JobProgress:
    progress = JobProgress(company_id=getattr(company, "id", company), kind=kind, label=label, total=total,
                           params=params or {}, created_by_user_id=getattr(user, "id", None))
    db.session.add(progress)
    db.session.flush()
    return progress


def job_row(progress_id) -> JobProgress | None:
    """The row a progress job advances, read by the job (None when it is gone)."""
    return db.session.execute(sa.select(JobProgress).where(
        JobProgress.id == uuid.UUID(str(progress_id)))).scalar_one_or_none()


def advance(progress: JobProgress, *, done: int | None = None, total: int | None = None, state: str = "running",
            message: str | None = None) -> None:
    if done is not None:
        progress.done = done
    if total is not None:
        progress.total = total
    progress.state = state
    if message is not None:
        progress.message = message[:500]
    commit_phase("each step is visible to the polling page at once")


def result_folder(progress: JobProgress) -> str:
    folder = os.path.join(current_app.config["INSTANCE_PATH"], "results", str(progress.company_id))
    os.makedirs(folder, exist_ok=True)
    return folder


def finish(progress: JobProgress, *, result: bytes | None = None, result_file: str | None = None,
           name: str | None = None, mimetype: str | None = None, message: str | None = None) -> None:
    """`result` (bytes) or `result_file` (a file the job already wrote, e.g. in `result_folder`: moved into place,
    so a large result never has to fit in memory)."""
    if result is not None or result_file is not None:
        path = os.path.join(result_folder(progress), f"{progress.id}.bin")
        if result_file is not None:
            os.replace(result_file, path)
        else:
            with open(path, "wb") as fh:
                fh.write(result)
        progress.result_path, progress.result_name, progress.result_mimetype = path, name, mimetype
    progress.done = progress.total or progress.done
    advance(progress, state="done", message=message)


def fail(progress: JobProgress, message: str) -> None:
    advance(progress, state="failed", message=message)


# --- Jobs behind a progress row: enqueued with a traceable id, failed visibly when they die, retried on demand --

PROGRESS_JOB_PREFIX = "progress-"
INTERRUPTED = "O processamento foi interrompido (o serviço de processamento parou). Tente novamente."
TIMED_OUT = "O processamento excedeu o tempo limite. Tente novamente."
FAILED = "O processamento falhou. Tente novamente."


def enqueue_progress_job(progress: JobProgress, func: Callable | str, *args, queue: str,
                         timeout: int | None = None) -> None:
    """Enqueue the job that advances `progress` (after commit). Its RQ id names the row, so a job RQ gives up on
    (raised, timed out, abandoned) fails the row (`fail_given_up_job`); the row keeps what to run for a retry (the
    job function's dotted path). `timeout`: seconds, for a job longer than its queue's default."""
    tries = int((progress.params or {}).get("job", {}).get("tries", 0)) + 1
    progress.params = {**(progress.params or {}), "job": {"func": job_path(func), "args": list(args), "queue": queue,
                                                          "tries": tries, "timeout": timeout}}
    db.session.flush()
    enqueue_after_commit(func, *args, queue=queue, job_id=f"{PROGRESS_JOB_PREFIX}{progress.id}-{tries}",
                         timeout=timeout)


def progress_id_of(job_id: str | None):
    """The progress row of an RQ job id made by enqueue_progress_job, else None."""
    if not job_id or not job_id.startswith(PROGRESS_JOB_PREFIX):
        return None
    try:
        return uuid.UUID(job_id[len(PROGRESS_JOB_PREFIX):][:36])
    except ValueError:
        return None


def partial_files(progress: JobProgress) -> list[str]:
    folder = os.path.join(current_app.config["INSTANCE_PATH"], "results", str(progress.company_id))
    return [os.path.join(folder, f"{progress.id}.part")]


def fail_interrupted(progress: JobProgress, message: str) -> bool:
    """A job died without finishing its row: remove its partial files and fail the row (False if it had finished)."""
    if progress.finished:
        return False
    for path in partial_files(progress):
        if os.path.exists(path):
            os.remove(path)
    fail(progress, message)
    return True


@job_gave_up.connect
def fail_given_up_job(rq_job_id: str, exc_type=None) -> None:
    """RQ gave up on a job (core.queue.job_failed): when it is behind a progress row, the row fails with a pt-BR
    message, so the page stops polling and offers "Tentar novamente"."""
    progress_id = progress_id_of(rq_job_id)
    if progress_id is None:
        return
    with job_context():
        progress = db.session.execute(cross_tenant(
            db.select(JobProgress).where(JobProgress.id == progress_id))).scalar_one_or_none()
        if progress is not None and fail_interrupted(progress, _failure_message(exc_type)):
            log.warning("job %s failed (%s); progress %s marked failed", rq_job_id, exc_type, progress_id)


def _failure_message(exc_type) -> str:
    # import here: only RQ's failure callback calls this, in a worker; processes with jobs inline never load rq
    from rq.exceptions import AbandonedJobError
    from rq.timeouts import JobTimeoutException
    if isinstance(exc_type, type) and issubclass(exc_type, AbandonedJobError):
        return INTERRUPTED
    if isinstance(exc_type, type) and issubclass(exc_type, JobTimeoutException):
        return TIMED_OUT
    return FAILED


def can_retry(progress: JobProgress) -> bool:
    return progress.state == "failed" and bool((progress.params or {}).get("job"))


def retry_progress_job(progress: JobProgress) -> None:
    """"Tentar novamente": the row starts over and its job is enqueued again (after commit)."""
    job = progress.params["job"]
    progress.state, progress.done, progress.message = "queued", 0, None
    enqueue_progress_job(progress, job["func"], *job["args"], queue=job["queue"], timeout=job.get("timeout"))
