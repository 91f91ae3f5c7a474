"""The opening and the cancellation of an aggregate contract sent to the authority in two phases (domain/
ciot_agregado/authority.py): the request is committed before the authority is asked (the company's AGR counter is
free and the contract on record while it answers); an unreachable authority answers 202 with the pending contract,
which takes no action until the sweep sends the same idempotency key again; a crash after the authority accepted is
finished by the sweep without a second declaration."""
import uuid

import pytest
import sqlalchemy as sa

from core.db import db
from domain.ciot_agregado.declaration import send_declaration as send_declaration_phase2
from domain.ciot_agregado.jobs import send_cancellation, send_declaration
from domain.ciot_agregado.periodic_jobs import retry_stuck_agregados
from tests.fixtures.agregado import (
    agregado_body,
    agregado_events,
    deactivate_at_authority,
    declarations_at_authority,
    load_agregado,
    trip_body,
)

BASE = "/ciot-agregado/operations"


def _stale_now(app, monkeypatch):
    monkeypatch.setitem(app.config, "CIOT_AGREGADO_PENDING_STALE_SECONDS", 0)


# --- opening --------------------------------------------------------------------------------------------------

def test_an_unreachable_authority_answers_202_and_the_sweep_declares_it(app, api, make_tac, authority, monkeypatch):
    partner = make_tac()
    authority.down.add("declare_aggregate")
    response = api.post(BASE, json=agregado_body(partner))
    assert response.status_code == 202, response.get_json()
    pending = response.get_json()["data"]
    assert pending["status"] == "aberto" and pending["codigo_ciot"] is None and pending["code"] == "AGR-000001"
    assert load_agregado(pending["id"]).pendencia == "declaracao"
    # on record: a retry of the POST finds it (409 with it), never a second contract or declaration
    again = api.post(BASE, json=agregado_body(partner))
    assert again.status_code == 409 and again.get_json()["data"]["id"] == pending["id"]
    # it takes no action until declared
    one = f"{BASE}/{pending['id']}"
    for path, body in (("/viagens", trip_body()), ("/cancel", {}),
                       ("/encerrar", {"peso_carga_final": 1, "motivo": "Fim"})):
        refused = api.post(one + path, json=body)
        assert refused.status_code == 422, path
        assert refused.get_json()["error"]["code"] == "status_invalido"
        assert "aguarda a resposta da ANTT à declaração" in refused.get_json()["error"]["message"]
    assert retry_stuck_agregados() == 0  # within the stale limit: left to its job
    _stale_now(app, monkeypatch)
    assert retry_stuck_agregados() == 0  # still unreachable: nothing settled, nothing lost
    authority.down.clear()
    assert retry_stuck_agregados() == 1
    declared = api.get(one).get_json()["agregado"]
    assert declared["status"] == "aberto" and len(declared["codigo_ciot"]) == 12
    assert declarations_at_authority(pending["id"]) == [declared["codigo_ciot"]]
    assert [key for method, key in authority.keys] == [pending["id"]]  # the contract id is the key
    assert agregado_events(pending["id"]) == ["opening", "opened"]
    assert api.post(one + "/viagens", json=trip_body()).status_code == 201
    assert retry_stuck_agregados() == 0


def test_a_crash_after_the_authority_declared_is_finished_with_the_same_ciot(app, api, make_tac, authority,
                                                                            monkeypatch):
    # the job is queued but no worker has taken it yet (inline jobs would settle it at the commit): the request
    # never asks the authority itself, it answers 202 after its short wait
    monkeypatch.setattr("domain.ciot_agregado.jobs.send_declaration", lambda agregado_id, key: "queued")
    response = api.post(BASE, json=agregado_body(make_tac()))
    assert response.status_code == 202 and response.get_json()["data"]["codigo_ciot"] is None
    assert response.headers["Location"].endswith(f"/ciot-agregado/operations/{response.get_json()['data']['id']}")
    agregado_id = response.get_json()["data"]["id"]
    assert authority.keys == []
    # a worker's run asks and the authority declares, then that run's commit is lost
    _run_and_lose_the_commit(send_declaration_phase2, agregado_id, agregado_id)
    assert load_agregado(agregado_id).codigo_ciot is None
    if db.engine.dialect.name == "postgresql":  # the simulated authority commits on its own connection
        assert len(declarations_at_authority(agregado_id)) == 1
    _stale_now(app, monkeypatch)
    assert retry_stuck_agregados() == 1
    contract = load_agregado(agregado_id)
    assert declarations_at_authority(agregado_id) == [contract.codigo_ciot]  # one CIOT: the one it already had
    assert [key for _, key in authority.keys] == [agregado_id, agregado_id]  # asked twice, with the same key
    assert agregado_events(agregado_id).count("opened") == 1


def _run_and_lose_the_commit(send, agregado_id, key) -> None:
    from core.tenancy import tenant_scope
    from domain.tenancy.models import Company
    company_id = load_agregado(agregado_id).company_id
    with tenant_scope(company_id):
        send(db.session.get(Company, company_id), uuid.UUID(agregado_id), key, actor="worker")
    db.session.rollback()


def test_the_counter_and_the_contract_are_committed_while_the_authority_is_asked(app, api, make_tac, authority,
                                                                                monkeypatch):
    """What another request sees while the authority answers the declaration: the company's counter row unlocked
    and the contract on record (PostgreSQL; SQLite has a single writer and the simulator shares our transaction)."""
    if db.engine.dialect.name != "postgresql":
        pytest.skip("row locks and other connections are what is tested: PostgreSQL only (TEST_DATABASE_URL)")
    seen, real = [], authority.declare_aggregate

    def looking(self, contract, *args, **kwargs):
        with db.engine.connect() as other:
            counter = other.execute(sa.text(
                "SELECT last_value FROM counters WHERE company_id = :c AND name = 'ciot_agregado' FOR UPDATE NOWAIT"),
                {"c": contract.company_id}).scalar_one()
            status = other.execute(sa.text("SELECT status FROM ciot_agregados WHERE id = :id"),
                                   {"id": contract.id}).scalar_one_or_none()
            other.rollback()
        seen.append((counter, status))
        return real(self, contract, *args, **kwargs)
    monkeypatch.setattr(authority, "declare_aggregate", looking)
    response = api.post(BASE, json=agregado_body(make_tac()))
    assert response.status_code == 201, response.get_json()
    assert seen and seen[0] == (1, "aberto")


def test_the_declaration_job_delivered_again_never_declares_twice(api, make_tac, authority):
    agregado_id = api.post(BASE, json=agregado_body(make_tac())).get_json()["data"]["id"]
    assert len(authority.keys) == 1  # the job (inline) declared it; the request found it settled
    assert send_declaration(agregado_id, agregado_id) == "declarado"
    assert send_declaration(agregado_id, str(uuid.uuid4())) == "declarado"  # not its key: only read
    assert len(authority.keys) == 1 and len(declarations_at_authority(agregado_id)) == 1
    assert send_declaration(str(uuid.uuid4()), "k") == "missing" and send_declaration("not-a-uuid", "k") == "missing"


def test_a_refusal_found_by_the_sweep_cancels_the_undeclared_contract(app, api, make_tac, authority, monkeypatch):
    from tests.fixtures.ciot import irregular
    partner = make_tac()
    authority.down.add("declare_aggregate")
    agregado_id = api.post(BASE, json=agregado_body(partner)).get_json()["data"]["id"]
    authority.down.clear()
    with irregular(partner.rntrc):
        _stale_now(app, monkeypatch)
        assert retry_stuck_agregados() == 1
    record = api.get(f"{BASE}/{agregado_id}").get_json()["agregado"]
    assert record["status"] == "cancelado" and "irregular" in record["mensagem_antt"] and not record["codigo_ciot"]
    assert agregado_events(agregado_id) == ["opening", "open_rejected"]
    assert api.post(BASE, json=agregado_body(partner)).status_code == 201  # the composition is free again


# --- cancellation ---------------------------------------------------------------------------------------------

def test_cancel_with_the_authority_unreachable_answers_202_and_the_sweep_cancels(app, api, open_agregado, authority,
                                                                                 monkeypatch):
    agg = open_agregado()
    one = f"{BASE}/{agg['id']}"
    authority.down.add("cancel_aggregate")
    response = api.post(one + "/cancel", json={"motivo": "Contrato desfeito"})
    assert response.status_code == 202, response.get_json()
    data = response.get_json()["data"]
    assert data["status"] == "aberto" and data["cancelado_at"] is None and data["mensagem_antt"] is None
    contract = load_agregado(agg["id"])
    assert contract.pendencia == "cancelamento" and contract.cancel_motivo == "Contrato desfeito"
    key = contract.cancelamento_chave
    for path, body in (("/viagens", trip_body()), ("/cancel", {}),
                       ("/encerrar", {"peso_carga_final": 1, "motivo": "Fim"})):
        refused = api.post(one + path, json=body)
        assert refused.status_code == 422 and "aguarda a resposta da ANTT ao cancelamento" in \
            refused.get_json()["error"]["message"], path
    _stale_now(app, monkeypatch)
    assert retry_stuck_agregados() == 0 and load_agregado(agg["id"]).pendencia == "cancelamento"
    authority.down.clear()
    assert retry_stuck_agregados() == 1
    done = api.get(one).get_json()["agregado"]
    assert done["status"] == "cancelado" and done["cancel_motivo"] == "Contrato desfeito"
    assert authority.keys[-1] == ("cancel_aggregate", key)
    assert agregado_events(agg["id"])[-2:] == ["cancelling", "cancelled"]
    assert send_cancellation(agg["id"], key) == "cancelado" and authority.keys[-1] == ("cancel_aggregate", key)
    assert retry_stuck_agregados() == 0


def test_a_cancel_refusal_found_by_the_sweep_leaves_it_aberto_with_the_reason(app, api, open_agregado, authority,
                                                                               monkeypatch):
    agg = open_agregado()
    authority.down.add("cancel_aggregate")
    assert api.post(f"{BASE}/{agg['id']}/cancel", json={"motivo": "Desistência"}).status_code == 202
    authority.down.clear()
    deactivate_at_authority(agg["id"])
    _stale_now(app, monkeypatch)
    assert retry_stuck_agregados() == 1
    contract = load_agregado(agg["id"])
    assert contract.status == "aberto" and contract.pendencia is None and "não está ativo" in contract.mensagem_antt
    assert contract.cancel_motivo is None
    assert agregado_events(agg["id"])[-2:] == ["cancelling", "cancel_rejected"]
    assert api.post(f"{BASE}/{agg['id']}/viagens", json=trip_body()).status_code == 201


# --- the pending request in the API: `pendencia` (an addition; the status stays one of the contract's four) ------

def _pendencia(api, agregado_id):
    """`pendencia` as the record, the list and the search by code show it (the same serializer: all must agree)."""
    record = api.get(f"{BASE}/{agregado_id}").get_json()["agregado"]
    listed = [row for row in api.get(BASE, query_string={"q": record["code"]}).get_json()["data"]
              if row["id"] == agregado_id]
    assert [row["pendencia"] for row in listed] == [record["pendencia"]]
    return record["status"], record["pendencia"]


def test_a_pending_cancellation_shows_its_kind_and_since_when_until_the_sweep_settles_it(app, api, open_agregado,
                                                                                         authority, monkeypatch):
    agg = open_agregado()
    assert agg["pendencia"] is None  # declared at once: nothing pending
    authority.down.add("cancel_aggregate")
    response = api.post(f"{BASE}/{agg['id']}/cancel", json={"motivo": "Contrato desfeito"})
    assert response.status_code == 202
    asked_at = load_agregado(agg["id"]).cancelamento_solicitado_at
    expected = {"tipo": "cancelamento", "solicitado_at": asked_at.isoformat(timespec="microseconds") + "Z"}
    assert response.get_json()["data"]["pendencia"] == expected
    assert _pendencia(api, agg["id"]) == ("aberto", expected)  # still `aberto`: no status of its own
    _stale_now(app, monkeypatch)
    assert retry_stuck_agregados() == 0 and _pendencia(api, agg["id"]) == ("aberto", expected)  # still down
    authority.down.clear()
    assert retry_stuck_agregados() == 1
    assert _pendencia(api, agg["id"]) == ("cancelado", None)


def test_a_cancellation_refused_after_a_202_clears_the_pending_request(app, api, open_agregado, authority,
                                                                        monkeypatch):
    agg = open_agregado()
    authority.down.add("cancel_aggregate")
    assert api.post(f"{BASE}/{agg['id']}/cancel", json={}).get_json()["data"]["pendencia"]["tipo"] == "cancelamento"
    authority.down.clear()
    deactivate_at_authority(agg["id"])
    _stale_now(app, monkeypatch)
    assert retry_stuck_agregados() == 1
    status, pendencia = _pendencia(api, agg["id"])
    assert status == "aberto" and pendencia is None
    assert "não está ativo" in api.get(f"{BASE}/{agg['id']}").get_json()["agregado"]["mensagem_antt"]


def test_a_cancellation_refused_at_once_never_shows_as_pending(api, open_agregado):
    agg = open_agregado()
    deactivate_at_authority(agg["id"])
    refused = api.post(f"{BASE}/{agg['id']}/cancel", json={"motivo": "Desistência"})
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "rejected"
    assert _pendencia(api, agg["id"]) == ("aberto", None)


def test_a_pending_opening_shows_as_declaracao_since_its_creation(app, api, make_tac, authority, monkeypatch):
    authority.down.add("declare_aggregate")
    pending = api.post(BASE, json=agregado_body(make_tac())).get_json()["data"]
    assert pending["pendencia"] == {"tipo": "declaracao", "solicitado_at": pending["created_at"]}
    assert _pendencia(api, pending["id"]) == ("aberto", pending["pendencia"])
    authority.down.clear()
    _stale_now(app, monkeypatch)
    assert retry_stuck_agregados() == 1 and _pendencia(api, pending["id"]) == ("aberto", None)


# --- the sweep's wait: CIOT_AGREGADO_PENDING_STALE_SECONDS, formerly CIOT_AGREGADO_CLOSE_STALE_SECONDS -------------

def _pending_cancellation(api, open_agregado, authority):
    agg = open_agregado()
    authority.down.add("cancel_aggregate")
    assert api.post(f"{BASE}/{agg['id']}/cancel", json={}).status_code == 202
    authority.down.clear()
    return agg["id"]


@pytest.mark.parametrize("settings, resent", [
    ({}, False),  # the default, 300 s: a request just made is left to its job
    ({"CIOT_AGREGADO_PENDING_STALE_SECONDS": 0}, True),
    ({"CIOT_AGREGADO_CLOSE_STALE_SECONDS": 0}, True),  # the deprecated name is still read
    ({"CIOT_AGREGADO_PENDING_STALE_SECONDS": 3600, "CIOT_AGREGADO_CLOSE_STALE_SECONDS": 0}, False),  # new name wins
    ({"CIOT_AGREGADO_PENDING_STALE_SECONDS": 0, "CIOT_AGREGADO_CLOSE_STALE_SECONDS": 3600}, True),
], ids=["default", "new-name", "deprecated-name", "new-wins-3600", "new-wins-0"])
def test_the_sweeps_wait_setting_and_its_deprecated_name(app, api, open_agregado, authority, monkeypatch, settings,
                                                         resent):
    agregado_id = _pending_cancellation(api, open_agregado, authority)
    for name, value in settings.items():
        monkeypatch.setitem(app.config, name, value)
    assert retry_stuck_agregados() == int(resent)
    assert load_agregado(agregado_id).status == ("cancelado" if resent else "aberto")


def test_the_wait_setting_is_read_from_the_environment_under_both_names(monkeypatch):
    from core.config import load_config
    names = ("CIOT_AGREGADO_PENDING_STALE_SECONDS", "CIOT_AGREGADO_CLOSE_STALE_SECONDS")
    for name in names:
        monkeypatch.delenv(name, raising=False)
    assert [load_config()[name] for name in names] == [None, None]  # unset: stale_after's default, 300
    monkeypatch.setenv("CIOT_AGREGADO_CLOSE_STALE_SECONDS", "45")
    assert [load_config()[name] for name in names] == [None, 45.0]
    monkeypatch.setenv("CIOT_AGREGADO_PENDING_STALE_SECONDS", "30")
    assert [load_config()[name] for name in names] == [30.0, 45.0]  # both kept; stale_after prefers the new name


def test_the_deprecated_name_is_warned_about_at_startup(tmp_path, caplog):
    from app import create_app
    base = {"SQLALCHEMY_DATABASE_URI": "sqlite://", "INSTANCE_PATH": str(tmp_path)}
    with caplog.at_level("WARNING", logger="fretes"):
        create_app({**base, "CIOT_AGREGADO_PENDING_STALE_SECONDS": 60})
    assert "deprecated" not in caplog.text
    with caplog.at_level("WARNING", logger="fretes"):
        create_app({**base, "CIOT_AGREGADO_CLOSE_STALE_SECONDS": 60})
    assert "CIOT_AGREGADO_CLOSE_STALE_SECONDS is deprecated" in caplog.text


@pytest.mark.parametrize("method, path, body", [
    ("declare_aggregate", None, None),
    ("cancel_aggregate", "/cancel", {"motivo": "Contrato desfeito"}),
    ("close_aggregate", "/encerrar", {"peso_carga_final": 10, "motivo": "Fim do período"}),
])
def test_the_authority_is_asked_without_the_contracts_row_lock(app, api, make_tac, authority, monkeypatch, method,
                                                              path, body):
    """A remote call never holds a row lock: while the authority answers phase 2, another connection can lock the
    contract at once (NOWAIT); the answer is then recorded under the lock. Breaking case: with the old order (the
    row locked FOR UPDATE, then the call) the NOWAIT lock fails with `could not obtain lock`."""
    if db.engine.dialect.name != "postgresql":
        pytest.skip("row locks and other connections are what is tested: PostgreSQL only (TEST_DATABASE_URL)")
    locked, real = [], getattr(authority, method)

    def looking(self, contract, *args, **kwargs):
        with db.engine.connect() as other:
            locked.append(other.execute(sa.text("SELECT status FROM ciot_agregados WHERE id = :id FOR UPDATE NOWAIT"),
                                        {"id": contract.id}).scalar_one())
            other.rollback()
        return real(self, contract, *args, **kwargs)
    monkeypatch.setattr(authority, method, looking)
    response = api.post(BASE, json=agregado_body(make_tac()))
    if path is not None:
        response = api.post(f"{BASE}/{response.get_json()['data']['id']}{path}", json=body)
    assert response.status_code == (201 if path is None else 200), response.get_json()  # created; cancelled, closed
    assert locked, "the authority was not asked"
