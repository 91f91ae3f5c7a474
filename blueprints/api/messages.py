"""Public API: outbound messages (docs/api/messages.md)."""
from flask import Response, request

from core.api import endpoint, tag
from core.errors import FieldError, InvalidBody, NotFound
from core.pagination import paginate
from core.responses import ErrorCode
from core.tenancy import company_select, tenant_scope
from domain.freights.services import find_freight
from domain.messages import services
from domain.messages.models import Message
from domain.messages.schemas import MessageCreate, MessageListQuery
from domain.messages.serializers import CallbackAck, MessageList, MessageResponse, message_dict

TAGS = (tag("mensagens", "Mensagens de WhatsApp, SMS e e-mail aos contatos de um frete: envio por modelo ou texto, "
                         "consulta do status de entrega e os retornos (callbacks) dos provedores."),)

FREIGHT_NOT_FOUND = ErrorCode(404, "not_found", "Frete não encontrado.",
                              details=(("freight_id", "not_found", "Frete não encontrado."),))
UNKNOWN_TEMPLATE = ErrorCode(422, "unknown_template", "Modelo de mensagem desconhecido: coleta_agendada.",
                             details=(("template", "unknown_template", "Modelo não encontrado."),))
MISSING_VARIABLE = ErrorCode(422, "missing_variable", "Variáveis ausentes para o modelo frete_aceito: motorista.",
                             details=(("variables.motorista", "missing_variable", "Informe esta variável."),))
BAD_STATUS = ErrorCode(400, "invalid_body", "Envie id e status (delivered ou failed).",
                       details=(("status", "invalid", "Use delivered ou failed."),))


@endpoint("/messages", "POST", body=MessageCreate, success=202, tags=TAGS,
          response=MessageResponse, errors=(FREIGHT_NOT_FOUND, UNKNOWN_TEMPLATE, MISSING_VARIABLE),
          summary="Enfileira uma mensagem (whatsapp, sms ou email) a partir de um modelo ou de um texto: 202 queued.")
def create_message(ctx):
    return {"data": message_dict(services.queue_message(ctx.company, ctx.body))}, 202


@endpoint("/messages", "GET", query=MessageListQuery, tags=TAGS, response=MessageList,
          errors=(FREIGHT_NOT_FOUND,),
          summary="Lista mensagens, mais novas primeiro; freight_id (uuid ou código) filtra as de um frete.")
def list_messages(ctx):
    query = ctx.query
    stmt = company_select(Message, ctx.account.id)
    if query.freight_id:
        try:
            freight = find_freight(query.freight_id)
        except NotFound:
            raise NotFound("Frete não encontrado.",
                           details=[FieldError("freight_id", "not_found", "Frete não encontrado.")]) from None
        stmt = stmt.where(Message.freight_id == freight.id)
    if query.status:
        stmt = stmt.where(Message.status == query.status)
    return paginate(stmt, model=Message, limit=query.limit, cursor=query.cursor).envelope(message_dict)


@endpoint("/messages/<message_id>", "GET", tags=TAGS, response=MessageResponse,
          summary="Uma mensagem: queued, sent, delivered ou failed (com failure_reason).")
def get_message(ctx, message_id):
    return {"data": message_dict(services.find_message(message_id))}


# --- Delivery-status callbacks (called by the providers, without an API key) -----------------------------------

def _callback_setting(token: str, provider: str):
    setting = services.channel_by_callback_token(token)
    if setting is None or setting.provider != provider:
        raise NotFound("Canal não encontrado.")
    return setting


@endpoint("/messages/callbacks/whatsapp/<token>", "GET", public=True, tags=TAGS,
          response_kind="text",
          summary="Verificação do webhook do WhatsApp: devolve hub.challenge em text/plain.\n"
                  "Chamada pela Meta ao cadastrar o webhook, com hub.verify_token igual ao token da URL; outro "
                  "token → 404.")
def whatsapp_callback_verify(ctx, token):
    _callback_setting(token, "whatsapp_cloud")
    if request.args.get("hub.verify_token") != token:
        raise NotFound("Canal não encontrado.")
    return Response(request.args.get("hub.challenge", ""), mimetype="text/plain")


@endpoint("/messages/callbacks/whatsapp/<token>", "POST", public=True, success=200, tags=TAGS,
          response=CallbackAck, operation_id="whatsappCallback",
          summary="Status de entrega do WhatsApp Cloud API (statuses: delivered, read, failed).")
def whatsapp_callback(ctx, token):
    setting = _callback_setting(token, "whatsapp_cloud")
    updated = 0
    with tenant_scope(setting.company_id):
        for provider_id, status, reason in services.whatsapp_statuses(ctx.raw):
            updated += services.record_provider_status(provider_id, status, reason) is not None
    return {"ok": True, "updated": updated}


@endpoint("/messages/callbacks/sms/<token>", "POST", public=True, success=200, tags=TAGS,
          response=CallbackAck, errors=(BAD_STATUS,), operation_id="smsCallback",
          summary="Status de entrega do provedor de SMS: {id, status: delivered|failed, reason}.")
def sms_callback(ctx, token):
    setting = _callback_setting(token, "sms_http")
    raw = ctx.raw
    status = raw.get("status")
    if not isinstance(raw.get("id"), str | int) or status not in ("delivered", "failed"):
        raise InvalidBody("Envie id e status (delivered ou failed).",
                          details=[FieldError("status", "invalid", "Use delivered ou failed.")])
    with tenant_scope(setting.company_id):
        found = services.record_provider_status(str(raw["id"]), status, str(raw.get("reason") or "")[:500] or None)
    return {"ok": True, "updated": int(found is not None)}
