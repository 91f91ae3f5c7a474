"""Payables answers (docs/api/finance.md): the response models and the one function that fills them (rule in
core/responses.py)."""
from datetime import date
from typing import Literal

from pydantic import Field

from core.responses import ResponseModel, Timestamp, Uuid, data_envelope, dump, list_envelope
from domain.payables.services import shown_status


class Payable(ResponseModel):
    """One installment title; `vencido` when open and past due (Brasília calendar)."""
    id: Uuid
    numero: str | None
    descricao: str
    supplier_partner_id: Uuid | None
    supplier_name_snapshot: str | None
    valor_centavos: int
    saldo_centavos: int
    pago_centavos: int
    emissao_at: date
    vencimento_at: date
    pago_em: date | None
    parcela_num: int
    parcela_total: int
    status: Literal["aberto", "parcial", "pago", "vencido", "cancelado"]
    created_at: Timestamp


class PayableIds(ResponseModel):
    """POST answer: one id per installment, in installment order."""
    ids: list[Uuid] = Field(min_length=1, max_length=120)


PayableList = list_envelope(Payable)
PayableResponse = data_envelope(Payable)


def payable_dict(payable, today=None) -> dict:
    """A payable (a list row or an ORM object) with its balance and the status shown (`vencido` past due)."""
    return dump(Payable, {**{name: getattr(payable, name) for name in _STORED},
                          "saldo_centavos": payable.valor_centavos - payable.pago_centavos,
                          "status": shown_status(payable.status, payable.vencimento_at, today)})


_STORED = tuple(name for name in Payable.model_fields if name not in ("saldo_centavos", "status"))
