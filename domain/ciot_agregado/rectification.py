"""POST /retificar (and the page's form): changing a contract's declaration, as the authority's manual allows for a TAC
agregado (value, end date, route). Two cases, one service:

- A contract **held** for its declaration data (declaration_data.py: never sent to the authority) takes what it
  lacks (also `pagamento` and `veiculos`), in any CIOT flow: nothing is rectified at the authority, the declaration
  is completed. Once nothing is missing it is declared (`declaration_complete`: the owner's commit enqueues the
  declaration, and the API and the page send it right away, as at opening).
- A **declared** contract is rectified at the authority, as operations are: only for companies on the legacy CIOT
  flow (else 422 not_supported), aberto with nothing pending (422 status_invalido), and only value, end date and
  route. In two phases, as the other messages (authority.py): the changes are checked and kept on the contract
  with a new key (pendencia `retificacao`: it takes no other action meanwhile), the owner commits, and the job
  (`send_rectification`) asks the authority holding no lock; its answer goes to the timeline (`rectified` with its
  protocol and message, or `rectify_rejected` with its reason), and only an acceptance changes the contract. An
  authority out of reach changes nothing: the job retries, then the sweep."""
import uuid
from datetime import date
from decimal import Decimal

import sqlalchemy as sa

from core.clock import brasilia_today
from core.db import db, utcnow
from core.errors import AppError, FieldError, InvalidBody, Unprocessable
from core.queue import enqueue_after_commit
from core.tenancy import cross_tenant
from core.validators import FieldInvalid, municipality_name
from domain.ciot.issuer import provider_and_credentials
from domain.ciot_agregado import jobs
from domain.ciot_agregado.audit import record_event
from domain.ciot_agregado.authority import (
    PENDING,
    REFUSED_WITHOUT_REASON,
    REJECTED,
    authority_answer,
    locked_for_the_outcome,
    stale_after,
)
from domain.ciot_agregado.contracts import DURATION, SEND_RETRIES, enqueue_declaration, ensure_open, held_summary
from domain.ciot_agregado.declaration_data import composition, declaration_gaps, holder_note, payment_values
from domain.ciot_agregado.models import (
    ABERTO,
    PENDENCIA_RETIFICACAO,
    CiotAgregado,
    CiotAgregadoDebito,
    CiotAgregadoViagem,
)
from domain.ciot_agregado.queries import ATIVA, ATIVO, get_agregado
from domain.ciot_agregado.schemas import CiotAgregadoRetificar
from domain.ciot_agregado.senders import register_sender

DECLARED_FIELDS = ("valor_contratado", "data_prevista_encerramento", "origem_uf", "origem_municipio_nome",
                   "destino_uf", "destino_municipio_nome")
HELD_FIELDS = (*DECLARED_FIELDS, "pagamento", "veiculos")
RECTIFIED, COMPLETED, STILL_HELD, REQUESTED = "retificado", "declaracao_completa", "retido", "retificacao_enviada"


def rectify_agregado(company, agregado_id, body: CiotAgregadoRetificar, sent, *, actor) -> tuple[CiotAgregado, str]:
    """(contract, outcome): `retificacao_enviada` (declared contract: the rectification is on the contract, to be
    sent once the owner commits), `declaracao_completa` (held contract now complete: the owner's commit enqueues the
    declaration) or `retido` (still lacking).
    `sent`: the body's field names as sent (a field sent as null is a change too)."""
    contract = get_agregado(agregado_id, for_update=True)
    if contract.retido:
        return contract, _complete(contract, body, _changes(body, sent, HELD_FIELDS), actor=actor)
    return contract, _rectify_declared(company, contract, body, sent, actor=actor)


def _changes(body, sent, allowed) -> dict:
    changes = {name: getattr(body, name) for name in allowed if name in sent}
    if not changes:
        raise InvalidBody("Informe ao menos um campo a retificar: " + ", ".join(allowed) + ".",
                          details=[FieldError("body", "required", "Nenhum campo retificável enviado.")])
    return changes


def _check_end_date(contract: CiotAgregado, end: date | None) -> None:
    """The new last day: after the opening, within the manual's 30 days, not before today (Brasília) nor before a
    trip or debit already recorded; else 400 naming data_prevista_encerramento."""
    def refuse(message):
        raise InvalidBody.for_field("data_prevista_encerramento", message)
    if end is None:
        refuse("Informe a nova data prevista de encerramento.")
    limit = contract.data_abertura + DURATION
    if not contract.data_abertura < end <= limit:
        refuse(f"O contrato de agregado dura até 30 dias: de {contract.data_abertura:%d/%m/%Y} a no máximo "
               f"{limit:%d/%m/%Y}.")
    if end < brasilia_today():
        refuse("A data prevista de encerramento não pode ficar no passado.")
    last = _last_line_day(contract)
    if last is not None and end < last:
        refuse(f"Há lançamentos ativos até {last:%d/%m/%Y}: a data de encerramento não pode ser anterior a eles.")


def _last_line_day(contract: CiotAgregado) -> date | None:
    moments = [t.data_viagem for t in db.session.query(CiotAgregadoViagem).filter_by(agregado_id=contract.id,
                                                                                    status=ATIVA)]
    moments += [d.data_debito for d in db.session.query(CiotAgregadoDebito).filter_by(agregado_id=contract.id,
                                                                                     status=ATIVO)]
    return max(moments).date() if moments else None


def _check_route(contract: CiotAgregado, changes: dict) -> None:
    """The planned route as it would become: a municipality name needs its UF and must be an IBGE municipality of
    it (a UF changed alone must still hold the contract's municipality); else 400 naming the field."""
    for side in ("origem", "destino"):
        uf_field, name_field = f"{side}_uf", f"{side}_municipio_nome"
        if uf_field not in changes and name_field not in changes:
            continue
        uf = changes.get(uf_field, getattr(contract, uf_field))
        name = changes.get(name_field, getattr(contract, name_field))
        if name and not uf:
            raise InvalidBody.for_field(uf_field, "Informe a UF junto com o município.", code="required")
        if name:
            try:
                changes[name_field] = municipality_name(name, uf)
            except FieldInvalid as exc:
                raise InvalidBody.for_field(name_field, exc.message, code=exc.code) from None


def _require_route(contract: CiotAgregado, changes: dict) -> None:
    """A declared TAC agregado's rectification carries the route (the authority's rule B64): without one, 400 naming
    the missing side here, before the request is recorded or anything is sent."""
    for side in ("origem", "destino"):
        if not (changes.get(f"{side}_municipio_nome", getattr(contract, f"{side}_municipio_nome"))
                and changes.get(f"{side}_uf", getattr(contract, f"{side}_uf"))):
            raise InvalidBody.for_field(
                f"{side}_municipio_nome", f"A retificação do TAC agregado leva a rota (regra B64 da ANTT): informe "
                f"{side}_uf e {side}_municipio_nome.", code="required")


# --- a held contract ----------------------------------------------------------------------------------------------

def _complete(contract: CiotAgregado, body, changes: dict, *, actor) -> str:
    _check_route(contract, changes)
    if "data_prevista_encerramento" in changes:
        _check_end_date(contract, changes["data_prevista_encerramento"])
    for name in DECLARED_FIELDS:
        if name in changes:
            setattr(contract, name, changes[name])
    if "pagamento" in changes:
        for name, value in payment_values(changes["pagamento"]).items():
            setattr(contract, name, value)
    if "veiculos" in changes:
        contract.veiculos = composition(contract.placa_cavalo, list(contract.placas_reboques or []),
                                        changes["veiculos"])
    contract.bloqueios = declaration_gaps(contract)
    fields = sorted(changes)
    if contract.bloqueios:
        record_event(contract, "held_updated", f"Dados da declaração atualizados ({', '.join(fields)}); o contrato "
                     f"segue retido. Falta: {held_summary(contract)}",
                     {"campos": fields, "bloqueios": contract.bloqueios, "observacoes": body.observacoes},
                     actor=actor)
        db.session.flush()
        return STILL_HELD
    note = holder_note(contract)
    if note:
        record_event(contract, "holder_relative", f"Pagamento a parente do TAC: {note}.",
                     {"titular_parentesco": contract.titular_parentesco}, actor=actor)
    record_event(contract, "opening", f"Declaração do contrato {contract.code} completa ({', '.join(fields)}); "
                 "enviada à ANTT.", {"idempotency_key": str(contract.id), "campos": fields,
                                     "observacoes": body.observacoes}, actor=actor)
    enqueue_declaration(contract)
    db.session.flush()
    return COMPLETED


# --- a declared contract ------------------------------------------------------------------------------------------

def _rectify_declared(company, contract: CiotAgregado, body, sent, *, actor) -> str:
    if company.ciot_flow != "legacy":
        raise Unprocessable("Retificação disponível apenas para empresas no fluxo legado de integração CIOT "
                            "(ciot_flow=legacy).", code="not_supported")
    ensure_open(contract, "retificar")
    for name in ("pagamento", "veiculos"):
        if name in sent:
            raise InvalidBody.for_field(name, "Pagamento e veículos só são informados antes da declaração; depois "
                                              "dela, retifica-se valor, data de encerramento e rota.",
                                        code="not_rectifiable")
    changes = _changes(body, sent, DECLARED_FIELDS)
    _check_route(contract, changes)
    # what is sent as it already is changes nothing (the page posts the whole form, prefilled)
    changes = {name: value for name, value in changes.items() if value != getattr(contract, name)}
    if not changes:
        unchanged = "Nada a retificar: os valores enviados são os atuais do contrato."
        raise InvalidBody(unchanged, details=[FieldError("body", "unchanged", unchanged)])
    if "valor_contratado" in changes and changes["valor_contratado"] is None:
        raise InvalidBody.for_field("valor_contratado", "O valor contratado não pode ser removido.", code="required")
    if "data_prevista_encerramento" in changes:
        _check_end_date(contract, changes["data_prevista_encerramento"])
    _require_route(contract, changes)
    provider_and_credentials(contract, company)
    contract.retificacao_chave = str(uuid.uuid4())
    contract.retificacao_solicitada_at = utcnow()
    contract.retificacao_dados = {"changes": {name: _text(value) for name, value in changes.items()},
                                  "observacoes": body.observacoes}
    record_event(contract, "rectifying", f"Retificação enviada à ANTT ({', '.join(sorted(changes))}).",
                 {"campos": sorted(changes), "idempotency_key": contract.retificacao_chave}, actor=actor)
    enqueue_after_commit(jobs.send_rectification, str(contract.id), contract.retificacao_chave, queue="emission",
                         job_id=f"agregado-rectify-{contract.retificacao_chave}", retries=SEND_RETRIES)
    db.session.flush()
    return REQUESTED


def _typed(changes: dict) -> dict:
    """The stored changes (JSON) as the contract and the provider take them."""
    typed = dict(changes)
    if typed.get("valor_contratado") is not None:
        typed["valor_contratado"] = Decimal(typed["valor_contratado"])
    if typed.get("data_prevista_encerramento") is not None:
        typed["data_prevista_encerramento"] = date.fromisoformat(typed["data_prevista_encerramento"])
    return typed


def send_rectification(company, agregado_id, key: str, *, actor) -> str:
    """Phase 2: the rectification of `key` sent to the authority without the row lock, its outcome recorded under it
    (authority.locked_for_the_outcome). Returns `retificado`, `rejected` (the reason on the contract and its
    timeline; nothing changed) or, when another run settled it, that outcome. ProviderUnavailable: nothing changes
    (the job retries; the sweep tries again later)."""
    contract = get_agregado(agregado_id)  # callers come after a commit: loaded fresh
    if not _rectification_due(contract, key):
        return rectification_outcome(contract, key)
    changes = _typed(contract.retificacao_dados["changes"])
    answer = authority_answer(contract, company, "rectify_aggregate", changes=changes)
    locked_for_the_outcome(contract)
    if not _rectification_due(contract, key):  # another run recorded it while this one asked
        return rectification_outcome(contract, key)
    observacoes = contract.retificacao_dados.get("observacoes")
    contract.retificacao_solicitada_at = None
    contract.retificacao_dados = None
    if not answer.ok:
        mensagem = answer.mensagem or REFUSED_WITHOUT_REASON
        contract.mensagem_antt = mensagem
        record_event(contract, "rectify_rejected", f"Retificação rejeitada pela ANTT: {mensagem}",
                     {"mensagem_antt": mensagem, "campos": sorted(changes), "idempotency_key": key}, actor=actor)
        db.session.flush()
        return REJECTED
    diff = {name: {"from": _text(getattr(contract, name)), "to": _text(value)} for name, value in changes.items()}
    for name, value in changes.items():
        setattr(contract, name, value)
    contract.retificacoes = (contract.retificacoes or 0) + 1
    contract.retificado_at = utcnow()
    contract.mensagem_antt = None
    record_event(contract, "rectified", f"Contrato retificado na ANTT ({', '.join(sorted(changes))}); CIOT "
                 f"{contract.codigo_ciot} mantido. Resposta da ANTT: {answer.mensagem or 'aceita'} (protocolo "
                 f"{answer.protocolo or '—'}).",
                 {"changes": diff, "protocolo": answer.protocolo, "mensagem_antt": answer.mensagem,
                  "observacoes": observacoes, "retificacao": contract.retificacoes, "idempotency_key": key},
                 actor=actor)
    db.session.flush()
    return RECTIFIED


def _rectification_due(contract: CiotAgregado, key: str) -> bool:
    return contract.retificacao_solicitada_at is not None and contract.retificacao_chave == key


def rectification_outcome(contract: CiotAgregado, key: str) -> str:
    """What became of the rectification of `key`: pending, rejected (its reason on the contract), retificado, or
    the contract's status when it is no longer aberto."""
    if contract.retificacao_chave != key:
        return contract.status
    if _rectification_due(contract, key):
        return PENDING
    return REJECTED if contract.mensagem_antt else RECTIFIED  # the key stays once settled; a refusal left its reason


def rectify_error(contract: CiotAgregado) -> AppError:
    """422 rejected for a rectification the authority refused (the contract unchanged, the records kept)."""
    mensagem = contract.mensagem_antt or ""
    return AppError(f"Retificação rejeitada pela ANTT: {mensagem}", code="rejected", status=422,
                    extra={"status": contract.status, "mensagem_antt": mensagem}, keep_records=True)


def stuck_rectifications(now=None) -> list[tuple]:
    """(id, company_id, key) of every company's contract with a rectification pending past the stale limit."""
    limit = (now or utcnow()) - stale_after()
    return [tuple(row) for row in db.session.execute(cross_tenant(
        sa.select(CiotAgregado.id, CiotAgregado.company_id, CiotAgregado.retificacao_chave)
        .where(CiotAgregado.status == ABERTO, CiotAgregado.retificacao_solicitada_at < limit)
        .order_by(CiotAgregado.retificacao_solicitada_at, CiotAgregado.id))).all()]


def _text(value):
    return value.isoformat() if isinstance(value, date) else (str(value) if value is not None else None)


register_sender(PENDENCIA_RETIFICACAO, send_rectification)  # for its job (domain/ciot_agregado/jobs.py)
