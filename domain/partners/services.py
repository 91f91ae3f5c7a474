"""Business actions on partners and their bank accounts. Each validates, flushes and leaves the commit to
the caller (the API request, a page, a job)."""
import uuid
from collections.abc import Collection

import sqlalchemy as sa

from core.db import db, flush_unique
from core.errors import Conflict, FieldError
from core.tenancy import cross_tenant
from domain.common import actor_user_id, apply_changes, missing_required, raise_invalid, sent_of
from domain.partners.models import PARTNER_ROLES, Partner, PartnerBankAccount, role_column, role_flags
from domain.partners.queries import find_partner_id
from domain.partners.schemas import (
    BANK_ACCOUNT_FIELDS,
    PARTNER_FIELDS,
    BankAccountCreate,
    BankAccountUpdate,
    PartnerCreate,
    PartnerUpdate,
    bank_account_consistency_errors,
    fill_from_municipality,
    partner_consistency_errors,
    pix_key_type,
)


def partner_conflict(existing_id) -> Conflict:
    return Conflict("Já existe um parceiro com este CPF/CNPJ nesta empresa.", code="partner_cpf_cnpj_exists",
                    details=[FieldError("cpf_cnpj", "duplicate", "CPF/CNPJ já cadastrado.")],
                    extra={"existing_id": str(existing_id)})


def create_partner(company, data: PartnerCreate, *, actor=None) -> Partner:
    """A new partner of `company`. 409 `partner_cpf_cnpj_exists` (with existing_id) on a duplicate document."""
    _ensure_document_free(data.cpf_cnpj)
    partner = Partner(id=uuid.uuid4(), company_id=company.id, created_by_user_id=actor_user_id(actor),
                      **data.model_dump())
    flush_unique(lambda: db.session.add(partner), lambda: _document_conflict(data.cpf_cnpj))
    return partner


def update_partner(partner: Partner, data: PartnerUpdate, sent_fields: Collection[str] | None = None) -> Partner:
    """Change the sent fields (default: those set in `data`); the merged result must pass every creation rule."""
    sent = sent_of(data, sent_fields, PARTNER_FIELDS)
    merged = {name: getattr(partner, name) for name in PARTNER_FIELDS}
    merged.update({name: getattr(data, name) for name in sent})
    raise_invalid(missing_required(partner, merged))
    fill_from_municipality(merged, sent)
    raise_invalid(partner_consistency_errors(merged, sent))
    if merged["cpf_cnpj"] != partner.cpf_cnpj:
        _ensure_document_free(merged["cpf_cnpj"], exclude_id=partner.id)
    flush_unique(lambda: apply_changes(partner, merged),
                 lambda: _document_conflict(merged["cpf_cnpj"], exclude_id=partner.id))
    return partner


def set_partner_active(partner: Partner, active: bool) -> Partner:
    """Deactivate (there is no delete) or reactivate a partner."""
    return update_partner(partner, PartnerUpdate(is_active=active))


def _ensure_document_free(cpf_cnpj: str, *, exclude_id=None) -> None:
    conflict = _document_conflict(cpf_cnpj, exclude_id=exclude_id)
    if conflict is not None:
        raise conflict


def _document_conflict(cpf_cnpj: str, *, exclude_id=None) -> Conflict | None:
    existing = find_partner_id(cpf_cnpj, exclude_id=exclude_id)
    return partner_conflict(existing) if existing else None


# --- Bank accounts (managed in the pages; read-only through the API) ----------------------------

def create_bank_account(partner: Partner, data: BankAccountCreate) -> PartnerBankAccount:
    account = PartnerBankAccount(id=uuid.uuid4(), company_id=partner.company_id, partner=partner,
                                 **data.model_dump())
    account.pix_key_type = pix_key_type(account.pix_key)[1] if account.pix_key else None
    db.session.add(account)
    db.session.flush()
    return account


def update_bank_account(account: PartnerBankAccount, data: BankAccountUpdate,
                        sent_fields: Collection[str] | None = None) -> PartnerBankAccount:
    sent = sent_of(data, sent_fields, BANK_ACCOUNT_FIELDS)
    merged = {name: getattr(account, name) for name in BANK_ACCOUNT_FIELDS}
    merged.update({name: getattr(data, name) for name in sent})
    raise_invalid(bank_account_consistency_errors(merged, sent))
    if not merged["account"]:
        merged["account_type"] = None
    elif not merged["account_type"]:
        merged["account_type"] = "corrente"
    apply_changes(account, merged)
    account.pix_key_type = pix_key_type(account.pix_key)[1] if account.pix_key else None
    db.session.flush()
    return account


def delete_bank_account(account: PartnerBankAccount) -> None:
    db.session.delete(account)
    db.session.flush()


# --- Role columns (derived from `roles`) ---------------------------------------------------------------------

def sync_role_columns(after=None, batch: int = 1000) -> tuple:
    """The next `batch` partners of every company by id (after `after`): those whose role columns disagree with
    their `roles` list (a row the previous release wrote while the migration that added the columns ran) get them
    rewritten. Returns (the last id read, None when none is left; how many were rewritten); the caller commits."""
    flags = [getattr(Partner, role_column(role)) for role in PARTNER_ROLES]
    stmt = sa.select(Partner.id, Partner.roles, *flags).order_by(Partner.id).limit(batch)
    rows = db.session.execute(cross_tenant(stmt if after is None else stmt.where(Partner.id > after))).all()
    stale = [{"partner_id": row.id, **{role_column(role): flag for role, flag in role_flags(row.roles).items()}}
             for row in rows if list(row[2:]) != list(role_flags(row.roles).values())]
    if stale:
        table = Partner.__table__
        db.session.execute(cross_tenant(table.update().where(table.c.id == sa.bindparam("partner_id"))), stale)
    return (rows[-1].id if rows else None), len(stale)
