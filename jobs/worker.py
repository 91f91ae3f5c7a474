"""The RQ worker classes `flask --app app worker` runs (docs/deploy.md "What a worker is").

`FretesWorker`, the default, runs every job in its own process, one after the other, without forking: the Flask app,
the imported job modules and the database pool are built once and reused, so a job pays for its own work only (a
forked work horse per job paid a fork, the imports of the job's modules and a new PostgreSQL connection, most of a
webhook fan-out). What the fork gave for free is kept by hand, per job:
- a fresh `contextvars` context: a tenant scope (or anything else kept in a context variable) cannot outlive its job;
- the job's database session is removed when its `job_context` ends (jobs/context.py); after the job the worker
  checks that no pool connection is still checked out, and logs and closes any it finds (`release_connections`);
- job timeouts: RQ's death penalty (SIGALRM) raises `JobTimeoutException` in the job, which runs in the main thread;
- a process forked from a worker (RQ's scheduler) drops the inherited pool without closing its connections
  (`forget_inherited_connections`): the parent's sockets are never used or closed by a child.
`FretesForkingWorker` (`flask worker --fork`) is RQ's fork-per-job worker, for a job that must not share a process.
Both time each job, count it per queue (core/metrics.py) and log it in one line (core/logs.py).
"""
import contextvars
import logging
import os
import time

from rq import SimpleWorker, Worker

from core.logs import log_job
from core.metrics import record_job
from core.tenancy import last_scoped_company

log = logging.getLogger("fretes.jobs")


class MeasuredJobs:
    def perform_job(self, job, queue, execution) -> bool:
        return contextvars.Context().run(self._measured, job, queue, execution)

    def _measured(self, job, queue, execution) -> bool:
        started = time.perf_counter()
        ok = super().perform_job(job, queue, execution)
        elapsed = time.perf_counter() - started
        record_job(queue.name, ok, elapsed, connection=self.connection)
        log_job(job, queue.name, ok, elapsed, last_scoped_company())
        return ok


class FretesWorker(MeasuredJobs, SimpleWorker):
    """Runs the jobs in its own process (no fork), with the app and its database pool built once."""

    def perform_job(self, job, queue, execution) -> bool:
        engines = worker_engines()
        before = [checked_out(engine) for engine in engines]
        try:
            return super().perform_job(job, queue, execution)
        finally:
            release_leaked(job, engines, before)


class FretesForkingWorker(MeasuredJobs, Worker):
    """RQ's default: a forked work horse per job (`flask worker --fork`)."""


def worker_engines() -> list:
    """The database engines of the worker's app (one per bind)."""
    from core.db import db
    from jobs.context import worker_app
    with worker_app().app_context():
        return list(db.engines.values())


def checked_out(engine) -> int:
    counter = getattr(engine.pool, "checkedout", None)  # QueuePool (PostgreSQL, SQLite files)
    return counter() if counter else 0


def release_leaked(job, engines, before) -> int:
    """After a job: every connection it borrowed should be back in its pool (its sessions are removed when its
    `job_context` ends). One still out was left by the job, possibly inside a transaction: the pool is replaced
    (`dispose`), so that connection is closed when it is returned instead of being handed to the next job, and the
    error is logged. Returns how many were found."""
    leaked = 0
    for engine, count in zip(engines, before, strict=True):
        extra = checked_out(engine) - count
        if extra > 0:
            engine.dispose()
            leaked += extra
    if leaked:
        log.error("job %s (%s) left %d database connection(s) checked out; pool replaced", job.id, job.func_name,
                  leaked)
    return leaked


def forget_inherited_connections() -> None:
    """In a process forked from a worker: new, empty pools; the parent's connections stay the parent's (SQLAlchemy's
    recipe for forks: `dispose(close=False)` neither uses nor closes them)."""
    for engine in worker_engines():
        engine.dispose(close=False)


def install_fork_guard() -> None:
    os.register_at_fork(after_in_child=forget_inherited_connections)
