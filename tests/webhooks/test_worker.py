"""Webhooks through RQ: first attempt on the `webhooks` queue, retries in RQ's scheduler, and a worker killed with
SIGKILL mid-delivery loses nothing (real Redis, a subprocess worker)."""
import os
import subprocess
import sys
import time
from datetime import timedelta

import pytest
import sqlalchemy as sa

from core.db import db, utcnow
from core.tenancy import cross_tenant
from domain.webhooks.jobs import redeliver_overdue
from domain.webhooks.models import WebhookDelivery
from tests.fixtures.ciot import run_worker
from tests.hardening.test_dead_jobs import ROOT, WORKER_BOUND, kill_hard, wait_for, worker_env
from tests.webhooks.test_delivery import emit


def the_delivery() -> WebhookDelivery:
    db.session.expire_all()
    return db.session.execute(cross_tenant(sa.select(WebhookDelivery))).scalar_one()


def time_travel_to_due() -> None:
    """The delivery's next attempt (a retry, or the end of a claim's lease) is now in the past."""
    db.session.execute(cross_tenant(sa.update(WebhookDelivery).values(next_attempt_at=utcnow() - timedelta(minutes=2))))
    db.session.commit()


def scheduled_to_queue(connection) -> int:
    """What RQ's scheduler does when the time comes: move the scheduled jobs to their queue."""
    from rq import Queue
    from rq.registry import ScheduledJobRegistry

    from core.serializer import JsonFirstSerializer
    queue = Queue("webhooks", connection=connection, serializer=JsonFirstSerializer)
    registry = ScheduledJobRegistry(queue=queue)
    ids = registry.get_jobs_to_schedule(time.time() + 10 * 86400)
    for job_id in ids:
        registry.remove(job_id)
        queue.enqueue_job(queue.fetch_job(job_id))
    return len(ids)


def test_first_attempt_on_the_queue_and_the_retry_in_rq_scheduler(company, receiver, make_endpoint, rq_backend):
    receiver.statuses = [500]
    make_endpoint(company, receiver.url)
    emit(company)
    assert receiver.requests == []  # nothing inline: the fan-out job waits in Redis
    run_worker(rq_backend, "webhooks")  # fan-out, then the first attempt
    delivery = the_delivery()
    assert (delivery.status, delivery.attempts, len(receiver.requests)) == ("pending", 1, 1)
    from rq.registry import ScheduledJobRegistry

    from core.queue import rq_queue
    registry = ScheduledJobRegistry(queue=rq_queue("webhooks", rq_backend))
    [job_id] = registry.get_job_ids()
    scheduled_at = registry.get_scheduled_time(job_id).replace(tzinfo=None)
    assert abs((scheduled_at - delivery.next_attempt_at).total_seconds()) < 1
    # Time travel: the retry is due (the row says so) and RQ's scheduler hands the job over.
    time_travel_to_due()
    assert scheduled_to_queue(rq_backend) == 1
    run_worker(rq_backend, "webhooks")
    assert the_delivery().status == "delivered" and len(receiver.requests) == 2


def test_without_redis_at_retry_time_the_periodic_job_still_sends(company, receiver, make_endpoint, rq_backend):
    receiver.statuses = [500]
    make_endpoint(company, receiver.url)
    emit(company)
    run_worker(rq_backend, "webhooks")
    rq_backend.flushdb()  # Redis lost everything (restart without persistence): the scheduled retry is gone
    time_travel_to_due()
    assert redeliver_overdue() == 1  # queued again from the delivery row
    run_worker(rq_backend, "webhooks")
    assert the_delivery().status == "delivered" and len(receiver.requests) == 2


@pytest.mark.redis
@pytest.mark.slow
def test_kill_9_of_the_worker_mid_delivery_loses_nothing(app, company, receiver, make_endpoint, request):
    if not os.environ.get("TEST_REDIS_URL"):
        pytest.skip("real Redis not configured: set TEST_REDIS_URL=redis://127.0.0.1:6379/<db>")
    request.getfixturevalue("rq_backend")
    import threading
    receiver.hold = threading.Event()  # the receiver sits on the first request: the worker is mid-delivery
    make_endpoint(company, receiver.url)
    event = emit(company)
    env = {**worker_env(app), "WEBHOOK_ALLOW_PRIVATE_TARGETS": "1"}
    command = [sys.executable, "-m", "flask", "--app", "app", "worker", "webhooks"]
    worker = subprocess.Popen(command, cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert receiver.entered.wait(WORKER_BOUND), "the worker never sent the request"
    finally:
        kill_hard(worker.pid)
        worker.wait(30)
    receiver.hold.set()  # the request the dead worker sent ends without anyone to read the answer
    receiver.wait_for(1)
    delivery = the_delivery()
    assert delivery.status == "pending" and delivery.attempts == 1  # claimed, never recorded
    receiver.hold = None
    # After the claim's lease, the periodic job finds the delivery owed and queues it; a new worker sends it.
    time_travel_to_due()
    assert redeliver_overdue() == 1
    survivor = subprocess.run(command + ["--burst"], check=False, cwd=ROOT,
                              env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=WORKER_BOUND)
    assert survivor.returncode == 0
    assert wait_for(lambda: the_delivery().status == "delivered", 30)
    ids = [r["headers"]["Webhook-Id"] for r in receiver.requests]
    assert ids == [str(event.id)] * 2  # at least once: the receiver deduplicates by Webhook-Id
