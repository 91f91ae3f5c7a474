"""CIOT jobs (queue "emission"): every request to the authority about an operation (domain/ciot/protocol.py).

`ask_authority(operation_id, request_id)` is idempotent: it acts only on a `claimed` request, never sends an
operation that already has a codigo_ciot, and asks the provider holding no row lock, so a retry (RQ Retry, 3
times), a duplicate delivery or the recovery of a stale request never issues a second CIOT nor blocks a page.
"""
import uuid

import sqlalchemy as sa

from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from jobs.context import final_try, job_context


def ask_authority(operation_id: str, request_id: str) -> str:
    from domain.ciot.models import EmissionAttempt
    from domain.ciot.provider import ProviderUnavailable
    from domain.ciot.services import fail_request, run_request

    with job_context():
        try:
            request_key, operation_key = uuid.UUID(str(request_id)), uuid.UUID(str(operation_id))
        except ValueError:
            return "missing"
        company_id = db.session.execute(cross_tenant(
            sa.select(EmissionAttempt.company_id).where(EmissionAttempt.id == request_key,
                                                        EmissionAttempt.operation_id == operation_key)
        )).scalar_one_or_none()
        if company_id is None:
            return "missing"
        with tenant_scope(company_id):
            try:
                state = run_request(request_key)
            except ProviderUnavailable as exc:
                db.session.rollback()
                if not final_try():
                    raise  # RQ retries it
                state = fail_request(request_key, str(exc) or type(exc).__name__)
            except Exception:
                db.session.rollback()
                raise
            db.session.flush()  # in the company's scope; job_context commits
        return state


# The name the job had when only emissions were asked this way: jobs queued before the upgrade still find it.
emit_operation = ask_authority


def recover_stale_emissions() -> int:
    """Periodic (jobs/cron_config.py): re-enqueue requests to the authority whose worker died, and those the open
    circuit deferred once it lets a probe through. Safe at any time: the job never issues a second CIOT."""
    from domain.ciot.services import recover_stale_requests

    with job_context():
        return recover_stale_requests(actor="cron")
