"""Emission, one action of the authority protocol (domain/ciot/protocol.py): `request_emission` claims the
emission atomically (conditional UPDATE of the operation to `emitindo` plus its request row, at most one in flight
per operation); the job asks the provider with the operation id as idempotency key, through this module's handler
(`ask`, `succeeded`, `rejected`, `failed`); `settle_emission` commits the claim and waits briefly for the outcome.
See docs/api/ciot.md."""
import uuid
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.orm.attributes import set_committed_value

from core.db import db, utcnow
from core.errors import AppError, InvalidStatus, Unprocessable
from core.metrics import count_after_commit
from domain.ciot import protocol, states
from domain.ciot.issuer import environment_label, provider_and_credentials, resolve_issuer
from domain.ciot.models import CiotOperation, EmissionAttempt
from domain.ciot.month_counts import count_change
from domain.ciot.protocol_job import register_handler
from domain.ciot.provider import Issuer
from domain.ciot.queries import get_operation, in_flight_attempt
from domain.ciot.states import actor_label, record_event, transition
from domain.ciot.validation import blocked_error, recheck_before_emission, rule_context
from domain.tenancy.models import Company


@dataclass
class EmissionRequest:
    op: CiotOperation
    attempt_id: uuid.UUID | None = None
    validation: object | None = None
    error: AppError | None = None  # the request was refused (no attempt in flight)
    joined: bool = False  # an attempt was already in flight: nothing new was claimed


def request_emission(company: Company, operation_id, *, actor) -> EmissionRequest:
    """POST /emit: validate and claim an emission attempt; the job is enqueued after commit. Raises 422
    invalid_status (emitido, encerrado, cancelado, imported CIOT), missing_credentials, not_supported, and
    validation_blocked when validation blocks (status unchanged; `keep_records`: the snapshot and the event are
    kept). While an attempt is in flight, joins it (a stale one is enqueued again) instead of claiming another."""
    op = get_operation(operation_id, for_update=True)
    return request_emission_of(company, op, actor=actor)


def request_emission_of(company: Company, op: CiotOperation, *, actor, validation=None) -> EmissionRequest:
    if op.status == states.EMITINDO:
        return _join_in_flight(op, actor=actor)
    if op.codigo_ciot is not None:
        reason = ("a operação foi importada com um CIOT emitido em contingência" if op.mode == "imported"
                  else f"a operação já tem o CIOT {op.codigo_ciot}")
        raise InvalidStatus(f"Emissão não permitida: {reason}.", extra={"status": op.status})
    if op.status not in states.EMITTABLE:
        raise InvalidStatus(f"A operação está em '{op.status}' e não pode ser emitida.", extra={"status": op.status})
    ctx = rule_context(op, company)
    issuer = resolve_issuer(op, company, ctx)
    if issuer is not None:
        provider_and_credentials(op, issuer)  # 422 before anything changes
    if validation is None:
        validation = recheck_before_emission(op, company, actor=actor)  # "validation blocks: status unchanged"
    if validation.blockers:
        record_event(op, "emission_blocked", "Emissão não enviada: a validação tem bloqueios.",
                     {"codes": validation.codes}, actor=actor_label(actor))
        count_after_commit("ciot_emission", "blocked")
        raise blocked_error(op, validation, keep_records=True)
    if issuer is None:  # the rules should have blocked it; never emit in the wrong name
        raise Unprocessable("A ETC contratada não pode emitir este CIOT (cadastro ou credenciais ausentes).",
                            code="validation_blocked")
    attempt = _claim(op, issuer, actor=actor)
    if attempt is None:
        return _join_in_flight(op, actor=actor)
    return EmissionRequest(op, attempt_id=attempt.id, validation=validation)


def _claim(op: CiotOperation, issuer: Company, *, actor) -> EmissionAttempt | None:
    """Atomic claim: `UPDATE ciot_operations SET status='emitindo' WHERE id=:id AND status IN (...) AND codigo_ciot IS
    NULL`; only the request whose UPDATE changed the row creates the request row (protocol.claim_request; the
    partial unique index allows a single `claimed` one per operation anyway). None when another request claimed
    first."""
    before = op.status
    db.session.flush()
    claimed = db.session.execute(
        sa.update(CiotOperation)
        .where(CiotOperation.id == op.id,  # the tenant scope adds the company (bulk UPDATEs are scoped)
               CiotOperation.status.in_(states.sources_of(states.EMITINDO)), CiotOperation.codigo_ciot.is_(None))
        .values(status=states.EMITINDO, updated_at=utcnow())
        .execution_options(synchronize_session=False)).rowcount
    if claimed != 1:
        db.session.refresh(op)
        if op.status == states.EMITINDO:
            return None
        raise InvalidStatus(f"A operação está em '{op.status}' e não pode ser emitida.", extra={"status": op.status})
    set_committed_value(op, "status", states.EMITINDO)
    # The UPDATE above is not the ORM's: the month's count of the status it left is kept here (month_counts).
    count_change(db.session.connection(), op.company_id, op.created_at, before, states.EMITINDO)
    attempt = protocol.claim_request(op, "emit", issuer, actor=actor, status_before=before)
    record_event(op, "emission_requested", f"Emissão solicitada (tentativa {attempt.attempt_number}).",
                 {"attempt_id": str(attempt.id), "attempt_number": attempt.attempt_number, "from": before,
                  "to": states.EMITINDO, "issuer_company_id": str(issuer.id)}, actor=actor_label(actor))
    return attempt


def _join_in_flight(op: CiotOperation, *, actor) -> EmissionRequest:
    attempt = in_flight_attempt(op)
    if attempt is None:  # pragma: no cover - the claim and the attempt commit together
        raise InvalidStatus("Emissão em andamento sem tentativa registrada; tente novamente em instantes.",
                            extra={"status": op.status})
    protocol.requeue_if_stale(op, attempt, actor=actor)
    return EmissionRequest(op, attempt_id=attempt.id, joined=True)


def emit_operation(company: Company, operation_id, *, actor, interim=None) -> "EmissionOutcome":
    """POST /emit and the page's button: the claim (request_emission), committed, then the outcome as known after
    the short wait (protocol.submit; `interim` there)."""
    request = request_emission(company, operation_id, actor=actor)
    return settle_emission(request, interim=interim)


# --- The protocol's handler for `emit` (domain/ciot/protocol.py) --------------------------------------------------

def settled_before(op: CiotOperation, attempt: EmissionAttempt, *, record: bool = False, actor=None):
    """An operation that already has its codigo_ciot is never sent again: the attempt is reconciled (succeeded). One
    no longer `emitindo` (cancelled meanwhile) ends failed. `record`: write that under the protocol's lock."""
    if op.codigo_ciot is None and op.status == states.EMITINDO:
        return None
    if not record:
        return True
    if op.codigo_ciot is not None:
        attempt.response = {"reconciled": True, "codigo_ciot": op.codigo_ciot}
        if op.status == states.EMITINDO:
            transition(op, states.EMITIDO, event=("emission_succeeded", f"CIOT {op.codigo_ciot} confirmado.",
                                                  {"attempt_id": str(attempt.id)}), actor=actor)
        return protocol.SUCCEEDED
    attempt.response = {"error": f"operação em '{op.status}', não em emissão"}
    return protocol.FAILED


def ask(op: CiotOperation, attempt: EmissionAttempt, issuer: Company):
    """The emission, with the operation id as idempotency key (a retry finds what was issued)."""
    provider, credentials = provider_and_credentials(op, issuer)
    return provider.emit(op, Issuer.from_company(issuer), credentials, idempotency_key=str(op.id))


def succeeded(op: CiotOperation, attempt: EmissionAttempt, result, *, actor) -> str:
    issuer = db.session.get(Company, attempt.issuer_company_id)
    op.codigo_ciot = result.codigo_ciot
    op.codigo_verificador = result.codigo_verificador
    op.protocolo = result.protocolo
    op.mensagem_antt = None
    op.aviso_transportador = result.aviso_transportador
    op.emitted_at = utcnow()
    op.emitter_company_id = issuer.id
    attempt.response = result.as_dict()
    transition(op, states.EMITIDO, actor=actor, event=(
        "emission_succeeded", f"CIOT {result.codigo_ciot} emitido ({environment_label(op.environment)}).",
        {"attempt_id": str(attempt.id), "codigo_ciot": result.codigo_ciot, "protocolo": result.protocolo,
         "issuer_company_id": str(issuer.id), "replayed": result.replayed,
         "aviso_transportador": result.aviso_transportador}))
    return protocol.SUCCEEDED


def rejected(op: CiotOperation, attempt: EmissionAttempt, result, *, actor) -> str:
    op.mensagem_antt = result.mensagem
    attempt.response = result.as_dict()
    transition(op, states.REJEITADO, actor=actor, event=(
        "emission_rejected", f"Emissão rejeitada pela ANTT: {result.mensagem}",
        {"attempt_id": str(attempt.id), "mensagem_antt": result.mensagem}))
    return protocol.REJECTED


def failed(op: CiotOperation, attempt: EmissionAttempt, error: str, *, actor) -> None:
    """Nothing was emitted: the operation returns to the state it had before the claim."""
    if op.status != states.EMITINDO:
        return
    transition(op, attempt.status_before, actor=actor, event=(
        "emission_failed", f"Falha técnica na emissão; nada foi emitido. {error}"[:1000],
        {"attempt_id": str(attempt.id), "error": error}))


EmissionOutcome = protocol.AuthorityOutcome


def settle_emission(request: EmissionRequest, *, timeout: float | None = None, interim=None) -> EmissionOutcome:
    """Commit the claim (inline, the job runs here), wait for the attempt (protocol.submit) and reload the
    operation; a refused request answers its refusal."""
    if request.error is not None:
        return EmissionOutcome(request.op, "emit", "refused", error=request.error)
    attempt = db.session.get(EmissionAttempt, request.attempt_id)
    return protocol.submit(attempt, request.op, "emit", timeout=timeout, interim=interim)


# The protocol's job (domain/ciot/protocol_job.py) finds this module's ask / succeeded / rejected / failed here.
register_handler(__name__, "emit")
