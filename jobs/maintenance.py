"""Housekeeping jobs run by `rq cron` (declared in jobs/cron_config.py)."""
from core.db import db, utcnow
from core.models import IdempotencyRecord
from core.tenancy import cross_tenant
from jobs.context import job_context


def purge_expired_idempotency_keys() -> int:
    """Idempotency keys are kept 24 h; drop the expired ones. Platform-wide, so cross-tenant."""
    with job_context():
        result = db.session.execute(cross_tenant(
            db.delete(IdempotencyRecord).where(IdempotencyRecord.expires_at < utcnow())))
        db.session.commit()
        return result.rowcount or 0


def dispatch_job_outbox(min_age_seconds: float = 30) -> int:
    """Send the jobs whose enqueue failed (Redis was down) now that Redis answers; see core/queue.py."""
    from core.queue import dispatch_outbox
    with job_context():
        return dispatch_outbox(min_age_seconds=min_age_seconds)


def sweep_dead_jobs(timestamp: float | None = None) -> int:
    """RQ's abandoned-job handling for every queue: jobs whose worker stopped sending heartbeats (killed) go to the
    failed registry and their on_failure callback (jobs/failures.py) fails their progress row. Workers do this
    now and then themselves; the periodic run makes it prompt. `timestamp` (tests) stands for "now"."""
    from rq.registry import StartedJobRegistry

    from core.queue import QUEUES, redis_connection
    from core.serializer import JsonFirstSerializer
    with job_context():
        connection, swept = redis_connection(), 0
        for name in QUEUES:
            registry = StartedJobRegistry(name, connection=connection, serializer=JsonFirstSerializer)
            swept += len(registry.get_expired_job_ids(timestamp))
            registry.cleanup(timestamp)
        return swept
