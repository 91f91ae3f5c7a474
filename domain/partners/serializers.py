"""API answers of the partners area: the response models and the one function per resource that fills them (rule
in core/responses.py); the endpoint declares the envelope."""
from typing import Literal

from core.responses import CpfCnpjOut, IbgeOut, ResponseModel, Timestamp, Uuid, data_envelope, dump, list_envelope
from domain.partners.models import ACCOUNT_TYPES, PARTNER_ROLES, PIX_KEY_TYPES, RNTRC_CATEGORIES


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

def partner_dict(partner) -> dict:
    """A partner (an ORM object or a list row of domain.partners.queries.PARTNER_LIST_COLUMNS) as the API answers it."""
    return dump(Partner, partner)


def partner_detail_dict(partner) -> dict:
    """GET by id: the partner with its bank accounts."""
    return dump(PartnerDetail, partner)
