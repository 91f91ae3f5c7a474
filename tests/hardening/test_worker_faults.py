"""Worker faults, with real processes on a private redis-server (tests/fixtures/redis_server.py): a killed worker's
job is noticed by its lapsed heartbeat and its PDF batch fails visibly; a retry scheduled by a worker that dies is
not stranded; a worker outlives a Redis restart. Every wait polls the app's own state with a bounded deadline.

The heartbeat here is 1 s (WORKER_HEARTBEAT_SECONDS; a job is abandoned after 4 missed beats): the same code as
production's 15 s (60 s TTL), so the bounds below are this TTL plus the machine's slack, and
`test_production_settings_notice_a_dead_worker_within_90_seconds` checks the production figure."""
import os
import subprocess
import sys
import time

import pytest
import sqlalchemy as sa
from rq.job import Job
from rq.registry import ScheduledJobRegistry

from core.db import db
from core.models import JobProgress
from core.serializer import JsonFirstSerializer
from core.tenancy import cross_tenant
from jobs.maintenance import purge_expired_idempotency_keys
from tests.fixtures.ciot import load_op
from tests.fixtures.core import csrf_from
from tests.fixtures.redis_server import wait_for
from tests.hardening.stalling_worker import STALL_AFTER
from tests.hardening.test_dead_jobs import ROOT, kill_hard, progress_row

pytestmark = [pytest.mark.slow]

HEARTBEAT = 1  # s, in the worker processes of these tests
BOOT = 300.0  # s: starting `flask worker` (importing the app) on a loaded CI machine has taken over 60 s
NOTICED_WITHIN = 4 * HEARTBEAT + 30.0  # the TTL, plus slack for a loaded machine


@pytest.fixture
def queue_on_private_redis(app, private_redis, monkeypatch):
    """The app dispatches to the private Redis (what rq_backend does for the shared one)."""
    from redis import Redis

    import core.queue
    monkeypatch.setitem(app.config, "REDIS_URL", private_redis.url)
    monkeypatch.setitem(app.config, "JOBS_INLINE", False)
    monkeypatch.setitem(app.config, "AUTHORITY_WAIT_SECONDS", 0)
    monkeypatch.setattr(core.queue, "_worker_app", app)
    return Redis.from_url(private_redis.url)


@pytest.fixture
def processes(tmp_path):
    """Start real processes (`start(args, env)`), their output in tmp_path; every one still running is killed at the
    end, and the output of those that exited is printed (a test that fails shows why)."""
    started = []

    def start(args, env):
        log = tmp_path / f"process{len(started)}.log"
        with log.open("wb") as out:
            process = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env, stdout=out,
                                       stderr=subprocess.STDOUT)
        started.append((process, log))
        return process

    yield start
    for process, log in started:
        if process.poll() is None:
            kill_hard(process.pid)
            process.wait(30)
        else:
            print(f"--- {process.args} exited {process.returncode}:\n{log.read_text()[-30000:]}")


def env_for(app, redis_url) -> dict:
    return {**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"], "REDIS_URL": redis_url,
            "INSTANCE_PATH": app.config["INSTANCE_PATH"], "SECRET_KEY": app.config["SECRET_KEY"],
            "JOBS_INLINE": "0", "PYTHONPATH": ROOT, "WORKER_HEARTBEAT_SECONDS": str(HEARTBEAT)}


def workers_listed(connection) -> int:
    return connection.scard("rq:workers")


def test_production_settings_notice_a_dead_worker_within_90_seconds(monkeypatch):
    from jobs.maintenance import SWEEP_SECONDS
    from jobs.worker import heartbeat_ttl
    monkeypatch.delenv("WORKER_HEARTBEAT_SECONDS", raising=False)
    assert heartbeat_ttl() + SWEEP_SECONDS <= 90


def test_a_killed_workers_batch_fails_visibly_once_its_heartbeat_lapses(app, login, make_user, company,
                                                                      make_operation, processes, request):
    from jobs.maintenance import sweep_dead_jobs
    ops = [make_operation(status="emitido") for _ in range(12)]  # emitted inline, before the queue is Redis
    request.getfixturevalue("queue_on_private_redis")
    client = login(make_user(company, role="operador"))
    token = csrf_from(client.get("/ciot/pdf-lote").get_data(as_text=True))
    response = client.post("/ciot/pdf-lote", data={"ids": ",".join(str(op.id) for op in ops)},
                           headers={"HX-Request": "true", "X-CSRFToken": token})
    assert response.status_code == 200
    progress_id = db.session.execute(cross_tenant(sa.select(JobProgress.id).where(
        JobProgress.kind == "ciot_pdf_batch"))).scalar_one()
    worker = processes(["-m", "tests.hardening.stalling_worker"], env_for(app, app.config["REDIS_URL"]))
    wait_for(lambda: worker.poll() is not None or progress_row(progress_id).done >= STALL_AFTER, BOOT,
             "the worker started the batch")
    assert worker.poll() is None, "the worker exited"
    kill_hard(worker.pid)
    worker.wait(30)
    killed_at = time.monotonic()
    assert sweep_dead_jobs() == 0  # its heartbeat was alive until the kill
    assert client.get(f"/jobs/{progress_id}").status_code == 200  # still polling: nothing noticed yet

    def noticed():
        sweep_dead_jobs()  # what `rq cron` runs every SWEEP_SECONDS, at the real time
        return client.get(f"/jobs/{progress_id}").status_code == 286

    wait_for(noticed, NOTICED_WITHIN, "the dead worker's batch failed", every=0.25)
    print(f"batch failed {time.monotonic() - killed_at:.1f} s after the kill (heartbeat TTL {4 * HEARTBEAT} s)")
    html = client.get(f"/jobs/{progress_id}").get_data(as_text=True)
    assert "interrompido" in html and "Tentar novamente" in html
    assert progress_row(progress_id).state == "failed"


def test_a_retry_scheduled_by_a_worker_that_dies_is_not_stranded(app, api, make_operation, queue_on_private_redis,
                                                                 processes):
    """The provider is down for the first worker: RQ schedules the emission's retry (10 s) in that worker's
    scheduler, and the worker dies. Its successor (systemd starts another) and `rq cron` run as in production;
    the emission is issued within two minutes of the kill (it waited ~10 minutes: the successor's scheduler
    looked for the dead one's lock only every 10 minutes)."""
    connection = queue_on_private_redis
    op = make_operation()
    env = env_for(app, app.config["REDIS_URL"])
    first = processes(["-m", "tests.hardening.failing_provider_worker"], env)
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 202
    scheduled = ScheduledJobRegistry("emission", connection=connection, serializer=JsonFirstSerializer)
    wait_for(lambda: first.poll() is not None or scheduled.count > 0, BOOT, "the emission's retry was scheduled")
    assert first.poll() is None, "the first worker exited"
    kill_hard(first.pid)
    first.wait(30)
    killed_at = time.monotonic()

    successor = processes(["-m", "flask", "--app", "app", "worker"], env)
    cron = processes(["-m", "rq.cli", "cron", "jobs/cron_config.py", "-u", app.config["REDIS_URL"]], env)
    wait_for(lambda: successor.poll() is not None or workers_listed(connection) > 0, BOOT, "the successor started")
    # Its boot (importing the app) is the machine's, not the fault's: two minutes from the later of kill and boot.
    ready_at = time.monotonic()
    wait_for(lambda: successor.poll() is not None or cron.poll() is not None or load_op(op.id).status == "emitido",
             120, "the stranded emission finished", every=0.25)
    assert successor.poll() is None and cron.poll() is None
    assert load_op(op.id).status == "emitido" and load_op(op.id).codigo_ciot
    print(f"emitted {time.monotonic() - killed_at:.0f} s after the kill, {time.monotonic() - ready_at:.0f} s after "
          "the successor was up")


def test_a_worker_outlives_a_redis_restart(app, private_redis, queue_on_private_redis, processes, tmp_path):
    """Redis restarts while the worker runs a job: the job's bookkeeping, the worker's heartbeat and state writes
    meet a closed port (RQ's loop quit there: "found an unhandled exception, quitting"). The worker waits for Redis
    and runs the next job."""
    from core.queue import rq_queue
    connection = queue_on_private_redis
    worker = processes(["-m", "flask", "--app", "app", "worker", "default"], env_for(app, private_redis.url))
    # Started: registered, and its scheduler has taken the queue's lock (a restart during the worker's own first
    # moments, its registration, still ends it: systemd starts it again).
    wait_for(lambda: worker.poll() is not None or connection.exists("rq:scheduler-lock:default"), BOOT,
             "the worker started")
    assert worker.poll() is None
    started, release, done = (str(tmp_path / name) for name in ("started", "release", "done"))
    rq_queue("default", connection).enqueue("tests.jobs.worker_jobs.hold_until_released", started, release, done)
    wait_for(lambda: worker.poll() is not None or os.path.exists(started), 60, "the job started")

    private_redis.stop()
    open(release, "w").close()
    wait_for(lambda: os.path.exists(done), 60, "the job ended (its bookkeeping now meets the closed port)")
    private_redis.start()  # empty: the worker's registration, queues and scheduler lock are gone

    job = rq_queue("default", connection).enqueue(purge_expired_idempotency_keys)
    wait_for(lambda: worker.poll() is not None or Job.fetch(job.id, connection=connection,
                                                            serializer=JsonFirstSerializer).is_finished,
             120, "the job enqueued after the restart ran", every=0.25)
    assert worker.poll() is None, "the worker exited on the Redis restart"


def test_a_worker_started_while_redis_is_down_waits_and_then_works(app, private_redis, queue_on_private_redis,
                                                                   processes, tmp_path):
    """Redis is down during the worker's very first moments (its registration, which RQ does before anything else):
    the worker waits for it, as for any outage, instead of exiting; once Redis answers it registers and works."""
    from core.queue import rq_queue
    connection = queue_on_private_redis
    private_redis.stop()
    worker = processes(["-m", "flask", "--app", "app", "worker", "default"], env_for(app, private_redis.url))
    log = tmp_path / "process0.log"
    wait_for(lambda: worker.poll() is not None or "waiting for it" in log.read_text(), BOOT,
             "the worker met the outage at its registration")
    assert worker.poll() is None, "the worker exited: Redis was down while it registered"
    private_redis.start()
    wait_for(lambda: worker.poll() is not None or workers_listed(connection), 120, "the worker registered")
    job = rq_queue("default", connection).enqueue(purge_expired_idempotency_keys)
    wait_for(lambda: worker.poll() is not None or Job.fetch(job.id, connection=connection,
                                                            serializer=JsonFirstSerializer).is_finished,
             120, "the job enqueued after Redis came up ran", every=0.25)
    assert worker.poll() is None
