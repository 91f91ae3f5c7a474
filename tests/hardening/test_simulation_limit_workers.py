"""The simulation limit (SIMULATION_RATE_LIMIT per API key; 5 per hour here) holds across web
processes: two gunicorn workers share the count in Redis, so the sixth simulation of one key in the window is 429
`rate_limited` with Retry-After whichever worker answers, and another key still has its own count. Needs the real
Redis of TEST_REDIS_URL; the workers use the test's database. Per hour, not per minute: the window starts at the first
hit, and a loaded machine slow enough to spend a minute on the rounds would start a new count mid-test."""
from collections import Counter

from core.db import db
from core.tenancy import tenant_scope
from domain.simulations.models import Methodology
from tests.hardening.workers import post_json, until_both_workers_refuse
from tests.simulations.conftest import COST_INPUTS

LIMIT = 5


def cost_model_of(company) -> str:
    with tenant_scope(company.id):
        return str(db.session.execute(
            db.select(Methodology.id).where(Methodology.template == "cost_model")).scalar_one())


def send_simulation(port: int, key: str, methodology_id: str):
    body = {"methodology_id": methodology_id, "inputs": COST_INPUTS,
            "tax_context": {"origin_state": "SP", "destination_state": "BA"}}
    return post_json(port, "/api/public/v1/simulations", body, {"X-API-Key": key})


def test_sixth_simulation_of_one_key_is_429_whichever_worker_answers(two_workers, company, make_company,
                                                                     make_api_key):
    port = two_workers(SIMULATION_RATE_LIMIT=f"{LIMIT} per hour")
    _, key = make_api_key(company)
    methodology_id = cost_model_of(company)
    answers = until_both_workers_refuse(lambda: send_simulation(port, key, methodology_id))
    accepted = Counter(a.pid for a in answers if a.status == 200)
    refused = [a for a in answers if a.status == 429]

    assert {a.status for a in answers} <= {200, 429}, answers
    assert sum(accepted.values()) == LIMIT  # one count for both processes: never 5 per worker
    assert len({a.pid for a in answers if a.status == 200}) >= 1
    assert len({a.pid for a in refused}) == 2, f"only one worker refused: {answers}"
    assert all(a.body["error"]["code"] == "rate_limited" for a in refused)
    assert all(a.retry_after and 1 <= int(a.retry_after) <= 3601 for a in refused)
    assert any(accepted[a.pid] < LIMIT for a in refused)  # a worker obeyed the shared count, not its own

    other = make_company()
    _, other_key = make_api_key(other)
    assert send_simulation(port, other_key, cost_model_of(other)).status == 200  # the limit is per key
