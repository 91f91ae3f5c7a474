"""The two-phase closing of an aggregate contract (domain/ciot_agregado/closing.py): em_encerramento is committed
before the authority is asked with an idempotency key; a crash after the authority accepted leaves it
em_encerramento (202), and the sweep of stuck closings finishes it with the same key, never a second closing; an
unreachable authority is retried; a refusal found by the sweep leaves it aberto with the reason. Phase 1 asks
for no route's distance while it holds the contract's row lock (PostgreSQL)."""
import threading
import uuid
from datetime import timedelta

import pytest
import sqlalchemy as sa

from core.clock import brasilia_today
from core.db import db
from core.tenancy import cross_tenant
from domain.ciot.models import SimulatorEmission
from domain.ciot.provider import HomologSimulator
from domain.ciot_agregado import routes
from domain.ciot_agregado.models import CiotAgregado
from domain.ciot_agregado.periodic_jobs import close_expired_agregados, retry_stuck_agregados
from tests.fixtures.agregado import agregado_body, agregado_events, load_agregado, trip_body
from tests.fixtures.ciot import irregular, run_worker

BASE = "/ciot-agregado/operations"
CLOSE = {"peso_carga_final": 12000, "motivo": "Fim do período"}


@pytest.fixture
def authority_keys(monkeypatch):
    """The idempotency keys the simulator was asked to close with, in order."""
    keys, real = [], HomologSimulator.close_aggregate

    def recording(self, contract, issuer, credentials, *, closing, idempotency_key):
        keys.append(idempotency_key)
        return real(self, contract, issuer, credentials, closing=closing, idempotency_key=idempotency_key)
    monkeypatch.setattr(HomologSimulator, "close_aggregate", recording)
    return keys


@pytest.fixture
def no_worker(monkeypatch):
    """The closing job is queued but no worker has taken it yet (inline jobs would settle it at the commit)."""
    monkeypatch.setattr("domain.ciot_agregado.jobs.send_closing", lambda agregado_id, key: "queued")


def _stale_now(app, monkeypatch):
    monkeypatch.setitem(app.config, "CIOT_AGREGADO_PENDING_STALE_SECONDS", 0)


def _closed_at_authority(agregado_id):
    db.session.rollback()
    return db.session.execute(sa.select(SimulatorEmission.closed_at).where(
        SimulatorEmission.operation_id == uuid.UUID(agregado_id))).scalar_one()


def test_a_crash_after_the_authority_accepted_is_finished_by_the_sweep(app, api, open_agregado, monkeypatch,
                                                                        authority_keys, no_worker):
    agg = open_agregado()
    one = f"{BASE}/{agg['id']}"
    api.post(one + "/viagens", json=trip_body())
    response = api.post(one + "/encerrar", json=CLOSE)  # no worker: answered 202 after the short wait
    assert response.status_code == 202, response.get_json()
    assert response.get_json()["agregado"]["status"] == "em_encerramento" and authority_keys == []
    # a worker's run asks and the authority closes, then that run's commit is lost
    from core.tenancy import tenant_scope
    from domain.ciot_agregado.closing import send_closing
    from domain.tenancy.models import Company
    key, company_id = load_agregado(agg["id"]).encerramento_chave, load_agregado(agg["id"]).company_id
    with tenant_scope(company_id):
        send_closing(db.session.get(Company, company_id), uuid.UUID(agg["id"]), key, actor="worker")
    db.session.rollback()
    contract = load_agregado(agg["id"])
    assert contract.status == "em_encerramento" and contract.encerramento_chave == authority_keys[0]
    assert contract.encerramento_motivo == "Fim do período" and contract.peso_carga_final == 12000
    if db.engine.dialect.name == "postgresql":  # the simulated authority commits on its own connection
        assert _closed_at_authority(agg["id"]) is not None
    # the status filter finds it, and it takes no more lines
    listed = api.get(BASE, query_string={"status": "em_encerramento"}).get_json()["data"]
    assert [row["id"] for row in listed] == [agg["id"]]
    refused = api.post(one + "/viagens", json=trip_body())
    assert refused.status_code == 422 and refused.get_json()["error"]["status"] == "em_encerramento"
    # a closing still within its stale limit is left to its job
    assert retry_stuck_agregados() == 0 and load_agregado(agg["id"]).status == "em_encerramento"
    _stale_now(app, monkeypatch)
    assert retry_stuck_agregados() == 1
    contract = load_agregado(agg["id"])
    assert contract.status == "encerrado" and contract.encerramento_protocolo and contract.rotas_consolidadas
    assert authority_keys == [contract.encerramento_chave] * 2  # the same key: the authority answers its closing
    assert agregado_events(agg["id"]).count("closed") == 1
    assert retry_stuck_agregados() == 0 and len(authority_keys) == 2


def test_an_unreachable_authority_answers_202_and_the_sweep_retries(app, api, open_agregado, monkeypatch):
    agg = open_agregado()
    monkeypatch.setattr(HomologSimulator, "close_aggregate", _unreachable)
    response = api.post(f"{BASE}/{agg['id']}/encerrar", json=CLOSE)
    assert response.status_code == 202 and response.get_json()["agregado"]["status"] == "em_encerramento"
    asked_at = load_agregado(agg["id"]).encerramento_solicitado_at.isoformat(timespec="microseconds") + "Z"
    assert response.get_json()["agregado"]["pendencia"] == {"tipo": "encerramento", "solicitado_at": asked_at}
    _stale_now(app, monkeypatch)
    assert retry_stuck_agregados() == 0  # still unreachable: nothing settled, nothing lost
    assert load_agregado(agg["id"]).status == "em_encerramento"
    monkeypatch.undo()
    _stale_now(app, monkeypatch)
    assert retry_stuck_agregados() == 1
    assert load_agregado(agg["id"]).status == "encerrado"
    record = api.get(f"{BASE}/{agg['id']}").get_json()["agregado"]
    assert record["status"] == "encerrado" and record["pendencia"] is None


def test_a_refusal_found_by_the_sweep_leaves_it_aberto_with_the_reason(app, api, make_tac, monkeypatch):
    partner = make_tac()
    agg = api.post(BASE, json=agregado_body(partner)).get_json()["data"]
    with monkeypatch.context() as down:
        down.setattr(HomologSimulator, "close_aggregate", _unreachable)
        assert api.post(f"{BASE}/{agg['id']}/encerrar", json=CLOSE).status_code == 202
    with irregular(partner.rntrc):
        _stale_now(app, monkeypatch)
        assert retry_stuck_agregados() == 1
    contract = load_agregado(agg["id"])
    assert contract.status == "aberto" and "irregular" in contract.mensagem_antt
    assert contract.encerramento_motivo is None and contract.peso_carga_final is None
    assert agregado_events(agg["id"])[-2:] == ["closing", "close_rejected"]
    refused_key = contract.encerramento_chave
    # aberto again: it takes lines, and a new closing (a new key) goes through
    assert api.post(f"{BASE}/{agg['id']}/viagens", json=trip_body()).status_code == 201
    closed = api.post(f"{BASE}/{agg['id']}/encerrar", json=CLOSE)
    assert closed.status_code == 200 and closed.get_json()["agregado"]["status"] == "encerrado"
    assert load_agregado(agg["id"]).encerramento_chave != refused_key


def _unreachable(*args, **kwargs):
    raise ConnectionError("connection refused")


def test_the_closing_job_delivered_again_never_asks_the_authority_twice(api, open_agregado, authority_keys):
    from domain.ciot_agregado.jobs import send_closing
    agg = open_agregado()
    assert api.post(f"{BASE}/{agg['id']}/encerrar", json=CLOSE).status_code == 200
    key = load_agregado(agg["id"]).encerramento_chave
    assert authority_keys == [key]  # the job (inline) closed it; the request found it settled
    assert send_closing(agg["id"], key) == "encerrado" and send_closing(agg["id"], "another-key") == "encerrado"
    assert authority_keys == [key] and agregado_events(agg["id"]).count("closed") == 1
    assert send_closing(str(uuid.uuid4()), key) == "missing" and send_closing("not-a-uuid", key) == "missing"


# --- no distance asked under the row lock ---------------------------------------------------------------------

def _lockable(agregado_id) -> bool:
    """Whether another connection can lock the contract's row at once (NOWAIT) right now."""
    with db.engine.connect() as other:
        try:
            other.execute(sa.text("SELECT id FROM ciot_agregados WHERE id = :id FOR UPDATE NOWAIT"),
                          {"id": uuid.UUID(agregado_id)})
            return True
        except sa.exc.OperationalError:  # could not obtain lock on row
            return False
        finally:
            other.rollback()


def _asking_for_distances(monkeypatch, agregado_id, *, meanwhile=None) -> list[bool]:
    """routes.route_distance (the one place a distance is asked, OSRM when configured) recording, at each
    question, whether the contract's row was free (`_lockable`); `meanwhile` runs at the first question."""
    asked, real = [], routes.route_distance

    def asking(origin_ibge, dest_ibge):
        asked.append(_lockable(agregado_id))
        if meanwhile is not None and len(asked) == 1:
            meanwhile(asked[0])
        return real(origin_ibge, dest_ibge)
    monkeypatch.setattr(routes, "route_distance", asking)
    return asked


def _due_yesterday(agregado_id):
    db.session.execute(cross_tenant(sa.update(CiotAgregado).where(CiotAgregado.id == uuid.UUID(agregado_id)).values(
        data_prevista_encerramento=brasilia_today() - timedelta(days=1))))
    db.session.commit()


@pytest.mark.parametrize("by", ["api", "expiry job"])
def test_no_distance_is_asked_while_the_contracts_row_is_locked(app, api, open_agregado, monkeypatch, by):
    """Phase 1 consolidates the routes (a route no trip gave a distance asks the routing engine) before it locks the
    row, then checks them again under the lock with what it already knows: every question finds the row free.
    Breaking case: with the old order (the row locked FOR UPDATE, then the routes consolidated) the first question
    finds it locked (NOWAIT fails with `could not obtain lock`), and every other write to the contract waits on the
    routing engine."""
    if db.engine.dialect.name != "postgresql":
        pytest.skip("row locks and other connections are what is tested: PostgreSQL only (TEST_DATABASE_URL)")
    agg = open_agregado()
    assert api.post(f"{BASE}/{agg['id']}/viagens", json=trip_body()).status_code == 201  # no distancia_km
    asked = _asking_for_distances(monkeypatch, agg["id"])
    if by == "api":
        response = api.post(f"{BASE}/{agg['id']}/encerrar", json=CLOSE)
        assert response.status_code == 200, response.get_json()
    else:
        _due_yesterday(agg["id"])
        assert close_expired_agregados() == 1
    assert load_agregado(agg["id"]).status == "encerrado"
    assert asked == [True, True]  # phase 1 (before the lock), phase 2 (the authority's routes, without it)


def test_a_route_added_before_the_lock_is_computed_under_it_and_closed(app, api, open_agregado, monkeypatch):
    """The rare case the lock cannot avoid: a trip on a new route, without a distance, added between phase 1's
    consolidation and its lock. The closing does not refuse it: that route's distance is computed under the lock
    (the only question asked there), and it is among the closing's routes."""
    if db.engine.dialect.name != "postgresql":
        pytest.skip("row locks and other connections are what is tested: PostgreSQL only (TEST_DATABASE_URL)")
    agg = open_agregado()
    one = f"{BASE}/{agg['id']}"
    assert api.post(one + "/viagens", json=trip_body()).status_code == 201

    added = []

    def add_a_trip(row_free: bool):
        if row_free:  # another request (its own thread, session and connection) adds a trip on a new route
            other = threading.Thread(target=lambda: added.append(
                api.post(one + "/viagens", json=trip_body(origem_municipio_nome="Santos")).status_code))
            other.start()
            other.join(30)
    asked = _asking_for_distances(monkeypatch, agg["id"], meanwhile=add_a_trip)
    response = api.post(one + "/encerrar", json=CLOSE)
    assert response.status_code == 200, response.get_json()
    assert added == [201]
    by_origin = {r["origem_municipio_nome"]: r for r in response.get_json()["rotas_consolidadas"]}
    assert sorted(by_origin) == ["Campinas", "Santos"] and by_origin["Santos"]["distancia_metodo"] == "estimada"
    assert asked == [True, False, True, True]  # Campinas before the lock; Santos under it; phase 2 both, without


def test_a_trip_cancelled_before_the_lock_takes_its_distance_with_it(app, api, open_agregado, monkeypatch):
    """The routes are checked under the lock without the distances of trips that may be gone: a trip inside
    Campinas (no distance can be computed there) gave its route's distance, and it is cancelled between phase 1's
    consolidation and its lock; the other trip of that route gave none, so the closing is refused (422
    distancia_indisponivel) before anything changes, as it would have been a moment later, never sent without it."""
    if db.engine.dialect.name != "postgresql":
        pytest.skip("row locks and other connections are what is tested: PostgreSQL only (TEST_DATABASE_URL)")
    agg = open_agregado()
    one = f"{BASE}/{agg['id']}"
    assert api.post(one + "/viagens", json=trip_body()).status_code == 201  # Campinas → Niterói: asks a distance
    inside = {"destino_uf": "SP", "destino_municipio_nome": "Campinas"}
    gave = api.post(one + "/viagens", json=trip_body(**inside, distancia_km=18.5)).get_json()["data"]
    assert api.post(one + "/viagens", json=trip_body(**inside)).status_code == 201
    cancelled = []

    def cancel_it(row_free: bool):
        if row_free:  # another request cancels the trip that gave the distance
            other = threading.Thread(target=lambda: cancelled.append(api.post(
                f"{one}/viagens/{gave['id']}/cancel", json={"motivo": "Não realizada"}).status_code))
            other.start()
            other.join(30)
    _asking_for_distances(monkeypatch, agg["id"], meanwhile=cancel_it)
    response = api.post(one + "/encerrar", json=CLOSE)
    assert cancelled == [200]
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "distancia_indisponivel"
    assert response.get_json()["error"]["destino_codigo_ibge"] == "3509502"
    assert load_agregado(agg["id"]).status == "aberto" and agregado_events(agg["id"])[-1] == "trip_cancelled"


def test_the_daily_job_asks_the_authority_only_through_the_closing_job(request, open_agregado, authority_keys):
    """The daily job puts a due contract into closing as a user's closing does (em_encerramento and its key
    committed, the closing's job enqueued) and asks the authority nothing itself: with a worker, the contract is
    em_encerramento and nobody has asked until the `emission` queue's worker runs that job, which closes it with the
    contract's key. Breaking case: the job that sent the closing itself (services.send_closing after its commit)
    closed the contract before any worker ran, the authority asked from the daily job."""
    contract = open_agregado()
    _due_yesterday(contract["id"])
    connection = request.getfixturevalue("rq_backend")  # from here on, jobs go to the queue (no inline run)
    assert close_expired_agregados() == 1  # being closed
    waiting = load_agregado(contract["id"])
    assert waiting.status == "em_encerramento" and waiting.encerramento_motivo == "expiracao_automatica_30_dias"
    assert authority_keys == []  # the daily job asked nothing
    assert close_expired_agregados() == 0  # a second run finds it in closing: nothing requested twice
    run_worker(connection)
    closed = load_agregado(contract["id"])
    assert closed.status == "encerrado"
    assert authority_keys == [waiting.encerramento_chave]  # asked once, by the closing's job, with the key
    assert agregado_events(contract["id"]).count("closed") == 1
