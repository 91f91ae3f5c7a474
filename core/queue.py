"""Background jobs: named RQ queues with a JSON serializer, enqueued only after the transaction commits (the unit of
work, core/transaction.py, commits and then hands the jobs over: `dispatch_ready`).

In the embedded default (no REDIS_URL) jobs run inline right after the commit, so a newcomer needs no
Redis. Job functions take ids (never ORM objects) and are idempotent.

Durable enqueue (transactional outbox): with RQ, every job is also written to `job_outbox` in the transaction of the
work that enqueues it. After the commit it is sent to Redis and its row deleted; when Redis cannot be reached the row
stays and `dispatch_outbox` sends it later (the periodic `dispatch_job_outbox`, jobs/maintenance.py, and the next
request of this process that finds Redis again). So a committed piece of work never loses its job, and a request
never fails because the queue did: the caller answers "accepted" and the job runs when Redis is back. A job may
then be delivered twice (a row sent but not yet deleted), which is why jobs must be idempotent.

A job is named by its function, never by a string: `enqueue_after_commit(send_declaration, contract_id, …)`. Each
area's job functions sit beside it (`domain/<area>/jobs.py`) and every one is listed once in `jobs/registry.py`;
what the outbox, RQ and a progress row store is the function's dotted path (`job_path`), RQ's own naming.
"""
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from importlib import import_module

import sqlalchemy as sa
from flask import current_app, has_app_context
from flask.cli import ScriptInfo
from sqlalchemy import event
from sqlalchemy.orm import Session

from core.db import db, utcnow
from core.logs import job_meta
from core.models import JobOutbox
from core.serializer import JsonFirstSerializer
from core.signals import job_gave_up

log = logging.getLogger("fretes.jobs")

QUEUES = ("emission", "pdf", "webhooks", "messages", "default")
DEFAULT_TIMEOUTS = {"emission": 120, "pdf": 600, "webhooks": 60, "messages": 60, "default": 300}


@dataclass
class PendingJob:
    func: str  # the job function's dotted path (job_path), as the outbox and RQ store it
    args: tuple
    queue: str = "default"
    job_id: str | None = None
    timeout: int | None = None
    retries: int = 0
    retry_intervals: list = field(default_factory=lambda: [10, 30, 60])
    outbox_id: object = None  # the job's row in job_outbox (RQ only)
    meta: dict | None = None  # the enqueuing request's id and actor, for the job's log line (core/logs.job_meta)
    # Inline (the embedded default), run once the request's answer is sent rather than at its commit: work the
    # answer must not wait for, nor let its timing tell (core.transaction.defer_to_after_response).
    after_response: bool = False


def job_path(func: Callable | str) -> str:
    """The dotted path a job is stored and sent under, as RQ names a function (`module.qualname`). A string is a
    path an earlier enqueue stored (a progress row's retry), passed through."""
    return func if isinstance(func, str) else f"{func.__module__}.{func.__qualname__}"


def enqueue_after_commit(func: Callable | str, *args, queue: str = "default", job_id: str | None = None,
                         timeout: int | None = None, retries: int = 0, after_response: bool = False) -> PendingJob:
    """Run `func(*args)` once the current transaction commits (inline or by an RQ worker). `func` is the job
    function itself; a string only for a path stored by an earlier enqueue (core.progress.retry_progress_job)."""
    if queue not in QUEUES:
        raise ValueError(f"unknown queue {queue}")
    func = job_path(func)
    job = PendingJob(func, args, queue, job_id, timeout or DEFAULT_TIMEOUTS[queue], retries, meta=job_meta(),
                     after_response=after_response)
    # The job belongs to the current transaction; open one if none is, so that a rollback drops it.
    session = db.session()
    if session.info.get("read_only"):  # a GET: its job would be lost with Redis, and run inline without it
        raise RuntimeError(f"a read (GET/HEAD) cannot enqueue {func}: make the request a write")
    if not session.in_transaction():
        session.begin()
    if not current_app.config.get("JOBS_INLINE"):
        job.outbox_id = _write_outbox(job)
    session.info.setdefault("pending_jobs", []).append(job)
    return job


def _write_outbox(job: "PendingJob"):
    row = JobOutbox(func=job.func, args=list(job.args), queue=job.queue, job_id=job.job_id, timeout=job.timeout,
                    retries=job.retries, created_at=utcnow())
    db.session.add(row)
    db.session.flush()
    return row.id


@event.listens_for(Session, "after_commit")
def _jobs_ready(session):
    pending = session.info.pop("pending_jobs", [])
    if pending:
        session.info.setdefault("ready_jobs", []).extend(pending)


@event.listens_for(Session, "after_soft_rollback")
def _jobs_dropped(session, previous_transaction):
    session.info.pop("pending_jobs", None)


def undelivered_jobs() -> list:
    """Jobs of this session's committed work that Redis did not take (they wait in the outbox)."""
    return db.session.info.get("undelivered_jobs", [])


_outbox_state = {"pending": False, "last_try": 0.0}


def send_or_keep(job: "PendingJob", connection=None) -> bool:
    try:
        send_to_rq(job, connection)
        return True
    except Exception as exc:  # noqa: BLE001  Redis down or unreachable (any failure): the job waits in the outbox
        log.warning("job %s%r not enqueued (%s: %s); kept in the outbox", job.func, job.args, type(exc).__name__, exc)
        _outbox_state["pending"] = True
        return False


def forget_outbox(ids) -> None:
    """Delete sent rows on a connection of their own: the caller's session (and its loaded objects) is untouched.
    If this fails the rows are sent once more later, which idempotent jobs tolerate."""
    ids = [i for i in ids if i is not None]
    if not ids:
        return
    try:
        with db.engine.begin() as conn:
            conn.execute(sa.delete(JobOutbox.__table__).where(JobOutbox.__table__.c.id.in_(ids)))
    except Exception:
        log.exception("could not delete sent jobs from the outbox; they will be sent again")


def retry_outbox_if_due() -> None:
    """Called by requests: when this process saw Redis fail, try the outbox again (at most every 10 s)."""
    every = current_app.config.get("OUTBOX_RETRY_SECONDS", 10)
    if not _outbox_state["pending"] or time.monotonic() - _outbox_state["last_try"] < every:
        return
    _outbox_state["last_try"] = time.monotonic()
    try:
        dispatch_outbox(min_age_seconds=0)
    except Exception:
        log.exception("outbox retry failed")


def dispatch_outbox(*, min_age_seconds: float = 30, limit: int = 500, connection=None) -> int:
    """Send waiting jobs to Redis, oldest first; stop at the first failure. Rows younger than `min_age_seconds` are
    left to the request that wrote them. Returns how many were sent."""
    table = JobOutbox.__table__
    sent = 0
    with db.engine.connect() as conn:
        stmt = (sa.select(table).where(table.c.created_at <= utcnow() - timedelta(seconds=min_age_seconds))
                .order_by(table.c.created_at).limit(limit))
        if conn.dialect.name == "postgresql":
            stmt = stmt.with_for_update(skip_locked=True)
        with conn.begin():
            for row in conn.execute(stmt).mappings().all():
                job = PendingJob(row["func"], tuple(row["args"]), row["queue"], row["job_id"], row["timeout"],
                                 row["retries"], outbox_id=row["id"])
                if not send_or_keep(job, connection):
                    conn.execute(sa.update(table).where(table.c.id == row["id"])
                                 .values(tries=table.c.tries + 1, last_error="Redis indisponível"))
                    return sent
                conn.execute(sa.delete(table).where(table.c.id == row["id"]))
                sent += 1
    _outbox_state["pending"] = False
    return sent


def run_inline(job: PendingJob):
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
    from redis import Redis  # import here: only processes with a Redis URL load the client (jobs inline need none)
    # A bounded connect: an unreachable host must fail the enqueue quickly (the job then waits in the outbox).
    return Redis.from_url(current_app.config["REDIS_URL"], socket_connect_timeout=3)


def rq_queue(name: str, connection=None):
    from rq import Queue  # import here: rq is loaded only where jobs go to Redis (inline jobs need none)

    return Queue(name, connection=connection or redis_connection(), serializer=JsonFirstSerializer,
                 default_timeout=DEFAULT_TIMEOUTS[name])


_worker_app = None


def adopt_worker_app(app) -> None:
    """`flask worker` built the app already: the jobs of this process run in it."""
    global _worker_app  # noqa: PLW0603  one app per worker process
    _worker_app = app


def worker_app():
    """One Flask app per worker process, kept for every job the process runs (its engine's pool keeps the connections
    between jobs, jobs/worker.py): the one `flask worker` adopted, else (the plain `rq worker`) the app the `flask`
    command would load, FLASK_APP (default `app`: `create_app()`), built on first use. Found as `flask` finds it,
    not imported: the layers below the entry points never import the app module."""
    global _worker_app  # noqa: PLW0603  one app per worker process, built lazily
    if _worker_app is None:
        _worker_app = ScriptInfo(app_import_path=os.environ.get("FLASK_APP") or "app", set_debug_flag=False).load_app()
    return _worker_app


def job_failed(job, connection, exc_type, exc_value, traceback) -> None:
    """RQ's on_failure callback, attached to every job (`send_to_rq`): the job raised on its last try, timed out, or
    its worker died (RQ found it abandoned). What must react listens to `core.signals.job_gave_up`, sent with the RQ
    job id and the exception type in the worker's app: core/progress.py fails the job's progress row. A signal, not
    an import: the progress rows sit above this module (they enqueue through it)."""
    if has_app_context():
        job_gave_up.send(job.id, exc_type=exc_type)
        return
    with worker_app().app_context():
        job_gave_up.send(job.id, exc_type=exc_type)


def send_to_rq(job: PendingJob, connection=None):
    from rq import Callback, Retry  # import here: rq is loaded only where jobs go to Redis
    retry = Retry(max=job.retries, interval=job.retry_intervals[: max(job.retries, 1)]) if job.retries else None
    return rq_queue(job.queue, connection).enqueue(job.func, *job.args, job_id=job.job_id, job_timeout=job.timeout,
                                                   retry=retry, failure_ttl=7 * 24 * 3600, meta=job.meta,
                                                   on_failure=Callback(job_failed, timeout=60))
