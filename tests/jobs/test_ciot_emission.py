"""domain.ciot.jobs.ask_authority: idempotent, retried, recoverable; never two CIOTs for one operation."""
import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from core.db import db
from core.queue import job_path
from core.tenancy import cross_tenant, tenant_scope
from domain.ciot import services
from domain.ciot.jobs import ask_authority as emit_operation
from domain.ciot.models import EmissionAttempt, SimulatorEmission
from domain.ciot.provider import HomologSimulator, Issuer, ProviderUnavailable
from tests.fixtures.ciot import events_of, load_op


def attempts(op_id):
    """The operation's emission requests (its other requests to the authority live in the same table)."""
    return list(db.session.execute(cross_tenant(sa.select(EmissionAttempt).where(
        EmissionAttempt.operation_id == op_id, EmissionAttempt.action == "emit")
        .order_by(EmissionAttempt.attempt_number))).scalars())


def sim_rows(op_id):
    return list(db.session.execute(sa.select(SimulatorEmission)
                                   .where(SimulatorEmission.operation_id == op_id)).scalars())


def test_the_job_emits_a_claimed_attempt(make_operation):
    op = make_operation(status="emitindo")
    [attempt] = attempts(op.id)
    assert emit_operation(str(op.id), str(attempt.id)) == "succeeded"
    fresh = load_op(op.id)
    assert fresh.status == "emitido" and len(fresh.codigo_ciot) == 12
    assert attempts(op.id)[0].state == "succeeded" and attempts(op.id)[0].finished_at is not None


def test_a_job_run_twice_emits_once(make_operation):
    op = make_operation(status="emitindo")
    [attempt] = attempts(op.id)
    assert emit_operation(str(op.id), str(attempt.id)) == "succeeded"
    codigo = load_op(op.id).codigo_ciot
    assert emit_operation(str(op.id), str(attempt.id)) == "succeeded"  # already done: nothing happens
    assert load_op(op.id).codigo_ciot == codigo and len(sim_rows(op.id)) == 1
    assert events_of(op.id).count("emission_succeeded") == 1


def test_a_worker_killed_after_the_authority_answered_is_recovered_without_a_second_ciot(make_operation, company):
    """The provider issued the CIOT, then the worker died before our commit: the retried job asks again with the
    same idempotency key (the operation id) and gets the same CIOT back."""
    op = make_operation(status="emitindo")
    [attempt] = attempts(op.id)
    with tenant_scope(company.id):
        issued = HomologSimulator().emit(load_op(op.id), Issuer.from_company(company), None,
                                         idempotency_key=str(op.id))
        db.session.commit()  # what the authority kept (our side never committed)
    assert load_op(op.id).status == "emitindo"
    assert emit_operation(str(op.id), str(attempt.id)) == "succeeded"
    fresh = load_op(op.id)
    assert (fresh.codigo_ciot, fresh.codigo_verificador, fresh.protocolo) == (
        issued.codigo_ciot, issued.codigo_verificador, issued.protocolo)
    assert len(sim_rows(op.id)) == 1


def test_an_operation_with_a_codigo_ciot_is_never_sent_again(make_operation, company):
    op = make_operation(status="emitido")
    codigo = load_op(op.id).codigo_ciot
    with tenant_scope(company.id):  # a stray claimed attempt for an emitted operation (e.g. restored backup)
        db.session.add(EmissionAttempt(company_id=company.id, operation_id=op.id, attempt_number=9, state="claimed",
                                       status_before="pronto_emissao", environment="homolog",
                                       issuer_company_id=company.id))
        db.session.commit()
    stray = attempts(op.id)[-1]
    assert emit_operation(str(op.id), str(stray.id)) == "succeeded"
    assert load_op(op.id).codigo_ciot == codigo and len(sim_rows(op.id)) == 1
    assert attempts(op.id)[-1].response == {"reconciled": True, "codigo_ciot": codigo}


def test_unknown_ids_do_nothing(make_operation):
    op = make_operation(status="emitindo")
    [attempt] = attempts(op.id)
    assert emit_operation(str(op.id), "00000000-0000-0000-0000-000000000000") == "missing"
    assert emit_operation("00000000-0000-0000-0000-000000000000", str(attempt.id)) == "missing"
    assert emit_operation("x", "y") == "missing"
    assert load_op(op.id).status == "emitindo"


def test_only_one_attempt_can_be_in_flight(make_operation, company):
    op = make_operation(status="emitindo")
    with tenant_scope(company.id):
        db.session.add(EmissionAttempt(company_id=company.id, operation_id=op.id, attempt_number=2, state="claimed",
                                       status_before="pronto_emissao", environment="homolog",
                                       issuer_company_id=company.id))
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()


class FailingProvider(HomologSimulator):
    """A provider whose service is down (stands for the network, which we do not own)."""

    def emit(self, op, issuer, credentials, *, idempotency_key):
        raise ProviderUnavailable("provedor indisponível (timeout)")


def test_a_provider_failure_is_retried_then_returns_the_operation(app, make_operation, company, monkeypatch):
    op = make_operation(status="emitindo")
    [attempt] = attempts(op.id)
    monkeypatch.setitem(app.config, "CIOT_PROVIDER_HOMOLOG", f"{__name__}.FailingProvider")
    with tenant_scope(company.id):
        with pytest.raises(ProviderUnavailable):  # not the last try: RQ retries it
            services.run_request(attempt.id)
        db.session.rollback()
    assert load_op(op.id).status == "emitindo" and attempts(op.id)[0].state == "claimed"
    assert emit_operation(str(op.id), str(attempt.id)) == "failed"  # inline = last try
    fresh = load_op(op.id)
    assert fresh.status == "pronto_emissao" and fresh.codigo_ciot is None
    assert attempts(op.id)[0].state == "failed" and events_of(op.id)[-1] == "emission_failed"


def test_emit_answers_503_when_the_provider_is_down(api, app, make_operation, monkeypatch):
    op = make_operation()
    monkeypatch.setitem(app.config, "CIOT_PROVIDER_HOMOLOG", f"{__name__}.FailingProvider")
    response = api.post(f"/ciot/operations/{op.id}/emit")
    assert response.status_code == 503
    body = response.get_json()
    assert (body["ok"], body["reason"]) == (False, "provider_unavailable")
    assert load_op(op.id).status == "pronto_emissao"
    monkeypatch.setitem(app.config, "CIOT_PROVIDER_HOMOLOG", "domain.ciot.provider.HomologSimulator")
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 200
    assert [a.state for a in attempts(op.id)] == ["failed", "succeeded"]


def test_recover_stale_attempts_requeues_them(app, make_operation, monkeypatch):
    op = make_operation(status="emitindo")
    fresh_op = make_operation(status="emitindo")
    monkeypatch.setitem(app.config, "CIOT_EMIT_STALE_SECONDS", 0)
    assert services.recover_stale_requests(actor="test") == 2
    from tests.fixtures.committing import commit
    commit()  # inline: the requeued jobs run here
    assert load_op(op.id).status == load_op(fresh_op.id).status == "emitido"


# --- through RQ (real Redis with TEST_REDIS_URL, else fakeredis) ------------------------------------------------

def test_a_job_delivered_twice_by_rq_emits_once(api, make_operation, rq_backend):
    from core.queue import PendingJob, send_to_rq
    from tests.fixtures.ciot import run_worker
    op = make_operation()
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 202
    [attempt] = attempts(op.id)
    send_to_rq(PendingJob(job_path(emit_operation), (str(op.id), str(attempt.id)), queue="emission",
                          job_id=f"duplicate-{attempt.id}"), connection=rq_backend)
    run_worker(rq_backend)
    fresh = load_op(op.id)
    assert fresh.status == "emitido" and len(sim_rows(op.id)) == 1
    assert [a.state for a in attempts(op.id)] == ["succeeded"]
    assert events_of(op.id).count("emission_succeeded") == 1


def test_a_stale_attempt_is_recovered_through_rq(api, app, make_operation, rq_backend, monkeypatch):
    """The first job was lost with its worker; a later /emit after the stale limit enqueues the same attempt."""
    from rq import Queue

    from core.serializer import JsonFirstSerializer
    from tests.fixtures.ciot import run_worker
    op = make_operation()
    api.post(f"/ciot/operations/{op.id}/emit")
    Queue("emission", connection=rq_backend, serializer=JsonFirstSerializer).empty()  # the worker died with it
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 202  # not stale yet: joins, no new job
    assert Queue("emission", connection=rq_backend, serializer=JsonFirstSerializer).count == 0
    monkeypatch.setitem(app.config, "CIOT_EMIT_STALE_SECONDS", 0)
    assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 202
    run_worker(rq_backend)
    assert load_op(op.id).status == "emitido" and len(attempts(op.id)) == 1 and len(sim_rows(op.id)) == 1


def test_the_periodic_recovery_job_requeues_only_stale_attempts(app, make_operation, monkeypatch):
    """domain.ciot.jobs.recover_stale_emissions (run by rq cron) recovers an attempt once it is stale, not before."""
    from domain.ciot.recovery_jobs import recover_stale_emissions
    from jobs.cron_config import cron  # noqa: F401  the periodic table imports cleanly
    op = make_operation(status="emitindo")
    monkeypatch.setitem(app.config, "CIOT_EMIT_STALE_SECONDS", 3600)
    assert recover_stale_emissions() == 0
    assert load_op(op.id).status == "emitindo"
    monkeypatch.setitem(app.config, "CIOT_EMIT_STALE_SECONDS", 0)
    assert recover_stale_emissions() == 1
    assert load_op(op.id).status == "emitido"


def test_the_stale_wait_is_read_from_the_environment(app, monkeypatch):
    """CIOT_EMIT_STALE_SECONDS is a deployment setting: read from the environment, 600 s when unset."""
    from datetime import timedelta

    from core.config import load_config
    from domain.ciot.protocol import stale_after
    monkeypatch.setenv("CIOT_EMIT_STALE_SECONDS", "90")
    monkeypatch.setitem(app.config, "CIOT_EMIT_STALE_SECONDS", load_config()["CIOT_EMIT_STALE_SECONDS"])
    assert stale_after() == timedelta(seconds=90)
    monkeypatch.delenv("CIOT_EMIT_STALE_SECONDS")
    monkeypatch.setitem(app.config, "CIOT_EMIT_STALE_SECONDS", load_config()["CIOT_EMIT_STALE_SECONDS"])
    assert stale_after() == timedelta(seconds=600)
