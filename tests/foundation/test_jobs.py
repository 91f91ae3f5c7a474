"""Jobs: dispatched after commit, through RQ with the JSON serializer (real Redis when TEST_REDIS_URL is
set, fakeredis always), inline in the embedded default; and the progress fragment pages poll."""
import json
import os
import pickle
import zlib
from datetime import timedelta
from pathlib import Path

import pytest
from rq import Queue, SimpleWorker

from core.db import db, utcnow
from core.models import IdempotencyRecord
from core.progress import advance, fail, finish, start_progress
from core.queue import PendingJob, enqueue_after_commit, job_path, send_to_rq
from core.serializer import JsonFirstSerializer
from core.tenancy import cross_tenant, tenant_scope
from jobs.maintenance import purge_expired_idempotency_keys
from tests.fixtures.committing import commit

PURGE = purge_expired_idempotency_keys


def real_redis(app):
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("real Redis not configured: set TEST_REDIS_URL=redis://127.0.0.1:6379/<db> (CI does)")
    from redis import Redis
    assert app.config["REDIS_URL"] == url
    return Redis.from_url(url)


@pytest.fixture(params=["fakeredis", "redis"])
def rq_connection(request, app):
    if request.param == "fakeredis":
        from fakeredis import FakeStrictRedis
        connection = FakeStrictRedis()
    else:
        connection = real_redis(app)
    Queue("default", connection=connection).empty()
    yield connection
    Queue("default", connection=connection).empty()


def seed_idempotency(company) -> None:
    now = utcnow()
    with tenant_scope(company.id):
        for key, expires in (("old", now - timedelta(hours=1)), ("fresh", now + timedelta(hours=23))):
            db.session.add(IdempotencyRecord(key=key, request_hash="h", state="done", created_at=now,
                                             expires_at=expires))
        db.session.commit()


def remaining_keys() -> set[str]:
    db.session.expire_all()
    return set(db.session.execute(cross_tenant(db.select(IdempotencyRecord.key))).scalars())


def run_worker(connection) -> None:
    worker = SimpleWorker([Queue("default", connection=connection, serializer=JsonFirstSerializer)],
                          connection=connection, serializer=JsonFirstSerializer)
    assert worker.work(burst=True)


def test_purge_job_through_rq(company, rq_connection):
    seed_idempotency(company)
    job = send_to_rq(PendingJob(job_path(PURGE), ()), connection=rq_connection)
    raw = zlib.decompress(rq_connection.hget(job.key, "data"))
    assert json.loads(raw)[0] == job_path(PURGE)  # stored as JSON, not pickle
    assert remaining_keys() == {"old", "fresh"}  # nothing ran yet
    run_worker(rq_connection)
    assert remaining_keys() == {"fresh"}
    assert job.get_status(refresh=True) == "finished"
    assert job.return_value() == 1


def test_jobs_reach_redis_only_after_commit(app, company, monkeypatch):
    connection = real_redis(app)  # dispatch uses the configured REDIS_URL
    queue = Queue("default", connection=connection, serializer=JsonFirstSerializer)
    queue.empty()
    seed_idempotency(company)
    monkeypatch.setitem(app.config, "JOBS_INLINE", False)
    enqueue_after_commit(PURGE)
    db.session.rollback()
    commit()
    assert queue.count == 0  # rolled back: the job was dropped
    enqueue_after_commit(PURGE)
    assert queue.count == 0  # not before the commit
    commit()
    assert queue.count == 1
    assert remaining_keys() == {"old", "fresh"}
    run_worker(connection)
    assert remaining_keys() == {"fresh"}


def test_inline_jobs_run_after_commit_and_are_dropped_on_rollback(app, company):
    assert app.config["JOBS_INLINE"] is True
    seed_idempotency(company)
    enqueue_after_commit(PURGE)
    db.session.rollback()
    commit()
    assert remaining_keys() == {"old", "fresh"}
    enqueue_after_commit(PURGE)
    assert remaining_keys() == {"old", "fresh"}
    commit()
    assert remaining_keys() == {"fresh"}


def test_failed_inline_job_is_logged_and_does_not_fail_the_caller(app, company, caplog):
    seed_idempotency(company)
    enqueue_after_commit("jobs.maintenance.does_not_exist")
    enqueue_after_commit(PURGE)
    commit()  # no exception: the request that enqueued it has committed its own work
    assert "inline job jobs.maintenance.does_not_exist() failed" in caplog.text
    assert remaining_keys() == {"fresh"}  # the next job still ran


def test_job_outside_any_app_context_builds_its_own(app, company, monkeypatch):
    """What a worker process does: no request around, the job opens an app context and a session."""
    import threading

    import core.queue
    seed_idempotency(company)
    monkeypatch.setattr(core.queue, "_worker_app", app)  # as `flask worker` does; `rq worker` builds one
    result = {}
    worker = threading.Thread(target=lambda: result.setdefault("deleted", purge_expired_idempotency_keys()))
    worker.start()
    worker.join(30)
    assert result == {"deleted": 1}
    assert remaining_keys() == {"fresh"}


FIND_THE_APP = ("from core.queue import worker_app\n"
                "app = worker_app()\n"
                "print(app.name, app.config['INSTANCE_PATH'], worker_app() is app)\n")


def test_a_plain_rq_worker_finds_the_app_as_flask_does(tmp_path):
    """No `flask worker` adopted an app (the plain `rq worker`): the jobs' app is the one FLASK_APP names (default
    `app`), found by Flask's own discovery (the layers below never import the app module), built once."""
    import subprocess
    import sys
    root = str(Path(__file__).resolve().parents[2])
    env = {key: value for key, value in os.environ.items() if key != "FLASK_APP"}
    env.update(PYTHONPATH=root, DATABASE_URL=f"sqlite:///{tmp_path}/jobs.db", INSTANCE_PATH=str(tmp_path))
    found = subprocess.run([sys.executable, "-c", FIND_THE_APP], cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=120, check=False)
    assert found.returncode == 0, found.stderr
    assert found.stdout.split() == ["app", str(tmp_path), "True"]
    wrong = subprocess.run([sys.executable, "-c", FIND_THE_APP], cwd=tmp_path, env={**env, "FLASK_APP": "json"},
                           capture_output=True, text=True, timeout=120, check=False)
    assert wrong.returncode != 0 and "NoAppException" in wrong.stderr  # a module without an app: said, not guessed


def test_unknown_queue_is_refused(app):
    with pytest.raises(ValueError):
        enqueue_after_commit(PURGE, queue="nope")


def test_serializer_writes_json_and_reads_pickle_too():
    payload = ["jobs.x.y", None, ["id-1"], {}]
    assert json.loads(JsonFirstSerializer.dumps(payload)) == payload
    assert JsonFirstSerializer.loads(JsonFirstSerializer.dumps(payload)) == payload
    assert JsonFirstSerializer.loads(pickle.dumps(("a", 1))) == ("a", 1)  # what `rq cron` enqueues


# --- Progress fragment -------------------------------------------------------------------------

@pytest.fixture
def job(company):
    with tenant_scope(company.id):
        progress = start_progress(company, "pdf_batch", "PDFs do lote", total=4)
        advance(progress, done=1)
    return progress


def test_fragment_polls_while_running(login, make_user, company, job):
    response = login(make_user(company, role="leitura")).get(f"/jobs/{job.id}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'hx-trigger="every 1s"' in html
    assert "Processando 1 de 4" in html
    assert 'value="25"' in html


def test_fragment_stops_polling_when_done(login, make_user, company, job, app):
    with tenant_scope(company.id):
        finish(job, result=b"PK-zip-bytes", name="lote.zip", mimetype="application/zip")
    client = login(make_user(company, role="leitura"))
    response = client.get(f"/jobs/{job.id}")
    assert response.status_code == 286
    html = response.get_data(as_text=True)
    assert "hx-trigger" not in html
    assert "Concluído" in html
    download = client.get(f"/jobs/{job.id}/resultado")
    assert download.status_code == 200
    assert download.data == b"PK-zip-bytes"
    assert "lote.zip" in download.headers["Content-Disposition"]
    download.close()


def test_failed_job_stops_polling(login, make_user, company, job):
    with tenant_scope(company.id):
        fail(job, "Certificado vencido")
    response = login(make_user(company)).get(f"/jobs/{job.id}")
    assert response.status_code == 286
    assert "Certificado vencido" in response.get_data(as_text=True)


def test_unfinished_job_has_no_download(login, make_user, company, job):
    assert login(make_user(company)).get(f"/jobs/{job.id}/resultado").status_code == 404


def test_another_company_job_is_404(login, make_user, make_company, job):
    client = login(make_user(make_company()))
    assert client.get(f"/jobs/{job.id}").status_code == 404
    assert client.get(f"/jobs/{job.id}/resultado").status_code == 404
    assert client.get("/jobs/not-a-uuid").status_code == 404


def test_fragment_needs_login(app, job):
    assert app.test_client().get(f"/jobs/{job.id}").status_code == 302
