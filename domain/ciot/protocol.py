"""One protocol for every call to the authority about a CIOT operation: emit, rectify, cancel and close.

1. The request (API, page): the action's checks under the operation's row lock — short, nothing remote — then a
   request row (`EmissionAttempt`: the action, the payload it will send, the issuer) is claimed, at most one in
   flight per operation (a partial unique index says so too). Its job (`domain.ciot.jobs.ask_authority`) is enqueued
   after commit; `submit` commits that claim, waits up to AUTHORITY_WAIT_SECONDS for the outcome and returns it:
   the caller answers it, or 202 with the operation in its pending state when it is not known yet.
2. The job (`run_request`, domain/ciot/protocol_job.py): reads the request and the operation WITHOUT a lock and
   asks the provider (through the circuit breaker, domain/ciot/breaker.py); then locks the operation and the
   request, re-reads them and records the outcome only if the request is still `claimed` (another run may have
   settled it meanwhile). A slow authority therefore holds a worker of the queue, never a row nor a web worker.
3. A technical failure (ProviderUnavailable) is retried by RQ; the last try ends the request `failed`
   (`fail_request`) and the action's handler puts the operation back as it was. A configuration error
   (ProviderConfigurationError: certificate, enrolment) is not retried: the request fails at once with its message.

The action's own work — what it asks and what it records — lives in its handler (emission.py, authority.py), looked
up by `request.action` in protocol_job.py; what the outcome says, in outcome_words.py. The handlers import this
module, which imports neither them nor protocol_job (no import cycle).
"""
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, timedelta

import sqlalchemy as sa
from flask import current_app

from core.db import db, utcnow
from core.errors import AppError
from core.formatting import BRT
from core.metrics import request_seconds
from core.queue import enqueue_after_commit, undelivered_jobs
from core.tenancy import cross_tenant, tenant_scope
from core.transaction import commit_phase
from domain.ciot import breaker
from domain.ciot.jobs import ask_authority
from domain.ciot.models import CiotOperation, EmissionAttempt
from domain.ciot.outcome_words import outcome_message
from domain.ciot.protocol_job import CLAIMED, FAILED, REJECTED, SUCCEEDED
from domain.ciot.states import actor_label, record_event
from domain.tenancy.models import Company

RETRIES = 3
# The answer within 2 s while the authority hangs, the wait counting from the call's arrival: what follows the wait
# (the answer itself) and a connection queueing for a thread add 0.3-0.7 s (bench/README.md, "The authority
# hanging": 20/20 calls within 2 s at 1.0 s, 15/20 at 1.5 s, quiet machine).
DEFAULT_WAIT_SECONDS = 1.0
POLL_SECONDS = 0.1


# --- 1. The request ---------------------------------------------------------------------------------------------

def claim_request(op: CiotOperation, action: str, issuer: Company, *, actor, payload: dict | None = None,
                  status_before: str | None = None) -> EmissionAttempt:
    """A new request row for `action` on `op` (locked by the caller), enqueued after commit."""
    number = (db.session.execute(sa.select(sa.func.max(EmissionAttempt.attempt_number))
                                 .where(EmissionAttempt.operation_id == op.id)).scalar() or 0) + 1
    request_id = uuid.uuid4()
    request = EmissionAttempt(id=request_id, company_id=op.company_id, operation_id=op.id, attempt_number=number,
                              action=action, payload=payload, state=CLAIMED, status_before=status_before or op.status,
                              environment=op.environment, issuer_company_id=issuer.id,
                              job_id=f"ciot-{action}-{request_id}", enqueued_count=1, actor=actor_label(actor),
                              started_at=utcnow(), enqueued_at=utcnow())
    db.session.add(request)
    db.session.flush()
    enqueue(request)
    return request


def enqueue(request: EmissionAttempt) -> None:
    enqueue_after_commit(ask_authority, str(request.operation_id), str(request.id), queue="emission",
                         job_id=request.job_id, retries=RETRIES)


def in_flight(op: CiotOperation) -> EmissionAttempt | None:
    return db.session.execute(sa.select(EmissionAttempt).where(
        EmissionAttempt.operation_id == op.id, EmissionAttempt.state == CLAIMED)).scalar_one_or_none()


def stale_after() -> timedelta:
    seconds = current_app.config.get("CIOT_EMIT_STALE_SECONDS")
    return timedelta(seconds=600 if seconds is None else float(seconds))


def requeue_if_stale(op: CiotOperation, request: EmissionAttempt, *, actor, force: bool = False) -> None:
    """Recovery of a request whose worker died (or that the open circuit deferred: `force`): the same request's job
    runs again with the same idempotency key, so what the authority already did is found, not repeated."""
    if not force and utcnow() - request.enqueued_at <= stale_after():
        return
    request.response = None
    request.enqueued_count += 1
    request.enqueued_at = utcnow()
    request.job_id = f"ciot-{request.action}-{request.id}-{request.enqueued_count}"
    record_event(op, "emission_requeued" if request.action == "emit" else f"{request.action}_requeued",
                 f"Pedido à ANTT sem resposta; tentativa {request.attempt_number} reenviada ao processamento.",
                 {"attempt_id": str(request.id), "job_id": request.job_id}, actor=actor_label(actor))
    enqueue(request)


def recover_stale_requests(*, actor="cli") -> int:
    """Platform-wide: enqueue again every request in flight for longer than the stale limit, and every request the
    open circuit deferred once its environment may be asked again (CLI, cron)."""
    limit = utcnow() - stale_after()
    rows = db.session.execute(cross_tenant(sa.select(
        EmissionAttempt.id, EmissionAttempt.company_id, EmissionAttempt.environment, EmissionAttempt.enqueued_at,
        EmissionAttempt.response).where(EmissionAttempt.state == CLAIMED))).all()
    due = [(request_id, company_id) for request_id, company_id, environment, enqueued_at, response in rows
           if enqueued_at < limit or ((response or {}).get("deferred") and not breaker.is_open(environment))]
    for request_id, company_id in due:
        with tenant_scope(company_id):
            request = db.session.get(EmissionAttempt, request_id)
            requeue_if_stale(db.session.get(CiotOperation, request.operation_id), request, actor=actor, force=True)
            db.session.flush()
    return len(due)


# --- 3. Waiting for the outcome -----------------------------------------------------------------------------------

def wait_seconds(environment: str) -> float:
    """How long a request still waits for the authority's outcome before answering 202: AUTHORITY_WAIT_SECONDS
    (core/config.py; unset: 1.0 s) counted from the request's arrival, so the caller has its answer within about that
    however long the checks and the claim took (on a loaded machine they take a good part of it; measured in
    bench/README.md, "The authority hanging"). None when that time is spent, the job could not be queued (it waits in
    the outbox: nothing runs meanwhile), the breaker is open (the authority is known to be down) or another request
    has waited for more than half of it (the authority is slow now: `authority_slow`)."""
    if undelivered_jobs():
        return 0.0
    value = current_app.config.get("AUTHORITY_WAIT_SECONDS")
    seconds = DEFAULT_WAIT_SECONDS if value is None else float(value)
    if seconds <= 0 or breaker.is_open(environment) or authority_slow(environment, seconds / 2):
        return 0.0
    return max(seconds - request_seconds(), 0.0)


def authority_slow(environment: str, seconds: float) -> bool:
    """Whether a request to `environment`'s authority has been waiting for more than `seconds`: the authority is
    slow now, and waiting for it would only hold a web worker (twenty requests waiting their full time would hold
    every worker of a web process for seconds). Any company's request counts: it says nothing of its data, only of
    the authority's pace (the partial index on claimed requests answers it)."""
    limit = utcnow() - timedelta(seconds=seconds)
    with db.engine.connect() as conn:
        return conn.execute(sa.select(EmissionAttempt.id).where(
            EmissionAttempt.state == CLAIMED, EmissionAttempt.environment == environment,
            EmissionAttempt.enqueued_at < limit).limit(1)).first() is not None


def poll(read, done, timeout: float):
    """`read(conn)` on short connections of their own (never the caller's transaction: its snapshot would not see
    the job's commit) until `done(value)` or `timeout` seconds pass. Returns the last value read."""
    deadline = time.monotonic() + max(float(timeout), 0.0)
    while True:
        with db.engine.connect() as conn:
            value = read(conn)
        remaining = deadline - time.monotonic()
        if done(value) or remaining <= 0:
            return value
        time.sleep(min(POLL_SECONDS, remaining))


def wait_for(request_id, timeout: float) -> str | None:
    """The request's state once it is no longer `claimed`, or the last one seen after `timeout` seconds."""
    table = EmissionAttempt.__table__
    return poll(lambda conn: conn.execute(sa.select(table.c.state).where(table.c.id == request_id)).scalar(),
                lambda state: state != CLAIMED, timeout)


@dataclass
class AuthorityOutcome:
    """What the caller answers: the operation as it is now and the request's state (succeeded, rejected, failed, or
    claimed: still waiting for the authority)."""
    op: CiotOperation
    action: str
    state: str
    request_id: uuid.UUID | None = None
    error_message: str | None = None  # a failed request's error (shown when it is a configuration error)
    configuration: bool = False
    error: AppError | None = None  # the request was refused before anything was claimed

    @property
    def ok(self) -> bool:
        return self.state == SUCCEEDED

    @property
    def pending(self) -> bool:
        return self.state == CLAIMED

    @property
    def reason(self) -> str | None:
        if self.error is not None:
            return self.error.code
        return {SUCCEEDED: None, REJECTED: "rejected", FAILED: "provider_unavailable",
                CLAIMED: "in_progress"}.get(self.state)

    @property
    def mensagem(self) -> str:
        if self.error is not None:
            return self.error.message
        return outcome_message(self)

    def as_creation_dict(self) -> dict:
        return {"ok": self.ok, "codigo_ciot": self.op.codigo_ciot, "protocolo": self.op.protocolo,
                "mensagem": self.mensagem, "reason": self.reason}

    def as_error(self) -> AppError | None:
        """The 422 (refused, rejected) or 503 (failed) the action answers; None for 200 (done) and 202 (pending).
        The request's records are on record already (its phase was committed)."""
        if self.error is not None:
            return self.error
        if self.state == REJECTED:
            return AppError(self.mensagem, code="rejected", status=422,
                            extra={"status": self.op.status, "mensagem_antt": self.op.mensagem_antt})
        if self.state == FAILED:
            return AppError(self.mensagem, code="provider_unavailable", status=503, extra={"status": self.op.status})
        return None


def submit(request: EmissionAttempt | None, op: CiotOperation, action: str, *, timeout: float | None = None,
           interim=None):
    """Commit the claim (inline, the job runs at this commit), wait for the outcome and return it with the operation
    reloaded. `request` None: nothing was claimed (the caller only reads the operation's state). `interim(pending
    outcome)`, called just before the commit, lets the API declare what it answers if anything fails after it
    (core.api.interim_response: the request is on record, so "accepted", never a 500)."""
    if interim is not None:
        interim(AuthorityOutcome(op, action, CLAIMED))
    commit_phase(f"the {action} request is on record (and the operation unlocked) before the authority is asked")
    if request is None:
        return AuthorityOutcome(op, action, CLAIMED)
    request_id = request.id
    state = wait_for(request_id, wait_seconds(op.environment) if timeout is None else timeout)
    db.session.expire_all()
    settled = db.session.get(EmissionAttempt, request_id)
    response = settled.response or {} if settled is not None else {}
    return AuthorityOutcome(db.session.get(CiotOperation, op.id), action, state or FAILED, request_id,
                            error_message=response.get("error"), configuration=bool(response.get("configuration")))


def outage_notices() -> list[str]:
    """The operations page's banner, per environment whose circuit is open: since when (Brasília) and how many of the
    company's requests wait for the authority (the tenant scope counts the company's only)."""
    notices = []
    for environment in breaker.ENVIRONMENTS:
        since = breaker.opened_at(environment)
        if since is None:
            continue
        waiting = db.session.execute(sa.select(sa.func.count()).select_from(EmissionAttempt).where(
            EmissionAttempt.state == CLAIMED, EmissionAttempt.environment == environment)).scalar()
        local = since.replace(tzinfo=UTC).astimezone(BRT)
        where = "" if environment == "producao" else " (homologação)"
        notices.append(f"ANTT indisponível{where} desde {local:%H:%M}; {waiting} operações aguardando.")
    return notices


PENDING_LABELS = {"emit": "emissao", "rectify": "retificacao", "cancel": "cancelamento", "close": "encerramento"}


def pending_label(op: CiotOperation) -> str | None:
    """The operation's request waiting for the authority, in the API's words (`pendencia`), or None."""
    request = in_flight(op)
    return PENDING_LABELS.get(request.action) if request is not None else None
