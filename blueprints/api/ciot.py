"""Public API: CIOT operations (public-api.md "CIOT operations"; choices in docs/api/ciot.md).

Action endpoints (validate, emit, retificar, cancel, encerrar) answer errors with the envelope plus top-level
`ok: false, reason, mensagem`. /emit and creation with auto_emit commit the claim, let the job run (inline) or
wait for the worker up to CIOT_EMIT_WAIT_SECONDS, then answer with the result (202 while still running).
"""
import contextlib

from flask import current_app

from core.api import endpoint, interim_response
from core.errors import AppError
from core.queue import commit, undelivered_jobs
from domain.ciot import serializers, services
from domain.ciot.schemas import (CancelBody, CloseBody, OperationCreate, OperationListQuery, OperationUpdate,
                                 RectifyBody)

TAGS = ("ciot",)
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
        raise as_action_error(exc)


def as_action_error(exc: AppError) -> AppError:
    """An action's error also answers `ok: false, reason, mensagem` beside the envelope."""
    if not exc.top_level:
        exc.top_level = {"ok": False, "reason": exc.code, "mensagem": exc.message}
    return exc


def _wait_seconds() -> float:
    if undelivered_jobs():  # Redis did not take the job (it waits in the outbox): nothing will run meanwhile
        return 0.0
    return float(current_app.config.get("CIOT_EMIT_WAIT_SECONDS", 10))


def _emission_data(op) -> dict:
    return {"id": str(op.id), "code": op.code, "status": op.status, "environment": op.environment,
            "codigo_ciot": op.codigo_ciot, "codigo_verificador": op.codigo_verificador, "protocolo": op.protocolo,
            "emitter_company_id": str(op.emitter_company_id) if op.emitter_company_id else None}


@endpoint(BASE, "POST", body=OperationCreate, tags=TAGS,
          summary="Cria uma operação CIOT (valida e emite conforme auto_validate/auto_emit) ou importa um CIOT "
                  "emitido em contingência (codigo_ciot).")
def create_operation(ctx):
    result = services.create_operation(ctx.company, ctx.body, actor=ctx.api_key)
    op = result.op
    if result.imported:
        return {"mode": "imported",
                "data": {"id": str(op.id), "status": op.status, "contingencia": op.contingencia,
                         "codigo_ciot": op.codigo_ciot},
                "validation": None, "emission": None}, 201
    emission = None
    if result.emission is not None:
        interim_response(_created(op, result, _in_progress(op)), 201)
        commit()  # the claim must be visible to the worker (inline: the job runs here)
        outcome = services.settle_emission(result.emission, timeout=_wait_seconds())
        op = outcome.op
        emission = outcome.as_creation_dict()
    return _created(op, result, emission), 201


def _created(op, result, emission) -> dict:
    return {"data": {"id": str(op.id), "code": op.code, "status": op.status, "codigo_ciot": op.codigo_ciot,
                     "protocolo": op.protocolo},
            "validation": result.validation.as_dict() if result.validation is not None else None,
            "emission": emission}


def _in_progress(op) -> dict:
    """The answer of an emission still running: the operation in `emitindo` (the job runs when it can)."""
    return services.EmissionOutcome(op, "claimed").as_creation_dict()


@endpoint(BASE, "GET", query=OperationListQuery, tags=TAGS, summary="Lista as operações CIOT (mais novas primeiro).")
def list_operations(ctx):
    q = ctx.query
    page = services.list_operations(status=q.statuses, tipo_operacao=q.tipo_operacao,
                                    date_from=q.date_from, date_to=q.date_to, limit=q.limit, cursor=q.cursor)
    return page.envelope(serializers.operation_summary)


@endpoint(ONE, "GET", tags=TAGS, summary="Operação completa com contratantes, veículos, pagamentos, documentos e "
                                          "os últimos 50 eventos.")
def get_operation(ctx, operation_id):
    return {"data": serializers.operation_record(services.get_operation(operation_id))}


@endpoint(ONE, "PATCH", body=OperationUpdate, tags=TAGS, protected_fields=PATCH_PROTECTED,
          summary="Altera uma operação ainda não emitida; listas enviadas substituem as atuais.")
def update_operation(ctx, operation_id):
    op, _ = services.update_operation(ctx.company, operation_id, ctx.body, set(ctx.raw), actor=ctx.api_key)
    return {"data": serializers.operation_record(op)}


@endpoint(ONE, "DELETE", tags=TAGS, summary="Cancela uma operação ainda não emitida (nada é enviado à ANTT).")
def delete_operation(ctx, operation_id):
    op = services.delete_operation(operation_id, actor=ctx.api_key)
    return {"data": serializers.operation_record(op)}


@endpoint(ONE + "/validate", "POST", tags=TAGS, success=200, summary="Refaz as validações e atualiza o status.")
def validate_operation(ctx, operation_id):
    with ciot_action():
        op, result = services.validate_operation_service(ctx.company, operation_id, actor=ctx.api_key)
    return {"data": serializers.operation_record(op), "validation": result.as_dict()}


@endpoint(ONE + "/emit", "POST", tags=TAGS, success=200,
          summary="Valida e emite na ANTT: 200 emitido, 422 bloqueado/rejeitado, 202 se ainda em andamento.")
def emit_operation(ctx, operation_id):
    with ciot_action():
        request = services.request_emission(ctx.company, operation_id, actor=ctx.api_key)
        if request.error is None:
            interim_response(_emit_answer(services.EmissionOutcome(request.op, "claimed")), 202)
        commit()  # claim visible to the worker; inline, the job runs here
        outcome = services.settle_emission(request, timeout=_wait_seconds())
        error = outcome.as_error()
        if error is not None:
            raise error
    return _emit_answer(outcome), (200 if outcome.ok else 202)


def _emit_answer(outcome) -> dict:
    data = _emission_data(outcome.op)
    if outcome.ok:
        return {"ok": True, "mensagem": outcome.mensagem, "data": data}
    return {"ok": False, "status": outcome.op.status, "reason": outcome.reason, "mensagem": outcome.mensagem,
            "data": data}


@endpoint(ONE + "/retificar", "POST", body=RectifyBody, tags=TAGS, success=200,
          summary="Retifica uma operação emitida (fluxo legado; mantém o codigo_ciot).")
def rectify_operation(ctx, operation_id):
    with ciot_action():
        _, mensagem = services.rectify_operation(ctx.company, operation_id, ctx.body, set(ctx.raw),
                                                 actor=ctx.api_key)
    return {"ok": True, "mensagem": mensagem}


@endpoint(ONE + "/cancel", "POST", body=CancelBody, tags=TAGS, success=200,
          summary="Cancela na ANTT uma operação emitida (até 24 h após o início da viagem).")
def cancel_operation(ctx, operation_id):
    with ciot_action():
        _, mensagem = services.cancel_operation(ctx.company, operation_id, motivo=ctx.body.motivo,
                                                actor=ctx.api_key)
    return {"ok": True, "mensagem": mensagem}


@endpoint(ONE + "/encerrar", "POST", body=CloseBody, tags=TAGS, success=200,
          summary="Encerra na ANTT uma operação emitida.")
def close_operation(ctx, operation_id):
    with ciot_action():
        _, mensagem = services.close_operation(ctx.company, operation_id, ctx.body, actor=ctx.api_key)
    return {"ok": True, "mensagem": mensagem}
