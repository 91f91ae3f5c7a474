"""Public API: freights (docs/api/freights.md)."""
from core.api import endpoint
from core.pagination import paginate
from domain.freights import services
from domain.freights.models import Freight
from domain.freights.queries import freight_row, freights_stmt, status_history
from domain.freights.schemas import FreightCreate, FreightListQuery, FreightStatusChange, FreightUpdate
from domain.freights.serializers import freight_dict, status_change_dict

TAGS = ("fretes",)


def freight_body(company_id, freight: Freight) -> dict:
    return {"data": freight_dict(freight_row(company_id, freight.id))}


@endpoint("/freights", "GET", query=FreightListQuery, tags=TAGS,
          summary="Lista fretes (status, visibility, q, created_from/created_to), mais novos primeiro.")
def list_freights(ctx):
    query = ctx.query
    stmt = freights_stmt(ctx.account.id, statuses=query.statuses, visibility=query.visibility, q=query.q,
                         created_from=query.created_from, created_to=query.created_to)
    return paginate(stmt, model=Freight, limit=query.limit, cursor=query.cursor, rows=True).envelope(freight_dict)


@endpoint("/freights", "POST", body=FreightCreate, tags=TAGS,
          summary="Cria um frete (rascunho); código FRT-000001 sequencial por empresa.")
def create_freight(ctx):
    freight = services.create_freight(ctx.company, ctx.body, actor=ctx.api_key)
    return freight_body(ctx.account.id, freight)


@endpoint("/freights/<freight_id>", "GET", tags=TAGS, summary="Um frete, pelo id (uuid) ou pelo código (FRT-000123).")
def get_freight(ctx, freight_id):
    freight = services.find_freight(freight_id)
    body = freight_body(ctx.account.id, freight)
    body["data"]["status_history"] = [status_change_dict(c) for c in status_history(freight.id)]
    return body


@endpoint("/freights/<freight_id>", "PATCH", body=FreightUpdate, tags=TAGS,
          summary="Altera os campos enviados do frete (não o status).", protected_fields=("status", "code"))
def update_freight(ctx, freight_id):
    freight = services.find_freight(freight_id, for_update=True)
    services.update_freight(freight, ctx.body, sent_fields=set(ctx.raw) & set(FreightUpdate.model_fields))
    return freight_body(ctx.account.id, freight)


@endpoint("/freights/<freight_id>/status", "PATCH", body=FreightStatusChange, tags=TAGS,
          summary="Muda o status; fora de delivered/cancelled → 422 invalid_status. Cada mudança fica no histórico.")
def change_freight_status(ctx, freight_id):
    freight = services.find_freight(freight_id, for_update=True)
    services.change_status(freight, ctx.body.status, note=ctx.body.note, actor=ctx.api_key)
    return freight_body(ctx.account.id, freight)
