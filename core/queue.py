"""Background jobs: named RQ queues with a JSON serializer, enqueued only after the transaction commits.

In the embedded default (no REDIS_URL) jobs run inline right after the commit, so a newcomer needs no
Redis. Job functions take ids (never ORM objects) and are idempotent.
"""
import logging
from dataclasses import dataclass, field

from flask import current_app
from sqlalchemy import event
from sqlalchemy.orm import Session

from core.db import db

log = logging.getLogger("fretes.jobs")

QUEUES = ("emission", "pdf", "webhooks", "default")
DEFAULT_TIMEOUTS = {"emission": 120, "pdf": 600, "webhooks": 60, "default": 300}


@dataclass
class PendingJob:
    func: str  # dotted path, e.g. "jobs.ciot.emit_operation"
    args: tuple
    queue: str = "default"
    job_id: str | None = None
    timeout: int | None = None
    retries: int = 0
    retry_intervals: list = field(default_factory=lambda: [10, 30, 60])


def enqueue_after_commit(func: str, *args, queue: str = "default", job_id: str | None = None,
                         timeout: int | None = None, retries: int = 0) -> PendingJob:
    if queue not in QUEUES:
        raise ValueError(f"unknown queue {queue}")
    job = PendingJob(func, args, queue, job_id, timeout or DEFAULT_TIMEOUTS[queue], retries)
    # The job belongs to the current transaction; open one if none is, so that a rollback drops it.
    session = db.session()
    if not session.in_transaction():
        session.begin()
    session.info.setdefault("pending_jobs", []).append(job)
    return job


@event.listens_for(Session, "after_commit")
def _jobs_ready(session):
    pending = session.info.pop("pending_jobs", [])
    if pending:
        session.info.setdefault("ready_jobs", []).extend(pending)


@event.listens_for(Session, "after_soft_rollback")
def _jobs_dropped(session, previous_transaction):
    session.info.pop("pending_jobs", None)


def commit() -> None:
    """Commit the request's or job's work, then hand its jobs to the queue (or run them inline)."""
    db.session.commit()
    dispatch_ready()


def end_with_error(exc: Exception) -> None:
    """The owner's side of an error: roll the work back, unless it is a refusal whose records must be kept
    (`AppError.keep_records`), which is committed before the error is rendered."""
    if getattr(exc, "keep_records", False):
        commit()
    else:
        db.session.rollback()


def dispatch_ready() -> None:
    ready = db.session.info.pop("ready_jobs", [])
    for job in ready:
        if current_app.config.get("JOBS_INLINE"):
            run_inline(job)
        else:
            send_to_rq(job)


def run_inline(job: PendingJob):
    from importlib import import_module
    module_name, _, func_name = job.func.rpartition(".")
    try:
        return getattr(import_module(module_name), func_name)(*job.args)
    except Exception:
        # As with a worker, a failed job does not fail the request that enqueued it: that work is
        # committed already, and a 500 would invite the client to repeat it. The job's own unfinished
        # work is rolled back and the error logged.
        db.session.rollback()
        log.exception("inline job %s%r failed", job.func, job.args)
        return None


def redis_connection():
    from redis import Redis
    return Redis.from_url(current_app.config["REDIS_URL"])


def rq_queue(name: str, connection=None):
    from rq import Queue

    from core.serializer import JsonFirstSerializer
    return Queue(name, connection=connection or redis_connection(), serializer=JsonFirstSerializer,
                 default_timeout=DEFAULT_TIMEOUTS[name])


def send_to_rq(job: PendingJob, connection=None):
    from rq import Retry
    retry = Retry(max=job.retries, interval=job.retry_intervals[: max(job.retries, 1)]) if job.retries else None
    return rq_queue(job.queue, connection).enqueue(job.func, *job.args, job_id=job.job_id, job_timeout=job.timeout,
                                       retry=retry, failure_ttl=7 * 24 * 3600)
