"""Read-side statements of billing: lists as plain rows (no ORM objects)."""
import sqlalchemy as sa

from core.db import db
from core.tenancy import company_select
from domain.billing.models import BillingDocument, Invoice, InvoiceLayout, Receivable
from domain.common import like_pattern
from domain.partners.models import Partner, search_key

# The finance settings' customers: those of this many newest billing documents (and those with a layout), at most
# CUSTOMERS_LISTED of them; any other customer is found by its name or document (`q`).
RECENT_DOCUMENTS_FOR_CUSTOMERS = 1000
CUSTOMERS_LISTED = 100

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
# The invoice's number and the customer's name are looked up per listed title (by primary key), not joined: with
# joins, the planner judged a company's titles × its invoices by the whole table's invoices (a neighbour's too),
# expected a tenth of the rows, and sorted every title of a mid-sized company for each page (10 ms for 5,000 titles
# against 4 ms for 50,000); with only `receivables` in FROM, a page is a range of ix_receivables_company_due.
RECEIVABLE_COLUMNS = (
    Receivable.id, Receivable.invoice_id,
    sa.select(Invoice.numero).where(Invoice.id == Receivable.invoice_id).scalar_subquery().label("invoice_numero"),
    Receivable.customer_partner_id,
    sa.select(Partner.legal_name).where(Partner.id == Receivable.customer_partner_id).scalar_subquery()
    .label("customer_name"),
    Receivable.valor_centavos, Receivable.pago_centavos, Receivable.vencimento_at, Receivable.pago_em,
    Receivable.status, Receivable.created_at,
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
    stmt = company_select(Receivable, company_id, *RECEIVABLE_COLUMNS)
    return stmt.where(Receivable.status.in_(statuses)) if statuses else stmt


def layout_customers(q: str | None = None) -> list:
    """(id, legal_name, cpf_cnpj) by name of the customers a layout can be set for: without `q`, those of the
    company's newest billing documents (a range of ix_billing_documents_company_created, not every document) and
    those with a layout; with `q`, the partners whose name or document has every word of it (their trigram index)
    that have a billing document or a layout. The tenant scope filters each table."""
    terms = search_key(q or "").split()
    if terms:
        stmt = sa.select(Partner.id, Partner.legal_name, Partner.cpf_cnpj).where(
            *(Partner.search_text.like(like_pattern(term), escape="\\") for term in terms)).where(
            sa.or_(sa.exists().where(BillingDocument.customer_partner_id == Partner.id),
                   sa.exists().where(InvoiceLayout.customer_partner_id == Partner.id)))
        return db.session.execute(stmt.order_by(Partner.legal_name).limit(CUSTOMERS_LISTED)).all()
    recent = (sa.select(BillingDocument.customer_partner_id.label("id"))
              .order_by(BillingDocument.created_at.desc(), BillingDocument.id.desc())
              .limit(RECENT_DOCUMENTS_FOR_CUSTOMERS).subquery())
    ids = sa.union(sa.select(recent.c.id), sa.select(InvoiceLayout.customer_partner_id)).subquery("customers")
    # Each customer's name and document by primary key, per id (a scalar subquery, as the receivables list): joined
    # to the ids, or read with an IN list of them, the partners were one sequential scan of the whole table (every
    # company's) once the ids were a few hundred: the planner costs each primary-key probe as a random read.
    stmt = sa.select(ids.c.id, _partner_of(ids.c.id, Partner.legal_name).label("legal_name"),
                     _partner_of(ids.c.id, Partner.cpf_cnpj).label("cpf_cnpj")).where(ids.c.id.is_not(None))
    return db.session.execute(stmt.order_by(sa.literal_column("legal_name")).limit(CUSTOMERS_LISTED)).all()


def _partner_of(partner_id, column) -> sa.ScalarSelect:
    return sa.select(column).where(Partner.id == partner_id).scalar_subquery()
