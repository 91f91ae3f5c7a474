"""Public API: outbound messages (docs/api/messages.md)."""
from core.api import endpoint
from core.errors import FieldError, NotFound
from core.pagination import paginate
from core.tenancy import company_select
from domain.freights.services import find_freight
from domain.messages import services
from domain.messages.models import Message
from domain.messages.schemas import MessageCreate, MessageListQuery
from domain.messages.serializers import message_dict

TAGS = ("mensagens",)


@endpoint("/messages", "POST", body=MessageCreate, success=202, tags=TAGS,
          summary="Enfileira uma mensagem (whatsapp, sms ou email) a partir de um modelo ou de um texto: 202 queued.")
def create_message(ctx):
    return {"data": message_dict(services.queue_message(ctx.company, ctx.body))}, 202


@endpoint("/messages", "GET", query=MessageListQuery, tags=TAGS,
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


@endpoint("/messages/<message_id>", "GET", tags=TAGS,
          summary="Uma mensagem: queued, sent, delivered ou failed (com failure_reason).")
def get_message(ctx, message_id):
    return {"data": message_dict(services.find_message(message_id))}
