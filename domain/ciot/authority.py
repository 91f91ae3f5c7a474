"""Actions on an emitted operation, sent to the authority: rectify (legacy flow), cancel and close — actions of the
authority protocol (domain/ciot/protocol.py). Each request is checked under the operation's short row lock and
claimed with the payload it will send; the job asks the authority holding no lock, and this module's handler records
the outcome under the protocol's lock. While the request waits, the operation stays `emitido` with its `pendencia`
(retificacao, cancelamento, encerramento); a refusal by the authority is recorded on the timeline."""
from datetime import date
from decimal import Decimal

from core.clock import brasilia_today
from core.db import db, utcnow
from core.errors import FieldError, InvalidBody, InvalidStatus, Unprocessable
from domain.ciot import protocol, states
from domain.ciot.clock import local_moment
from domain.ciot.issuer import issuer_of, provider_and_credentials
from domain.ciot.mapping import CHILDREN, jsonable, store_children, store_scalar, to_body
from domain.ciot.models import CiotOperation, EmissionAttempt
from domain.ciot.outcome_words import WHAT
from domain.ciot.protocol_job import register_handler
from domain.ciot.provider import Issuer
from domain.ciot.queries import get_operation
from domain.ciot.schemas import RectifyBody
from domain.ciot.states import actor_label, record_event, transition
from domain.ciot.validation import blocked_error, check_rules, snapshot
from domain.tenancy.models import Company

RECTIFIABLE = ("valor_frete", "peso_carga", "data_declaracao", "viagem_inicio", "viagem_fim", "payments",
               "documents")
KIND = {"rectify": "rectify", "cancel": "cancel", "close": "close"}
PENDING_WORDS = {"emit": "emissão", "rectify": "retificação", "cancel": "cancelamento", "close": "encerramento"}


def _emitted_operation(operation_id, action: str, message: str) -> CiotOperation:
    """The operation, locked for the claim (short: nothing remote), emitted and with no other request waiting for
    the authority (422 invalid_status naming the pending one)."""
    op = get_operation(operation_id, for_update=True)
    if op.status != states.EMITIDO:
        raise InvalidStatus(message.format(status=op.status), extra={"status": op.status})
    pending = protocol.in_flight(op)
    if pending is not None:
        raise InvalidStatus(f"A operação aguarda a resposta da ANTT a um pedido de {PENDING_WORDS[pending.action]}; "
                            "tente de novo quando ele terminar.",
                            extra={"status": op.status, "pendencia": protocol.PENDING_LABELS[pending.action]})
    return op


def _claim(company: Company, op: CiotOperation, action: str, payload: dict, *, actor, event: str, interim=None):
    issuer = issuer_of(op, company)
    provider_and_credentials(op, issuer)  # 422 before anything changes
    request = protocol.claim_request(op, action, issuer, actor=actor, payload=payload)
    record_event(op, f"{KIND[action]}_requested", event, {"attempt_id": str(request.id), **payload},
                 actor=actor_label(actor))
    db.session.flush()
    return protocol.submit(request, op, action, interim=interim)


# --- Rectify ------------------------------------------------------------------------------------------------------

def rectify_changes(body: RectifyBody, sent) -> dict:
    """The rectified fields as the record stores them (the request checks them; the job applies them)."""
    changes = {name: getattr(body, name) for name in RECTIFIABLE if name in sent}
    for name in ("payments", "documents"):
        if name in changes and changes[name] is None:
            changes[name] = []
    for name in ("viagem_inicio", "viagem_fim"):
        if name in changes:
            changes[name] = local_moment(changes[name], name)
    return changes


def rectify_operation(company: Company, operation_id, body, sent, *, actor,
                      interim=None) -> protocol.AuthorityOutcome:
    """POST /retificar: legacy-flow companies only (else 422 not_supported), emitido only (422 invalid_status),
    never lotação (422 not_supported: the authority's manual forbids it). Changes valor_frete, peso_carga,
    data_declaracao, viagem_inicio, viagem_fim, payments (replace), documents (replace); the rectified operation is
    validated first (blockers → 422 validation_blocked, nothing changes); codigo_ciot is kept."""
    get_operation(operation_id)  # 404 first
    if company.ciot_flow != "legacy":
        raise Unprocessable("Retificação disponível apenas para empresas no fluxo legado de integração CIOT "
                            "(ciot_flow=legacy).", code="not_supported")
    op = _emitted_operation(operation_id, "rectify",
                            "Só é possível retificar uma operação emitida (status atual: {status}).")
    if op.tipo_operacao == "lotacao":
        raise Unprocessable("Operações de lotação não podem ser retificadas (manual DCS PEF da ANTT): cancele o "
                            "CIOT, se ainda estiver no prazo de 24 horas do início da viagem, e emita outro.",
                            code="not_supported")
    sent = [name for name in RECTIFIABLE if name in sent]
    if not sent:
        raise InvalidBody("Informe ao menos um campo a retificar: " + ", ".join(RECTIFIABLE) + ".",
                          details=[FieldError("body", "required", "Nenhum campo retificável enviado.")])
    _, result = check_rules(op, company, to_body(op, **rectify_changes(body, sent)))
    if result.blockers:
        raise blocked_error(op, result)
    payload = {"sent": sent, "body": body.model_dump(mode="json", include=set(sent) | {"observacoes"})}
    return _claim(company, op, "rectify", payload, actor=actor, interim=interim,
                  event=f"Retificação enviada à ANTT ({', '.join(sent)}).")


def _payload_changes(request: EmissionAttempt) -> dict:
    payload = request.payload or {}
    return rectify_changes(RectifyBody.model_validate(payload.get("body") or {}), payload.get("sent") or [])


def _record_rectification(op: CiotOperation, request: EmissionAttempt, answer, *, actor) -> None:
    changes = _payload_changes(request)
    company = db.session.get(Company, op.company_id)
    _, result = check_rules(op, company, to_body(op, **changes))
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
        {"changes": diff, "observacoes": (request.payload.get("body") or {}).get("observacoes"),
         "protocolo": answer.protocolo, "retificacao": op.retificacoes, "attempt_id": str(request.id)}))


# --- Cancel -------------------------------------------------------------------------------------------------------

def cancel_operation(company: Company, operation_id, *, motivo: str, actor,
                     interim=None) -> protocol.AuthorityOutcome:
    """POST /cancel (emitido → cancelado): sent to the authority with the reason; the simulator refuses after 24 h
    from the trip start (422 rejected with its message)."""
    op = _emitted_operation(operation_id, "cancel", "Só é possível cancelar uma operação emitida (status atual: "
                            "{status}). Uma operação ainda não emitida é cancelada com DELETE.")
    return _claim(company, op, "cancel", {"motivo": motivo}, actor=actor, interim=interim,
                  event=f"Cancelamento enviado à ANTT. Motivo: {motivo}")


def _record_cancellation(op: CiotOperation, request: EmissionAttempt, answer, *, actor) -> None:
    motivo = request.payload["motivo"]
    op.cancelado_at = utcnow()
    op.cancel_motivo = motivo
    op.cancel_protocolo = answer.protocolo
    transition(op, states.CANCELADO, actor=actor_label(actor), event=(
        "cancelled", f"CIOT {op.codigo_ciot} cancelado na ANTT. Motivo: {motivo}",
        {"motivo": motivo, "protocolo": answer.protocolo, "attempt_id": str(request.id)}))


# --- Close --------------------------------------------------------------------------------------------------------

def close_operation(company: Company, operation_id, body, *, actor, interim=None) -> protocol.AuthorityOutcome:
    """POST /encerrar (emitido → encerrado): peso_carga_final required; distancia defaults to the operation's
    distancia_km, quantidade_viagens to 1, data_encerramento to today (Brasília)."""
    op = _emitted_operation(operation_id, "close",
                            "Só é possível encerrar uma operação emitida (status atual: {status}).")
    closing = {
        "peso_carga_final": body.peso_carga_final,
        "distancia": body.distancia if body.distancia is not None else op.distancia_km,
        "quantidade_viagens": body.quantidade_viagens,
        "data_encerramento": body.data_encerramento or brasilia_today(),
        "observacoes": body.observacoes,
    }
    payload = {key: jsonable(value) for key, value in closing.items()}
    return _claim(company, op, "close", payload, actor=actor, interim=interim, event="Encerramento enviado à ANTT.")


def closing_of(request: EmissionAttempt) -> dict:
    """The closing as the provider takes it, from the request's payload (JSON) — the same values the request
    checked."""
    payload = dict(request.payload)
    for name in ("peso_carga_final", "distancia"):
        if payload.get(name) is not None:
            payload[name] = Decimal(str(payload[name]))
    payload["data_encerramento"] = date.fromisoformat(payload["data_encerramento"])
    return payload


def _record_closing(op: CiotOperation, request: EmissionAttempt, answer, *, actor) -> None:
    closing = closing_of(request)
    op.encerrado_at = utcnow()
    op.peso_carga_final = closing["peso_carga_final"]
    op.distancia_percorrida_km = closing["distancia"]
    op.quantidade_viagens = closing["quantidade_viagens"]
    op.data_encerramento = closing["data_encerramento"]
    op.encerramento_observacoes = closing["observacoes"]
    op.encerramento_protocolo = answer.protocolo
    transition(op, states.ENCERRADO, actor=actor_label(actor), event=(
        "closed", f"CIOT {op.codigo_ciot} encerrado na ANTT.",
        dict(request.payload) | {"protocolo": answer.protocolo, "attempt_id": str(request.id)}))


# --- The protocol's handler for rectify, cancel and close (domain/ciot/protocol.py) -------------------------------

def settled_before(op: CiotOperation, request: EmissionAttempt, *, record: bool = False, actor=None):
    """Asked only while the operation is still emitido; else the request ends failed (nothing sent)."""
    if op.status == states.EMITIDO:
        return None
    if not record:
        return True
    request.response = {"error": f"operação em '{op.status}', não emitida"}
    return protocol.FAILED


def ask(op: CiotOperation, request: EmissionAttempt, issuer: Company):
    provider, credentials = provider_and_credentials(op, issuer)
    signer = Issuer.from_company(issuer)
    if request.action == "cancel":
        return provider.cancel(op, signer, credentials, motivo=request.payload["motivo"])
    if request.action == "close":
        return provider.close(op, signer, credentials, closing=closing_of(request))
    return provider.rectify(op, signer, credentials, changes=_payload_changes(request))


RECORDERS = {"rectify": _record_rectification, "cancel": _record_cancellation, "close": _record_closing}


def succeeded(op: CiotOperation, request: EmissionAttempt, answer, *, actor) -> str:
    RECORDERS[request.action](op, request, answer, actor=actor)
    request.response = answer.as_dict()
    return protocol.SUCCEEDED


def rejected(op: CiotOperation, request: EmissionAttempt, answer, *, actor) -> str:
    what = WHAT[request.action]
    op.mensagem_antt = answer.mensagem
    request.response = answer.as_dict()
    record_event(op, f"{KIND[request.action]}_rejected", f"{what} rejeitado(a) pela ANTT: {answer.mensagem}",
                 {"mensagem_antt": answer.mensagem, "attempt_id": str(request.id)}, actor=actor_label(actor))
    return protocol.REJECTED


def failed(op: CiotOperation, request: EmissionAttempt, error: str, *, actor) -> None:
    """Nothing changed at the authority: the operation stays as it was; the timeline says why."""
    what = WHAT[request.action]
    record_event(op, f"{KIND[request.action]}_failed", f"{what} não concluído(a): falha ao falar com a ANTT. "
                 f"{error}"[:1000], {"error": error, "attempt_id": str(request.id)}, actor=actor_label(actor))


# The protocol's job (domain/ciot/protocol_job.py) finds this module's ask / succeeded / rejected / failed here.
register_handler(__name__, "rectify", "cancel", "close")
