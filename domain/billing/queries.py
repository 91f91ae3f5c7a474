"""Read-side statements of billing: lists as plain rows (no ORM objects)."""
from core.tenancy import company_select
from domain.billing.models import BillingDocument, Invoice, Receivable
from domain.partners.models import Partner

DOCUMENT_COLUMNS = (
    BillingDocument.id, BillingDocument.kind, BillingDocument.status, BillingDocument.customer_partner_id,
    BillingDocument.freight_id, BillingDocument.invoice_id, BillingDocument.chave, BillingDocument.numero,
    BillingDocument.serie, BillingDocument.valor_centavos, BillingDocument.emissao_at,
    BillingDocument.storage_path, BillingDocument.notes, BillingDocument.extra.label("extra"),
    BillingDocument.created_at, BillingDocument.updated_at,
)
INVOICE_COLUMNS = (
    Invoice.id, Invoice.numero, Invoice.status, Invoice.customer_partner_id, Invoice.valor_centavos,
    Invoice.items_count, Invoice.vencimento_at, Invoice.condicao_pagamento, Invoice.observacoes, Invoice.created_at,
    Partner.legal_name.label("customer_name"),
)
RECEIVABLE_COLUMNS = (
    Receivable.id, Receivable.invoice_id, Invoice.numero.label("invoice_numero"), Receivable.customer_partner_id,
    Partner.legal_name.label("customer_name"), Receivable.valor_centavos, Receivable.pago_centavos,
    Receivable.vencimento_at, Receivable.pago_em, Receivable.status, Receivable.created_at,
)


def documents_stmt(company_id, *, status=None, customer_id=None):
    stmt = company_select(BillingDocument, company_id, *DOCUMENT_COLUMNS)
    if status:
        stmt = stmt.where(BillingDocument.status == status)
    if customer_id:
        stmt = stmt.where(BillingDocument.customer_partner_id == customer_id)
    return stmt


def invoices_stmt(company_id, *, status=None):
    stmt = (company_select(Invoice, company_id, *INVOICE_COLUMNS)
            .join(Partner, Partner.id == Invoice.customer_partner_id))
    return stmt.where(Invoice.status == status) if status else stmt


def receivables_stmt(company_id, *, statuses=()):
    stmt = (company_select(Receivable, company_id, *RECEIVABLE_COLUMNS)
            .join(Invoice, Invoice.id == Receivable.invoice_id)
            .join(Partner, Partner.id == Receivable.customer_partner_id))
    return stmt.where(Receivable.status.in_(statuses)) if statuses else stmt
