"""Public API: CIOT operations (reference: docs/api/ciot.md).

Action endpoints (validate, emit, retificar, cancel, encerrar) answer errors with the envelope plus top-level
`ok: false, reason, mensagem`. Emit, retificar, cancel, encerrar and creation with auto_emit are requests to the
authority (domain/ciot/protocol.py): the domain commits the request, the job asks, and the answer is the outcome
when it is known within AUTHORITY_WAIT_SECONDS, else 202 with the operation pending and a `Location` to poll.
"""
import contextlib

from flask import url_for

from core.api import endpoint, interim_response, tag
from core.errors import AppError
from core.responses import ErrorCode
from domain.ciot import serializers, services
from domain.ciot.pending_answers import CiotActionPending, action_pending
from domain.ciot.schemas import CancelBody, CloseBody, OperationCreate, OperationListQuery, OperationUpdate, RectifyBody
from domain.ciot.serializers import (
    CiotActionDone,
    CiotCreateResponse,
    CiotEmitPending,
    CiotEmitted,
    CiotOperationList,
    CiotOperationResponse,
    CiotValidated,
)

TAGS = (tag("ciot", "Operações CIOT por viagem: criar, validar, emitir na ANTT, retificar, cancelar, encerrar e "
                    "exportar PDF. Erros das ações trazem também `ok: false`, `reason` e `mensagem`."),)


def _action(http_status: int, code: str, example: str, **extra) -> ErrorCode:
    return ErrorCode(http_status, code, example, schema=serializers.CiotActionError.__name__, extra=extra)


def _status_error(example: str, current: str = "emitido") -> ErrorCode:
    return ErrorCode(422, "invalid_status", example, extra={"status": current})


CODIGO_EXISTS = ErrorCode(409, "codigo_ciot_exists", "Já existe uma operação com o codigo_ciot 123456789012 nesta "
                          "empresa.", schema="ConflictError",
                          extra={"existing_id": "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a"})
NOT_EDITABLE = _status_error("A operação está em 'emitido': alterações só são aceitas antes da emissão (rascunho, "
                             "validado, com_divergencia, pronto_emissao ou rejeitado).")
NOT_DELETABLE = _status_error("A operação está em 'emitido': só operações ainda não emitidas (rascunho, validado, "
                              "com_divergencia, pronto_emissao) podem ser excluídas; uma operação emitida é "
                              "cancelada com POST /cancel.")
ACTION_STATUS = _action(422, "invalid_status", "Só é possível cancelar uma operação emitida (status atual: "
                                               "rascunho).", status="rascunho")
VALIDATION_BLOCKED = _action(422, "validation_blocked", "Emissão bloqueada pela validação (1 bloqueio(s): PRV04). "
                             "Corrija e tente novamente.", status="com_divergencia",
                             validation={"items": [{"code": "PRV04", "severity": "blocker",
                                                    "field": "codigo_natureza_carga",
                                                    "message": "codigo_natureza_carga é obrigatório."}],
                                         "summary": {"ok": False, "blockers": 1, "warnings": 0}})
REJECTED = _action(422, "rejected", "Emissão rejeitada pela ANTT: RNTRC do contratado inválido.", status="rejeitado",
                   mensagem_antt="RNTRC do contratado inválido.")
MISSING_CREDENTIALS = _action(422, "missing_credentials", "Credenciais de produção do CIOT não cadastradas para a "
                              "empresa Transportadora Exemplo Ltda.",
                              company_id="3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b")
NOT_SUPPORTED = _action(422, "not_supported", "Retificação disponível apenas para empresas no fluxo legado de "
                                              "integração CIOT (ciot_flow=legacy).")
PROVIDER_UNAVAILABLE = _action(503, "provider_unavailable", "Falha técnica ao falar com o provedor CIOT; nada foi "
                                                            "emitido. Tente novamente.", status="pronto_emissao")
ACTION_NOT_FOUND = _action(404, "not_found", "Registro não encontrado.")
RECTIFY_EMPTY = ErrorCode(400, "invalid_body", "Informe ao menos um campo a retificar: valor_frete, peso_carga, "
                          "data_declaracao, viagem_inicio, viagem_fim, payments, documents.", schema="CiotActionError",
                          details=(("body", "required", "Nenhum campo retificável enviado."),))
BASE = "/ciot/operations"
ONE = BASE + "/<operation_id>"
# company_id is refused everywhere by core.api already
PATCH_PROTECTED = ("id", "codigo_ciot", "codigo_verificador", "protocolo", "status", "environment")


@contextlib.contextmanager
def ciot_action():
    """Errors of an action carry `ok: false, reason, mensagem` (a refusal's records are kept by the decorator)."""
    try:
        yield
    except AppError as exc:
        as_action_error(exc)  # the same error, now also carrying ok/reason/mensagem
        raise


def as_action_error(exc: AppError) -> AppError:
    """An action's error also answers `ok: false, reason, mensagem` beside the envelope."""
    if not exc.top_level:
        exc.top_level = serializers.action_error_top_level(exc.code, exc.message)
    return exc


@endpoint(BASE, "POST", body=OperationCreate, tags=TAGS, response=CiotCreateResponse,
          operation_id="createCiotOperation", errors=(CODIGO_EXISTS,),
          summary="Cria uma operação CIOT (valida e emite conforme auto_validate/auto_emit) ou importa um CIOT "
                  "emitido em contingência (codigo_ciot).")
def create_operation(ctx):
    result = services.create_operation(ctx.company, ctx.body, actor=ctx.api_key, interim=_interim_creation)
    if result.imported:
        return serializers.imported_dict(result.op), 201
    emission = result.outcome.as_creation_dict() if result.outcome is not None else None
    return serializers.created_dict(result.op, result.validation, emission), 201


def _interim_creation(result) -> None:
    """What the creation answers if anything fails after its emission claim was committed: created, emitting."""
    pending = services.AuthorityOutcome(result.op, "emit", "claimed")
    interim_response(serializers.created_dict(result.op, result.validation, pending.as_creation_dict()), 201)


def _interim_emission(pending) -> None:
    interim_response(serializers.emit_answer(pending), 202)


def _interim_action(pending) -> None:
    interim_response(action_pending(pending), 202)


def _location(op) -> dict:
    """Where a client polls a request still waiting for the authority: the operation."""
    return {"Location": url_for("api.ciot_get_operation", operation_id=str(op.id))}


def _answer(outcome, done):
    """An action's answer: its error (422 rejected / refused, 503 failed), 202 pending with the operation and a
    Location, or `done` (200)."""
    error = outcome.as_error()
    if error is not None:
        raise error
    if outcome.pending:
        return action_pending(outcome), 202, _location(outcome.op)
    return done, 200


@endpoint(BASE, "GET", query=OperationListQuery, tags=TAGS, response=CiotOperationList,
          operation_id="listCiotOperations", summary="Lista as operações CIOT (mais novas primeiro).")
def list_operations(ctx):
    q = ctx.query
    page = services.list_operations(status=q.statuses, tipo_operacao=q.tipo_operacao,
                                    date_from=q.date_from, date_to=q.date_to, limit=q.limit, cursor=q.cursor)
    return page.envelope(serializers.operation_summary)


@endpoint(ONE, "GET", tags=TAGS, response=CiotOperationResponse, operation_id="getCiotOperation",
          summary="Operação completa com contratantes, veículos, pagamentos, documentos e os últimos 50 eventos.")
def get_operation(ctx, operation_id):
    return {"data": serializers.operation_record(services.get_operation(operation_id))}


@endpoint(ONE, "PATCH", body=OperationUpdate, tags=TAGS, protected_fields=PATCH_PROTECTED,
          response=CiotOperationResponse, operation_id="updateCiotOperation", errors=(NOT_EDITABLE,),
          summary="Altera uma operação ainda não emitida; listas enviadas substituem as atuais.")
def update_operation(ctx, operation_id):
    op, _ = services.update_operation(ctx.company, operation_id, ctx.body, set(ctx.raw), actor=ctx.api_key)
    return {"data": serializers.operation_record(op)}


@endpoint(ONE, "DELETE", tags=TAGS, response=CiotOperationResponse, operation_id="deleteCiotOperation",
          errors=(NOT_DELETABLE,), summary="Cancela uma operação ainda não emitida (nada é enviado à ANTT).")
def delete_operation(ctx, operation_id):
    op = services.delete_operation(operation_id, actor=ctx.api_key)
    return {"data": serializers.operation_record(op)}


@endpoint(ONE + "/validate", "POST", tags=TAGS, success=200, response=CiotValidated,
          operation_id="validateCiotOperation", errors=(ACTION_NOT_FOUND, ACTION_STATUS),
          summary="Refaz as validações e atualiza o status.")
def validate_operation(ctx, operation_id):
    with ciot_action():
        op, result = services.validate_operation_service(ctx.company, operation_id, actor=ctx.api_key)
    return {"data": serializers.operation_record(op), "validation": result.as_dict()}


@endpoint(ONE + "/emit", "POST", tags=TAGS, success=200, response=CiotEmitted, responses={202: CiotEmitPending},
          operation_id="emitCiotOperation", errors=(ACTION_NOT_FOUND, ACTION_STATUS, VALIDATION_BLOCKED, REJECTED,
                                                   MISSING_CREDENTIALS, NOT_SUPPORTED, PROVIDER_UNAVAILABLE),
          summary="Valida e emite na ANTT: 200 emitido, 422 bloqueado/rejeitado, 202 se ainda em andamento.")
def emit_operation(ctx, operation_id):
    with ciot_action():
        outcome = services.emit_operation(ctx.company, operation_id, actor=ctx.api_key, interim=_interim_emission)
        error = outcome.as_error()
        if error is not None:
            raise error
    if outcome.ok:
        return serializers.emit_answer(outcome), 200
    return serializers.emit_answer(outcome), 202, _location(outcome.op)


@endpoint(ONE + "/retificar", "POST", body=RectifyBody, tags=TAGS, success=200, response=CiotActionDone,
          responses={202: CiotActionPending}, operation_id="rectifyCiotOperation",
          errors=(ACTION_NOT_FOUND, ACTION_STATUS, REJECTED, NOT_SUPPORTED, RECTIFY_EMPTY, VALIDATION_BLOCKED,
                  MISSING_CREDENTIALS, PROVIDER_UNAVAILABLE),
          summary="Retifica uma operação emitida (fluxo legado; mantém o codigo_ciot).")
def rectify_operation(ctx, operation_id):
    with ciot_action():
        outcome = services.rectify_operation(ctx.company, operation_id, ctx.body, set(ctx.raw), actor=ctx.api_key,
                                             interim=_interim_action)
        return _answer(outcome, {"ok": True, "mensagem": outcome.mensagem})


@endpoint(ONE + "/cancel", "POST", body=CancelBody, tags=TAGS, success=200, response=CiotActionDone,
          responses={202: CiotActionPending}, operation_id="cancelCiotOperation",
          errors=(ACTION_NOT_FOUND, ACTION_STATUS, REJECTED, MISSING_CREDENTIALS, PROVIDER_UNAVAILABLE),
          summary="Cancela na ANTT uma operação emitida (até 24 h após o início da viagem).")
def cancel_operation(ctx, operation_id):
    with ciot_action():
        outcome = services.cancel_operation(ctx.company, operation_id, motivo=ctx.body.motivo, actor=ctx.api_key,
                                            interim=_interim_action)
        return _answer(outcome, {"ok": True, "mensagem": outcome.mensagem})


@endpoint(ONE + "/encerrar", "POST", body=CloseBody, tags=TAGS, success=200, response=CiotActionDone,
          responses={202: CiotActionPending}, operation_id="closeCiotOperation",
          errors=(ACTION_NOT_FOUND, ACTION_STATUS, REJECTED, MISSING_CREDENTIALS, PROVIDER_UNAVAILABLE),
          summary="Encerra na ANTT uma operação emitida.")
def close_operation(ctx, operation_id):
    with ciot_action():
        outcome = services.close_operation(ctx.company, operation_id, ctx.body, actor=ctx.api_key,
                                           interim=_interim_action)
        return _answer(outcome, {"ok": True, "mensagem": outcome.mensagem})
