"""The default worker (jobs/worker.py `FretesWorker`) runs jobs one after the other in one process, without a fork:
what the fork used to guarantee is checked here job by job: no tenant scope, session, transaction or connection
passes from one job to the next, a job still times out, and a process forked from the worker never uses the
worker's database connections."""
import logging
import os
import uuid

import pytest
import sqlalchemy as sa

from core.db import db
from core.tenancy import current_company_id
from tests.fixtures.ciot import run_worker
from tests.fixtures.core import unique_cnpj
from tests.jobs import worker_jobs

JOBS = "tests.jobs.worker_jobs."


@pytest.fixture(autouse=True)
def _seen():
    worker_jobs.SEEN.clear()
    yield
    for connection in worker_jobs.LEAKED:
        connection.close()
    worker_jobs.LEAKED.clear()


def enqueue(connection, func: str, *args, timeout: int = 60):
    from core.queue import rq_queue
    return rq_queue("default", connection).enqueue(JOBS + func, *args, job_timeout=timeout)


def test_a_tenant_scope_a_job_never_left_ends_with_the_job(app, company, rq_backend):
    enqueue(rq_backend, "scope_without_leaving", str(company.id))
    enqueue(rq_backend, "look_around", "x")
    run_worker(rq_backend, "default")
    first, second = worker_jobs.SEEN
    assert first["company"] == company.id
    assert second["company"] is None


def test_jobs_run_outside_the_app_context_of_the_command(app, rq_backend):
    """`flask worker` runs inside the CLI's app context; a job must still get its own (and its own session)."""
    enqueue(rq_backend, "look_around", "x")
    run_worker(rq_backend, "default", in_app_context=True)
    [seen] = worker_jobs.SEEN
    assert seen["app_context"] is False
    assert seen["session"] is not db.session()


def test_each_job_has_its_own_session_and_what_a_failed_job_flushed_is_gone(app, company, rq_backend):
    name = f"Nunca Gravada {uuid.uuid4().hex[:8]}"
    enqueue(rq_backend, "write_then_fail", str(company.id), name, unique_cnpj())
    enqueue(rq_backend, "look_around", name)
    run_worker(rq_backend, "default")
    writer, reader = worker_jobs.SEEN
    assert reader["rows"] == 0  # the first job's flushed row was rolled back when its job ended
    assert writer["session"] is not reader["session"]
    for seen in (writer, reader):
        assert not seen["session"].in_transaction()  # closed: no transaction, no connection held


def test_a_connection_a_job_keeps_is_reported_and_not_handed_on(app, rq_backend, caplog):
    from jobs.worker import checked_out
    before = checked_out(db.engine)
    enqueue(rq_backend, "keep_a_connection")
    enqueue(rq_backend, "look_around", "x")
    with caplog.at_level(logging.ERROR, logger="fretes.jobs"):
        run_worker(rq_backend, "default")
    assert "left 1 database connection(s) checked out" in caplog.text
    assert len(worker_jobs.SEEN) == 1  # the next job ran, on a connection of the new pool
    assert checked_out(db.engine) == before


def test_clean_jobs_report_nothing(app, rq_backend, caplog):
    enqueue(rq_backend, "look_around", "x")
    enqueue(rq_backend, "look_around", "y")
    with caplog.at_level(logging.ERROR, logger="fretes.jobs"):
        run_worker(rq_backend, "default")
    assert "checked out" not in caplog.text and len(worker_jobs.SEEN) == 2


def test_a_job_past_its_timeout_is_stopped_and_the_worker_goes_on(app, rq_backend):
    """RQ's death penalty (SIGALRM) interrupts the job in the worker's own process."""
    slow = enqueue(rq_backend, "sleep", 30, timeout=1)
    enqueue(rq_backend, "look_around", "x")
    run_worker(rq_backend, "default")
    slow.refresh()
    assert slow.is_failed
    assert "JobTimeoutException" in slow.latest_result().exc_string
    assert [s for s in worker_jobs.SEEN if "slept" in s] == []  # interrupted
    assert len(worker_jobs.SEEN) == 1  # the next job ran


def test_a_forked_child_leaves_the_workers_connections_alone(app, rq_backend):
    """RQ forks its scheduler from the worker: the child gets new pools and never closes the parent's connections
    (on PostgreSQL closing them would end the parent's server sessions)."""
    from jobs.worker import forget_inherited_connections
    enqueue(rq_backend, "look_around", "x")
    run_worker(rq_backend, "default")  # the pool now keeps the job's connection
    kept = db.engine.pool.checkedin()
    assert kept >= 1
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: what the fork guard does, then the worst a child could do with its pools
        code = 1
        try:
            forget_inherited_connections()
            os.write(write, str(db.engine.pool.checkedin()).encode())
            db.engine.dispose()
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert os.read(read, 16) == b"0"  # the child's pool started empty
    os.close(read)
    assert db.engine.pool.checkedin() == kept
    with db.engine.connect() as connection:  # one of the parent's kept connections, still alive
        assert connection.execute(sa.text("SELECT 1")).scalar_one() == 1


def test_the_worker_command_does_not_fork_unless_asked(app, rq_backend, monkeypatch, cli):
    import jobs.worker
    started = []
    monkeypatch.setattr(jobs.worker, "install_fork_guard", lambda: started.append("guard"))
    for cls in (jobs.worker.FretesWorker, jobs.worker.FretesForkingWorker):
        monkeypatch.setattr(cls, "work", lambda self, **kw: started.append((type(self).__name__, kw["max_jobs"])))
    monkeypatch.setitem(app.config, "REDIS_URL", app.config["REDIS_URL"] or "redis://127.0.0.1:6379/15")
    assert cli("worker", "webhooks").exit_code == 0
    assert cli("worker", "webhooks", "--fork", "--max-jobs", "500").exit_code == 0
    assert started == ["guard", ("FretesWorker", None), "guard", ("FretesForkingWorker", 500)]
    assert current_company_id() is None
