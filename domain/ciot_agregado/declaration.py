"""Phase 2 of the opening (phase 1: contracts.create_agregado; the pattern: authority.py): the declaration sent to the
authority with the contract id as idempotency key, then the CIOT code on the contract, or, on a refusal, the
contract cancelado with the reason (it was never declared: the composition is free again, and its AGR number stays
on record, so the numbering keeps no gap). Until then the contract is aberto without a CIOT code and takes no
action. Run by the job the commit of phase 1 enqueues (the API and the page wait for it briefly: requests.py), and by
the sweep for declarations left pending."""
import sqlalchemy as sa

from core.db import db, utcnow
from core.errors import AppError
from core.tenancy import cross_tenant
from domain.ciot_agregado.audit import record_event
from domain.ciot_agregado.authority import (
    PENDING,
    REFUSED_WITHOUT_REASON,
    REJECTED,
    authority_answer,
    locked_for_the_outcome,
    stale_after,
)
from domain.ciot_agregado.models import ABERTO, CANCELADO, PENDENCIA_DECLARACAO, CiotAgregado
from domain.ciot_agregado.queries import get_agregado
from domain.ciot_agregado.senders import register_sender

DECLARED = "declarado"
HELD = "retido"  # opened without what the declaration needs (declaration_data.py): not sent


def send_declaration(company, agregado_id, key: str, *, actor) -> str:
    """The declaration of the contract (`key`: its id), sent without the row lock and recorded under it
    (authority.locked_for_the_outcome). Returns `declarado`, `rejected`
    (cancelado with `mensagem_antt`) or, when another run settled it, that outcome. ProviderUnavailable: nothing
    changes (the job retries; the sweep tries again later)."""
    contract = get_agregado(agregado_id)  # callers come after a commit: loaded fresh
    if not _declaration_due(contract, key):
        return declaration_outcome(contract)  # settled, or held (never sent while its data is incomplete)
    answer = authority_answer(contract, company, "declare_aggregate", idempotency_key=key)
    locked_for_the_outcome(contract)
    if not _declaration_due(contract, key):  # another run recorded it while this one asked
        return declaration_outcome(contract)
    if not answer.ok:
        _refused(contract, answer.mensagem, actor=actor)
        return REJECTED
    contract.codigo_ciot = answer.codigo_ciot
    contract.codigo_verificador = answer.codigo_verificador
    contract.protocolo = answer.protocolo
    contract.aviso_transportador = getattr(answer, "aviso_transportador", None)
    record_event(contract, "opened", f"Contrato {contract.code} declarado na ANTT; CIOT {contract.codigo_ciot}.",
                 {"codigo_ciot": contract.codigo_ciot, "protocolo": contract.protocolo, "idempotency_key": key,
                  "replayed": getattr(answer, "replayed", False)}, actor=actor)
    db.session.flush()
    return DECLARED


def _declaration_due(contract: CiotAgregado, key: str) -> bool:
    return contract.pendencia == PENDENCIA_DECLARACAO and key == str(contract.id)


def _refused(contract: CiotAgregado, mensagem: str | None, *, actor) -> None:
    mensagem = mensagem or REFUSED_WITHOUT_REASON
    contract.status = CANCELADO
    contract.cancelado_at = utcnow()
    contract.mensagem_antt = mensagem
    record_event(contract, "open_rejected", f"Abertura rejeitada pela ANTT: {mensagem} O contrato foi cancelado.",
                 {"mensagem_antt": mensagem, "from": ABERTO, "to": CANCELADO}, actor=actor)
    db.session.flush()


def declaration_outcome(contract: CiotAgregado) -> str:
    """What became of the contract's declaration: declarado (it has its CIOT code), rejected (cancelado without
    one), pending (aberto without one)."""
    if contract.codigo_ciot is not None:
        return DECLARED
    if contract.retido:
        return HELD
    return PENDING if contract.status == ABERTO else REJECTED


def open_rejected_error(contract: CiotAgregado) -> AppError:
    """422 rejected for an opening the authority refused (the contract, cancelado, and its event are kept)."""
    mensagem = contract.mensagem_antt or ""
    return AppError(f"Abertura rejeitada pela ANTT: {mensagem}", code="rejected", status=422,
                    extra={"mensagem_antt": mensagem}, keep_records=True)


def stuck_declarations(now=None) -> list[tuple]:
    """(id, company_id, key) of every company's contract aberto without its CIOT code for longer than the stale limit
    (authority.stale_after): its job died or ran out of retries, or the authority's answer was lost."""
    limit = (now or utcnow()) - stale_after()
    rows = db.session.execute(cross_tenant(
        sa.select(CiotAgregado.id, CiotAgregado.company_id, CiotAgregado.bloqueios)
        .where(CiotAgregado.status == ABERTO, CiotAgregado.codigo_ciot.is_(None), CiotAgregado.created_at < limit)
        .order_by(CiotAgregado.created_at, CiotAgregado.id))).all()
    # a held contract was never sent: nothing to send again (its completion enqueues the declaration)
    return [(agregado_id, company_id, str(agregado_id)) for agregado_id, company_id, gaps in rows if not gaps]


register_sender(PENDENCIA_DECLARACAO, send_declaration)  # for its job (domain/ciot_agregado/jobs.py)
