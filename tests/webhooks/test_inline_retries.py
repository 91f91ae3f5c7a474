"""The embedded default's retries (inline jobs, no RQ scheduler) follow the documented schedule: the first retry
about 5 s after a failure, from this process's timer thread, not a minute later from the periodic sweep."""
import time
from datetime import timedelta

import pytest

from core.db import db
from core.inline_timer import TIMER
from core.tenancy import tenant_scope
from domain.webhooks import services
from domain.webhooks.jobs import redeliver_overdue
from domain.webhooks.models import WebhookDelivery
from tests.webhooks.test_delivery import deliveries, emit


@pytest.fixture
def inline_retries(app, monkeypatch):
    monkeypatch.setitem(app.config, "WEBHOOK_INLINE_RETRIES", True)
    yield
    TIMER.clear()  # nothing of this test may fire in the next one


def test_the_first_retry_goes_out_about_5_s_after_the_failure(company, receiver, make_endpoint, inline_retries):
    receiver.statuses = [503]
    make_endpoint(company, receiver.url)
    emit(company)
    failed_at = time.monotonic()
    receiver.wait_for(2, timeout=60)  # the retry, from the timer thread (nobody runs the sweep here)
    waited = time.monotonic() - failed_at
    assert TIMER.wait_idle(60)  # the retry's job has recorded its attempt
    assert services.RETRY_DELAYS[0] * 0.9 <= waited <= services.RETRY_DELAYS[0] * (1 + services.JITTER) + 5
    with tenant_scope(company.id):
        db.session.expire_all()
        [delivery] = db.session.execute(db.select(WebhookDelivery)).scalars().all()
        assert (delivery.status, delivery.attempts) == ("delivered", 2)


def test_without_inline_retries_the_sweep_sends_a_due_retry_at_once(company, receiver, make_endpoint):
    """Inline, the sweep gives no 60 s grace (that is for RQ's scheduler): a retry due now is sent now."""
    receiver.statuses = [503]
    make_endpoint(company, receiver.url)
    emit(company)
    [delivery] = deliveries(company)
    due = delivery.next_attempt_at
    assert TIMER.pending() == 0  # WEBHOOK_INLINE_RETRIES is off in tests
    assert redeliver_overdue(due - timedelta(seconds=1)) == 0
    assert redeliver_overdue(due + timedelta(seconds=1)) == 1  # was 0 until 60 s past due
    assert len(receiver.wait_for(2)) == 2
