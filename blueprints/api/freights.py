"""Public API: freights (docs/api/freights.md)."""
from core.api import endpoint, tag
from core.pagination import paginate
from core.responses import ErrorCode
from domain.freights import services
from domain.freights.models import Freight
from domain.freights.queries import freight_listing, freight_row, status_history
from domain.freights.schemas import (
    FreightCreate,
    FreightListQuery,
    FreightStatusChange,
    FreightUpdate,
    date_order_message,
)
from domain.freights.serializers import (
    FreightDetailResponse,
    FreightList,
    FreightResponse,
    freight_dict,
    status_change_dict,
)

TAGS = (tag("fretes", "Fretes da empresa: cadastro, consulta, alteração e mudança de status com histórico. "
                      "Aceitos pelo id (uuid) ou pelo código (FRT-000123)."),)

# The freights area's errors (domain/freights/services.py). A carrier_id, driver_id, vehicle_id or simulation_id
# that is not the company's is 404 not_found naming the field (core.openapi adds it for every `*_id` field).
DRIVER_INACTIVE = ErrorCode(422, "driver_inactive", "O motorista João da Silva está inativo.",
                            details=(("driver_id", "driver_inactive", "O motorista João da Silva está inativo."),))
DRIVER_CNH_EXPIRED = ErrorCode(422, "driver_cnh_expired", "A CNH do motorista João da Silva venceu em 10/01/2026.",
                               details=(("driver_id", "driver_cnh_expired", "CNH vencida."),))
VEHICLE_INACTIVE = ErrorCode(422, "vehicle_inactive", "O veículo ABC1D23 está inativo.",
                             details=(("vehicle_id", "vehicle_inactive", "O veículo ABC1D23 está inativo."),))
DATE_ORDER = ErrorCode(400, "invalid_body", f"Campo inválido: pickup_until. {date_order_message('pickup_at')}",
                       details=(("pickup_until", "date_order", date_order_message("pickup_at")),))
FREIGHT_CLOSED = ErrorCode(422, "invalid_status", "Frete entregue não pode ser alterado.")
STATUS_FINAL = ErrorCode(422, "invalid_status", "O frete está cancelado; o status não pode mais mudar.",
                         details=(("status", "invalid_status", "Status final."),))
ASSIGNMENT_REQUIRED = ErrorCode(422, "assignment_required",
                                "Para coletado o frete precisa de motorista e veículo.",
                                details=(("driver_id", "required", "Informe o motorista."),
                                         ("vehicle_id", "required", "Informe o veículo.")))
ASSIGNMENT_ERRORS = (DRIVER_INACTIVE, DRIVER_CNH_EXPIRED, VEHICLE_INACTIVE, DATE_ORDER)


def freight_body(company_id, freight: Freight) -> dict:
    return {"data": freight_dict(freight_row(company_id, freight.id))}


@endpoint("/freights", "GET", query=FreightListQuery, tags=TAGS, response=FreightList,
          summary="Lista fretes (status, visibility, q, created_from/created_to), mais novos primeiro.")
def list_freights(ctx):
    query = ctx.query
    stmt = freight_listing(ctx.account.id, statuses=query.statuses, visibility=query.visibility, q=query.q,
                         created_from=query.created_from, created_to=query.created_to)
    return paginate(stmt, model=Freight, limit=query.limit, cursor=query.cursor, rows=True).envelope(freight_dict)


@endpoint("/freights", "POST", body=FreightCreate, tags=TAGS, response=FreightResponse, errors=ASSIGNMENT_ERRORS,
          summary="Cria um frete (rascunho); código FRT-000001 sequencial por empresa.")
def create_freight(ctx):
    freight = services.create_freight(ctx.company, ctx.body, actor=ctx.api_key)
    return freight_body(ctx.account.id, freight)


@endpoint("/freights/<freight_id>", "GET", tags=TAGS, response=FreightDetailResponse,
          summary="Um frete, pelo id (uuid) ou pelo código (FRT-000123), com o histórico de status.")
def get_freight(ctx, freight_id):
    freight = services.find_freight(freight_id)
    body = freight_body(ctx.account.id, freight)
    body["data"]["status_history"] = [status_change_dict(c) for c in status_history(freight.id)]
    return body


@endpoint("/freights/<freight_id>", "PATCH", body=FreightUpdate, tags=TAGS, response=FreightResponse,
          errors=(*ASSIGNMENT_ERRORS, FREIGHT_CLOSED),
          summary="Altera os campos enviados do frete (não o status); entregue ou cancelado → 422 invalid_status.",
          protected_fields=("status", "code"))
def update_freight(ctx, freight_id):
    freight = services.find_freight(freight_id, for_update=True)
    services.update_freight(freight, ctx.body, sent_fields=set(ctx.raw) & set(FreightUpdate.model_fields))
    return freight_body(ctx.account.id, freight)


@endpoint("/freights/<freight_id>/status", "PATCH", body=FreightStatusChange, tags=TAGS, response=FreightResponse,
          errors=(STATUS_FINAL, ASSIGNMENT_REQUIRED, DRIVER_INACTIVE, DRIVER_CNH_EXPIRED, VEHICLE_INACTIVE),
          operation_id="changeFreightStatus",
          summary="Muda o status; fora de delivered/cancelled → 422 invalid_status. Cada mudança fica no histórico.")
def change_freight_status(ctx, freight_id):
    freight = services.find_freight(freight_id, for_update=True)
    services.change_status(freight, ctx.body.status, note=ctx.body.note, actor=ctx.api_key)
    return freight_body(ctx.account.id, freight)
