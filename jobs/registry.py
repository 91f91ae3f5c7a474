"""Every job, once: the functions RQ (or, without Redis, the request that enqueued them) runs, each beside its area
(`domain/<area>/jobs.py`; the platform's housekeeping in jobs/maintenance.py), and the periodic ones with their
schedule. Code names a job by its function (`enqueue_after_commit(send_declaration, …)`), never by a dotted path:
tests/foundation/test_structure.py fails on a job path written as a string anywhere but here, and on a job defined
in a `jobs.py` that this registry does not list.

Used by `rq cron jobs/cron_config.py` (the schedule below) and by `flask worker`, which imports every job's module
before its first job. RQ stores a job by its function's dotted path (core.queue.job_path); jobs queued under the
paths of before the move (`jobs.<module>.<name>`) find their function through the alias modules in jobs/, kept
through the next release (docs/deploy.md, "Upgrading")."""
from collections.abc import Callable
from dataclasses import dataclass

from core.queue import job_failed
from domain.billing.jobs import import_staged
from domain.ciot.jobs import ask_authority, build_batch_zip
from domain.ciot.recovery_jobs import recover_stale_emissions
from domain.ciot_agregado.jobs import send_cancellation, send_closing, send_declaration, send_rectification
from domain.ciot_agregado.periodic_jobs import close_expired_agregados, retry_stuck_agregados
from domain.freights.jobs import expire_offers
from domain.marketplace.jobs import recount_new_leads
from domain.marketplace.retention_jobs import purge_old_leads
from domain.messages.jobs import deliver_message, send_guesses_notice, send_password_reset
from domain.webhooks.jobs import deliver, dispatch_event, redeliver_overdue
from jobs.maintenance import SWEEP_SECONDS, dispatch_job_outbox, purge_expired_idempotency_keys, sweep_dead_jobs

# Enqueued by the code that asks for them, after its commit.
ENQUEUED = (
    ask_authority,  # a request to the authority about a CIOT operation (queue emission)
    build_batch_zip,  # the CIOT batch page's ZIP of declarations (pdf, behind a progress row)
    send_declaration, send_rectification, send_cancellation, send_closing,  # aggregate contracts, phase 2 (emission)
    import_staged,  # a large fiscal XML upload (default, behind a progress row)
    recount_new_leads,  # the marketplace leads badge (default)
    deliver_message,  # a company's message through its channel (messages)
    send_password_reset, send_guesses_notice,  # the platform's own e-mails about an account (messages)
    dispatch_event, deliver,  # webhooks: an outbox event's fan-out, one delivery attempt (webhooks)
)


@dataclass(frozen=True)
class Periodic:
    func: Callable
    queue: str
    timeout: int
    cron: str | None = None  # a crontab line, in UTC
    interval: int | None = None  # or every so many seconds


# Enqueued by `rq cron` (exactly one in the deployment, docs/deploy.md), each on its schedule.
PERIODIC = (
    Periodic(purge_expired_idempotency_keys, "default", 300, cron="17 * * * *"),
    # Requests to the authority count as stale after CIOT_EMIT_STALE_SECONDS (default 600 s); those the open circuit
    # deferred are sent again once it lets a probe through: every minute, so the queue drains soon after the ANTT is
    # back.
    Periodic(recover_stale_emissions, "emission", 120, cron="* * * * *"),
    # Jobs kept in the outbox while Redis was unreachable (core/queue.py); this job itself runs once Redis is back.
    Periodic(dispatch_job_outbox, "default", 120, cron="* * * * *"),
    # Jobs whose worker died (no heartbeat for 60 s, jobs/worker.py): retried or failed, their progress rows with
    # them (core/progress.py); then the due retries of a queue whose scheduler died are enqueued. Every 15 s: within
    # ~75 s.
    Periodic(sweep_dead_jobs, "default", 60, interval=SWEEP_SECONDS),
    # Webhook deliveries whose retry is due but whose scheduled job never ran, deliveries left by a killed worker, and
    # outbox events never fanned out (domain/webhooks/jobs.py): the delivery rows are what is owed, this sends them.
    Periodic(redeliver_overdue, "webhooks", 300, cron="* * * * *"),
    # Offers past valid_until (or their counter-offer's valid_until) become `expirada`; accept already refuses them.
    Periodic(expire_offers, "default", 60, cron="* * * * *"),
    # Leads older than MARKETPLACE_LEAD_RETENTION_DAYS (default 180) are deleted (LGPD retention).
    Periodic(purge_old_leads, "default", 300, cron="41 3 * * *"),
    # Aggregate contracts whose last day (data_prevista_encerramento) has ended in Brasília are closed, at 00:05 in
    # Brasília (03:05 UTC; Brazil keeps no daylight saving time) of the next day, never during the last day, whose
    # trips are still recorded; running twice, or on two schedulers at once, closes each contract once (row lock +
    # status check, domain/ciot_agregado/expiry.py).
    Periodic(close_expired_agregados, "default", 1800, cron="5 3 * * *"),
    # Aggregate declarations, cancellations and closings left pending (job died, retries exhausted, our commit lost
    # after the authority accepted) are sent again with the same idempotency key (domain/ciot_agregado/authority.py).
    Periodic(retry_stuck_agregados, "emission", 300, cron="*/5 * * * *"),
)

# RQ runs it when it gives up on a job (core.queue.send_to_rq attaches it to every job).
CALLBACKS = (job_failed,)


def every_job() -> tuple:
    """Every function RQ may be asked to run: the enqueued jobs, the periodic ones, the failure callback."""
    return ENQUEUED + tuple(periodic.func for periodic in PERIODIC) + CALLBACKS
