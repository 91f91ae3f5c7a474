"""The aggregate contracts' periodic jobs (jobs/registry.py): the daily closing of contracts past their 30 days and
the sweep of messages left pending. Apart from jobs.py because they call the area's services, which enqueue the
jobs of jobs.py and so import that module."""
import logging
from datetime import datetime

from core.clock import brasilia_date, brasilia_today
from core.db import db
from core.jobs import job_context
from core.transaction import commit_phase
from domain.ciot_agregado import services
from domain.ciot_agregado.senders import sender
from domain.tenancy.models import Company

log = logging.getLogger(__name__)


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
    settled = 0
    with job_context():
        stuck = services.stuck_requests()
    for kind, agregado_id, company_id, key in stuck:
        try:  # each contract its own unit of work: a failure is rolled back (a refusal keeps its records)
            with job_context(company_id):
                send = sender(kind)
                outcome = send(db.session.get(Company, company_id), agregado_id, key, actor="cron")
            settled += outcome != services.PENDING
        except Exception as exc:  # noqa: BLE001  one contract's failure must not stop the others
            log.warning("agregado %s: nova tentativa (%s) falhou: %s", agregado_id, kind, exc)
    return settled
