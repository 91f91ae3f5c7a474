"""The authority protocol's step 2 (domain/ciot/protocol.py): the job's side of a request. The job `ask_authority`
(domain/ciot/jobs.py) runs `run_request`, which reads the request and the operation without a lock, asks the
provider through the circuit breaker, then records the outcome under a short lock, only while the request is still
`claimed`; `fail_request` ends it failed after the last try.

What each action asks and records is its handler's (emission.py for emit, authority.py for rectify, cancel and
close: ask / succeeded / rejected / failed / settled_before), which registers itself here when it is imported
(`register_handler`). The handlers import this module and the protocol's request side; the request side enqueues
the job (domain/ciot/jobs.py), which imports this module: this module imports none of them (no import cycle). The
area's services import every handler, so any process that can claim a request (the API, the pages, a worker's app)
has them all."""
import sys
import uuid
from types import ModuleType

import sqlalchemy as sa

from core.db import db, utcnow
from core.errors import AppError
from core.metrics import count_after_commit
from domain.ciot import breaker
from domain.ciot.models import CiotOperation, EmissionAttempt
from domain.ciot.provider import ProviderConfigurationError, ProviderUnavailable
from domain.tenancy.models import Company

# A request's states (EmissionAttempt.state).
CLAIMED, SUCCEEDED, REJECTED, FAILED = "claimed", "succeeded", "rejected", "failed"

HANDLERS: dict[str, ModuleType] = {}  # action -> its handler module, filled by register_handler


def register_handler(module_name: str, *actions: str) -> None:
    """Called by a handler module at its import: `register_handler(__name__, "emit")`."""
    for action in actions:
        HANDLERS[action] = sys.modules[module_name]


def run_request(request_id, *, actor: str = "worker") -> str:
    """The job's work (inside the request's tenant scope); returns the request's final state (or `claimed` when it
    was left for a retry). Idempotent: a request no longer `claimed` is left alone."""
    request = _read(request_id)
    if request is None:
        return "missing"
    if request.state != CLAIMED:
        return request.state
    op = db.session.get(CiotOperation, request.operation_id)
    action = HANDLERS[request.action]
    if action.settled_before(op, request):  # nothing to ask (an emission already on record): record under lock
        return _record(request, actor, lambda locked_op, locked: action.settled_before(locked_op, locked, record=True,
                                                                                        actor=actor))
    issuer = db.session.get(Company, request.issuer_company_id)
    try:
        answer = _ask(action, op, request, issuer)
    except breaker.CircuitOpen as exc:
        return _defer(request, str(exc))
    except ProviderConfigurationError as exc:  # never retried: the request ends failed with the message shown
        return fail_request(request.id, str(exc), actor=actor, configuration=True)
    if answer.ok:
        return _record(request, actor, lambda locked_op, locked: action.succeeded(locked_op, locked, answer,
                                                                                 actor=actor) or SUCCEEDED)
    return _record(request, actor, lambda locked_op, locked: action.rejected(locked_op, locked, answer,
                                                                            actor=actor) or REJECTED)


def _ask(action, op, request, issuer):
    """The provider's answer, asked with no lock held and through the circuit breaker. Our own refusal to send
    (credentials or provider removed since the claim: an AppError) is a configuration error; an unexpected failure
    or an answer that is neither a success nor a refusal is a technical one."""

    def asking():
        try:
            answer = action.ask(op, request, issuer)
        except ProviderUnavailable:
            raise
        except AppError as exc:
            raise ProviderConfigurationError(exc.message) from exc
        except Exception as exc:
            raise ProviderUnavailable(getattr(exc, "message", None) or str(exc) or type(exc).__name__) from exc
        if not answer.ok and not answer.rejected:
            raise ProviderUnavailable(answer.mensagem or "resposta sem sucesso nem rejeição")
        return answer
    return breaker.call(op.environment, asking)


def _defer(request: EmissionAttempt, reason: str) -> str:
    """The circuit is open: the request stays `claimed` (nothing is lost, no retry spent) and is marked for the
    periodic recovery, which sends it again once the authority may be back."""
    def write(op, locked):
        locked.response = {"deferred": reason}
        return CLAIMED
    op, locked = _lock(request.operation_id, request.id)
    return write(op, locked) if locked.state == CLAIMED else locked.state


def _read(request_id) -> EmissionAttempt | None:
    request_id = request_id if isinstance(request_id, uuid.UUID) else uuid.UUID(str(request_id))
    return db.session.get(EmissionAttempt, request_id)


def _record(request: EmissionAttempt, actor, write) -> str:
    """The outcome recorded under a short lock that re-reads the operation and the request: only while the request
    is still `claimed` (else the state another run recorded)."""
    op, locked = _lock(request.operation_id, request.id)
    if locked.state != CLAIMED:
        return locked.state
    state = write(op, locked)
    finish(locked, state, locked.response if locked.response is not None else {})
    return state


def _lock(operation_id, request_id):
    # Lock order: operation, then request (as a claim does). Concurrent runs of the same request queue here.
    op = db.session.execute(sa.select(CiotOperation).where(CiotOperation.id == operation_id).with_for_update()
                            .execution_options(populate_existing=True)).scalar_one()
    request = db.session.execute(sa.select(EmissionAttempt).where(EmissionAttempt.id == request_id)
                                 .with_for_update().execution_options(populate_existing=True)).scalar_one()
    return op, request


def finish(request: EmissionAttempt, state: str, response: dict) -> None:
    request.state = state
    request.finished_at = utcnow()
    request.response = response
    count_after_commit("ciot_emission" if request.action == "emit" else f"ciot_{request.action}", state)


def fail_request(request_id, error: str, *, actor: str = "worker", configuration: bool = False) -> str:
    """The last try failed (after the job's rollback), or a configuration error: the request fails and its handler
    puts the operation back as it was, unless another run settled the request meanwhile."""
    request = _read(request_id)
    if request is None:
        return "missing"

    def write(op, locked):
        locked.response = {"error": error, "configuration": configuration}
        HANDLERS[locked.action].failed(op, locked, error, actor=actor)
        return FAILED
    return _record(request, actor, write)
