"""Payables answers (docs/api/finance.md): the response models and the function that fills them."""
from datetime import date
from typing import Literal

from pydantic import Field

from core.db import iso
from core.responses import ResponseModel, Timestamp, Uuid, data_envelope, list_envelope
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


def payable_dict(row, today=None) -> dict:
    r = row._asdict() if hasattr(row, "_asdict") else row.__dict__
    return {
        "id": str(r["id"]), "numero": r["numero"], "descricao": r["descricao"],
        "supplier_partner_id": str(r["supplier_partner_id"]) if r["supplier_partner_id"] else None,
        "supplier_name_snapshot": r["supplier_name_snapshot"], "valor_centavos": r["valor_centavos"],
        "saldo_centavos": r["valor_centavos"] - r["pago_centavos"], "pago_centavos": r["pago_centavos"],
        "emissao_at": r["emissao_at"].isoformat(), "vencimento_at": r["vencimento_at"].isoformat(),
        "pago_em": r["pago_em"].isoformat() if r["pago_em"] else None, "parcela_num": r["parcela_num"],
        "parcela_total": r["parcela_total"], "status": shown_status(r["status"], r["vencimento_at"], today),
        "created_at": iso(r["created_at"]),
    }
