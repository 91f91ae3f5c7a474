"""Billing answers (docs/api/finance.md): the response models and the one function per resource that fills them
(rule in core/responses.py), from ORM objects and list rows alike; the endpoint declares the envelope."""
from datetime import date
from typing import Literal

from pydantic import model_validator

from core.responses import ResponseModel, Timestamp, Uuid, data_envelope, dump, list_envelope
from domain.billing.models import DOCUMENT_KINDS, DOCUMENT_STATUSES, INVOICE_STATUSES


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

    @model_validator(mode="before")
    @classmethod
    def _metadata_from_extra(cls, source):
        # The column is `extra` on the model and its rows (`metadata` is SQLAlchemy's own attribute of a model).
        if isinstance(source, dict):
            return source
        return {**{name: getattr(source, name) for name in cls.model_fields if name != "metadata"},
                "metadata": source.extra or {}}


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


def document_dict(document) -> dict:
    """A billing document (an ORM object or a row of domain.billing.queries.DOCUMENT_COLUMNS) as the API answers it."""
    return dump(BillingDocument, document)


def invoice_dict(invoice) -> dict:
    """The invoice record: id, numero, valor_centavos, vencimento_at, status, items_count."""
    return dump(Invoice, invoice)


def invoice_list_item(row) -> dict:
    """A row of domain.billing.queries.INVOICE_COLUMNS: the invoice with its customer."""
    return dump(InvoiceListItem, row)


def receivable_dict(row, shown_status) -> dict:
    """A row of domain.billing.queries.RECEIVABLE_COLUMNS with its balance and the status shown (`vencido`)."""
    return dump(Receivable, {**row._asdict(), "saldo_centavos": row.valor_centavos - row.pago_centavos,
                             "status": shown_status(row.status, row.vencimento_at)})
