"""Emission, asynchronous: `request_emission` claims an attempt atomically (conditional UPDATE of the operation plus
an `EmissionAttempt` row, at most one in flight per operation) and enqueues `jobs.ciot.emit_operation` after
commit; `run_emission_attempt` (the job) talks to the provider with the operation id as idempotency key;
`settle_emission` lets a request wait for the result. See docs/api/ciot.md."""
import time
import uuid
from dataclasses import dataclass
from datetime import timedelta

import sqlalchemy as sa
from flask import current_app
from sqlalchemy.orm.attributes import set_committed_value

from core.db import db, utcnow
from core.errors import AppError, InvalidStatus, Unprocessable
from core.metrics import count_after_commit
from core.queue import enqueue_after_commit
from core.tenancy import cross_tenant
from domain.ciot import states
from domain.ciot.issuer import environment_label, provider_and_credentials, resolve_issuer
from domain.ciot.models import CiotOperation, EmissionAttempt
from domain.ciot.month_counts import count_change
from domain.ciot.provider import Issuer, ProviderUnavailable
from domain.ciot.queries import get_operation, in_flight_attempt
from domain.ciot.states import actor_label, record_event, transition
from domain.ciot.validation import blocked_error, recheck_before_emission, rule_context
from domain.tenancy.models import Company

EMIT_JOB = "jobs.ciot.emit_operation"
EMIT_RETRIES = 3


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
    NULL`; only the request whose UPDATE changed the row creates the attempt (and the partial unique index allows a
    single `claimed` attempt per operation anyway). None when another request claimed first."""
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
    number = (db.session.execute(sa.select(sa.func.max(EmissionAttempt.attempt_number))
                                 .where(EmissionAttempt.operation_id == op.id)).scalar() or 0) + 1
    attempt_id = uuid.uuid4()
    attempt = EmissionAttempt(id=attempt_id, company_id=op.company_id, operation_id=op.id, attempt_number=number,
                              state="claimed", status_before=before, environment=op.environment,
                              issuer_company_id=issuer.id, job_id=f"ciot-emit-{attempt_id}", enqueued_count=1,
                              actor=actor_label(actor), started_at=utcnow(), enqueued_at=utcnow())
    db.session.add(attempt)
    db.session.flush()
    record_event(op, "emission_requested", f"Emissão solicitada (tentativa {number}).",
                 {"attempt_id": str(attempt.id), "attempt_number": number, "from": before, "to": states.EMITINDO,
                  "issuer_company_id": str(issuer.id)}, actor=actor_label(actor))
    _enqueue(op, attempt)
    return attempt


def _enqueue(op: CiotOperation, attempt: EmissionAttempt) -> None:
    enqueue_after_commit(EMIT_JOB, str(op.id), str(attempt.id), queue="emission", job_id=attempt.job_id,
                         retries=EMIT_RETRIES)


def stale_after() -> timedelta:
    seconds = current_app.config.get("CIOT_EMIT_STALE_SECONDS")
    return timedelta(seconds=600 if seconds is None else float(seconds))


def _join_in_flight(op: CiotOperation, *, actor) -> EmissionRequest:
    attempt = in_flight_attempt(op)
    if attempt is None:  # pragma: no cover - the claim and the attempt commit together
        raise InvalidStatus("Emissão em andamento sem tentativa registrada; tente novamente em instantes.",
                            extra={"status": op.status})
    if utcnow() - attempt.enqueued_at > stale_after():
        requeue_attempt(op, attempt, actor=actor)
    return EmissionRequest(op, attempt_id=attempt.id, joined=True)


def requeue_attempt(op: CiotOperation, attempt: EmissionAttempt, *, actor) -> None:
    """Recovery of a stale attempt (worker killed mid-emission): the same attempt's job runs again; it asks the
    provider with the same idempotency key (the operation id), so an emission that did happen is found, not
    repeated."""
    attempt.enqueued_count += 1
    attempt.enqueued_at = utcnow()
    attempt.job_id = f"ciot-emit-{attempt.id}-{attempt.enqueued_count}"
    record_event(op, "emission_requeued", f"Emissão sem resposta; tentativa {attempt.attempt_number} reenviada ao "
                 "processamento.", {"attempt_id": str(attempt.id), "job_id": attempt.job_id},
                 actor=actor_label(actor))
    _enqueue(op, attempt)


def recover_stale_attempts(*, actor="cli") -> int:
    """Platform-wide: enqueue again every in-flight attempt older than the stale limit (CLI)."""
    from core.tenancy import tenant_scope
    limit = utcnow() - stale_after()
    rows = db.session.execute(cross_tenant(sa.select(EmissionAttempt.id, EmissionAttempt.company_id).where(
        EmissionAttempt.state == "claimed", EmissionAttempt.enqueued_at < limit))).all()
    for attempt_id, company_id in rows:
        with tenant_scope(company_id):
            attempt = db.session.get(EmissionAttempt, attempt_id)
            op = db.session.get(CiotOperation, attempt.operation_id)
            requeue_attempt(op, attempt, actor=actor)
            db.session.flush()
    return len(rows)


def run_emission_attempt(attempt_id, *, actor: str = "worker") -> str:
    """The emission job's work (inside the attempt's tenant scope). Idempotent: an attempt that is no longer
    `claimed` is left alone; an operation that already has a codigo_ciot is never sent again (the attempt is
    reconciled). A provider failure (unreachable, timeout, unexpected answer) is raised as ProviderUnavailable:
    the job rolls back and retries, or on its last try ends the attempt with `fail_emission_attempt`. Returns the
    attempt's final state."""
    locked, settled = _claimed_attempt(attempt_id)
    if locked is None:
        return settled
    op, attempt = locked
    if op.codigo_ciot is not None:
        _finish(attempt, "succeeded", {"reconciled": True, "codigo_ciot": op.codigo_ciot})
        if op.status == states.EMITINDO:
            transition(op, states.EMITIDO, event=("emission_succeeded", f"CIOT {op.codigo_ciot} confirmado.",
                                                  {"attempt_id": str(attempt.id)}), actor=actor)
        return "succeeded"
    if op.status != states.EMITINDO:
        _finish(attempt, "failed", {"error": f"operação em '{op.status}', não em emissão"})
        return "failed"
    issuer = db.session.get(Company, attempt.issuer_company_id)
    try:
        provider, credentials = provider_and_credentials(op, issuer)
        result = provider.emit(op, Issuer.from_company(issuer), credentials, idempotency_key=str(op.id))
    except ProviderUnavailable:
        raise
    except Exception as exc:
        raise ProviderUnavailable(getattr(exc, "message", None) or str(exc) or type(exc).__name__) from exc
    if not result.ok and not result.rejected:
        raise ProviderUnavailable(result.mensagem or "resposta sem sucesso nem rejeição")
    if result.ok:
        op.codigo_ciot = result.codigo_ciot
        op.codigo_verificador = result.codigo_verificador
        op.protocolo = result.protocolo
        op.mensagem_antt = None
        op.aviso_transportador = result.aviso_transportador
        op.emitted_at = utcnow()
        op.emitter_company_id = issuer.id
        _finish(attempt, "succeeded", result.as_dict())
        transition(op, states.EMITIDO, actor=actor, event=(
            "emission_succeeded", f"CIOT {result.codigo_ciot} emitido ({environment_label(op.environment)}).",
            {"attempt_id": str(attempt.id), "codigo_ciot": result.codigo_ciot, "protocolo": result.protocolo,
             "issuer_company_id": str(issuer.id), "replayed": result.replayed,
             "aviso_transportador": result.aviso_transportador}))
        return "succeeded"
    op.mensagem_antt = result.mensagem
    _finish(attempt, "rejected", result.as_dict())
    transition(op, states.REJEITADO, actor=actor, event=(
        "emission_rejected", f"Emissão rejeitada pela ANTT: {result.mensagem}",
        {"attempt_id": str(attempt.id), "mensagem_antt": result.mensagem}))
    return "rejected"


def fail_emission_attempt(attempt_id, error: str, *, actor: str = "worker") -> str:
    """The job's last try failed (after its rollback): the attempt fails and the operation returns to the state
    it had before the claim, unless another run settled the attempt meanwhile. Returns the attempt's state."""
    locked, settled = _claimed_attempt(attempt_id)
    if locked is None:
        return settled
    op, attempt = locked
    _fail_attempt(op, attempt, error, actor=actor)
    return "failed"


def _claimed_attempt(attempt_id):
    """((op, attempt), None) locked while the attempt is still `claimed`; else (None, its state or "missing")."""
    attempt_id = attempt_id if isinstance(attempt_id, uuid.UUID) else uuid.UUID(str(attempt_id))
    operation_id = db.session.execute(sa.select(EmissionAttempt.operation_id)
                                      .where(EmissionAttempt.id == attempt_id)).scalar_one_or_none()
    if operation_id is None:
        return None, "missing"
    op, attempt = _lock_attempt(operation_id, attempt_id)
    if attempt.state != "claimed":
        return None, attempt.state
    return (op, attempt), None


def _lock_attempt(operation_id, attempt_id):
    # Lock order: operation, then attempt (as the request does). Concurrent runs of the same attempt queue here.
    op = db.session.execute(sa.select(CiotOperation).where(CiotOperation.id == operation_id).with_for_update()
                            .execution_options(populate_existing=True)).scalar_one()
    attempt = db.session.execute(sa.select(EmissionAttempt).where(EmissionAttempt.id == attempt_id)
                                 .with_for_update().execution_options(populate_existing=True)).scalar_one()
    return op, attempt


def _finish(attempt: EmissionAttempt, state: str, response: dict) -> None:
    attempt.state = state
    attempt.finished_at = utcnow()
    count_after_commit("ciot_emission", state)  # /metrics: fretes_ciot_emissions{outcome}
    attempt.response = response


def _fail_attempt(op: CiotOperation, attempt: EmissionAttempt, error: str, *, actor) -> None:
    _finish(attempt, "failed", {"error": error})
    transition(op, attempt.status_before, actor=actor, event=(
        "emission_failed", f"Falha técnica na emissão; nada foi emitido. {error}"[:1000],
        {"attempt_id": str(attempt.id), "error": error}))


def wait_for_attempt(attempt_id, timeout: float) -> str | None:
    """Poll the attempt's state through short connections of their own (never the caller's transaction) until it
    is no longer `claimed` or `timeout` seconds pass. Returns the last state seen."""
    table = EmissionAttempt.__table__
    deadline = time.monotonic() + max(float(timeout), 0.0)
    while True:
        with db.engine.connect() as conn:
            state = conn.execute(sa.select(table.c.state).where(table.c.id == attempt_id)).scalar()
        remaining = deadline - time.monotonic()
        if state != "claimed" or remaining <= 0:
            return state
        time.sleep(min(0.1, remaining))


@dataclass
class EmissionOutcome:
    op: CiotOperation
    state: str  # succeeded | rejected | failed | claimed (still running) | refused
    error: AppError | None = None

    @property
    def ok(self) -> bool:
        return self.state == "succeeded"

    @property
    def reason(self) -> str | None:
        if self.error is not None:
            return self.error.code
        return {"succeeded": None, "rejected": "rejected", "failed": "provider_unavailable",
                "claimed": "in_progress"}.get(self.state)

    @property
    def mensagem(self) -> str:
        op = self.op
        if self.error is not None:
            return self.error.message
        if self.state == "succeeded":
            return f"CIOT {op.codigo_ciot} emitido ({environment_label(op.environment)})."
        if self.state == "rejected":
            return f"Emissão rejeitada pela ANTT: {op.mensagem_antt}"
        if self.state == "failed":
            return "Falha técnica ao falar com o provedor CIOT; nada foi emitido. Tente novamente."
        return f"Emissão em andamento; consulte a operação {op.code} em instantes."

    def as_creation_dict(self) -> dict:
        return {"ok": self.ok, "codigo_ciot": self.op.codigo_ciot, "protocolo": self.op.protocolo,
                "mensagem": self.mensagem, "reason": self.reason}

    def as_error(self) -> AppError | None:
        """The 422/503 an /emit call answers, or None for 200 (succeeded) and 202 (still running)."""
        if self.error is not None:
            return self.error
        if self.state == "rejected":
            return AppError(self.mensagem, code="rejected", status=422,
                            extra={"status": self.op.status, "mensagem_antt": self.op.mensagem_antt})
        if self.state == "failed":
            return AppError(self.mensagem, code="provider_unavailable", status=503, extra={"status": self.op.status})
        return None


def settle_emission(request: EmissionRequest, *, timeout: float) -> EmissionOutcome:
    """After the claim was committed (and, inline, the job ran): wait for the attempt and reload the operation."""
    if request.error is not None:
        return EmissionOutcome(request.op, "refused", request.error)
    state = wait_for_attempt(request.attempt_id, timeout)
    db.session.expire_all()
    op = get_operation(request.op.id)
    return EmissionOutcome(op, state or "failed")
