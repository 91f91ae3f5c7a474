"""Public API: business partners (public-api.md "Partner", "Partners"; docs/api/partners-fleet.md)."""
from core.api import endpoint
from core.db import iso
from core.pagination import paginate
from core.tenancy import get_owned
from domain.partners import services
from domain.partners.models import Partner, PartnerBankAccount
from domain.partners.queries import PARTNER_LIST_COLUMNS, partners_stmt
from domain.partners.schemas import PARTNER_FIELDS, PartnerCreate, PartnerListQuery, PartnerUpdate

TAGS = ("parceiros",)
READ_ONLY = ("bank_accounts",)  # managed in the pages only: sending them is a 400, not a silent no-op


def partner_dict(partner: Partner, *, with_bank_accounts: bool = False) -> dict:
    data = {"id": str(partner.id)}
    data.update({name: getattr(partner, name) for name in PARTNER_FIELDS})
    data["roles"] = list(partner.roles or [])
    data["created_at"], data["updated_at"] = iso(partner.created_at), iso(partner.updated_at)
    if with_bank_accounts:
        data["bank_accounts"] = [bank_account_dict(account) for account in partner.bank_accounts]
    return data


PARTNER_KEYS = tuple(column.key for column in PARTNER_LIST_COLUMNS)


def partner_row(row) -> dict:
    """A list row (PARTNER_LIST_COLUMNS) as partner_dict would write it, built straight from the row."""
    data = dict(zip(PARTNER_KEYS, row))
    data["id"] = str(data["id"])
    data["roles"] = list(data["roles"] or [])
    data["created_at"], data["updated_at"] = iso(data["created_at"]), iso(data["updated_at"])
    return data


def bank_account_dict(account: PartnerBankAccount) -> dict:
    return {"id": str(account.id), "bank_code": account.bank_code, "agency": account.agency,
            "account": account.account, "account_type": account.account_type, "pix_key": account.pix_key,
            "pix_key_type": account.pix_key_type, "holder_name": account.holder_name,
            "holder_document": account.holder_document, "created_at": iso(account.created_at),
            "updated_at": iso(account.updated_at)}


@endpoint("/partners", "GET", query=PartnerListQuery, tags=TAGS,
          summary="Lista parceiros (q, role, only_active, created_before), mais novos primeiro.")
def list_partners(ctx):
    query = ctx.query
    stmt = partners_stmt(ctx.account, q=query.q, role=query.role, only_active=query.only_active,
                         created_before=query.created_before, columns=PARTNER_LIST_COLUMNS)
    return paginate(stmt, model=Partner, limit=query.limit, cursor=query.cursor, rows=True).envelope(partner_row)


@endpoint("/partners", "POST", body=PartnerCreate, tags=TAGS, protected_fields=READ_ONLY,
          summary="Cadastra um parceiro; 409 partner_cpf_cnpj_exists se o CPF/CNPJ já existe.")
def create_partner(ctx):
    partner = services.create_partner(ctx.company, ctx.body, actor=ctx.api_key)
    return {"data": partner_dict(partner)}


@endpoint("/partners/<partner_id>", "GET", tags=TAGS, summary="Um parceiro, com suas contas bancárias.")
def get_partner(ctx, partner_id):
    return {"data": partner_dict(get_owned(Partner, partner_id), with_bank_accounts=True)}


@endpoint("/partners/<partner_id>", "PATCH", body=PartnerUpdate, tags=TAGS, protected_fields=READ_ONLY,
          summary="Altera os campos enviados; is_active=false desativa (não há DELETE).")
def update_partner(ctx, partner_id):
    partner = get_owned(Partner, partner_id, for_update=True)
    services.update_partner(partner, ctx.body)
    return {"data": partner_dict(partner)}
