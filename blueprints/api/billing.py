"""Public API: billing inbox and invoices (docs/api/finance.md). Needs the company's `billing` module."""
from flask import Response

from core.api import endpoint
from core.pagination import paginate
from core.schemas import ListQuery
from core.tenancy import get_owned
from domain.billing import services
from domain.billing.models import BillingDocument, Invoice, Receivable
from domain.billing.pdf import invoice_pdf
from domain.billing.queries import documents_stmt, invoices_stmt, receivables_stmt
from domain.billing.schemas import DocumentCreate, DocumentListQuery, InvoiceCreate, InvoiceListQuery
from domain.billing.serializers import document_dict, invoice_dict, invoice_row, receivable_row
from domain.payables.queries import with_shown_status
from domain.payables.schemas import LISTED_STATUSES
from domain.payables.services import shown_status, today_brasilia

TAGS = ("faturamento",)
BILLING = "billing"


@endpoint("/billing/documents", "POST", body=DocumentCreate, tags=TAGS, module=BILLING,
          summary="Registra um documento (CT-e, NF-e, ...) na caixa de entrada; 409 se a chave já existe.")
def create_document(ctx):
    return {"data": document_dict(services.create_document(ctx.company, ctx.body))}


@endpoint("/billing/documents", "GET", query=DocumentListQuery, tags=TAGS, module=BILLING,
          summary="Lista os documentos da caixa de entrada (status), mais novos primeiro.")
def list_documents(ctx):
    stmt = documents_stmt(ctx.account.id, status=ctx.query.status)
    return paginate(stmt, model=BillingDocument, limit=ctx.query.limit, cursor=ctx.query.cursor,
                    rows=True).envelope(document_dict)


@endpoint("/billing/documents/<document_id>", "GET", tags=TAGS, module=BILLING, summary="Um documento.")
def get_document(ctx, document_id):
    return {"data": document_dict(get_owned(BillingDocument, document_id))}


@endpoint("/billing/documents/<document_id>/discard", "POST", tags=TAGS, module=BILLING,
          summary="Descarta um documento pendente (status descartado).")
def discard_document(ctx, document_id):
    document = services.discard_document(get_owned(BillingDocument, document_id, for_update=True))
    return {"data": document_dict(document)}, 200


@endpoint("/billing/invoices", "POST", body=InvoiceCreate, tags=TAGS, module=BILLING,
          summary="Consolida documentos pendentes de um cliente numa fatura FAT-000001 (rascunho, ou emitida "
                  "com emit=true).")
def create_invoice(ctx):
    return {"data": invoice_dict(services.create_invoice(ctx.company, ctx.body))}


@endpoint("/billing/invoices", "GET", query=InvoiceListQuery, tags=TAGS, module=BILLING,
          summary="Lista as faturas (status), mais novas primeiro.")
def list_invoices(ctx):
    stmt = invoices_stmt(ctx.account.id, status=ctx.query.status)
    return paginate(stmt, model=Invoice, limit=ctx.query.limit, cursor=ctx.query.cursor,
                    rows=True).envelope(invoice_row)


@endpoint("/billing/invoices/<invoice_id>", "GET", tags=TAGS, module=BILLING, summary="Uma fatura.")
def get_invoice(ctx, invoice_id):
    return {"data": invoice_dict(get_owned(Invoice, invoice_id))}


@endpoint("/billing/invoices/<invoice_id>/emit", "POST", tags=TAGS, module=BILLING,
          summary="Emite uma fatura em rascunho: documentos faturados e o título a receber criado.")
def emit_invoice(ctx, invoice_id):
    invoice = get_owned(Invoice, invoice_id, for_update=True)
    services.emit_invoice(invoice)
    return {"data": invoice_dict(invoice)}, 200


@endpoint("/billing/invoices/<invoice_id>/cancel", "POST", tags=TAGS, module=BILLING,
          summary="Cancela uma fatura sem recebimento: documentos voltam a pendente, título cancelado.")
def cancel_invoice(ctx, invoice_id):
    invoice = services.cancel_invoice(get_owned(Invoice, invoice_id, for_update=True))
    return {"data": invoice_dict(invoice)}, 200


@endpoint("/billing/invoices/<invoice_id>/pdf", "GET", tags=TAGS, module=BILLING, response_kind="pdf",
          summary="PDF da fatura (emitida, encerrada ou cancelada; 409 invalid_status para rascunho).")
def invoice_pdf_file(ctx, invoice_id):
    invoice, content = invoice_pdf(ctx.company, invoice_id)
    return Response(content, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{invoice.numero}.pdf"'})


class ReceivableListQuery(ListQuery):
    status: str | None = None


@endpoint("/finance/receivables", "GET", query=ReceivableListQuery, tags=TAGS, module=BILLING,
          summary="Títulos a receber das faturas emitidas, por vencimento (status: aberto, parcial, pago, "
                  "vencido, cancelado).")
def list_receivables(ctx):
    status = ctx.query.status if ctx.query.status in LISTED_STATUSES else None
    stmt = with_shown_status(receivables_stmt(ctx.account.id), Receivable, status, today_brasilia())
    page = paginate(stmt, model=Receivable, limit=ctx.query.limit, cursor=ctx.query.cursor,
                    sort_column=Receivable.vencimento_at, descending=False, rows=True)
    return page.envelope(lambda row: receivable_row(row, shown_status))
