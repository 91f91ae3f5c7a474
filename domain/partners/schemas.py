"""Request models of the partners area, shared by the API, the pages and the spreadsheet import.

`PartnerCreate` / `PartnerUpdate` carry every field rule; rules that involve several fields (person kind vs
document, municipality vs UF, IE vs exemption) live in `partner_consistency_errors`, which creation runs on the
body and update runs on the merged record, so a PATCH can never produce a partner a POST would refuse.
"""
import re
import uuid
from collections.abc import Collection, Mapping
from datetime import datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator
from pydantic_core import PydanticCustomError

from core import validators as v
from core.errors import FieldError
from core.schemas import (
    Cep,
    CpfCnpj,
    CpfCnpjDigits,
    Email,
    IbgeCode,
    ListQuery,
    Phone,
    RequestModel,
    Rntrc,
    Uf,
    validate_data,
)
from domain.common import optional, text
from domain.partners.models import ACCOUNT_TYPES, PARTNER_ROLES, RNTRC_CATEGORIES

PersonKind = Literal["pf", "pj"]
Role = Literal[PARTNER_ROLES]
RntrcCategory = Literal[RNTRC_CATEGORIES]
AccountType = Literal[ACCOUNT_TYPES]


def _unique_roles(roles: list[str]) -> list[str]:
    return list(dict.fromkeys(roles))


def _clean_ie(value: str) -> str:
    ie = v.strip_punctuation(value).upper()
    if not re.fullmatch(r"[0-9A-Z]{2,14}", ie):
        raise v.FieldInvalid("Inscrição estadual inválida: use de 2 a 14 letras ou dígitos.", "invalid_ie")
    return ie


LegalName = text(200, 1)
Roles = Annotated[list[Role], Field(max_length=len(PARTNER_ROLES)), AfterValidator(_unique_roles)]
Ie = Annotated[str, Field(max_length=20), AfterValidator(_clean_ie)]


def _raise_first(errors: list[FieldError]):
    if errors:
        first = errors[0]
        raise PydanticCustomError(first.code, first.message, {"field": first.field})


class PartnerUpdate(RequestModel):
    """PATCH body: any subset of the partner's fields. A sent `null` clears an optional field; the required
    ones (typed without `| None`) refuse it, and the OpenAPI document says so."""
    person_kind: PersonKind = None
    cpf_cnpj: CpfCnpjDigits = None
    legal_name: LegalName = None
    trade_name: optional(text(200)) = None
    ie: optional(Ie) = None
    ie_isento: bool = None
    rntrc: optional(Rntrc) = None
    rntrc_categoria: optional(RntrcCategory) = None
    email: optional(Email) = None
    phone: optional(Phone) = None
    whatsapp: optional(Phone) = None
    cep: optional(Cep) = None
    uf: optional(Uf) = None
    municipio_codigo: optional(IbgeCode) = None
    municipio_nome: optional(text(120)) = None
    logradouro: optional(text(200)) = None
    numero: optional(text(20)) = None
    complemento: optional(text(100)) = None
    bairro: optional(text(100)) = None
    roles: Roles = None
    notes: optional(text(2000)) = None
    is_active: bool = None


class PartnerCreate(PartnerUpdate):
    """POST body: person_kind, cpf_cnpj and legal_name are required."""
    person_kind: PersonKind
    cpf_cnpj: CpfCnpjDigits
    legal_name: LegalName
    ie_isento: bool = False
    roles: Roles = []  # noqa: RUF012  a pydantic field: each model gets its own copy
    is_active: bool = True

    @model_validator(mode="after")
    def _consistent(self):
        values = self.__dict__
        fill_from_municipality(values, set(PARTNER_FIELDS))
        _raise_first(partner_consistency_errors(values, set(PARTNER_FIELDS)))
        return self


PARTNER_FIELDS = tuple(PartnerUpdate.model_fields)


def _blame(preferred: str, other: str, sent: Collection[str]) -> str:
    """Which field a cross-field error names: the one the client just sent, else `preferred`."""
    return other if other in sent and preferred not in sent else preferred


def partner_consistency_errors(values: Mapping, sent: Collection[str]) -> list[FieldError]:
    """Rules across fields, checked on a creation body or on the merged result of a PATCH."""
    errors = []
    kind, document = values.get("person_kind"), values.get("cpf_cnpj")
    if kind and document and kind != ("pf" if len(document) == 11 else "pj"):
        errors.append(FieldError(_blame("person_kind", "cpf_cnpj", sent), "person_kind_mismatch",
                                 "Tipo de pessoa não corresponde ao documento: pf exige CPF (11 dígitos), "
                                 "pj exige CNPJ (14 caracteres)."))
    code, uf = values.get("municipio_codigo"), values.get("uf")
    if code and uf:
        try:
            v.clean_ibge_code(code, uf)
        except v.FieldInvalid as exc:
            errors.append(FieldError(_blame("municipio_codigo", "uf", sent), exc.code, exc.message))
    if values.get("ie_isento") and values.get("ie"):
        errors.append(FieldError(_blame("ie", "ie_isento", sent), "ie_with_exemption",
                                 "Não informe a inscrição estadual quando ie_isento=true."))
    return errors


def fill_from_municipality(values: dict, sent: Collection[str]) -> None:
    """A municipality code alone is enough: UF and name follow it from the IBGE table unless they are sent too."""
    code = values.get("municipio_codigo")
    if not code or "municipio_codigo" not in sent:
        return
    name, uf = v.municipalities()[code]
    if "uf" not in sent or not values.get("uf"):
        values["uf"] = uf
    if "municipio_nome" not in sent or not values.get("municipio_nome"):
        values["municipio_nome"] = name


def validate_partner_row(data: dict) -> tuple[PartnerCreate | None, list[FieldError]]:
    return validate_data(PartnerCreate, data)


# --- Bank accounts -----------------------------------------------------------------------------

def _clean_bank_code(value: str) -> str:
    if not re.fullmatch(r"\d{3}", value):
        raise v.FieldInvalid("Código do banco deve ter 3 dígitos (COMPE).", "invalid_bank_code")
    return value


def _clean_agency(value: str) -> str:
    agency = value.replace(" ", "").upper()
    if not re.fullmatch(r"\d{1,5}(-[0-9X])?", agency):
        raise v.FieldInvalid("Agência inválida: até 5 dígitos, com dígito verificador opcional (ex.: 1234-5).",
                             "invalid_agency")
    return agency


def _clean_account(value: str) -> str:
    account = value.replace(" ", "").replace(".", "").upper()
    if not re.fullmatch(r"\d{1,15}(-[0-9X])?", account):
        raise v.FieldInvalid("Conta inválida: só dígitos, com dígito verificador opcional (ex.: 12345-6).",
                             "invalid_account")
    return account


def pix_key_type(key: str) -> tuple[str, str]:
    """(normalised key, type) of a PIX key: CPF, CNPJ, e-mail, phone (E.164, with +) or random key (uuid)."""
    raw = key.strip()
    if "@" in raw:
        return v.clean_email(raw), "email"
    if raw.startswith("+"):
        return v.clean_e164(raw), "telefone"
    if re.fullmatch(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}", raw):
        return str(uuid.UUID(raw)), "aleatoria"
    chars = v.strip_punctuation(raw).upper()
    if re.fullmatch(r"\d{11}", chars):
        return v.clean_cpf(chars), "cpf"
    if re.fullmatch(r"[0-9A-Z]{12}\d{2}", chars):
        return v.clean_cnpj(chars), "cnpj"
    raise v.FieldInvalid("Chave PIX inválida: use CPF, CNPJ, e-mail, telefone (+55...) ou chave aleatória.",
                         "invalid_pix_key")


BankCode = Annotated[str, AfterValidator(_clean_bank_code)]
Agency = Annotated[str, Field(max_length=10), AfterValidator(_clean_agency)]
Account = Annotated[str, Field(max_length=20), AfterValidator(_clean_account)]
PixKey = Annotated[str, Field(max_length=77), AfterValidator(lambda key: pix_key_type(key)[0])]


class PartnerListQuery(ListQuery):
    """GET /partners and the partners page: filters of the list."""
    q: str | None = Field(default=None, max_length=100)
    role: Role | None = None
    only_active: bool = False
    created_before: datetime | None = None


class BankAccountUpdate(RequestModel):
    bank_code: optional(BankCode) = None
    agency: optional(Agency) = None
    account: optional(Account) = None
    account_type: optional(AccountType) = None
    pix_key: optional(PixKey) = None
    holder_name: optional(text(200)) = None
    holder_document: optional(CpfCnpj) = None


class BankAccountCreate(BankAccountUpdate):
    @model_validator(mode="after")
    def _consistent(self):
        _raise_first(bank_account_consistency_errors(self.__dict__, set(BANK_ACCOUNT_FIELDS)))
        if self.account and not self.account_type:
            self.account_type = "corrente"
        return self


BANK_ACCOUNT_FIELDS = tuple(BankAccountUpdate.model_fields)
BANK_FIELDS = ("bank_code", "agency", "account")


def bank_account_consistency_errors(values: Mapping, sent: Collection[str]) -> list[FieldError]:
    """Bank data is all-or-nothing (bank, agency, account), and an account needs it or a PIX key."""
    given = [f for f in BANK_FIELDS if values.get(f)]
    if given and len(given) < len(BANK_FIELDS):
        missing = next(f for f in BANK_FIELDS if not values.get(f))
        return [FieldError(missing, "required", "Informe banco, agência e conta juntos.")]
    if not given and not values.get("pix_key"):
        field = next((f for f in ("pix_key",) + BANK_FIELDS if f in sent), "pix_key")
        return [FieldError(field, "required", "Informe os dados bancários (banco, agência e conta) ou uma chave PIX.")]
    return []


__all__ = [
    "BANK_ACCOUNT_FIELDS",
    "PARTNER_FIELDS",
    "BankAccountCreate",
    "BankAccountUpdate",
    "PartnerCreate",
    "PartnerListQuery",
    "PartnerUpdate",
    "bank_account_consistency_errors",
    "fill_from_municipality",
    "partner_consistency_errors",
    "pix_key_type",
    "validate_partner_row",
]
