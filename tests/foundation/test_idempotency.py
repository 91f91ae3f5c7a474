"""Idempotency-Key on POST: replay, reuse with another body, in-flight, per company, 24 h expiry."""
import threading
from datetime import timedelta

import pytest

from core.db import db, utcnow
from core.models import IdempotencyRecord
from core.tenancy import cross_tenant
from domain.tenancy.models import ApiKey
from tests.foundation import conftest as probe_module


def key_count(name: str) -> int:
    return db.session.scalar(cross_tenant(db.select(db.func.count(ApiKey.id)).where(ApiKey.name == name)))


def records(key: str) -> list[IdempotencyRecord]:
    db.session.expire_all()
    return list(db.session.execute(
        cross_tenant(db.select(IdempotencyRecord).where(IdempotencyRecord.key == key))).scalars())


def set_record(key: str, **values) -> None:
    db.session.execute(cross_tenant(db.update(IdempotencyRecord).where(IdempotencyRecord.key == key)
                                    .values(**values)))
    db.session.commit()


def post(probe, body, key="idem-1", path="/keys"):
    return probe.post(path, json=body, headers={"Idempotency-Key": key})


def test_same_key_and_body_replays_the_first_response(probe):
    first = post(probe, {"name": "uma"})
    assert first.status_code == 201
    assert "Idempotent-Replayed" not in first.headers
    again = post(probe, {"name": "uma"})
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert key_count("uma") == 1


def test_without_the_header_each_post_runs(probe):
    probe.post("/keys", json={"name": "duas"})
    probe.post("/keys", json={"name": "duas"})
    assert key_count("duas") == 2


def test_same_key_with_another_body_is_422(probe):
    assert post(probe, {"name": "uma"}).status_code == 201
    response = post(probe, {"name": "outra"})
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "idempotency_key_reused"
    assert key_count("outra") == 0


def test_the_same_json_in_another_key_order_or_spacing_replays(probe):
    first = post(probe, {"name": "uma", "scopes": ["read"]})
    assert first.status_code == 201
    reordered = post(probe, {"scopes": ["read"], "name": "uma"})
    assert reordered.status_code == 201 and reordered.headers["Idempotent-Replayed"] == "true"
    spaced = probe.post("/keys", data=b'{ "scopes" : [ "read" ] ,\n "name" : "uma" }', content_type="application/json",
                        headers={"Idempotency-Key": "idem-1"})
    assert spaced.status_code == 201 and spaced.headers["Idempotent-Replayed"] == "true"
    assert reordered.get_json() == spaced.get_json() == first.get_json()
    assert key_count("uma") == 1


def test_a_key_claimed_before_the_parsed_comparison_still_replays(probe):
    """A record written by the previous release holds the hash of the raw bytes: the same bytes still replay."""
    import hashlib
    assert post(probe, {"name": "uma"}).status_code == 201
    set_record("idem-1", request_hash=hashlib.sha256(b'POST /api/public/v1/_probe/keys\n{"name": "uma"}').hexdigest())
    assert post(probe, {"name": "uma"}).headers["Idempotent-Replayed"] == "true"
    assert post(probe, {"name": "outra"}).status_code == 422


def test_same_key_on_another_path_is_422(probe):
    assert post(probe, {"name": "uma"}).status_code == 201
    assert post(probe, {"name": "uma"}, path="/conflict").status_code == 422


def test_in_flight_request_is_409(probe):
    assert post(probe, {"name": "uma"}).status_code == 201
    set_record("idem-1", state="running")  # as if the first call had not finished
    response = post(probe, {"name": "uma"})
    assert response.status_code == 409
    assert response.get_json()["error"]["code"] == "idempotency_in_progress"
    assert key_count("uma") == 1


def test_concurrent_request_with_the_same_key_is_409(probe, probe_app):
    probe_module.release_waiting.clear()
    probe_module.entered_waiting.clear()
    results = {}
    first_client = type(probe)(probe_app.test_client(), probe.key)
    worker = threading.Thread(target=lambda: results.setdefault("first", post(first_client, {"name": "lenta"},
                                                                              path="/wait")))
    worker.start()
    try:
        assert probe_module.entered_waiting.wait(probe_module.WAIT_BOUND)
        second = post(probe, {"name": "lenta"}, path="/wait")
        assert second.status_code == 409
    finally:
        probe_module.release_waiting.set()
        worker.join(probe_module.WAIT_BOUND)
    assert results["first"].status_code == 201
    replay = post(probe, {"name": "lenta"}, path="/wait")
    assert replay.headers["Idempotent-Replayed"] == "true"
    assert key_count("lenta") == 1


def test_abandoned_running_record_is_taken_over_after_5_minutes(probe):
    assert post(probe, {"name": "uma"}).status_code == 201
    set_record("idem-1", state="running", created_at=utcnow() - timedelta(minutes=6))
    response = post(probe, {"name": "uma"})
    assert response.status_code == 201
    assert "Idempotent-Replayed" not in response.headers


def test_key_is_scoped_per_company(make_probe, make_company):
    probe_a, probe_b = make_probe(make_company()), make_probe(make_company())
    a = post(probe_a, {"name": "uma"})
    b = post(probe_b, {"name": "uma"})
    assert a.status_code == b.status_code == 201
    assert "Idempotent-Replayed" not in b.headers
    assert a.get_json()["data"]["id"] != b.get_json()["data"]["id"]
    assert len(records("idem-1")) == 2
    # and company B's different body does not collide with company A's record
    assert post(probe_b, {"name": "uma"}).headers["Idempotent-Replayed"] == "true"


def test_key_expires_after_24_hours(probe, app):
    assert app.config["IDEMPOTENCY_TTL_HOURS"] == 24
    assert post(probe, {"name": "uma"}).status_code == 201
    record = records("idem-1")[0]
    assert timedelta(hours=23, minutes=59) < record.expires_at - record.created_at <= timedelta(hours=24)
    set_record("idem-1", expires_at=utcnow() - timedelta(seconds=1))
    response = post(probe, {"name": "outra"})
    assert response.status_code == 201
    assert key_count("outra") == 1
    assert len(records("idem-1")) == 1


def test_rejected_body_does_not_claim_the_key(probe):
    assert post(probe, {"name": ""}).status_code == 400
    assert records("idem-1") == []
    assert post(probe, {"name": "corrigida"}).status_code == 201


def test_business_error_is_stored_and_replayed(probe):
    first = post(probe, {"name": "conflito"}, path="/conflict")
    assert first.status_code == 409
    assert first.get_json()["error"]["existing_id"] == "x"
    again = post(probe, {"name": "conflito"}, path="/conflict")
    assert again.status_code == 409
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert key_count("conflito") == 0


def test_server_error_releases_the_key(probe):
    assert post(probe, {"name": "falha"}, path="/boom").status_code == 500
    assert records("idem-1") == []
    assert key_count("falha") == 0
    assert post(probe, {"name": "falha"}, path="/boom").status_code == 500  # retried, not replayed


@pytest.mark.parametrize("bad", ["", " ", "k" * 256])
def test_invalid_key_header_is_400(probe, bad):
    response = post(probe, {"name": "x"}, key=bad)
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "invalid_header"
