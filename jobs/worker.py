"""The RQ worker classes `flask --app app worker` runs (docs/deploy.md "What a worker is").

`FretesWorker`, the default, runs every job in its own process, one after the other, without forking: the Flask app,
the imported job modules and the database pool are built once and reused, so a job pays for its own work only (a
forked work horse per job paid a fork, the imports of the job's modules and a new PostgreSQL connection, most of a
webhook fan-out). What the fork gave for free is kept by hand, per job:
- a fresh `contextvars` context: a tenant scope (or anything else kept in a context variable) cannot outlive its job;
- the job's database session is removed when its `job_context` ends (core/jobs.py); after the job the worker
  checks that no pool connection is still checked out, and logs and closes any it finds (`release_connections`);
- job timeouts: RQ's death penalty (SIGALRM) raises `JobTimeoutException` in the job, which runs in the main thread;
- a process forked from a worker (RQ's scheduler) drops the inherited pool without closing its connections
  (`forget_inherited_connections`): the parent's sockets are never used or closed by a child;
- heartbeats while a job runs: RQ's SimpleWorker runs the job in its only thread and sends none, so its job's entry
  in the started registry lived for the job's whole timeout (a PDF batch whose worker was killed showed "running"
  for 11 minutes). `JobHeartbeat` renews it from a thread every WORKER_HEARTBEAT_SECONDS with a TTL of
  HEARTBEAT_MISSES beats: a dead worker's job is abandoned a minute after its last beat (docs/hardening.md).
Both survive a Redis restart (`OutageTolerantWork`): the loop waits for Redis to answer again instead of exiting.
`FretesForkingWorker` (`flask worker --fork`) is RQ's fork-per-job worker, for a job that must not share a process.
Both time each job, count it per queue (core/metrics.py) and log it in one line (core/logs.py).
"""
import contextvars
import logging
import os
import threading
import time

import redis.exceptions
from rq import SimpleWorker, Worker

from core.db import db
from core.logs import log_job
from core.metrics import record_job
from core.queue import redis_connection, worker_app
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


MAINTENANCE_SECONDS = 60
DEFAULT_HEARTBEAT_SECONDS = 15
HEARTBEAT_MISSES = 4  # beats a job may miss before it counts as abandoned: 4 x 15 s = 60 s


def heartbeat_seconds() -> int:
    """WORKER_HEARTBEAT_SECONDS from the environment (the worker's, and the sweep's in `rq cron`), default 15."""
    return max(1, int(os.environ.get("WORKER_HEARTBEAT_SECONDS") or DEFAULT_HEARTBEAT_SECONDS))


def heartbeat_ttl() -> int:
    """How long a job's entry in the started registry lives without a beat."""
    return HEARTBEAT_MISSES * heartbeat_seconds()


REDIS_OUTAGE = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


OUTAGE_WAIT_MAX = 30.0  # s between two PINGs at most, while Redis does not answer


def wait_for_redis(connection, who: str, exc: BaseException, stopping=lambda: False) -> None:
    """Poll PING, backing off to OUTAGE_WAIT_MAX, until Redis answers (or `stopping()`)."""
    log.error("%s: Redis unreachable (%s); waiting for it", who, exc)
    wait = 0.5
    while not stopping():
        try:
            if connection.ping():
                log.warning("%s: Redis answers again", who)
                return
        except REDIS_OUTAGE:
            pass
        time.sleep(wait)
        wait = min(wait * 2, OUTAGE_WAIT_MAX)


def build_when_redis_answers(make):
    """`make()` (an RQ worker: its constructor already names its connection in Redis), waiting for Redis first when
    it is down: a worker started during an outage (a reboot that starts it before Redis) waits instead of exiting."""
    while True:
        try:
            return make()
        except REDIS_OUTAGE as exc:
            wait_for_redis(redis_connection(), f"worker (pid {os.getpid()}) starting", exc)


class OutageTolerantWork:
    """RQ's loop quits on a Redis error outside its dequeue (the heartbeat after a job, the suspension check, the
    maintenance, a job's bookkeeping): the worker exited on a Redis restart and waited for systemd. Here each of
    those steps, on a connection error, waits (polling PING, backing off to 30 s) until Redis answers and goes on.
    A job whose bookkeeping failed mid-way is left to the started registry: its heartbeat lapses and the sweep
    retries or fails it like an abandoned one."""

    def wait_for_redis(self, exc: BaseException) -> None:
        wait_for_redis(self.connection, f"worker {self.name}", exc, stopping=lambda: self._stop_requested)

    def _tolerant(self, step, *args, **kwargs):
        while True:
            try:
                return step(*args, **kwargs)
            except REDIS_OUTAGE as exc:
                if self._stop_requested:
                    raise
                self.wait_for_redis(exc)

    def check_for_suspension(self, burst: bool):
        return self._tolerant(super().check_for_suspension, burst)

    def register_birth(self):  # the very first write: Redis down while the worker starts (it exited here)
        return self._tolerant(super().register_birth)

    def subscribe(self):  # the command channel, opened right after the registration
        return self._tolerant(super().subscribe)

    def _start_scheduler(self, *args, **kwargs):  # at start: Redis restarting while the worker boots
        return self._tolerant(super()._start_scheduler, *args, **kwargs)

    def dequeue_job_and_maintain_ttl(self, *args, **kwargs):  # RQ retries its BLPOP, not its state write
        return self._tolerant(super().dequeue_job_and_maintain_ttl, *args, **kwargs)

    def set_state(self, state, pipeline=None):
        if pipeline is not None:
            return super().set_state(state, pipeline)
        return self._tolerant(super().set_state, state)

    def run_maintenance_tasks(self):
        return self._tolerant(super().run_maintenance_tasks)

    def heartbeat(self, timeout=None, pipeline=None):
        if pipeline is not None:  # part of a larger pipeline: its owner handles the error
            return super().heartbeat(timeout, pipeline)
        return self._tolerant(super().heartbeat, timeout)

    def execute_job(self, job, queue):
        try:
            return super().execute_job(job, queue)
        except REDIS_OUTAGE as exc:
            if self._stop_requested:
                raise
            log.error("worker %s: Redis lost during job %s; its heartbeat will lapse and the sweep retry it",
                      self.name, job.id)
            self.wait_for_redis(exc)


class JobHeartbeat:
    """Renews the job's entry in the started registry (and the worker's key) every `period` seconds from a daemon
    thread while the job runs in the main one. A beat lost to a Redis blip is only logged: the next one renews."""

    def __init__(self, worker, job, execution, period: float):
        self.worker, self.job, self.execution, self.period = worker, job, execution, period
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._beat, name=f"heartbeat-{job.id}", daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc_info):
        self.stopped.set()
        self.thread.join(self.period + 5)

    def _beat(self) -> None:
        while not self.stopped.wait(self.period):
            try:
                self.worker.maintain_heartbeats(self.job, self.execution)
            except Exception as exc:  # noqa: BLE001  a lost beat must never end the job
                log.warning("job %s: heartbeat failed: %s", self.job.id, exc)


class FretesWorker(OutageTolerantWork, MeasuredJobs, SimpleWorker):
    """Runs the jobs in its own process (no fork), with the app and its database pool built once."""

    def perform_job(self, job, queue, execution) -> bool:
        engines = worker_engines()
        before = [checked_out(engine) for engine in engines]
        try:
            with JobHeartbeat(self, job, execution, heartbeat_seconds()):
                return super().perform_job(job, queue, execution)
        finally:
            release_leaked(job, engines, before)

    def get_heartbeat_ttl(self, job, working_time: float = 0.0) -> int:
        """The started registry's TTL of a running job: HEARTBEAT_MISSES beats, not the job's whole timeout."""
        return heartbeat_ttl()


class FretesForkingWorker(OutageTolerantWork, MeasuredJobs, Worker):
    """RQ's default: a forked work horse per job (`flask worker --fork`), monitored every heartbeat period."""

    def get_heartbeat_ttl(self, job, working_time: float = 0.0) -> int:
        return heartbeat_ttl()


def worker_engines() -> list:
    """The database engines of the worker's app (one per bind)."""
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
