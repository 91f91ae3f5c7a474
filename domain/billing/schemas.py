"""Request models of billing (docs/api/finance.md)."""
import uuid
from datetime import date
from typing import Annotated, Literal

from pydantic import Field

from core.schemas import CpfCnpj, EmptyAsNone, ListQuery, RequestModel
from domain.billing.models import DOCUMENT_KINDS, DOCUMENT_STATUSES

Text = Annotated[str | None, EmptyAsNone]
Centavos = Annotated[int, Field(ge=0, le=10 ** 13)]


class CustomerRef(RequestModel):
    """The customer, by CPF/CNPJ (digits or formatted) or by partner id; either must be the company's partner."""
    customer_cpf_cnpj: Annotated[CpfCnpj | None, EmptyAsNone] = None
    customer_partner_id: uuid.UUID | None = None


class DocumentCreate(CustomerRef):
    kind: Literal[DOCUMENT_KINDS] = "outro"
    freight_id: uuid.UUID | None = None
    chave: Text = Field(default=None, max_length=60)
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
