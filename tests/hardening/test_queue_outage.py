"""Redis unreachable while a CIOT is emitted: one CIOT per trip, and the client is told the truth.

The outage is real: the queue is pointed at a closed TCP port. With TEST_REDIS_URL the recovery goes through the
real Redis, else through fakeredis standing in for the server (see the `rq_backend` fixture)."""
import pytest
import sqlalchemy as sa
from redis import Redis

import core.queue
from core.db import db
from core.models import JobOutbox
from core.queue import job_path
from core.tenancy import cross_tenant
from domain.ciot.jobs import ask_authority, build_batch_zip
from domain.ciot.models import CiotOperation, SimulatorEmission
from jobs.maintenance import dispatch_job_outbox
from tests.fixtures.ciot import ciot_body, load_op, run_worker

CLOSED_PORT = "redis://127.0.0.1:1/0"


@pytest.fixture
def outage(app, rq_backend, monkeypatch):
    """Redis down: every connection the queue opens goes to a closed port. Call `outage.end()` to bring it back."""
    monkeypatch.setitem(app.config, "OUTBOX_RETRY_SECONDS", 0)
    class Outage:
        def end(self):
            monkeypatch.setattr(core.queue, "redis_connection", lambda: rq_backend)
    monkeypatch.setattr(core.queue, "redis_connection", lambda: Redis.from_url(CLOSED_PORT))
    return Outage()


@pytest.fixture(params=["simulator", "antt_pef"])
def issued(request):
    """The provider the emission goes through (the embedded simulator, or the ANTT PEF provider on the local test
    server); returns how to count the CIOTs that authority issued."""
    if request.param == "simulator":
        return lambda: len(list(db.session.execute(sa.select(SimulatorEmission)).scalars()))
    server = request.getfixturevalue("pef").server
    return lambda: len(server.declarations)


def operations() -> list:
    db.session.expire_all()
    return list(db.session.execute(cross_tenant(sa.select(CiotOperation))).scalars())


def outbox() -> list:
    db.session.expire_all()
    return list(db.session.execute(sa.select(JobOutbox)).scalars())


def test_create_with_auto_emit_during_an_outage_is_accepted_and_emitted_once(api, rq_backend, outage, issued):
    body = ciot_body(auto_emit=True)
    first = api.post("/ciot/operations", json=body, headers={"Idempotency-Key": "trip-1"})
    assert first.status_code == 201, first.get_json()
    data = first.get_json()["data"]
    assert data["status"] == "emitindo" and first.get_json()["emission"]["reason"] == "in_progress"
    [job] = outbox()  # recorded with the operation, in the same transaction
    assert job.func == job_path(ask_authority) and job.args[0] == data["id"]

    retry = api.post("/ciot/operations", json=body, headers={"Idempotency-Key": "trip-1"})
    assert retry.status_code == 201 and retry.headers["Idempotent-Replayed"] == "true"
    assert retry.get_json()["data"]["id"] == data["id"]
    assert len(operations()) == 1

    assert dispatch_job_outbox() == 0  # still down: nothing sent, nothing lost
    assert len(outbox()) == 1
    outage.end()
    assert dispatch_job_outbox(min_age_seconds=0) == 1
    assert outbox() == []
    run_worker(rq_backend)
    op = load_op(data["id"])
    assert op.status == "emitido" and op.codigo_ciot
    assert issued() == 1
    assert len(operations()) == 1


def test_emit_during_an_outage_answers_202_and_runs_when_redis_is_back(api, make_operation, rq_backend, outage,
                                                                      issued):
    op = make_operation()
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 202, response.get_json()
    assert response.get_json()["data"]["status"] == "emitindo"
    outage.end()
    api.get("/me")  # the next request retries the outbox
    assert outbox() == []
    run_worker(rq_backend)
    assert load_op(op.id).status == "emitido" and issued() == 1


def test_work_committed_then_failing_answers_as_committed(api, make_operation, rq_backend, monkeypatch):
    """Whatever fails after the claim committed (here: the wait for the worker), the answer is the stored 202,
    and a retry with the same key replays it instead of claiming again."""
    from domain.ciot import services

    def broken(*args, **kwargs):
        raise sa.exc.OperationalError("SELECT", {}, Exception("connection lost"))
    monkeypatch.setattr(services, "settle_emission", broken)
    op = make_operation()
    first = api.post(f"/ciot/operations/{op.id}/emit", headers={"Idempotency-Key": "e-1"})
    assert first.status_code == 202, first.get_json()
    assert first.get_json()["data"]["status"] == "emitindo"
    again = api.post(f"/ciot/operations/{op.id}/emit", headers={"Idempotency-Key": "e-1"})
    assert again.status_code == 202 and again.headers["Idempotent-Replayed"] == "true"
    unkeyed = api.post(f"/ciot/operations/{op.id}/emit")
    assert unkeyed.status_code == 202


def run_pdf_worker(connection) -> None:
    from rq import Queue, SimpleWorker

    from core.serializer import JsonFirstSerializer
    queue = Queue("pdf", connection=connection, serializer=JsonFirstSerializer)
    SimpleWorker([queue], connection=connection, serializer=JsonFirstSerializer).work(burst=True)


def test_pdf_batch_page_during_an_outage_queues_the_job_and_builds_it_later(request, login, make_user, company,
                                                                             make_operation):
    import re

    from tests.fixtures.core import csrf_from
    op = make_operation(status="emitido")  # inline, before the queue is switched to RQ and Redis goes down
    rq_backend, outage = request.getfixturevalue("rq_backend"), request.getfixturevalue("outage")
    client = login(make_user(company, role="operador"))
    token = csrf_from(client.get("/ciot/pdf-lote").get_data(as_text=True))
    response = client.post("/ciot/pdf-lote", data={"ids": [str(op.id)]},
                           headers={"HX-Request": "true", "X-CSRFToken": token})
    assert response.status_code == 200
    job_id = re.search(r'id="job-([0-9a-f-]{36})"', response.get_data(as_text=True)).group(1)
    [job] = outbox()
    assert job.func == job_path(build_batch_zip) and job.args[1] == job_id
    outage.end()
    assert dispatch_job_outbox(min_age_seconds=0) == 1
    run_pdf_worker(rq_backend)
    assert client.get(f"/jobs/{job_id}").status_code == 286


def test_api_answers_503_when_the_database_is_unreachable(app, company, make_api_key):
    from app import create_app
    _, full = make_api_key(company)
    down = create_app({**app.config, "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://postgres@127.0.0.1:1/none",
                       "JOBS_INLINE": True})
    client = down.test_client()
    response = client.get("/api/public/v1/me", headers={"X-API-Key": full})
    assert response.status_code == 503
    assert response.get_json()["error"]["code"] == "service_unavailable"
    assert int(response.headers["Retry-After"]) > 0
    page = client.post("/login", data={"email": "a@b.com", "password": "x" * 10})
    # The test app has CSRF on (tests/fixtures/core.py), and its check comes before anything reads the database.
    assert page.status_code == 400 and "Sessão expirada" in page.get_data(as_text=True)
    client_no_csrf = create_app({**down.config, "WTF_CSRF_ENABLED": False}).test_client()
    login_page = client_no_csrf.post("/login", data={"email": "a@b.com", "password": "x" * 10})
    assert login_page.status_code == 503 and login_page.headers["Retry-After"]
    assert "indisponível" in login_page.get_data(as_text=True)
