"""Housekeeping jobs run by `rq cron` (scheduled in jobs/registry.py): the platform's own, no area's."""
from core.db import db, utcnow
from core.jobs import job_context
from core.models import IdempotencyRecord
from core.queue import QUEUES, dispatch_outbox, redis_connection
from core.serializer import JsonFirstSerializer
from core.tenancy import cross_tenant


def purge_expired_idempotency_keys() -> int:
    """Idempotency keys are kept 24 h; drop the expired ones. Platform-wide, so cross-tenant."""
    with job_context():
        result = db.session.execute(cross_tenant(
            db.delete(IdempotencyRecord).where(IdempotencyRecord.expires_at < utcnow())))
        return result.rowcount or 0


def dispatch_job_outbox(min_age_seconds: float = 30) -> int:
    """Send the jobs whose enqueue failed (Redis was down) now that Redis answers; see core/queue.py."""
    with job_context():
        return dispatch_outbox(min_age_seconds=min_age_seconds)


def sweep_dead_jobs(timestamp: float | None = None) -> int:
    """RQ's abandoned-job handling for every queue: jobs whose worker stopped sending heartbeats (killed; the entry
    lapses HEARTBEAT_MISSES beats after the last, jobs/worker.py) are retried when they have retries left, else go
    to the failed registry and their on_failure callback (core.queue.job_failed) fails their progress row. Then the
    retries due on a queue whose scheduler died are enqueued (`enqueue_stranded_retries`). Workers clean now and
    then themselves; this periodic run (every SWEEP_SECONDS, jobs/registry.py) makes it prompt. `timestamp`
    (tests) stands for "now"."""
    from rq.registry import StartedJobRegistry  # import here: only with Redis (the sweep does nothing inline)

    with job_context():
        connection, swept = redis_connection(), 0
        for name in QUEUES:
            registry = StartedJobRegistry(name, connection=connection, serializer=JsonFirstSerializer)
            swept += len(registry.get_expired_job_ids(timestamp))
            registry.cleanup(timestamp)
        enqueue_stranded_retries(connection)
        return swept


SWEEP_SECONDS = 15  # with the 60 s heartbeat TTL: a dead worker's job is retried or failed within 75 s


def enqueue_stranded_retries(connection) -> set[str]:
    """RQ's scheduler (the one that moves due retries from a queue's scheduled registry to the queue) runs in one
    worker, holding a lock per queue refreshed every second with a 61 s TTL. When that worker dies, the others
    (and its successor) try the lock again only at their maintenance, every few minutes: a CIOT emission's retry
    waited 10 minutes. Here, every sweep: for each queue whose lock has lapsed (no live scheduler), take it, enqueue
    the due jobs once, and give it back. A live scheduler's lock is never taken. Returns the queues it served."""
    from rq.scheduler import RQScheduler  # import here: only with Redis (the sweep does nothing inline)

    scheduler = RQScheduler(list(QUEUES), connection=connection, serializer=JsonFirstSerializer)
    try:
        served = set(scheduler.acquire_locks())
        if served:
            try:
                scheduler.enqueue_scheduled_jobs()
            finally:
                scheduler.release_locks()
        return served
    finally:
        scheduler.connection.close()  # its own pool, made for this call
