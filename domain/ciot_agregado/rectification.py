"""POST /retificar (and the page's form): changing a contract's declaration, as the authority's manual allows for a TAC
agregado (value, end date, route). Two cases, one service:

- A contract **held** for its declaration data (declaration_data.py: never sent to the authority) takes what it
  lacks (also `pagamento` and `veiculos`), in any CIOT flow: nothing is rectified at the authority, the declaration
  is completed. Once nothing is missing it is declared (`declaration_complete`: the owner's commit enqueues the
  declaration, and the API and the page send it right away, as at opening).
- A **declared** contract is rectified at the authority, as operations are: only for companies on the legacy CIOT
  flow (else 422 not_supported), aberto with nothing pending (422 status_invalido), and only value, end date and
  route. The authority is asked under the contract's row lock; its answer goes to the timeline (`rectified` with
  its protocol and message, or `rectify_rejected` with its reason, 422 rejected), and only an acceptance changes the
  contract. An authority out of reach changes nothing (422 authority_unavailable: send it again)."""
from datetime import date

from core.clock import brasilia_today
from core.db import db, utcnow
from core.errors import AppError, FieldError, InvalidBody, Unprocessable
from core.validators import FieldInvalid, municipality_name
from domain.ciot.issuer import provider_and_credentials
from domain.ciot.provider import ProviderUnavailable
from domain.ciot_agregado.audit import record_event
from domain.ciot_agregado.authority import ask_authority
from domain.ciot_agregado.contracts import DURATION, enqueue_declaration, ensure_open, held_summary
from domain.ciot_agregado.declaration_data import composition, declaration_gaps, holder_note, payment_values
from domain.ciot_agregado.models import CiotAgregado, CiotAgregadoDebito, CiotAgregadoViagem
from domain.ciot_agregado.queries import ATIVA, ATIVO, get_agregado
from domain.ciot_agregado.schemas import CiotAgregadoRetificar

DECLARED_FIELDS = ("valor_contratado", "data_prevista_encerramento", "origem_uf", "origem_municipio_nome",
                   "destino_uf", "destino_municipio_nome")
HELD_FIELDS = (*DECLARED_FIELDS, "pagamento", "veiculos")
RECTIFIED, COMPLETED, STILL_HELD = "retificado", "declaracao_completa", "retido"


def rectify_agregado(company, agregado_id, body: CiotAgregadoRetificar, sent, *, actor) -> tuple[CiotAgregado, str]:
    """(contract, outcome): `retificado` (declared contract, accepted by the authority), `declaracao_completa`
    (held contract now complete: the owner commits, then sends the declaration) or `retido` (still lacking).
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
    provider_and_credentials(contract, company)
    answer = _ask(contract, company, changes)
    if not answer.ok:
        mensagem = answer.mensagem or "Recusado pela ANTT sem motivo informado."
        contract.mensagem_antt = mensagem
        record_event(contract, "rectify_rejected", f"Retificação rejeitada pela ANTT: {mensagem}",
                     {"mensagem_antt": mensagem, "campos": sorted(changes)}, actor=actor)
        db.session.flush()
        raise AppError(f"Retificação rejeitada pela ANTT: {mensagem}", code="rejected", status=422,
                       extra={"status": contract.status, "mensagem_antt": mensagem}, keep_records=True)
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
                  "observacoes": body.observacoes, "retificacao": contract.retificacoes}, actor=actor)
    db.session.flush()
    return RECTIFIED


def _ask(contract: CiotAgregado, company, changes: dict):
    try:
        answer = ask_authority(contract, company, "rectify_aggregate", changes=changes)
    except ProviderUnavailable as exc:
        raise Unprocessable(f"A ANTT não respondeu ({exc}): a retificação não foi feita; envie-a de novo.",
                            code="authority_unavailable") from exc
    if not answer.ok and not answer.rejected:
        raise Unprocessable("A ANTT não deu resposta válida: a retificação não foi feita; envie-a de novo.",
                            code="authority_unavailable")
    return answer


def _text(value):
    return value.isoformat() if isinstance(value, date) else (str(value) if value is not None else None)

