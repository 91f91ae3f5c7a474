"""Request models of accounts payable (docs/api/finance.md)."""
import uuid
from datetime import date
from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from core.schemas import CpfCnpj, EmptyAsNone, ListQuery, RequestModel

Text = Annotated[str | None, EmptyAsNone]
LISTED_STATUSES = ("aberto", "parcial", "pago", "vencido", "cancelado")


class PaymentCreate(RequestModel):
    """A payment on an open title, payable or receivable (POST .../{id}/payments): the amount, at most the open
    balance (domain.payables.titles.settle), and the day it was paid (default today in Brasília; never in the
    future)."""
    valor_centavos: int = Field(gt=0, le=10 ** 13)
    pago_em: date | None = None


class PayableCreate(RequestModel):
    descricao: str = Field(min_length=1, max_length=500)
    numero: Text = Field(default=None, max_length=50)
    serie: Text = Field(default=None, max_length=10)
    valor_centavos: int = Field(ge=1, le=10 ** 13)
    emissao_at: date | None = None
    vencimento_at: date
    parcela_total: int = Field(default=1, ge=1, le=120)
    supplier_partner_id: uuid.UUID | None = None
    supplier_cpf_cnpj: Annotated[CpfCnpj | None, EmptyAsNone] = None
    account_code: Text = Field(default=None, max_length=40)
    cost_center_code: Text = Field(default=None, max_length=40)
    freight_id: uuid.UUID | None = None
    vehicle_id: uuid.UUID | None = None
    notes: Text = Field(default=None, max_length=2000)


class PayableUpdate(RequestModel):
    """One title changed (the pages' edit form): its description, supplier and notes always; its amount and due
    date only while nothing was paid on it (domain.payables.services.update_payable). `supplier_partner_id`
    None leaves the title without a supplier."""
    descricao: str = Field(min_length=1, max_length=500)
    valor_centavos: int = Field(ge=1, le=10 ** 13)
    vencimento_at: date
    supplier_partner_id: uuid.UUID | None = None
    notes: Text = Field(default=None, max_length=2000)


class PayableListQuery(ListQuery):
    status: Literal[LISTED_STATUSES] | None = None
    date_from: date | None = None
    date_to: date | None = None

    @model_validator(mode="after")
    def _ordered(self):
        if self.date_from and self.date_to and self.date_from > self.date_to:
            raise PydanticCustomError("date_order", "date_from deve ser anterior ou igual a date_to.",
                                      {"field": "date_from"})
        return self
