"""CIOT jobs (queue "emission").

`emit_operation(operation_id, attempt_id)` is idempotent: it acts only on a `claimed` attempt, never sends an
operation that already has a codigo_ciot, and asks the provider with the operation id as idempotency key, so a
retry (RQ Retry, 3 times), a duplicate delivery or the recovery of a stale attempt never issues a second CIOT.
"""
import uuid

import sqlalchemy as sa

from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from jobs.context import final_try, job_context


def emit_operation(operation_id: str, attempt_id: str) -> str:
    from domain.ciot.models import EmissionAttempt
    from domain.ciot.provider import ProviderUnavailable
    from domain.ciot.services import fail_emission_attempt, run_emission_attempt

    with job_context():
        try:
            attempt_key, operation_key = uuid.UUID(str(attempt_id)), uuid.UUID(str(operation_id))
        except ValueError:
            return "missing"
        company_id = db.session.execute(cross_tenant(
            sa.select(EmissionAttempt.company_id).where(EmissionAttempt.id == attempt_key,
                                                        EmissionAttempt.operation_id == operation_key)
        )).scalar_one_or_none()
        if company_id is None:
            return "missing"
        with tenant_scope(company_id):
            try:
                state = run_emission_attempt(attempt_key)
            except ProviderUnavailable as exc:
                db.session.rollback()
                if not final_try():
                    raise  # RQ retries it
                state = fail_emission_attempt(attempt_key, str(exc) or type(exc).__name__)
            except Exception:
                db.session.rollback()
                raise
            db.session.flush()  # in the company's scope; job_context commits
        return state


def recover_stale_emissions() -> int:
    """Periodic (jobs/cron_config.py): re-enqueue emission attempts whose worker died mid-way.
    Safe to run at any time: the emission job itself never issues a second CIOT."""
    from domain.ciot.services import recover_stale_attempts

    with job_context():
        return recover_stale_attempts(actor="cron")
