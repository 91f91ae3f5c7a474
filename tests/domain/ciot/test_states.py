"""The CIOT operation state table (docs/api/ciot.md) and the one function that moves it."""
import threading
from types import SimpleNamespace

import pytest
import sqlalchemy as sa

from core.db import db
from core.errors import InvalidStatus
from core.tenancy import tenant_scope
from domain.ciot import states
from domain.ciot.models import CiotEvent, CiotOperation
from domain.ciot.rules import ValidationResult, Violation
from tests.fixtures.ciot import ciot_body

S = states

# Every move the contract's table allows (plus the documented technical-failure return from emitindo).
EXPECTED = {
    (S.RASCUNHO, S.VALIDADO), (S.RASCUNHO, S.COM_DIVERGENCIA), (S.RASCUNHO, S.PRONTO_EMISSAO),
    (S.RASCUNHO, S.EMITINDO), (S.RASCUNHO, S.CANCELADO),
    (S.VALIDADO, S.VALIDADO), (S.VALIDADO, S.COM_DIVERGENCIA), (S.VALIDADO, S.PRONTO_EMISSAO),
    (S.VALIDADO, S.EMITINDO), (S.VALIDADO, S.CANCELADO),
    (S.COM_DIVERGENCIA, S.VALIDADO), (S.COM_DIVERGENCIA, S.COM_DIVERGENCIA), (S.COM_DIVERGENCIA, S.PRONTO_EMISSAO),
    (S.COM_DIVERGENCIA, S.EMITINDO), (S.COM_DIVERGENCIA, S.CANCELADO),
    (S.PRONTO_EMISSAO, S.VALIDADO), (S.PRONTO_EMISSAO, S.COM_DIVERGENCIA), (S.PRONTO_EMISSAO, S.PRONTO_EMISSAO),
    (S.PRONTO_EMISSAO, S.EMITINDO), (S.PRONTO_EMISSAO, S.CANCELADO),
    (S.EMITINDO, S.EMITIDO), (S.EMITINDO, S.REJEITADO),
    (S.EMITINDO, S.RASCUNHO), (S.EMITINDO, S.VALIDADO), (S.EMITINDO, S.COM_DIVERGENCIA),
    (S.EMITINDO, S.PRONTO_EMISSAO),
    (S.REJEITADO, S.EMITINDO),
    (S.EMITIDO, S.EMITIDO), (S.EMITIDO, S.CANCELADO), (S.EMITIDO, S.ENCERRADO),
}
ALL_PAIRS = [(a, b) for a in S.STATES for b in S.STATES]


def test_allowed_table_is_exactly_the_contracts():
    allowed = {(current, target) for current, target in ALL_PAIRS if S.can_transition(current, target)}
    assert allowed - EXPECTED == set()  # nothing more than the table
    assert EXPECTED - allowed == set()  # nothing less


def test_final_states_have_no_way_out():
    assert all(not S.ALLOWED[s] for s in S.FINAL) and set(S.FINAL) == {"cancelado", "encerrado"}


def test_emission_claim_sources_come_from_the_table():
    assert set(S.sources_of(S.EMITINDO)) == {"rascunho", "validado", "com_divergencia", "pronto_emissao",
                                             "rejeitado"}


def _result(*severities):
    return ValidationResult([Violation(f"X{i}", sev, "f", "m") for i, sev in enumerate(severities)])


@pytest.mark.parametrize("severities,auto,expected", [
    (("blocker",), True, "com_divergencia"),
    (("warning", "blocker"), True, "com_divergencia"),
    (("warning",), True, "validado"),
    ((), True, "pronto_emissao"),
    (("blocker",), False, "rascunho"),
    ((), False, "rascunho"),
])
def test_status_for_validation(severities, auto, expected):
    assert S.status_for_validation(_result(*severities), auto_validate=auto) == expected


def _op(status):
    return SimpleNamespace(status=status, company_id=None, id=None, updated_at=None)


@pytest.mark.parametrize("status, codigo, flow, allowed", [
    ("rascunho", None, "new", {"validate", "emit", "delete"}),
    ("com_divergencia", None, "new", {"validate", "emit", "delete"}),
    ("pronto_emissao", None, "legacy", {"validate", "emit", "delete"}),
    ("rejeitado", None, "new", {"emit"}),
    ("emitindo", None, "new", set()),
    ("emitido", "123456789012", "new", {"cancel", "close"}),
    ("emitido", "123456789012", "legacy", {"cancel", "close", "rectify"}),
    ("rascunho", "123456789012", "new", {"validate", "delete"}),  # an imported CIOT is never emitted again
    ("cancelado", None, "legacy", set()),
    ("encerrado", "123456789012", "legacy", set()),
])
def test_available_actions_come_from_the_state_table(status, codigo, flow, allowed):
    actions = states.available_actions(SimpleNamespace(status=status, codigo_ciot=codigo), ciot_flow=flow)
    assert set(actions) == {"validate", "emit", "delete", "cancel", "close", "rectify"}
    assert {name for name, ok in actions.items() if ok} == allowed


def test_transition_moves_and_records_from_and_to(make_operation):
    op = make_operation(status="pronto_emissao")
    with tenant_scope(op.company_id):
        op = db.session.get(CiotOperation, op.id)
        S.transition(op, S.CANCELADO, event=("deleted", "x"), actor="test")
        db.session.commit()
        event = db.session.execute(sa.select(CiotEvent).where(CiotEvent.type == "deleted")).scalar_one()
    assert op.status == "cancelado"
    assert event.data == {"from": "pronto_emissao", "to": "cancelado"} and event.actor == "test"


@pytest.mark.parametrize("current,target", [(S.EMITIDO, S.RASCUNHO), (S.CANCELADO, S.EMITIDO),
                                            (S.ENCERRADO, S.CANCELADO), (S.REJEITADO, S.CANCELADO),
                                            (S.RASCUNHO, S.EMITIDO)])
def test_transition_refuses_what_the_table_does_not_allow(current, target):
    op = _op(current)
    with pytest.raises(InvalidStatus) as exc:
        S.transition(op, target)
    assert exc.value.code == "invalid_status" and exc.value.status == 422
    assert op.status == current


# --- code: CIOT-000001, gapless per company -----------------------------------------------------------

def test_codes_are_sequential_per_company(make_operation, make_company):
    first, other = make_company(), make_company()
    codes = [make_operation(first, status="rascunho").code for _ in range(3)]
    assert codes == ["CIOT-000001", "CIOT-000002", "CIOT-000003"]
    assert make_operation(other, status="rascunho").code == "CIOT-000001"


def test_a_rolled_back_creation_gives_its_number_back(make_operation, company):
    from domain.ciot import services
    from domain.ciot.schemas import OperationCreate
    make_operation(company, status="rascunho")
    with tenant_scope(company.id):
        services.create_operation(company, OperationCreate.model_validate(ciot_body(auto_validate=False)),
                                  actor="t")
        db.session.rollback()
    assert make_operation(company, status="rascunho").code == "CIOT-000002"


def test_concurrent_creations_get_distinct_gapless_codes(app, company):
    from domain.ciot import services
    from domain.ciot.schemas import OperationCreate
    from domain.tenancy.models import Company
    company_id = company.id
    body = OperationCreate.model_validate(ciot_body(auto_validate=False))
    barrier, codes, errors = threading.Barrier(6, timeout=30), [], []

    def create():
        try:
            with app.app_context(), tenant_scope(company_id):
                own = db.session.get(Company, company_id)
                barrier.wait()
                codes.append(services.create_operation(own, body, actor="t").op.code)
                db.session.commit()
        except Exception as exc:  # noqa: BLE001  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=create, daemon=True) for _ in range(6)]
    [t.start() for t in threads]
    [t.join(60) for t in threads]
    assert not errors
    assert sorted(codes) == [f"CIOT-{n:06d}" for n in range(1, 7)]
