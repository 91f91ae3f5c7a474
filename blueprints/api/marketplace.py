"""Public API: the marketplace showcase and lead form (no key), and the company's leads (docs/api/marketplace.md)."""
from flask import request

from core.api import endpoint, tag
from core.pagination import paginate
from core.responses import ErrorCode
from domain.freights.models import Freight
from domain.marketplace import services
from domain.marketplace.models import MarketplaceLead
from domain.marketplace.queries import lead_row, leads_stmt, showcase_stmt
from domain.marketplace.schemas import LeadCountQuery, LeadCreate, LeadListQuery, LeadStatusChange, ShowcaseQuery
from domain.marketplace.serializers import (
    MarketplaceFreightList,
    MarketplaceFreightResponse,
    MarketplaceLeadCountResponse,
    MarketplaceLeadList,
    MarketplaceLeadOk,
    MarketplaceLeadResponse,
    lead_dict,
    public_freight_dict,
)

PUBLIC_TAGS = (tag("marketplace", "Vitrine pública de fretes e formulário de interesse de motoristas (sem chave)."),)
LEAD_TAGS = (tag("leads", "Leads de motoristas recebidos nos fretes públicos da empresa."),)
FREIGHT_TAKEN = ErrorCode(410, "freight_taken", services.GONE_MESSAGE)
SLUG_NOT_PUBLIC = ErrorCode(404, "not_found", services.NOT_PUBLIC_MESSAGE)
RATE_LIMITED = ErrorCode(429, "rate_limited", "Muitas requisições. Tente novamente em instantes.")


@endpoint("/marketplace/freights", "GET", public=True, query=ShowcaseQuery, tags=PUBLIC_TAGS,
          response=MarketplaceFreightList, operation_id="listMarketplaceFreights",
          summary="Fretes públicos publicados de todas as empresas, mais novos primeiro, com filtros.")
def list_marketplace_freights(ctx):
    page = paginate(showcase_stmt(ctx.query), model=Freight, limit=ctx.query.limit, cursor=ctx.query.cursor,
                    scope="marketplace", rows=True)
    return page.envelope(public_freight_dict)


@endpoint("/marketplace/freights/<slug>", "GET", public=True, tags=PUBLIC_TAGS, response=MarketplaceFreightResponse,
          errors=(FREIGHT_TAKEN,), operation_id="getMarketplaceFreight",
          summary="Um frete público pelo slug; 404 se não é público, 410 se já foi fechado.")
def get_marketplace_freight(ctx, slug):
    return {"data": public_freight_dict(services.find_public_freight(slug))}


@endpoint("/marketplace/leads", "POST", public=True, body=LeadCreate, success=200, tags=PUBLIC_TAGS,
          response=MarketplaceLeadOk, errors=(SLUG_NOT_PUBLIC, RATE_LIMITED), operation_id="createMarketplaceLead",
          rate_limit=(*services.LEAD_LIMIT, lambda ctx: services.lead_limit_key(request.remote_addr)),
          summary="Interesse de um motorista num frete público; 5 por minuto por IP; responde {ok: true}.")
def create_marketplace_lead(ctx):
    services.submit_lead(ctx.body, ip_addr=request.remote_addr, user_agent=request.headers.get("User-Agent"))
    return {"ok": True}


@endpoint("/leads", "GET", query=LeadListQuery, tags=LEAD_TAGS, response=MarketplaceLeadList,
          operation_id="listCompanyLeads", summary="Leads da empresa, mais novos primeiro (até 200 por página).")
def list_company_leads(ctx):
    q = ctx.query
    stmt = leads_stmt(ctx.account.id, status=q.status, freight_id=services.parse_freight_filter(q.freight_id))
    return paginate(stmt, model=MarketplaceLead, limit=q.limit, cursor=q.cursor, rows=True).envelope(lead_dict)


@endpoint("/leads/count", "GET", query=LeadCountQuery, tags=LEAD_TAGS, response=MarketplaceLeadCountResponse,
          operation_id="countNewLeads", summary="Quantos leads há num status (padrão: novo).")
def count_new_leads(ctx):
    return {"data": {"status": ctx.query.status, "count": services.count_leads(ctx.query.status)}}


@endpoint("/leads/<lead_id>", "PATCH", body=LeadStatusChange, tags=LEAD_TAGS, response=MarketplaceLeadResponse,
          operation_id="updateLeadStatus", summary="Muda o status do lead (novo, contatado, convertido, descartado).")
def update_lead_status(ctx, lead_id):
    lead = services.update_lead_status(lead_id, ctx.body.status)
    return {"data": lead_dict(lead_row(ctx.account.id, lead.id))}
