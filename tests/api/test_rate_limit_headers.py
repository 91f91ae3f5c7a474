"""RateLimit-Limit / -Remaining / -Reset (IETF draft: Reset in seconds) on every answer of a limited call, Retry-After
on its 429, and the same in the OpenAPI document. With TEST_REDIS_URL the simulations' count is Redis' (the reset
read in the count's own round trip), else memory."""
import re

import pytest

from core.openapi import build_document
from tests.fixtures.core import ApiClient
from tests.simulations.conftest import COST_INPUTS

LEAD = {"driverName": "João da Silva", "driverPhone": "(11) 98765-4321"}


def window(response) -> tuple[int, int, int]:
    return tuple(int(response.headers[f"RateLimit-{name}"]) for name in ("Limit", "Remaining", "Reset"))


def test_a_lead_answer_counts_down_and_its_429_says_when_to_retry(app, make_freight):
    public = ApiClient(app.test_client(), None)
    slug = make_freight(visibility="publico", status="published").public_slug
    seen = [public.post("/marketplace/leads", json={"slug": slug, **LEAD}) for _ in range(6)]
    assert [r.status_code for r in seen] == [200] * 5 + [429]
    assert [window(r)[:2] for r in seen] == [(5, 4), (5, 3), (5, 2), (5, 1), (5, 0), (5, 0)]
    assert all(0 < window(r)[2] <= 60 for r in seen)
    assert 1 <= int(seen[-1].headers["Retry-After"]) <= 61
    assert window(seen[-1])[2] <= int(seen[-1].headers["Retry-After"])


def test_a_simulation_answer_carries_its_window(api, company, app, monkeypatch):
    monkeypatch.setitem(app.config, "SIMULATION_RATE_LIMIT", "2 per minute")
    from tests.webhooks.test_event_payloads import _methodology
    body = {"methodology_id": _methodology(company), "inputs": COST_INPUTS,
            "tax_context": {"origin_state": "SP", "destination_state": "SP"}}
    answers = [api.post("/simulations", json=body) for _ in range(3)]
    assert [r.status_code for r in answers] == [200, 200, 429]
    assert [window(r)[:2] for r in answers] == [(2, 1), (2, 0), (2, 0)]
    assert all(0 < window(r)[2] <= 60 for r in answers) and "Retry-After" in answers[-1].headers


def test_a_call_without_a_limit_has_no_such_headers(api):
    assert "RateLimit-Limit" not in api.get("/me").headers


def test_the_login_page_limit_uses_the_same_names(app):
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    answer = client.post("/login", data={"email": "ninguem@example.com", "password": "x", "csrf_token": token})
    assert answer.headers["RateLimit-Limit"] and answer.headers["RateLimit-Remaining"]


@pytest.mark.parametrize("operation", ["createSimulation", "createMarketplaceLead"])
def test_the_document_declares_the_headers_of_limited_operations(operation):
    found = [op for path in build_document()["paths"].values() for op in path.values()
             if isinstance(op, dict) and op.get("operationId") == operation]
    [op] = found
    success = next(r for status, r in op["responses"].items() if status.startswith("2"))
    assert {"RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"} <= set(success["headers"])
    assert {"Retry-After", "RateLimit-Reset"} <= set(op["responses"]["429"]["headers"])


def test_a_malformed_lead_is_not_counted_but_its_400_carries_the_window(app, make_freight):
    public = ApiClient(app.test_client(), None)
    slug = make_freight(visibility="publico", status="published").public_slug
    counted = public.post("/marketplace/leads", json={"slug": slug, **LEAD})
    malformed = public.post("/marketplace/leads", json={"slug": slug, "driverName": ""})
    assert malformed.status_code == 400
    assert window(malformed)[:2] == (5, 4) == window(counted)[:2]  # shown, not used up
    assert public.post("/marketplace/leads", json={"slug": slug, **LEAD}).headers["RateLimit-Remaining"] == "3"


def test_a_malformed_simulation_is_not_counted_but_its_400_carries_the_window(api, app, monkeypatch):
    monkeypatch.setitem(app.config, "SIMULATION_RATE_LIMIT", "2 per minute")
    malformed = api.post("/simulations", json={"inputs": "nao-e-um-objeto"})
    assert malformed.status_code == 400 and window(malformed)[:2] == (2, 2)
    broken_json = api.post("/simulations", data=b"{", headers={"Content-Type": "application/json"})
    assert broken_json.status_code == 400 and window(broken_json)[:2] == (2, 2)
