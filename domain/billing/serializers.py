"""Billing records as the API writes them (docs/api/finance.md). Documents and lists are built from rows."""
from core.db import iso
from domain.billing.models import BillingDocument, Invoice
from domain.billing.queries import DOCUMENT_COLUMNS


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


def document_record(document: BillingDocument) -> dict:
    return document_dict(document)


def invoice_dict(invoice: Invoice) -> dict:
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
