"""No call to the authority runs while a database row lock is held: a fake authority that, at every call of every
service, tries to lock the record it is asked about from a second PostgreSQL connection with `FOR UPDATE NOWAIT`
(the CIOT operation's row, or the aggregate contract's) and records whether it was free. Every service is driven
through the public API, as an integrator would (PostgreSQL only: SQLite has no row locks)."""
from typing import ClassVar

import pytest
import sqlalchemy as sa

from core.db import db
from domain.ciot.provider import HomologSimulator
from domain.tenancy import services as tenancy
from tests.fixtures.agregado import agregado_body


class LockCheckingAuthority(HomologSimulator):
    """The homolog simulator, which first checks that the record it is asked about is not locked by anyone."""
    seen: ClassVar[list] = []

    def _free(self, service: str, table: str, record_id) -> None:
        with db.engine.connect() as other:  # a second connection, as another request or page would be
            try:
                other.execute(sa.text(f"SELECT id FROM {table} WHERE id = :id FOR UPDATE NOWAIT"), {"id": record_id})
                free = True
            except sa.exc.OperationalError:  # lock_not_available: someone holds the row while asking
                free = False
            other.rollback()
        type(self).seen.append((service, free))

    def emit(self, op, *args, **kwargs):
        self._free("emit", "ciot_operations", op.id)
        return super().emit(op, *args, **kwargs)

    def rectify(self, op, *args, **kwargs):
        self._free("rectify", "ciot_operations", op.id)
        return super().rectify(op, *args, **kwargs)

    def cancel(self, op, *args, **kwargs):
        self._free("cancel", "ciot_operations", op.id)
        return super().cancel(op, *args, **kwargs)

    def close(self, op, *args, **kwargs):
        self._free("close", "ciot_operations", op.id)
        return super().close(op, *args, **kwargs)

    def declare_aggregate(self, contract, *args, **kwargs):
        self._free("declare_aggregate", "ciot_agregados", contract.id)
        return super().declare_aggregate(contract, *args, **kwargs)

    def rectify_aggregate(self, contract, *args, **kwargs):
        self._free("rectify_aggregate", "ciot_agregados", contract.id)
        return super().rectify_aggregate(contract, *args, **kwargs)

    def cancel_aggregate(self, contract, *args, **kwargs):
        self._free("cancel_aggregate", "ciot_agregados", contract.id)
        return super().cancel_aggregate(contract, *args, **kwargs)

    def close_aggregate(self, contract, *args, **kwargs):
        self._free("close_aggregate", "ciot_agregados", contract.id)
        return super().close_aggregate(contract, *args, **kwargs)


@pytest.fixture
def lock_checking_authority(app, monkeypatch, company):
    if db.engine.dialect.name != "postgresql":
        pytest.skip("row locks are what is tested: PostgreSQL only (TEST_DATABASE_URL)")
    monkeypatch.setitem(app.config, "CIOT_PROVIDER_HOMOLOG", f"{__name__}.LockCheckingAuthority")
    monkeypatch.setattr(LockCheckingAuthority, "seen", [])
    tenancy.update_company(company, ciot_flow="legacy")  # rectification is the legacy flow's
    db.session.commit()
    return LockCheckingAuthority


def test_every_service_asks_the_authority_with_the_record_free(api, make_operation, make_tac,
                                                              lock_checking_authority):
    seen = lock_checking_authority.seen
    ops = [make_operation(status="pronto_emissao", tipo_operacao="fracionada") for _ in range(3)]
    for op in ops:
        assert api.post(f"/ciot/operations/{op.id}/emit").status_code == 200
    assert api.post(f"/ciot/operations/{ops[0].id}/retificar", json={"peso_carga": 21000}).status_code == 200
    assert api.post(f"/ciot/operations/{ops[1].id}/cancel", json={"motivo": "Desistência"}).status_code == 200
    assert api.post(f"/ciot/operations/{ops[2].id}/encerrar", json={"peso_carga_final": 19000}).status_code == 200
    created = api.post("/ciot-agregado/operations", json=agregado_body(make_tac()))
    assert created.status_code == 201, created.get_json()
    one = f"/ciot-agregado/operations/{created.get_json()['data']['id']}"
    assert api.post(one + "/retificar", json={"valor_contratado": 16000}).status_code == 200
    assert api.post(one + "/cancel", json={"motivo": "Desistência"}).status_code == 200
    closing = api.post("/ciot-agregado/operations", json=agregado_body(make_tac()))
    assert closing.status_code == 201
    closed = api.post(f"/ciot-agregado/operations/{closing.get_json()['data']['id']}/encerrar",
                      json={"peso_carga_final": 12000, "motivo": "Fim do período"})
    assert closed.status_code == 200, closed.get_json()
    services = {"emit", "rectify", "cancel", "close", "declare_aggregate", "rectify_aggregate", "cancel_aggregate",
                "close_aggregate"}
    assert {service for service, _ in seen} == services  # every service was asked
    assert [(service, free) for service, free in seen if not free] == []


def test_the_check_sees_a_lock_when_one_is_held(app, make_operation, lock_checking_authority):
    """The breaking case: asked while the operation's row is locked (as the old synchronous cancel did), the check
    says so."""
    op = make_operation(status="emitido")
    lock_checking_authority.seen.clear()  # its emission was checked too
    with db.engine.connect() as holder:
        holder.execute(sa.text("SELECT id FROM ciot_operations WHERE id = :id FOR UPDATE"), {"id": op.id})
        lock_checking_authority()._free("cancel", "ciot_operations", op.id)
        holder.rollback()
    lock_checking_authority()._free("cancel", "ciot_operations", op.id)
    assert lock_checking_authority.seen == [("cancel", False), ("cancel", True)]
