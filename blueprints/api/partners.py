"""Public API: business partners (reference: docs/api/partners-fleet.md)."""
from core.api import endpoint, tag
from core.pagination import paginate
from core.responses import ErrorCode
from core.tenancy import get_owned
from domain.partners import services
from domain.partners.models import Partner
from domain.partners.queries import PARTNER_LIST_COLUMNS, partner_listing
from domain.partners.schemas import PartnerCreate, PartnerListQuery, PartnerUpdate
from domain.partners.serializers import (
    PartnerDetailResponse,
    PartnerList,
    PartnerResponse,
    partner_detail_dict,
    partner_dict,
)

TAGS = (tag("parceiros", "Parceiros de negócio (clientes, fornecedores, contratados...): cadastro, consulta e "
                         "desativação. Contas bancárias são só leitura pela API."),)
PARTNER_EXISTS = ErrorCode(409, "partner_cpf_cnpj_exists", "Já existe um parceiro com este CPF/CNPJ nesta empresa.",
                           schema="ConflictError", extra={"existing_id": "6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5"})
READ_ONLY = ("bank_accounts",)  # managed in the pages only: sending them is a 400, not a silent no-op



@endpoint("/partners", "GET", query=PartnerListQuery, tags=TAGS, response=PartnerList,
          summary="Lista parceiros (q, role, only_active, created_before), mais novos primeiro.")
def list_partners(ctx):
    query = ctx.query
    stmt = partner_listing(ctx.account.id, q=query.q, role=query.role, only_active=query.only_active,
                         created_before=query.created_before, columns=PARTNER_LIST_COLUMNS)
    return paginate(stmt, model=Partner, limit=query.limit, cursor=query.cursor, rows=True).envelope(partner_dict)


@endpoint("/partners", "POST", body=PartnerCreate, tags=TAGS, protected_fields=READ_ONLY, response=PartnerResponse,
          errors=(PARTNER_EXISTS,),
          summary="Cadastra um parceiro; 409 partner_cpf_cnpj_exists se o CPF/CNPJ já existe.")
def create_partner(ctx):
    partner = services.create_partner(ctx.company, ctx.body, actor=ctx.api_key)
    return {"data": partner_dict(partner)}


@endpoint("/partners/<partner_id>", "GET", tags=TAGS, response=PartnerDetailResponse,
          summary="Um parceiro, com suas contas bancárias.")
def get_partner(ctx, partner_id):
    return {"data": partner_detail_dict(get_owned(Partner, partner_id))}


@endpoint("/partners/<partner_id>", "PATCH", body=PartnerUpdate, tags=TAGS, protected_fields=READ_ONLY,
          response=PartnerResponse, errors=(PARTNER_EXISTS,),
          summary="Altera os campos enviados; is_active=false desativa (não há DELETE).")
def update_partner(ctx, partner_id):
    partner = get_owned(Partner, partner_id, for_update=True)
    services.update_partner(partner, ctx.body)
    return {"data": partner_dict(partner)}
