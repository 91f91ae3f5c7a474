"""Aggregate contract jobs: the opening's declaration, the rectification, the cancellation and the closing sent to
the authority (queue "emission"; phase 2 of each, domain/ciot_agregado/authority.py). Each finds its sender in
senders.py: the modules that send enqueue these jobs, so this one cannot import them. The daily closing of contracts
past their 30 days and the periodic sweep of messages left pending are in periodic_jobs.py (jobs/registry.py)."""
import logging
import uuid

import sqlalchemy as sa

from core.db import db
from core.jobs import final_try, job_context
from core.tenancy import cross_tenant, tenant_scope
from domain.ciot.provider import ProviderUnavailable
from domain.ciot_agregado.authority import PENDING
from domain.ciot_agregado.models import (
    PENDENCIA_CANCELAMENTO,
    PENDENCIA_DECLARACAO,
    PENDENCIA_ENCERRAMENTO,
    PENDENCIA_RETIFICACAO,
    CiotAgregado,
)
from domain.ciot_agregado.senders import sender
from domain.tenancy.models import Company

log = logging.getLogger(__name__)


def send_declaration(agregado_id: str, key: str) -> str:
    """Phase 2 of an opening, enqueued by the commit of phase 1 (key: the contract id)."""
    return _send(sender(PENDENCIA_DECLARACAO), agregado_id, key)


def send_cancellation(agregado_id: str, key: str) -> str:
    """Phase 2 of a cancellation, enqueued by the commit of phase 1."""
    return _send(sender(PENDENCIA_CANCELAMENTO), agregado_id, key)


def send_closing(agregado_id: str, key: str) -> str:
    """Phase 2 of a closing, enqueued by the commit of phase 1."""
    return _send(sender(PENDENCIA_ENCERRAMENTO), agregado_id, key)


def send_rectification(agregado_id: str, key: str) -> str:
    """Phase 2 of a declared contract's rectification, enqueued by the commit of phase 1."""
    return _send(sender(PENDENCIA_RETIFICACAO), agregado_id, key)


def _send(send, agregado_id: str, key: str) -> str:
    """Idempotent: `send` acts only on a contract still waiting for the message of this key, and the authority is
    asked with the key. An unreachable provider is retried (RQ Retry); after the last try the request stays
    pending for the sweep. Returns the outcome, or `missing`."""
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
                return PENDING  # the sweep (retry_stuck_agregados) tries again
            except Exception:
                db.session.rollback()
                raise
            db.session.flush()  # in the company's scope; job_context commits
        return outcome
