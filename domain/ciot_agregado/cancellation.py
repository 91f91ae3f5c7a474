"""Cancelling a contract, in two phases (authority.py):

1. `request_cancellation` (POST /cancel, the page): the motivo checked (`cancellation_motivo`: 3 to 500
   characters when given, else the standard DEFAULT_MOTIVO, sent and recorded); aberto with nothing pending, every
   trip and debit already cancelled (422 saldo_pendente), 422 missing_credentials / not_supported before anything
   changes. The contract stays aberto with the cancellation's motivo, a new idempotency key (`cancelamento_chave`)
   and `cancelamento_solicitado_at` (pendencia `cancelamento`: it takes no action meanwhile); the owner commits this
   before the authority is asked, and the commit enqueues `domain.ciot_agregado.jobs.send_cancellation`.
2. `send_cancellation` (that job, the sweep; the API and the page wait for it briefly, requests.py): the
   cancellation of that key sent to the authority, then
   cancelado, or aberto with `mensagem_antt` on a refusal (the motivo and the request time cleared)."""
import uuid

import sqlalchemy as sa

from core.db import db, utcnow
from core.errors import InvalidBody, Unprocessable
from core.queue import enqueue_after_commit
from core.tenancy import cross_tenant
from domain.ciot.issuer import provider_and_credentials
from domain.ciot_agregado import jobs
from domain.ciot_agregado.audit import record_event
from domain.ciot_agregado.authority import (
    REJECTED,
    authority_answer,
    locked_for_the_outcome,
    request_outcome,
    stale_after,
)
from domain.ciot_agregado.contracts import SEND_RETRIES, ensure_open, record_refusal, rejected_error
from domain.ciot_agregado.models import ABERTO, CANCELADO, PENDENCIA_CANCELAMENTO, CiotAgregado
from domain.ciot_agregado.queries import active_movements, get_agregado
from domain.ciot_agregado.senders import register_sender

DEFAULT_MOTIVO = "Cancelamento do contrato de agregado."


MOTIVO_MIN, MOTIVO_MAX = 3, 500


def cancellation_motivo(motivo: str | None) -> str:
    """The reason sent to the authority and recorded: the one given, 3 to 500 characters once trimmed (else 400
    naming `motivo`; the API and the page both come through here), or DEFAULT_MOTIVO when none was given (the
    authority needs one)."""
    if motivo is None:
        return DEFAULT_MOTIVO
    motivo = motivo.strip()
    if not MOTIVO_MIN <= len(motivo) <= MOTIVO_MAX:
        raise InvalidBody.for_field("motivo", f"O motivo do cancelamento, quando informado, deve ter de {MOTIVO_MIN} "
                                              f"a {MOTIVO_MAX} caracteres (informados: {len(motivo)}).",
                                    code="invalid_length")
    return motivo


def request_cancellation(company, agregado_id, *, motivo: str | None, actor) -> CiotAgregado:
    """Phase 1 (see the module docstring); 400 motivo (cancellation_motivo); 422 status_invalido, saldo_pendente
    naming how many lines are active."""
    motivo = cancellation_motivo(motivo)
    contract = get_agregado(agregado_id, for_update=True)
    if contract.retido:
        return _cancel_held(contract, motivo, actor=actor)
    ensure_open(contract, "cancelar")
    trips, debits = active_movements(contract)
    if trips or debits:
        raise Unprocessable(f"O contrato {contract.code} tem {trips} viagem(ns) e {debits} débito(s) ativos: "
                            "cancele-os antes de cancelar o contrato.", code="saldo_pendente",
                            extra={"viagens_ativas": trips, "debitos_ativos": debits})
    provider_and_credentials(contract, company)
    contract.cancel_motivo = motivo
    contract.cancelamento_chave = str(uuid.uuid4())
    contract.cancelamento_solicitado_at = utcnow()
    record_event(contract, "cancelling", f"Cancelamento enviado à ANTT. Motivo: {motivo}",
                 {"motivo": motivo, "idempotency_key": contract.cancelamento_chave}, actor=actor)
    enqueue_after_commit(jobs.send_cancellation, str(contract.id), contract.cancelamento_chave, queue="emission",
                         job_id=f"agregado-cancel-{contract.cancelamento_chave}", retries=SEND_RETRIES)
    db.session.flush()
    return contract


def _cancel_held(contract: CiotAgregado, motivo: str, *, actor) -> CiotAgregado:
    """A held contract (declaration_data.py) was never declared: cancelled here, nothing to tell the authority (a
    held contract takes no lines, so none is active). Phase 2 then finds it settled (`cancelado`)."""
    contract.status = CANCELADO
    contract.cancelado_at = utcnow()
    contract.cancel_motivo = motivo
    record_event(contract, "cancelled", f"Contrato {contract.code} cancelado antes de ser declarado na ANTT (estava "
                 f"retido). Motivo: {motivo}", {"motivo": motivo, "retido": True}, actor=actor)
    db.session.flush()
    return contract


def send_cancellation(company, agregado_id, key: str, *, actor) -> str:
    """Phase 2: the cancellation of `key` sent to the authority without the row lock, its outcome recorded under it
    (authority.locked_for_the_outcome). Returns `cancelado`, `rejected` (aberto, the reason on the contract and its
    timeline) or, when another run settled it, that outcome. ProviderUnavailable: nothing changes (the job retries;
    the sweep tries again later)."""
    contract = get_agregado(agregado_id)  # callers come after a commit: loaded fresh
    if not _cancellation_due(contract, key):
        return cancellation_outcome(contract, key)
    answer = authority_answer(contract, company, "cancel_aggregate",
                              motivo=contract.cancel_motivo or DEFAULT_MOTIVO, idempotency_key=key)  # older rows: null
    locked_for_the_outcome(contract)
    if not _cancellation_due(contract, key):  # another run recorded it while this one asked
        return cancellation_outcome(contract, key)
    if not answer.ok:
        record_refusal(contract, "cancel", "Cancelamento", answer.mensagem, actor=actor)
        contract.cancel_motivo = None
        contract.cancelamento_solicitado_at = None
        db.session.flush()
        return REJECTED
    contract.status = CANCELADO
    contract.cancelado_at = utcnow()
    contract.mensagem_antt = None
    reason = f" Motivo: {contract.cancel_motivo}" if contract.cancel_motivo else ""
    record_event(contract, "cancelled", f"Contrato {contract.code} cancelado na ANTT.{reason}",
                 {"motivo": contract.cancel_motivo, "protocolo": answer.protocolo, "idempotency_key": key},
                 actor=actor)
    db.session.flush()
    return CANCELADO


def _cancellation_due(contract: CiotAgregado, key: str) -> bool:
    return contract.pendencia == PENDENCIA_CANCELAMENTO and contract.cancelamento_chave == key


def cancellation_outcome(contract: CiotAgregado, key: str) -> str:
    """What became of the cancellation of `key`: cancelado, rejected (aberto with its reason), pending, or the
    contract's status when another request superseded it."""
    return request_outcome(contract, key, contract.cancelamento_chave, CANCELADO,
                           pending=contract.pendencia == PENDENCIA_CANCELAMENTO)


def cancel_error(contract: CiotAgregado):
    """422 rejected for a cancellation the authority refused (the API's and the page's answer, whichever run asked)."""
    return rejected_error("Cancelamento", contract.mensagem_antt or "")


def stuck_cancellations(now=None) -> list[tuple]:
    """(id, company_id, key) of every company's contract with a cancellation pending for longer than the stale
    limit (authority.stale_after)."""
    limit = (now or utcnow()) - stale_after()
    return [tuple(row) for row in db.session.execute(cross_tenant(
        sa.select(CiotAgregado.id, CiotAgregado.company_id, CiotAgregado.cancelamento_chave)
        .where(CiotAgregado.status == ABERTO, CiotAgregado.cancelamento_solicitado_at < limit)
        .order_by(CiotAgregado.cancelamento_solicitado_at, CiotAgregado.id))).all()]


register_sender(PENDENCIA_CANCELAMENTO, send_cancellation)  # for its job (domain/ciot_agregado/jobs.py)
