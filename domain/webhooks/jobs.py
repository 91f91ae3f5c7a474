"""Webhook jobs on the `webhooks` queue: fan an outbox event out, send one delivery, re-send what is overdue.

Each job commits its own work. Retries are scheduled through RQ (`enqueue_at`) when a worker runs them; the
delivery row's `next_attempt_at` stays the record, so a lost scheduled job is found by `redeliver_overdue`
(periodic, jobs/registry.py). In the embedded default (inline jobs) the first attempt runs right after the
commit that emitted the event and the retries run from the periodic job (`flask --app app webhook sweep`).
"""
import logging
import uuid
from datetime import UTC, datetime, timedelta

from flask import current_app

from core.db import db, utcnow
from core.inline_timer import TIMER
from core.jobs import job_context
from core.models import OutboxEvent
from core.queue import PendingJob, enqueue_after_commit, job_path, rq_queue
from core.transaction import commit_phase
from domain.tenancy.models import Company
from domain.webhooks.delivery import claim, due_deliveries, fan_out, record_attempt, send, undispatched_events
from domain.webhooks.models import WebhookDelivery, WebhookEndpoint

log = logging.getLogger("fretes.webhooks")
QUEUE = "webhooks"
SWEEP_GRACE_SECONDS = 60  # the RQ scheduler gets this long to fire a retry before the periodic job takes it
UNDISPATCHED_AFTER_SECONDS = 30
# Up to this many endpoints, the fan-out job sends the first attempts itself (each bounded by the 10 s timeout,
# well inside the queue's 60 s job timeout); more get one job each.
SEND_IN_FAN_OUT = 3


def _parse(now):
    return datetime.fromisoformat(now) if isinstance(now, str) else now


def dispatch_event(company_id: str, event_id: str, now=None) -> int:
    """Create the deliveries an outbox event owes and queue their first attempt. Returns how many."""
    with job_context(company_id):
        event = db.session.get(OutboxEvent, uuid.UUID(str(event_id)))
        if event is None:
            return 0
        created = fan_out(event, db.session.get(Company, event.company_id), _parse(now))
        send_here, ids = len(created) <= SEND_IN_FAN_OUT, [d.id for d in created]
        if not send_here:
            for owed in created:  # as services.queue_delivery does (services imports this module)
                enqueue_after_commit(deliver, str(owed.company_id), str(owed.id), queue=QUEUE)
    if send_here:  # one job instead of two per event: the first attempts run in this job, after the commit
        for delivery_id in ids:
            deliver(company_id, delivery_id, now)
    return len(ids)


def deliver(company_id: str, delivery_id: str, now=None) -> str | None:
    """One attempt of one delivery, if it is still due; returns the delivery's status afterwards."""
    now, delivery_id = _parse(now), uuid.UUID(str(delivery_id))
    with job_context(company_id):
        if not claim(delivery_id, now):
            db.session.rollback()
            return None
        commit_phase("the delivery claim stands even if this process dies during the request")
        delivery = db.session.get(WebhookDelivery, delivery_id)
        endpoint = db.session.get(WebhookEndpoint, delivery.endpoint_id)
        if not endpoint.enabled:  # owed again when the endpoint is enabled
            delivery.next_attempt_at = None
            return delivery.status
        outcome = send(delivery, now)
        record_attempt(delivery, outcome, now)
        commit_phase("the attempt is recorded before its retry is scheduled")
        if delivery.status == "pending":
            _schedule(company_id, delivery_id, delivery.next_attempt_at)
        return delivery.status


def _schedule(company_id, delivery_id, at: datetime) -> None:
    """The retry, through RQ's scheduler, or (inline jobs, the embedded default) this process's timer thread; the
    row stays due either way, so a lost timer or scheduled job is found by the periodic job."""
    if current_app.config.get("JOBS_INLINE"):
        if current_app.config.get("WEBHOOK_INLINE_RETRIES"):
            TIMER.schedule(current_app._get_current_object(), (at - utcnow()).total_seconds(),
                           PendingJob(job_path(deliver), (str(company_id), str(delivery_id)), queue=QUEUE))
        return
    try:
        rq_queue(QUEUE).enqueue_at(at.replace(tzinfo=UTC), deliver, str(company_id),
                                   str(delivery_id), job_timeout=60)
    except Exception as exc:  # noqa: BLE001  Redis down: the row is still due and the sweep sends it
        log.warning("webhook retry for %s not scheduled (%s); the periodic job will send it", delivery_id, exc)


def redeliver_overdue(now=None) -> int:
    """Periodic: queue every delivery whose time passed (lost job, killed worker, inline mode) and fan out events
    whose fan-out never ran. In inline mode the attempts run here. Returns how many jobs it queued."""
    now = _parse(now) or utcnow()
    with job_context():
        events = undispatched_events(now - timedelta(seconds=UNDISPATCHED_AFTER_SECONDS))
        inline = bool(current_app.config.get("JOBS_INLINE"))
        # The grace is for RQ's scheduler; inline there is none to wait for: what is due is sent.
        due = due_deliveries(now - timedelta(seconds=0 if inline else SWEEP_GRACE_SECONDS))
        db.session.rollback()
    for company_id, event_id in events:
        _run_or_queue(dispatch_event, company_id, event_id, inline, now)
    for company_id, delivery_id in due:
        _run_or_queue(deliver, company_id, delivery_id, inline, now)
    return len(events) + len(due)


def _run_or_queue(job, company_id, record_id, inline: bool, now=None) -> None:
    if inline:
        job(str(company_id), str(record_id), now)
        return
    with job_context(company_id):
        enqueue_after_commit(job, str(company_id), str(record_id), queue=QUEUE)
