"""Actions on an emitted operation, sent to the authority: rectify (legacy flow), cancel and close. A refusal
by the authority is recorded on the timeline and kept (`AppError.keep_records`)."""
from core.clock import brasilia_today
from core.db import db, utcnow
from core.errors import AppError, FieldError, InvalidBody, InvalidStatus, Unprocessable
from domain.ciot import states
from domain.ciot.clock import local_moment
from domain.ciot.issuer import issuer_of, provider_and_credentials
from domain.ciot.mapping import CHILDREN, jsonable, store_children, store_scalar, to_body
from domain.ciot.models import CiotOperation
from domain.ciot.provider import Issuer
from domain.ciot.queries import get_operation
from domain.ciot.states import actor_label, record_event, transition
from domain.ciot.validation import blocked_error, check_rules, snapshot
from domain.tenancy.models import Company

RECTIFIABLE = ("valor_frete", "peso_carga", "data_declaracao", "viagem_inicio", "viagem_fim", "payments",
               "documents")


def _provider_refusal(op: CiotOperation, kind: str, what: str, mensagem: str, *, actor) -> AppError:
    op.mensagem_antt = mensagem
    record_event(op, f"{kind}_rejected", f"{what} rejeitado(a) pela ANTT: {mensagem}", {"mensagem_antt": mensagem},
                 actor=actor_label(actor))
    return AppError(f"{what} rejeitado(a) pela ANTT: {mensagem}", code="rejected", status=422,
                    extra={"status": op.status, "mensagem_antt": mensagem}, keep_records=True)


def rectify_operation(company: Company, operation_id, body, sent, *, actor) -> tuple[CiotOperation, str]:
    """POST /retificar: legacy-flow companies only (else 422 not_supported), emitido only (422 invalid_status),
    never lotação (422 not_supported: the authority's manual forbids it). Changes valor_frete, peso_carga,
    data_declaracao, viagem_inicio, viagem_fim, payments (replace), documents (replace); the rectified operation is
    validated first (blockers → 422 validation_blocked, nothing changes); codigo_ciot is kept."""
    op = get_operation(operation_id, for_update=True)
    if company.ciot_flow != "legacy":
        raise Unprocessable("Retificação disponível apenas para empresas no fluxo legado de integração CIOT "
                            "(ciot_flow=legacy).", code="not_supported")
    if op.status != states.EMITIDO:
        raise InvalidStatus(f"Só é possível retificar uma operação emitida (status atual: {op.status}).",
                            extra={"status": op.status})
    if op.tipo_operacao == "lotacao":
        raise Unprocessable("Operações de lotação não podem ser retificadas (manual DCS PEF da ANTT): cancele o "
                            "CIOT, se ainda estiver no prazo de 24 horas do início da viagem, e emita outro.",
                            code="not_supported")
    changes = {name: getattr(body, name) for name in RECTIFIABLE if name in sent}
    for name in ("payments", "documents"):
        if name in changes and changes[name] is None:
            changes[name] = []
    if not changes:
        raise InvalidBody("Informe ao menos um campo a retificar: " + ", ".join(RECTIFIABLE) + ".",
                          details=[FieldError("body", "required", "Nenhum campo retificável enviado.")])
    for name in ("viagem_inicio", "viagem_fim"):
        if name in changes:
            changes[name] = local_moment(changes[name], name)
    rectified = to_body(op, **changes)
    _, result = check_rules(op, company, rectified)
    if result.blockers:
        raise blocked_error(op, result)
    issuer = issuer_of(op, company)
    provider, credentials = provider_and_credentials(op, issuer)
    answer = provider.rectify(op, Issuer.from_company(issuer), credentials, changes=changes)
    if not answer.ok:
        raise _provider_refusal(op, "rectify", "Retificação", answer.mensagem, actor=actor)
    diff = {}
    for name, value in changes.items():
        if name in CHILDREN:
            diff[name] = {"from": len(getattr(op, name)), "to": len(value)}
            store_children(op, name, value)
        else:
            before = getattr(op, name)
            store_scalar(op, name, value)
            diff[name] = {"from": jsonable(before), "to": jsonable(getattr(op, name))}
    op.retificacoes = (op.retificacoes or 0) + 1
    op.retificado_at = utcnow()
    op.mensagem_antt = None
    snapshot(op, result)
    transition(op, states.EMITIDO, actor=actor_label(actor), event=(
        "rectified", f"Operação retificada ({', '.join(changes)}); CIOT {op.codigo_ciot} mantido.",
        {"changes": diff, "observacoes": body.observacoes, "protocolo": answer.protocolo,
         "retificacao": op.retificacoes}))
    db.session.flush()
    return op, f"Retificação registrada na ANTT; CIOT {op.codigo_ciot} mantido."


def cancel_operation(company: Company, operation_id, *, motivo: str, actor) -> tuple[CiotOperation, str]:
    """POST /cancel (emitido → cancelado): sent to the authority with the reason; the simulator refuses after 24 h
    from the trip start (422 rejected with its message)."""
    op = get_operation(operation_id, for_update=True)
    if op.status != states.EMITIDO:
        raise InvalidStatus(f"Só é possível cancelar uma operação emitida (status atual: {op.status}). Uma operação "
                            "ainda não emitida é cancelada com DELETE.", extra={"status": op.status})
    issuer = issuer_of(op, company)
    provider, credentials = provider_and_credentials(op, issuer)
    answer = provider.cancel(op, Issuer.from_company(issuer), credentials, motivo=motivo)
    if not answer.ok:
        raise _provider_refusal(op, "cancel", "Cancelamento", answer.mensagem, actor=actor)
    op.cancelado_at = utcnow()
    op.cancel_motivo = motivo
    op.cancel_protocolo = answer.protocolo
    transition(op, states.CANCELADO, actor=actor_label(actor), event=(
        "cancelled", f"CIOT {op.codigo_ciot} cancelado na ANTT. Motivo: {motivo}",
        {"motivo": motivo, "protocolo": answer.protocolo}))
    db.session.flush()
    return op, f"CIOT {op.codigo_ciot} cancelado."


def close_operation(company: Company, operation_id, body, *, actor) -> tuple[CiotOperation, str]:
    """POST /encerrar (emitido → encerrado): peso_carga_final required; distancia defaults to the operation's
    distancia_km, quantidade_viagens to 1, data_encerramento to today (Brasília)."""
    op = get_operation(operation_id, for_update=True)
    if op.status != states.EMITIDO:
        raise InvalidStatus(f"Só é possível encerrar uma operação emitida (status atual: {op.status}).",
                            extra={"status": op.status})
    closing = {
        "peso_carga_final": body.peso_carga_final,
        "distancia": body.distancia if body.distancia is not None else op.distancia_km,
        "quantidade_viagens": body.quantidade_viagens,
        "data_encerramento": body.data_encerramento or brasilia_today(),
        "observacoes": body.observacoes,
    }
    issuer = issuer_of(op, company)
    provider, credentials = provider_and_credentials(op, issuer)
    answer = provider.close(op, Issuer.from_company(issuer), credentials, closing=closing)
    if not answer.ok:
        raise _provider_refusal(op, "close", "Encerramento", answer.mensagem, actor=actor)
    op.encerrado_at = utcnow()
    op.peso_carga_final = closing["peso_carga_final"]
    op.distancia_percorrida_km = closing["distancia"]
    op.quantidade_viagens = closing["quantidade_viagens"]
    op.data_encerramento = closing["data_encerramento"]
    op.encerramento_observacoes = closing["observacoes"]
    op.encerramento_protocolo = answer.protocolo
    transition(op, states.ENCERRADO, actor=actor_label(actor), event=(
        "closed", f"CIOT {op.codigo_ciot} encerrado na ANTT.",
        {key: jsonable(value) for key, value in closing.items()} | {"protocolo": answer.protocolo}))
    db.session.flush()
    return op, f"CIOT {op.codigo_ciot} encerrado."
