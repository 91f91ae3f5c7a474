"""Job progress rows: created with the request that starts a job, advanced by the job, polled by a page."""
import os
import uuid

import sqlalchemy as sa
from flask import current_app

from core.db import db
from core.models import JobProgress
from core.queue import enqueue_after_commit
from core.transaction import commit_phase


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


def enqueue_progress_job(progress: JobProgress, func: str, *args, queue: str, timeout: int | None = None) -> None:
    """Enqueue the job that advances `progress` (after commit). Its RQ id names the row, so a job RQ gives up on
    (raised, timed out, abandoned) fails the row (jobs/failures.py); the row keeps what to run for a retry.
    `timeout`: seconds, for a job longer than its queue's default."""
    tries = int((progress.params or {}).get("job", {}).get("tries", 0)) + 1
    progress.params = {**(progress.params or {}), "job": {"func": func, "args": list(args), "queue": queue,
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


def can_retry(progress: JobProgress) -> bool:
    return progress.state == "failed" and bool((progress.params or {}).get("job"))


def retry_progress_job(progress: JobProgress) -> None:
    """"Tentar novamente": the row starts over and its job is enqueued again (after commit)."""
    job = progress.params["job"]
    progress.state, progress.done, progress.message = "queued", 0, None
    enqueue_progress_job(progress, job["func"], *job["args"], queue=job["queue"], timeout=job.get("timeout"))
