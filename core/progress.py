"""Job progress rows: created with the request that starts a job, advanced by the job, polled by a page."""
import os

from flask import current_app

from core.db import db
from core.models import JobProgress


def start_progress(company, kind: str, label: str, *, total: int = 0, params: dict | None = None,
                   user=None) -> JobProgress:
    progress = JobProgress(company_id=getattr(company, "id", company), kind=kind, label=label, total=total,
                           params=params or {}, created_by_user_id=getattr(user, "id", None))
    db.session.add(progress)
    db.session.flush()
    return progress


def advance(progress: JobProgress, *, done: int | None = None, total: int | None = None, state: str = "running",
            message: str | None = None) -> None:
    if done is not None:
        progress.done = done
    if total is not None:
        progress.total = total
    progress.state = state
    if message is not None:
        progress.message = message[:500]
    db.session.commit()  # each step is visible to the polling page at once


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
