"""A worker killed with SIGKILL while the authority was issuing the CIOT: the worker process is a real `flask
worker emission` configured from the environment alone (CIOT_PROVIDER_HOMOLOG=antt_pef and the CIOT_PEF_*
variables), the authority issues the CIOT and the worker dies before reading the answer. The recovered attempt asks
ConsultarCIOTGerado and takes that CIOT: one CIOT, never a second declaration (real PostgreSQL and Redis)."""
import os
import subprocess
import sys

import pytest

from domain.ciot import services
from tests.fixtures.ciot import events_of, load_op, run_worker
from tests.hardening.test_dead_jobs import ROOT, WORKER_BOUND, kill_hard, worker_env

DECLARE, CONSULT = "DeclaracaoOperacaoTransporte", "ConsultarCIOTGerado"


@pytest.mark.redis
@pytest.mark.slow
def test_kill_9_mid_declaration_leaves_one_ciot(app, api, make_operation, pef, request, monkeypatch):
    if not os.environ.get("TEST_REDIS_URL") or not os.environ.get("TEST_DATABASE_URL"):
        pytest.skip("a worker process needs the real PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL)")
    rq_backend = request.getfixturevalue("rq_backend")
    op = make_operation()
    pef.server.fault(DECLARE, "hold")  # the authority issues, then its answer waits until the worker is dead
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 202
    env = {**worker_env(app), **{name: str(value) for name, value in pef.settings().items()},
           "CIOT_PEF_TIMEOUT_SECONDS": "300"}
    worker = subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "worker", "emission"], cwd=ROOT,
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert pef.server.processed.wait(WORKER_BOUND), "the worker never declared"
    finally:
        kill_hard(worker.pid)
        worker.wait(30)
    pef.server.release()
    [issued] = pef.server.declarations.values()
    assert load_op(op.id).status == "emitindo" and load_op(op.id).codigo_ciot is None
    # The periodic recovery finds the stale attempt and queues it again; a worker runs it.
    monkeypatch.setitem(app.config, "CIOT_EMIT_STALE_SECONDS", 0)
    assert services.recover_stale_requests(actor="test") == 1
    from tests.fixtures.committing import commit
    commit()
    run_worker(rq_backend)
    fresh = load_op(op.id)
    assert fresh.status == "emitido"
    assert (fresh.codigo_ciot, fresh.codigo_verificador) == (issued.id_operacao, issued.verificador)
    assert [item["service"] for item in pef.server.exchanges] == [DECLARE, CONSULT]
    assert len(pef.server.declarations) == 1 and events_of(op.id).count("emission_succeeded") == 1
