"""Billing answers (docs/api/finance.md): the response models and the functions that fill them (core/responses.py:
the serializer fills exactly the model's fields; the endpoint declares the envelope). Lists are built from rows."""
from datetime import date
from typing import Literal

from core.db import iso
from core.responses import ResponseModel, Timestamp, Uuid, data_envelope, list_envelope
from domain.billing.models import DOCUMENT_KINDS, DOCUMENT_STATUSES, INVOICE_STATUSES
from domain.billing.queries import DOCUMENT_COLUMNS


class BillingDocument(ResponseModel):
    """An inbox entry."""
    id: Uuid
    kind: Literal[DOCUMENT_KINDS]
    status: Literal[DOCUMENT_STATUSES]
    customer_partner_id: Uuid | None
    freight_id: Uuid | None
    invoice_id: Uuid | None
    chave: str | None
    numero: str | None
    serie: str | None
    valor_centavos: int
    emissao_at: date | None
    storage_path: str | None
    notes: str | None
    metadata: dict
    created_at: Timestamp
    updated_at: Timestamp


class Invoice(ResponseModel):
    """The contract's invoice record."""
    id: Uuid
    numero: str
    valor_centavos: int
    vencimento_at: date
    status: Literal[INVOICE_STATUSES]
    items_count: int


class InvoiceListItem(Invoice):
    customer_partner_id: Uuid
    customer_name: str
    created_at: Timestamp


class Receivable(ResponseModel):
    """What an issued invoice's customer owes; `vencido` when open and past due (Brasília calendar)."""
    id: Uuid
    invoice_id: Uuid
    invoice_numero: str
    customer_partner_id: Uuid
    customer_name: str
    valor_centavos: int
    pago_centavos: int
    saldo_centavos: int
    vencimento_at: date
    pago_em: date | None
    status: Literal["aberto", "parcial", "pago", "vencido", "cancelado"]
    created_at: Timestamp


DocumentResponse = data_envelope(BillingDocument, "BillingDocumentResponse")
DocumentList = list_envelope(BillingDocument, "BillingDocumentList")
InvoiceResponse = data_envelope(Invoice)
InvoiceList = list_envelope(InvoiceListItem, "InvoiceList")
ReceivableList = list_envelope(Receivable)
ReceivableResponse = data_envelope(Receivable)


def _id(value):
    return str(value) if value is not None else None


def _day(value):
    return value.isoformat() if value is not None else None


DOCUMENT_KEYS = tuple(column.key for column in DOCUMENT_COLUMNS)


def document_dict(row) -> dict:
    r = row._asdict() if hasattr(row, "_asdict") else {key: getattr(row, key) for key in DOCUMENT_KEYS}
    return {
        "id": str(r["id"]), "kind": r["kind"], "status": r["status"],
        "customer_partner_id": _id(r["customer_partner_id"]), "freight_id": _id(r["freight_id"]),
        "invoice_id": _id(r["invoice_id"]), "chave": r["chave"], "numero": r["numero"], "serie": r["serie"],
        "valor_centavos": r["valor_centavos"], "emissao_at": _day(r["emissao_at"]),
        "storage_path": r["storage_path"], "notes": r["notes"], "metadata": r["extra"] or {},
        "created_at": iso(r["created_at"]), "updated_at": iso(r["updated_at"]),
    }


def invoice_dict(invoice) -> dict:
    """The contract's invoice record: id, numero, valor_centavos, vencimento_at, status, items_count."""
    return {"id": str(invoice.id), "numero": invoice.numero, "valor_centavos": invoice.valor_centavos,
            "vencimento_at": _day(invoice.vencimento_at), "status": invoice.status,
            "items_count": invoice.items_count}


def invoice_row(row) -> dict:
    r = row._asdict()
    return {"id": str(r["id"]), "numero": r["numero"], "valor_centavos": r["valor_centavos"],
            "vencimento_at": _day(r["vencimento_at"]), "status": r["status"], "items_count": r["items_count"],
            "customer_partner_id": str(r["customer_partner_id"]), "customer_name": r["customer_name"],
            "created_at": iso(r["created_at"])}


def receivable_row(row, shown_status) -> dict:
    r = row._asdict()
    return {"id": str(r["id"]), "invoice_id": str(r["invoice_id"]), "invoice_numero": r["invoice_numero"],
            "customer_partner_id": str(r["customer_partner_id"]), "customer_name": r["customer_name"],
            "valor_centavos": r["valor_centavos"], "pago_centavos": r["pago_centavos"],
            "saldo_centavos": r["valor_centavos"] - r["pago_centavos"], "vencimento_at": _day(r["vencimento_at"]),
            "pago_em": _day(r["pago_em"]), "status": shown_status(r["status"], r["vencimento_at"]),
            "created_at": iso(r["created_at"])}
