"""Aggregate contract jobs: the opening's declaration, the rectification, the cancellation and the closing sent to
the authority (queue "emission"; phase 2 of each, domain/ciot_agregado/authority.py), the daily closing of contracts
past their 30 days and the periodic sweep of messages left pending (jobs/registry.py)."""
import logging
import uuid
from datetime import datetime

import sqlalchemy as sa

from core.clock import brasilia_date, brasilia_today
from core.db import db
from core.jobs import final_try, job_context
from core.tenancy import cross_tenant, tenant_scope
from core.transaction import commit_phase

log = logging.getLogger(__name__)


def send_declaration(agregado_id: str, key: str) -> str:
    """Phase 2 of an opening, enqueued by the commit of phase 1 (key: the contract id)."""
    from domain.ciot_agregado import services
    return _send(services.send_declaration, agregado_id, key)


def send_cancellation(agregado_id: str, key: str) -> str:
    """Phase 2 of a cancellation, enqueued by the commit of phase 1."""
    from domain.ciot_agregado import services
    return _send(services.send_cancellation, agregado_id, key)


def send_closing(agregado_id: str, key: str) -> str:
    """Phase 2 of a closing, enqueued by the commit of phase 1."""
    from domain.ciot_agregado import services
    return _send(services.send_closing, agregado_id, key)


def send_rectification(agregado_id: str, key: str) -> str:
    """Phase 2 of a declared contract's rectification, enqueued by the commit of phase 1."""
    from domain.ciot_agregado import services
    return _send(services.send_rectification, agregado_id, key)


def _send(send, agregado_id: str, key: str) -> str:
    """Idempotent: `send` acts only on a contract still waiting for the message of this key, and the authority is
    asked with the key. An unreachable provider is retried (RQ Retry); after the last try the request stays
    pending for the sweep. Returns the outcome, or `missing`."""
    from domain.ciot.provider import ProviderUnavailable
    from domain.ciot_agregado import services
    from domain.ciot_agregado.models import CiotAgregado
    from domain.tenancy.models import Company

    with job_context():
        try:
            contract_id = uuid.UUID(str(agregado_id))
        except ValueError:
            return "missing"
        company_id = db.session.execute(cross_tenant(
            sa.select(CiotAgregado.company_id).where(CiotAgregado.id == contract_id))).scalar_one_or_none()
        if company_id is None:
            return "missing"
        with tenant_scope(company_id):
            try:
                outcome = send(db.session.get(Company, company_id), contract_id, key, actor="worker")
            except ProviderUnavailable:
                db.session.rollback()
                if not final_try():
                    raise  # RQ retries it
                return services.PENDING  # the sweep (retry_stuck_agregados) tries again
            except Exception:
                db.session.rollback()
                raise
            db.session.flush()  # in the company's scope; job_context commits
        return outcome


def close_expired_agregados(now: datetime | None = None) -> int:
    """Every company's open contract whose last day (data_prevista_encerramento) has ended in Brasília time at `now`
    (default: the clock) is put into closing with motivo expiracao_automatica_30_dias, as a user's closing is:
    em_encerramento and its request (the idempotency key) committed, and that commit enqueues the closing's job
    (`send_closing`), which asks the authority holding no lock. This job never asks the authority itself: a slow
    authority holds the emission queue's worker, not the daily job (nor, through it, every contract due after the
    slow one). One contract at a time, so one that cannot be put into closing does not hold the others back.
    Returns how many were closed or are being closed: with jobs inline (the embedded default) the closing's job runs
    at that commit, so a refusal (kept on the contract, which is aberto again and tried the next day) is known and
    not counted; with a worker the closing is counted once requested."""
    from domain.ciot_agregado import services
    from domain.tenancy.models import Company

    today = brasilia_date(now) if now is not None else brasilia_today()
    closing = 0
    with job_context():
        due = services.due_contracts(today)
    for agregado_id, company_id in due:
        try:  # each contract its own unit of work: a failure is rolled back
            with job_context(company_id):
                contract = services.expire_contract(db.session.get(Company, company_id), agregado_id, today)
                if contract is None:
                    continue
                key = contract.encerramento_chave
                commit_phase("em_encerramento is on record, and its closing job enqueued, before the authority is "
                             "asked")
                outcome = services.closing_outcome(services.get_agregado(agregado_id), key)
                closing += outcome in (services.ENCERRADO_OUTCOME, services.PENDING)
        except Exception as exc:  # noqa: BLE001  one contract's failure must not stop the others
            log.warning("agregado %s: encerramento automático falhou: %s", agregado_id, exc)
    return closing


def retry_stuck_agregados() -> int:
    """Periodic: every declaration, rectification, cancellation or closing pending for longer than
    CIOT_AGREGADO_PENDING_STALE_SECONDS (its job died or ran out of retries, or the authority accepted and our commit
    failed) is sent again with the same idempotency key, so what the authority already did is confirmed, never
    repeated. Returns how many were settled."""
    from domain.ciot_agregado import services
    from domain.tenancy.models import Company

    settled = 0
    with job_context():
        stuck = services.stuck_requests()
    for kind, agregado_id, company_id, key in stuck:
        try:  # each contract its own unit of work: a failure is rolled back (a refusal keeps its records)
            with job_context(company_id):
                send = services.SENDERS[kind]
                outcome = send(db.session.get(Company, company_id), agregado_id, key, actor="cron")
            settled += outcome != services.PENDING
        except Exception as exc:  # noqa: BLE001  one contract's failure must not stop the others
            log.warning("agregado %s: nova tentativa (%s) falhou: %s", agregado_id, kind, exc)
    return settled
