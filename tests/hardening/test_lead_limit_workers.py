"""The lead limit (5 per minute per client IP) holds across web processes: two gunicorn workers share the count in
Redis, so the sixth lead from one IP is 429 with Retry-After whichever worker answers. Needs the real Redis of
TEST_REDIS_URL (CI has it); the workers use the test's database (the SQLite file or TEST_DATABASE_URL). The limit is
5 per hour here: the window starts at the first hit, and a loaded machine slow enough to spend a minute on the rounds
would start a new count mid-test (more than 5 accepted)."""
import uuid
from collections import Counter

from core.db import db
from core.tenancy import cross_tenant
from domain.marketplace.models import MarketplaceLead
from tests.hardening.workers import post_json, until_both_workers_refuse

LIMIT = 5


def send_lead(port: int, slug: str, client_ip: str):
    body = {"slug": slug, "driverName": "Maria Souza", "driverPhone": "41 99999-8888"}
    return post_json(port, "/api/public/v1/marketplace/leads", body, {"X-Forwarded-For": client_ip})


def stored_leads(freight) -> int:
    return db.session.execute(cross_tenant(
        db.select(db.func.count()).select_from(MarketplaceLead).where(MarketplaceLead.freight_id == freight.id))
    ).scalar_one()


def test_sixth_lead_from_one_ip_is_429_whichever_worker_answers(two_workers, make_freight):
    # Behind one proxy, so X-Forwarded-For is the client.
    port = two_workers(PROXY_COUNT="1", MARKETPLACE_LEAD_LIMIT=f"{LIMIT} per hour")
    freight = make_freight(visibility="publico", status="published")
    slug = freight.public_slug  # read here: the threads have no app context
    client_ip = f"2001:db8::{uuid.uuid4().hex[:4]}:{uuid.uuid4().hex[:4]}"  # a fresh client for this run
    answers = until_both_workers_refuse(lambda: send_lead(port, slug, client_ip))
    accepted = Counter(a.pid for a in answers if a.status == 200)
    refused = [a for a in answers if a.status == 429]

    assert {a.status for a in answers} <= {200, 429}
    assert sum(accepted.values()) == LIMIT  # one count for both processes: never 5 per worker
    assert stored_leads(freight) == LIMIT
    assert len({a.pid for a in refused}) == 2, f"only one worker answered: {answers}"
    assert all(a.retry_after and 1 <= int(a.retry_after) <= 3601 for a in refused)
    # A worker refused while it had itself accepted fewer than 5: the count it obeyed was the shared one.
    assert any(accepted[a.pid] < LIMIT for a in refused)

    other_ip = f"2001:db8::{uuid.uuid4().hex[:4]}:1"
    assert send_lead(port, slug, other_ip).status == 200  # the limit is per client IP
