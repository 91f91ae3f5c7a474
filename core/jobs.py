"""The context every job runs in, inline (inside the request that enqueued it) or in an RQ worker. The job
functions themselves sit with their area (domain/<area>/jobs.py), listed once in jobs/registry.py."""
import contextlib

from flask import current_app, has_app_context

from core.db import db
from core.queue import worker_app
from core.tenancy import tenant_scope
from core.transaction import unit_of_work


@contextlib.contextmanager
def job_context(company_id=None):
    """The job's unit of work (core.transaction.unit_of_work): committed when the block ends cleanly (then the jobs
    it enqueued are handed over), rolled back when it raises (a refusal that keeps its records is committed). A job
    that must keep something before it raises for a retry (an attempt count) commits that phase first
    (core.transaction.commit_phase)."""
    if has_app_context():  # inline: reuse the caller's app and session
        with _scope(company_id), unit_of_work():
            yield current_app
        return
    app = worker_app()
    with app.app_context():
        try:
            with _scope(company_id), unit_of_work():
                yield app
        finally:
            db.session.remove()


def _scope(company_id):
    return tenant_scope(company_id) if company_id else contextlib.nullcontext()


def final_try() -> bool:
    """Inline (no RQ job) or the last RQ try: a failure then ends the work instead of asking for a retry."""
    try:
        from rq import get_current_job  # import here: rq is loaded only where jobs go to Redis
        job = get_current_job()
    except Exception:  # noqa: BLE001  pragma: no cover - rq absent or no connection
        job = None
    return job is None or not job.should_retry
