"""Request models of billing (docs/api/finance.md)."""
import re
import uuid
from datetime import date
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from core.schemas import CpfCnpj, EmptyAsNone, ListQuery, RequestModel
from core.validators import FieldInvalid
from domain.billing.models import DOCUMENT_KINDS, DOCUMENT_STATUSES, INVOICE_BLOCKS, INVOICE_COLUMNS
from domain.payables.schemas import PaymentCreate

Text = Annotated[str | None, EmptyAsNone]
Centavos = Annotated[int, Field(ge=0, le=10 ** 13)]


class CustomerRef(RequestModel):
    """The customer, by CPF/CNPJ (digits or formatted) or by partner id; either must be the company's partner."""
    customer_cpf_cnpj: Annotated[CpfCnpj | None, EmptyAsNone] = None
    customer_partner_id: uuid.UUID | None = None


class DocumentCreate(CustomerRef):
    kind: Literal[DOCUMENT_KINDS] = "outro"
    freight_id: uuid.UUID | None = None
    chave: Text = Field(default=None, max_length=44)  # the contract's limit for every kind (the column too)
    numero: Text = Field(default=None, max_length=30)
    serie: Text = Field(default=None, max_length=10)
    valor_centavos: Centavos = 0
    emissao_at: date | None = None
    storage_path: Text = Field(default=None, max_length=500)
    notes: Text = Field(default=None, max_length=5000)
    metadata: dict | None = None


class DocumentListQuery(ListQuery):
    status: Literal[DOCUMENT_STATUSES] | None = None


class InvoiceCreate(CustomerRef):
    document_ids: list[uuid.UUID] = Field(min_length=1, max_length=200)
    vencimento_at: date | None = None
    condicao_pagamento: Text = Field(default=None, max_length=200)
    observacoes: Text = Field(default=None, max_length=2000)
    emit: bool = False


class InvoiceListQuery(ListQuery):
    status: Literal[("rascunho", "emitida", "encerrada", "cancelada")] | None = None


class BillingSettingsUpdate(RequestModel):
    """The company's billing defaults (pages): the term that sets an invoice's default vencimento_at (today in
    Brasília + days) and the default condicao_pagamento."""
    billing_term_days: int = Field(ge=0, le=365)
    billing_payment_condition: Text = Field(default=None, max_length=200)


def _hex_color(value: str | None) -> str | None:
    if value is not None and not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        raise FieldInvalid("Use uma cor no formato #RRGGBB.", "invalid_color")
    return value.lower() if value else None


HexColor = Annotated[str | None, EmptyAsNone, AfterValidator(_hex_color)]


class InvoiceDefaultsUpdate(RequestModel):
    """The company's invoice PDF defaults (pages only): institutional texts, the document columns shown (`valor`
    always is) and the optional blocks."""
    header_text: Text = Field(default=None, max_length=1000)
    payment_text: Text = Field(default=None, max_length=1000)
    visible_columns: list[Literal[INVOICE_COLUMNS]] = Field(default_factory=list)
    blocks: list[Literal[INVOICE_BLOCKS]] = Field(default_factory=list)


class InvoiceLayoutUpdate(InvoiceDefaultsUpdate):
    """A customer's invoice layout (pages only), over the company's defaults: colours empty = the company's, texts
    empty = the company's defaults; the columns and blocks chosen replace the company's."""
    primary_color: HexColor = None
    secondary_color: HexColor = None
    footer_text: Text = Field(default=None, max_length=500)
    remove_logo: bool = False


class ReceiptCreate(PaymentCreate):
    """A payment received on a receivable (POST /finance/receivables/{id}/payments): the amount, at most the open
    balance, and the day it was received (default today in Brasília; never in the future)."""
