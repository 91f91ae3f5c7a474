"""API answers of the partners area: the response models and the functions that fill them (rule in
core/responses.py: the serializer fills exactly the model's fields; the endpoint declares the envelope)."""
from typing import Literal

from core.db import iso
from core.responses import CpfCnpjOut, IbgeOut, ResponseModel, Timestamp, Uuid, data_envelope, fields_of, list_envelope
from domain.partners.models import ACCOUNT_TYPES, PARTNER_ROLES, PIX_KEY_TYPES, RNTRC_CATEGORIES
from domain.partners.queries import PARTNER_LIST_COLUMNS


class BankAccount(ResponseModel):
    """A partner's bank account (read-only through the API; managed in the pages)."""
    id: Uuid
    bank_code: str | None
    agency: str | None
    account: str | None
    account_type: Literal[ACCOUNT_TYPES] | None
    pix_key: str | None
    pix_key_type: Literal[PIX_KEY_TYPES] | None
    holder_name: str | None
    holder_document: CpfCnpjOut | None
    created_at: Timestamp
    updated_at: Timestamp


class Partner(ResponseModel):
    """A business partner as the API returns it."""
    id: Uuid
    person_kind: Literal["pf", "pj"]
    cpf_cnpj: CpfCnpjOut
    legal_name: str
    trade_name: str | None
    ie: str | None
    ie_isento: bool
    rntrc: str | None
    rntrc_categoria: Literal[RNTRC_CATEGORIES] | None
    email: str | None
    phone: str | None
    whatsapp: str | None
    cep: str | None
    uf: str | None
    municipio_codigo: IbgeOut | None
    municipio_nome: str | None
    logradouro: str | None
    numero: str | None
    complemento: str | None
    bairro: str | None
    roles: list[Literal[PARTNER_ROLES]]
    notes: str | None
    is_active: bool
    created_at: Timestamp
    updated_at: Timestamp


class PartnerDetail(Partner):
    """GET by id: the partner with its bank accounts."""
    bank_accounts: list[BankAccount]


PartnerResponse = data_envelope(Partner)
PartnerDetailResponse = data_envelope(PartnerDetail)
PartnerList = list_envelope(Partner)

_PLAIN = tuple(name for name in Partner.model_fields if name not in ("id", "roles", "created_at", "updated_at"))
_ACCOUNT_PLAIN = tuple(name for name in BankAccount.model_fields if name not in ("id", "created_at", "updated_at"))


def partner_dict(partner, *, with_bank_accounts: bool = False) -> dict:
    data = {"id": str(partner.id), **fields_of(Partner, partner, _PLAIN), "roles": list(partner.roles or []),
            "created_at": iso(partner.created_at), "updated_at": iso(partner.updated_at)}
    if with_bank_accounts:
        data["bank_accounts"] = [bank_account_dict(account) for account in partner.bank_accounts]
    return data


PARTNER_KEYS = tuple(column.key for column in PARTNER_LIST_COLUMNS)


def partner_row(row) -> dict:
    """A list row (domain.partners.queries.PARTNER_LIST_COLUMNS) as partner_dict writes it, straight from the row."""
    data = dict(zip(PARTNER_KEYS, row, strict=True))
    data["id"] = str(data["id"])
    data["roles"] = list(data["roles"] or [])
    data["created_at"], data["updated_at"] = iso(data["created_at"]), iso(data["updated_at"])
    return data


def bank_account_dict(account) -> dict:
    return {"id": str(account.id), **fields_of(BankAccount, account, _ACCOUNT_PLAIN),
            "created_at": iso(account.created_at), "updated_at": iso(account.updated_at)}
