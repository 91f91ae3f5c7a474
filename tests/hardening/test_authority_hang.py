"""A slow or absent authority never takes the service down (issue 36, item 2). Real parts: gunicorn as deployed
(gthread, 2 processes × 4 threads) and an RQ worker process on PostgreSQL and Redis, the ANTT PEF test server told to
hang. While it hangs, 20 concurrent emit/cancel/close/rectify calls each answer 202 with the pending record (the
emission `emitindo`, the other actions' `pendencia`) and a Location to poll: the request is on record and its job
waits on the authority, no web worker does. The CIOT list and an operation still answer meanwhile. How long each
takes, quiet against hanging, is measured by bench/bench_authority_hang.py, not asserted here (house rule: no timed
assertions; on a shared 2-core machine a bound measures the machine's load)."""
import os
import socket
import subprocess

import pytest
import sqlalchemy as sa

from core.db import db
from core.tenancy import cross_tenant
from domain.ciot.models import EmissionAttempt
from domain.ciot.protocol import CLAIMED
from domain.tenancy import services as tenancy
from tests.fixtures.authority_hang import (
    API,
    WORKER_COMMAND,
    call,
    pending_problems,
    served_env,
    twenty_calls,
    web_command,
)
from tests.hardening.workers import READY_WITHIN

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WAIT = "0.5"  # AUTHORITY_WAIT_SECONDS of the served app
pytestmark = pytest.mark.slow  # two servers and 35 operations: minutes on a loaded machine


@pytest.fixture
def served(app, pef, redis_url, tmp_path):
    """`start()` → port of gunicorn (gthread 2×4) and an RQ worker, on the test's database and Redis, pointed at the
    PEF test server; both stopped at the end."""
    processes = []
    env = served_env(os.environ, database_url=app.config["SQLALCHEMY_DATABASE_URI"], redis_url=redis_url,
                     secret_key=app.config["SECRET_KEY"], instance=str(tmp_path), pef_settings=pef.settings(),
                     wait=WAIT)
    if app.config.get("ENCRYPTION_KEY"):
        env["ENCRYPTION_KEY"] = str(app.config["ENCRYPTION_KEY"])

    def start() -> int:
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        web_log = (tmp_path / "gunicorn.log").open("wb")
        processes.append((subprocess.Popen(
            web_command(f"fd://{listener.fileno()}", 2, 4), cwd=ROOT, env=env, pass_fds=(listener.fileno(),),
            stdout=web_log, stderr=subprocess.STDOUT), web_log))
        worker_log = (tmp_path / "worker.log").open("wb")
        processes.append((subprocess.Popen(WORKER_COMMAND, cwd=ROOT, env=env, stdout=worker_log,
                                           stderr=subprocess.STDOUT), worker_log))
        port = listener.getsockname()[1]
        listener.close()
        return port

    yield start
    for process, log in processes:
        process.terminate()
        process.wait(60)
        log.close()


def test_twenty_calls_answer_202_pending_while_the_authority_hangs_and_reads_answer(
        app, company, pef, served, make_operation, make_api_key):
    tenancy.update_company(company, ciot_flow="legacy")  # rectification is the legacy flow's
    db.session.commit()
    to_emit = [make_operation(tipo_operacao="fracionada").id for _ in range(5)]
    emitted = [make_operation(status="emitido", tipo_operacao="fracionada").id for _ in range(15)]
    _, key = make_api_key(company)
    headers = {"X-API-Key": key}
    port = served()
    for _ in range(8):  # the first connections wait in the backlog while the workers boot (each imports the app)
        assert call(port, "GET", "/healthz", headers, timeout=READY_WITHIN).status == 200

    pef.server.hang()
    try:
        answered = twenty_calls(port, headers, to_emit, emitted)
        reads = [call(port, "GET", f"{API}?limit=50", headers), call(port, "GET", f"{API}/{emitted[0]}", headers)]
        db.session.rollback()
        in_flight = db.session.execute(cross_tenant(sa.select(EmissionAttempt.operation_id, EmissionAttempt.action)
                                                    .where(EmissionAttempt.state == CLAIMED))).all()
    finally:
        pef.server.unhang()

    print("calls (s) while hanging:", sorted(round(answer.seconds, 2) for _, _, answer in answered))
    # every call answered without the authority: 202 with its pending record and where to poll it
    assert [problem for action, op_id, answer in answered for problem in pending_problems(action, op_id, answer)] == []
    assert [answer.status for answer in reads] == [200, 200]
    # nothing is lost: each call's request is on record, still waiting for the authority
    assert sorted((str(op_id), action) for op_id, action in in_flight) == sorted(
        (str(op_id), action) for action, op_id, _ in answered)
