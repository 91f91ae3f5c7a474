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
