"""The daily job closing aggregate contracts whose data_prevista_encerramento has come: motivo
expiracao_automatica_30_dias, each contract once even when the job runs twice (or two schedulers fire at once,
PostgreSQL), contracts not yet due left alone, a refusal kept and retried."""
import threading
import uuid
from datetime import UTC, date, datetime, timedelta

import pytest
import sqlalchemy as sa

from core.clock import brasilia_today
from core.db import db
from core.tenancy import cross_tenant
from domain.ciot.models import SimulatorEmission
from domain.ciot_agregado.models import CiotAgregado, CiotAgregadoEvent
from domain.ciot_agregado.periodic_jobs import close_expired_agregados
from tests.fixtures.agregado import agregado_body, agregado_events, load_agregado, trip_body
from tests.fixtures.ciot import clear_irregular, mark_irregular


def _last_day(agregado_id, day: date):
    db.session.execute(cross_tenant(sa.update(CiotAgregado).where(CiotAgregado.id == uuid.UUID(agregado_id)).values(
        data_prevista_encerramento=day)))
    db.session.commit()


def test_the_last_day_ends_at_midnight_in_brasilia(api, open_agregado):
    """A contract whose last day is 2026-12-23 is not closed at 23:59:59 that day in Brasília (02:59:59 UTC of the
    24th), and is closed from 00:00 of the 24th in Brasília (03:00 UTC), where the daily job runs (00:05)."""
    contract = open_agregado()
    _last_day(contract["id"], date(2026, 12, 23))
    assert close_expired_agregados(now=datetime(2026, 12, 24, 2, 59, 59, tzinfo=UTC)) == 0
    assert load_agregado(contract["id"]).status == "aberto"
    assert close_expired_agregados(now=datetime(2026, 12, 24, 3, 0, 0, tzinfo=UTC)) == 1
    assert load_agregado(contract["id"]).status == "encerrado"


def test_trips_of_the_last_day_are_recorded(api, open_agregado):
    """On its last day the contract takes that day's trips: the daily job of that day leaves it open."""
    contract = open_agregado()
    _due_in(contract["id"], 0)
    assert close_expired_agregados() == 0
    answer = api.post(f"/ciot-agregado/operations/{contract['id']}/viagens", json=trip_body(peso_carga=1500))
    assert answer.status_code == 201, answer.get_json()


def _due_in(agregado_id, days: int):
    db.session.execute(cross_tenant(sa.update(CiotAgregado).where(CiotAgregado.id == uuid.UUID(agregado_id)).values(
        data_prevista_encerramento=brasilia_today() + timedelta(days=days))))
    db.session.commit()


def test_run_twice_closes_a_due_contract_once(api, open_agregado):
    due, later = open_agregado(), open_agregado(placa_cavalo="LMN2O34")
    api.post(f"/ciot-agregado/operations/{due['id']}/viagens", json=trip_body(peso_carga=1500))
    _due_in(due["id"], -1)  # its last day was yesterday
    _due_in(later["id"], 0)  # today is its last day: still in its period
    assert close_expired_agregados() == 1
    assert close_expired_agregados() == 0
    contract = load_agregado(due["id"])
    assert contract.status == "encerrado" and contract.encerramento_motivo == "expiracao_automatica_30_dias"
    assert contract.peso_carga_final == 1500 and len(contract.rotas_consolidadas) == 1
    assert agregado_events(due["id"]).count("closed") == 1
    closing = db.session.execute(cross_tenant(sa.select(CiotAgregadoEvent.message).where(
        CiotAgregadoEvent.agregado_id == contract.id, CiotAgregadoEvent.type == "closing"))).scalar_one()
    assert closing == "Encerramento solicitado. Motivo: Expiração automática (30 dias)"  # the history, in words
    assert load_agregado(later["id"]).status == "aberto"
    closed_at_authority = db.session.execute(sa.select(SimulatorEmission.closed_at).where(
        SimulatorEmission.operation_id == contract.id)).scalar_one()
    assert closed_at_authority is not None


def test_a_refused_expiry_stays_open_and_the_others_close(api, make_tac):
    irregular, regular = make_tac(), make_tac()
    a = api.post("/ciot-agregado/operations", json=agregado_body(irregular)).get_json()["data"]
    b = api.post("/ciot-agregado/operations", json=agregado_body(regular)).get_json()["data"]
    _due_in(a["id"], -2)
    _due_in(b["id"], -1)
    mark_irregular(irregular.rntrc)
    try:
        assert close_expired_agregados() == 1
    finally:
        clear_irregular(irregular.rntrc)
    refused = load_agregado(a["id"])
    assert refused.status == "aberto" and "irregular" in refused.mensagem_antt
    assert load_agregado(b["id"]).status == "encerrado"
    assert close_expired_agregados() == 1  # the next day's run closes it
    assert load_agregado(a["id"]).status == "encerrado"


def test_two_schedulers_at_once_close_once(app, api, open_agregado):
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("row locks are what is tested: PostgreSQL only (TEST_DATABASE_URL)")
    contracts = [open_agregado(placa_cavalo=f"AAA{i}B2{i}") for i in range(4)]
    for c in contracts:
        _due_in(c["id"], -1)
    barrier, results = threading.Barrier(2, timeout=60), []

    def run():
        with app.app_context():
            barrier.wait()
            results.append(close_expired_agregados())

    threads = [threading.Thread(target=run, daemon=True) for _ in range(2)]
    [t.start() for t in threads]
    [t.join(120) for t in threads]
    assert sum(results) == 4
    for c in contracts:
        assert agregado_events(c["id"]).count("closed") == 1


def test_a_route_without_a_computable_distance_leaves_the_contract_for_a_closing_by_hand(api, open_agregado):
    """The job cannot ask for a distance: that contract stays aberto (past its period, taking no lines) for the
    closing form or POST /encerrar with `rotas`; the others close."""
    blocked, fine = open_agregado(), open_agregado(placa_cavalo="LMN2O34")
    api.post(f"/ciot-agregado/operations/{blocked['id']}/viagens",
             json=trip_body(destino_uf="SP", destino_municipio_nome="Campinas"))  # inside one municipality
    _due_in(blocked["id"], -1)
    _due_in(fine["id"], -1)
    assert close_expired_agregados() == 1
    assert load_agregado(blocked["id"]).status == "aberto" and load_agregado(fine["id"]).status == "encerrado"
    closed = api.post(f"/ciot-agregado/operations/{blocked['id']}/encerrar", json={
        "peso_carga_final": 1, "motivo": "Fim do período",
        "rotas": [{"origem_codigo_ibge": "3509502", "destino_codigo_ibge": "3509502", "distancia_km": 12}]})
    assert closed.status_code == 200 and load_agregado(blocked["id"]).status == "encerrado"
