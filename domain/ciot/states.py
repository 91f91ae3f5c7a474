"""The CIOT operation's states and the only transitions allowed between them (the API contract's state
table, written out below as `ALLOWED`; choices in docs/api/ciot.md). Every status change goes through
`transition`, which checks `ALLOWED` and writes the timeline event; the emission claim (a conditional UPDATE,
for concurrency) takes its source states from the same table.
"""
from datetime import datetime, timedelta

from core.actors import actor_label  # noqa: F401  (re-exported: the CIOT area names actors with it)
from core.db import db, utcnow
from core.errors import InvalidStatus
from domain.ciot.models import CiotEvent

RASCUNHO = "rascunho"
VALIDADO = "validado"
COM_DIVERGENCIA = "com_divergencia"
PRONTO_EMISSAO = "pronto_emissao"
EMITINDO = "emitindo"
EMITIDO = "emitido"
REJEITADO = "rejeitado"
CANCELADO = "cancelado"
ENCERRADO = "encerrado"

STATES = (RASCUNHO, VALIDADO, COM_DIVERGENCIA, PRONTO_EMISSAO, EMITINDO, EMITIDO, REJEITADO, CANCELADO, ENCERRADO)
FINAL = (CANCELADO, ENCERRADO)

# States where validation may run and set the status (POST /validate, creation, PATCH of a validated draft).
VALIDATABLE = (RASCUNHO, VALIDADO, COM_DIVERGENCIA, PRONTO_EMISSAO)
VALIDATION_RESULTS = (VALIDADO, COM_DIVERGENCIA, PRONTO_EMISSAO)
# "any state that passes validation" may be emitted: the pre-emission states and a rejected operation.
EMITTABLE = VALIDATABLE + (REJEITADO,)
# DELETE cancels an operation not yet emitted.
DELETABLE = VALIDATABLE
# PATCH: "only when status is not emitido, encerrado, cancelado"; never while an emission is in flight either.
EDITABLE = VALIDATABLE + (REJEITADO,)

ALLOWED: dict[str, frozenset] = {
    # validation result (rerun) ; emission claim ; DELETE
    RASCUNHO: frozenset(VALIDATION_RESULTS + (EMITINDO, CANCELADO)),
    VALIDADO: frozenset(VALIDATION_RESULTS + (EMITINDO, CANCELADO)),
    COM_DIVERGENCIA: frozenset(VALIDATION_RESULTS + (EMITINDO, CANCELADO)),
    PRONTO_EMISSAO: frozenset(VALIDATION_RESULTS + (EMITINDO, CANCELADO)),
    # authority answer: issued or rejected. Addition to the contract's table: a *technical* failure (provider
    # unreachable after every retry) returns the operation to the state it had before the claim, so it is never
    # stuck in `emitindo`; nothing was issued at the authority in that case.
    EMITINDO: frozenset((EMITIDO, REJEITADO) + EMITTABLE),
    # a rejected operation can be fixed (PATCH) and emitted again
    REJEITADO: frozenset((EMITINDO,)),
    # rectification keeps `emitido`; cancel; close
    EMITIDO: frozenset((EMITIDO, CANCELADO, ENCERRADO)),
    CANCELADO: frozenset(),
    ENCERRADO: frozenset(),
}


def available_actions(op, *, ciot_flow: str) -> dict[str, bool]:
    """The actions the state table allows on `op` now, by name (the operation page shows these buttons; each
    service checks the same rule and answers 422 when it does not hold). Rectification also needs the company's
    legacy integration flow (`ciot_flow`)."""
    emitted = op.status == EMITIDO
    return {
        "validate": op.status in VALIDATABLE,
        "emit": op.status in EMITTABLE and op.codigo_ciot is None,
        "delete": op.status in DELETABLE,
        "cancel": emitted,
        "close": emitted,
        "rectify": emitted and ciot_flow == "legacy",
    }


def can_transition(current: str, target: str) -> bool:
    return target in ALLOWED.get(current, frozenset())


def sources_of(target: str) -> tuple[str, ...]:
    """Every state from which `target` may be reached (used by the conditional UPDATE of the claim)."""
    return tuple(s for s in STATES if target in ALLOWED[s])


def status_for_validation(result, *, auto_validate: bool = True) -> str:
    """docs/decisions.md §4 "CIOT operations": any blocker → com_divergencia; warnings only → validado;
    nothing → pronto_emissao; auto_validate=false → rascunho."""
    if not auto_validate or result is None:
        return RASCUNHO
    if result.blockers:
        return COM_DIVERGENCIA
    if result.warnings:
        return VALIDADO
    return PRONTO_EMISSAO


def transition(op, to: str, *, event: tuple | None = None, actor: str | None = None,
               error_message: str | None = None):
    """Move `op` to `to` if the table allows it, else 422 invalid_status. `event` is (type, message, data) for the
    timeline; a status change always records from/to in the event data."""
    current = op.status
    if not can_transition(current, to):
        raise InvalidStatus(error_message or f"A operação está em '{current}' e não pode passar para '{to}'.",
                            extra={"status": current})
    op.status = to
    op.updated_at = utcnow()
    if event is not None:
        kind, text, *rest = event
        record_event(op, kind, text, {**(rest[0] if rest else {}), "from": current, "to": to}, actor=actor)
    return op


_last_event_at = [datetime.min]


def _event_time() -> datetime:
    """Strictly increasing within the process, so the timeline order never depends on a tie."""
    now = utcnow()
    if now <= _last_event_at[0]:
        now = _last_event_at[0] + timedelta(microseconds=1)
    _last_event_at[0] = now
    return now


def record_event(op, kind: str, message: str, data: dict | None = None, *, actor: str | None = None):
    """Append to the operation's timeline (every change, validation, emission attempt, rectification,
    cancellation and closing writes one)."""
    event = CiotEvent(company_id=op.company_id, operation_id=op.id, type=kind, message=message[:1000],
                      data=data or {}, actor=actor, created_at=_event_time())
    db.session.add(event)
    return event
