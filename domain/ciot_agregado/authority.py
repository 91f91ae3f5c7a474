"""Talking to the authority (ANTT, through the provider of the contract's environment) about a contract, the same way
for its four messages: the opening's declaration (declaration.py), the rectification (rectification.py), the
cancellation (cancellation.py) and the closing (closing.py); requests.py is how the API and the pages send them.

Each is sent in two phases, so our record and the authority's never disagree for good: the request is committed
first (with the idempotency key the authority is asked with), then the authority is asked in a transaction of its
own that holds only that contract's row lock, and its answer is written there. A run that finds the request already
settled (by the job or the sweep, whichever came first) reads the outcome instead. A provider that
cannot be reached raises ProviderUnavailable and nothing changes: the job retries, then the sweep
(domain.ciot_agregado.jobs.retry_stuck_agregados) sends the same key again once the request is older than
CIOT_AGREGADO_PENDING_STALE_SECONDS (stale_after)."""
from datetime import timedelta

from flask import current_app

from core.db import db
from core.errors import AppError
from domain.ciot import breaker
from domain.ciot.issuer import provider_and_credentials
from domain.ciot.provider import ActionResult, Issuer, ProviderConfigurationError, ProviderUnavailable
from domain.ciot_agregado.models import ABERTO

REJECTED, PENDING = "rejected", "pending"  # outcomes shared by the three messages


def ask_authority(contract, company, method: str, **kwargs):
    """Send `method` (declare_aggregate, close_aggregate, cancel_aggregate) to the provider of the contract's
    environment in the company's name; 422 not_supported / missing_credentials when it cannot be sent."""
    provider, credentials = provider_and_credentials(contract, company)
    return getattr(provider, method)(contract, Issuer.from_company(company), credentials, **kwargs)


def authority_answer(contract, company, method: str, **kwargs):
    """Phase 2's question, through the circuit breaker (domain/ciot/breaker.py): the provider's answer (ok, or a
    refusal with its mensagem); our own refusal when it can no longer be sent (credentials or provider removed since
    the request), and a configuration error (certificate, enrolment: asking again cannot help), both never retried.
    Anything else (unreachable, timeout, an answer that is neither, the circuit open) raises ProviderUnavailable:
    nothing was decided."""

    def asking():
        try:
            answer = ask_authority(contract, company, method, **kwargs)
        except (ProviderUnavailable, AppError):
            raise
        except Exception as exc:
            raise ProviderUnavailable(str(exc) or type(exc).__name__) from exc
        if not answer.ok and not answer.rejected:
            raise ProviderUnavailable(answer.mensagem or "resposta sem sucesso nem rejeição")
        return answer
    try:
        return breaker.call(contract.environment, asking)
    except ProviderConfigurationError as exc:
        return ActionResult(ok=False, rejected=True, mensagem=str(exc))
    except AppError as exc:
        return ActionResult(ok=False, rejected=True, mensagem=exc.message)


def locked_for_the_outcome(contract) -> None:
    """Phase 2 asks the authority WITHOUT the contract's row lock (a remote call never holds a lock: a slow authority
    would stall every other write to the contract, and the pool's connections with it), then locks the row and
    re-reads it here, so the outcome is recorded on what is current. Two runs may ask at once (the job, the request,
    the sweep): they send the same idempotency key, so the authority answers both the same, and the second finds the
    request settled once it holds the lock (its caller then answers the settled outcome). The closing's phase 1
    locks the same way once the routes' distances are known (closing.closing_distances: they may be asked remotely)."""
    db.session.refresh(contract, with_for_update=True)


# A refusal always leaves a reason on the contract (request_outcome reads a settled refusal by it).
REFUSED_WITHOUT_REASON = "Recusado pela ANTT sem motivo informado."


def request_outcome(contract, key: str, stored_key: str | None, done: str, *, pending: bool) -> str:
    """What became of the request of `key` (its key on the contract: `stored_key`): `done` (the status it reached),
    pending, rejected (aberto again with the authority's reason), or the contract's status when another request
    superseded it."""
    if stored_key != key:
        return contract.status
    if contract.status == done:
        return done
    if pending:
        return PENDING
    return REJECTED if contract.status == ABERTO and contract.mensagem_antt else contract.status


# The sweep's wait setting, and the name it had when only the closing was sent in two phases (deprecated, still read).
STALE_SETTING = "CIOT_AGREGADO_PENDING_STALE_SECONDS"
DEPRECATED_STALE_SETTING = "CIOT_AGREGADO_CLOSE_STALE_SECONDS"
DEFAULT_STALE_SECONDS = 300


def stale_after() -> timedelta:
    """How long a declaration, cancellation or closing may wait for its answer before the sweep sends it again:
    CIOT_AGREGADO_PENDING_STALE_SECONDS; when it is unset, the deprecated CIOT_AGREGADO_CLOSE_STALE_SECONDS; else
    300 seconds."""
    config = current_app.config
    for name in (STALE_SETTING, DEPRECATED_STALE_SETTING):
        if config.get(name) is not None:
            return timedelta(seconds=float(config[name]))
    return timedelta(seconds=DEFAULT_STALE_SECONDS)
