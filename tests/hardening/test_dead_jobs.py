"""Jobs that die are seen: a job RQ moves to its failed registry (raised, timed out, abandoned by a killed worker)
marks its progress row failed with a pt-BR message and a "Tentar novamente" action, the polling stops (286) and its
partial file is removed."""
import os
import signal
import subprocess
import sys
import time

import pytest
import sqlalchemy as sa

from core.db import db
from core.models import JobProgress
from core.progress import enqueue_progress_job, start_progress
from core.tenancy import cross_tenant, tenant_scope
from tests.fixtures.committing import commit
from tests.fixtures.core import csrf_from
from tests.hardening.stalling_worker import STALL_AFTER

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def progress_row(progress_id) -> JobProgress:
    db.session.expire_all()
    return db.session.execute(cross_tenant(sa.select(JobProgress).where(JobProgress.id == progress_id))).scalar_one()


def burst(connection, queue="pdf"):
    from rq import Queue, SimpleWorker

    from core.serializer import JsonFirstSerializer
    SimpleWorker([Queue(queue, connection=connection, serializer=JsonFirstSerializer)], connection=connection,
                 serializer=JsonFirstSerializer).work(burst=True)


def test_a_job_that_raises_marks_its_progress_failed_with_a_retry(login, make_user, company, rq_backend):
    with tenant_scope(company.id):
        progress = start_progress(company, "ciot_pdf_batch", "Lote de teste", total=3)
        enqueue_progress_job(progress, "jobs.maintenance.no_such_job", queue="pdf")
        progress_id = progress.id
        commit()
    burst(rq_backend)
    client = login(make_user(company))
    fragment = client.get(f"/jobs/{progress_id}")
    assert fragment.status_code == 286
    html = fragment.get_data(as_text=True)
    assert "Falhou" in html and "O processamento falhou" in html and "Tentar novamente" in html


def worker_env(app) -> dict:
    return {**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"], "REDIS_URL": app.config["REDIS_URL"],
            "INSTANCE_PATH": app.config["INSTANCE_PATH"], "SECRET_KEY": app.config["SECRET_KEY"],
            "JOBS_INLINE": "0", "PYTHONPATH": ROOT}


def children(pid: int) -> list[int]:
    """Direct children of a process (the RQ work horse runs in its own session, so killpg would miss it)."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as fh:
            found += [int(child) for child in fh.read().split()]
    return found


def kill_hard(pid: int) -> None:
    """SIGKILL the worker and its work horse(s), as the OOM killer or a lost container would."""
    for child in children(pid):
        os.kill(child, signal.SIGKILL)
    os.kill(pid, signal.SIGKILL)


# The bound after which a subprocess worker that never did its part fails the test. Generous: on a loaded CI machine
# starting `flask worker` (importing the app) has taken over 60 s.
WORKER_BOUND = 300.0


def wait_for(predicate, timeout=WORKER_BOUND, process=None):
    """Poll `predicate` until true (True), `timeout` has passed or `process` has exited (False)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and (process is None or process.poll() is None):
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


@pytest.mark.redis
@pytest.mark.slow
def test_killing_the_worker_mid_batch_fails_the_batch_visibly(app, login, make_user, company, make_operation,
                                                             request):
    if not os.environ.get("TEST_REDIS_URL"):
        pytest.skip("real Redis not configured: set TEST_REDIS_URL=redis://127.0.0.1:6379/<db>")
    ops = [make_operation(status="emitido") for _ in range(20)]
    rq_backend = request.getfixturevalue("rq_backend")
    client = login(make_user(company, role="operador"))
    token = csrf_from(client.get("/ciot/pdf-lote").get_data(as_text=True))
    response = client.post("/ciot/pdf-lote", data={"ids": ",".join(str(op.id) for op in ops)},
                           headers={"HX-Request": "true", "X-CSRFToken": token})
    assert response.status_code == 200
    progress_id = db.session.execute(cross_tenant(sa.select(JobProgress.id).where(
        JobProgress.kind == "ciot_pdf_batch"))).scalar_one()
    # The worker stops its batch for good once the row says 2 PDFs are done (tests/hardening/stalling_worker.py):
    # the kill below cannot come after the last PDF, however quick the machine.
    worker = subprocess.Popen([sys.executable, "-m", "tests.hardening.stalling_worker"], cwd=ROOT,
                              env=worker_env(app), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        started = wait_for(lambda: progress_row(progress_id).done >= STALL_AFTER, process=worker)
        assert started, "the worker never started the batch"
    finally:
        kill_hard(worker.pid)  # the worker and its work horse, mid-batch
        worker.wait(30)
    row = progress_row(progress_id)
    assert row.state == "running" and row.done == STALL_AFTER < row.total
    part = os.path.join(app.config["INSTANCE_PATH"], "results", str(company.id), f"{progress_id}.part")
    assert os.path.exists(part)
    still = client.get(f"/jobs/{progress_id}")
    assert still.status_code == 200  # nothing noticed yet: still polling

    from jobs.maintenance import sweep_dead_jobs
    # RQ's abandoned-job handling, as the periodic sweep runs it once the heartbeat (≤ 90 s) has lapsed.
    assert sweep_dead_jobs(timestamp=time.time() + 3600) >= 1
    failed = client.get(f"/jobs/{progress_id}")
    assert failed.status_code == 286
    html = failed.get_data(as_text=True)
    assert "interrompido" in html and "Tentar novamente" in html
    assert not os.path.exists(part)

    retry = client.post(f"/jobs/{progress_id}/tentar-novamente", headers={"HX-Request": "true", "X-CSRFToken": token})
    assert retry.status_code == 200 and 'hx-trigger="every 1s"' in retry.get_data(as_text=True)
    burst(rq_backend)
    assert progress_row(progress_id).state == "done"
    assert client.get(f"/jobs/{progress_id}").status_code == 286
