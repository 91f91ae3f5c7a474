"""Public API: billing inbox and invoices (docs/api/finance.md). Needs the company's `billing` module."""
from typing import Literal

from flask import Response

from core.api import endpoint, tag
from core.clock import brasilia_today
from core.pagination import paginate
from core.responses import ErrorCode
from core.schemas import ListQuery
from core.tenancy import get_owned, read_rows
from domain.billing import services
from domain.billing.models import BillingDocument, Invoice, Receivable
from domain.billing.pdf import invoice_pdf
from domain.billing.queries import documents_stmt, invoices_stmt, receivables_stmt
from domain.billing.schemas import DocumentCreate, DocumentListQuery, InvoiceCreate, InvoiceListQuery, ReceiptCreate
from domain.billing.serializers import (
    DocumentList,
    DocumentResponse,
    InvoiceList,
    InvoiceResponse,
    ReceivableList,
    ReceivableResponse,
    document_dict,
    invoice_dict,
    invoice_list_item,
    receivable_dict,
)
from domain.payables.queries import with_shown_status
from domain.payables.schemas import LISTED_STATUSES
from domain.payables.services import shown_status

TAGS = (tag("faturamento", "Caixa de entrada de documentos (CT-e, NF-e...), faturas FAT-000001 e títulos a "
                           "receber. Exige o módulo billing."),)
DOCUMENT_EXISTS = ErrorCode(409, "billing_document_exists", "Já existe um documento com esta chave na empresa.",
                            schema="ConflictError", extra={"existing_id": "6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5"})
EXAMPLE_IDS = {"document_ids": ["6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5"]}
INVOICE_ERRORS = (
    ErrorCode(404, "not_found", "Documentos não encontrados.", extra=EXAMPLE_IDS),
    ErrorCode(422, "documents_not_pending", "Só documentos pendentes podem ser faturados.", extra=EXAMPLE_IDS),
    ErrorCode(422, "documents_customer_mismatch", "Os documentos precisam ser todos do mesmo cliente.",
              extra=EXAMPLE_IDS),
)
CUSTOMER_NOT_FOUND = ErrorCode(404, "not_found", "Cliente não encontrado: o CPF/CNPJ não é de um parceiro da "
                                                 "empresa.")
INVALID_STATUS = ErrorCode(422, "invalid_status", "Só faturas em rascunho podem ser emitidas.")
PDF_INVALID_STATUS = ErrorCode(409, "invalid_status", "O PDF só existe para faturas emitidas, encerradas ou "
                                                           "canceladas.", extra={"status": "rascunho"})
BILLING = "billing"


@endpoint("/billing/documents", "POST", body=DocumentCreate, tags=TAGS, module=BILLING, response=DocumentResponse,
          errors=(DOCUMENT_EXISTS, CUSTOMER_NOT_FOUND),
          summary="Registra um documento (CT-e, NF-e, ...) na caixa de entrada; 409 se a chave já existe.")
def create_document(ctx):
    return {"data": document_dict(services.create_document(ctx.company, ctx.body))}


@endpoint("/billing/documents", "GET", query=DocumentListQuery, tags=TAGS, module=BILLING, response=DocumentList,
          summary="Lista os documentos da caixa de entrada (status), mais novos primeiro.")
def list_documents(ctx):
    stmt = documents_stmt(ctx.account.id, status=ctx.query.status)
    return paginate(stmt, model=BillingDocument, limit=ctx.query.limit, cursor=ctx.query.cursor,
                    rows=True).envelope(document_dict)


@endpoint("/billing/documents/<document_id>", "GET", tags=TAGS, module=BILLING, response=DocumentResponse,
          summary="Um documento.")
def get_document(ctx, document_id):
    return {"data": document_dict(get_owned(BillingDocument, document_id))}


@endpoint("/billing/documents/<document_id>/discard", "POST", tags=TAGS, module=BILLING, success=200,
          response=DocumentResponse, errors=(INVALID_STATUS,),
          summary="Descarta um documento pendente (status descartado).")
def discard_document(ctx, document_id):
    document = services.discard_document(get_owned(BillingDocument, document_id, for_update=True))
    return {"data": document_dict(document)}


@endpoint("/billing/invoices", "POST", body=InvoiceCreate, tags=TAGS, module=BILLING, response=InvoiceResponse,
          errors=(*INVOICE_ERRORS, CUSTOMER_NOT_FOUND),
          summary="Consolida documentos pendentes de um cliente numa fatura FAT-000001 (rascunho, ou emitida "
                  "com emit=true).")
def create_invoice(ctx):
    return {"data": invoice_dict(services.create_invoice(ctx.company, ctx.body))}


@endpoint("/billing/invoices", "GET", query=InvoiceListQuery, tags=TAGS, module=BILLING, response=InvoiceList,
          summary="Lista as faturas (status), mais novas primeiro.")
def list_invoices(ctx):
    stmt = invoices_stmt(ctx.account.id, status=ctx.query.status)
    return paginate(stmt, model=Invoice, limit=ctx.query.limit, cursor=ctx.query.cursor,
                    rows=True).envelope(invoice_list_item)


@endpoint("/billing/invoices/<invoice_id>", "GET", tags=TAGS, module=BILLING, response=InvoiceResponse,
          summary="Uma fatura.")
def get_invoice(ctx, invoice_id):
    return {"data": invoice_dict(get_owned(Invoice, invoice_id))}


@endpoint("/billing/invoices/<invoice_id>/emit", "POST", tags=TAGS, module=BILLING, success=200,
          response=InvoiceResponse, errors=(INVALID_STATUS,),
          summary="Emite uma fatura em rascunho: documentos faturados e o título a receber criado.")
def emit_invoice(ctx, invoice_id):
    invoice = get_owned(Invoice, invoice_id, for_update=True)
    services.emit_invoice(invoice)
    return {"data": invoice_dict(invoice)}


@endpoint("/billing/invoices/<invoice_id>/cancel", "POST", tags=TAGS, module=BILLING, success=200,
          response=InvoiceResponse, errors=(INVALID_STATUS,),
          summary="Cancela uma fatura sem recebimento: documentos voltam a pendente, título cancelado.")
def cancel_invoice(ctx, invoice_id):
    invoice = services.cancel_invoice(get_owned(Invoice, invoice_id, for_update=True))
    return {"data": invoice_dict(invoice)}


@endpoint("/billing/invoices/<invoice_id>/pdf", "GET", tags=TAGS, module=BILLING, response_kind="pdf",
          errors=(PDF_INVALID_STATUS,),
          summary="PDF da fatura (emitida, encerrada ou cancelada; 409 invalid_status para rascunho).")
def invoice_pdf_file(ctx, invoice_id):
    invoice, content = invoice_pdf(ctx.company, invoice_id)
    return Response(content, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{invoice.numero}.pdf"'})


class ReceivableListQuery(ListQuery):
    status: Literal[LISTED_STATUSES] | None = None


@endpoint("/finance/receivables", "GET", query=ReceivableListQuery, tags=TAGS, module=BILLING,
          response=ReceivableList,
          summary="Títulos a receber das faturas emitidas, por vencimento (status: aberto, parcial, pago, "
                  "vencido, cancelado).")
def list_receivables(ctx):
    stmt = with_shown_status(receivables_stmt(ctx.account.id), Receivable, ctx.query.status, brasilia_today())
    page = paginate(stmt, model=Receivable, limit=ctx.query.limit, cursor=ctx.query.cursor,
                    sort_column=Receivable.vencimento_at, descending=False, rows=True)
    return page.envelope(lambda row: receivable_dict(row, shown_status))



RECEIVABLE_NOT_OPEN = ErrorCode(422, "invalid_status", "Este título não está em aberto.")


@endpoint("/finance/receivables/<receivable_id>/payments", "POST", body=ReceiptCreate, tags=TAGS, module=BILLING,
          response=ReceivableResponse, errors=(RECEIVABLE_NOT_OPEN,), operation_id="recordReceivablePayment",
          summary="Registra um recebimento no título (parcial → parcial, o saldo todo → pago e a fatura encerrada).")
def record_receivable_payment(ctx, receivable_id):
    receivable = services.receivable_for_payment(receivable_id)
    services.record_receipt(receivable, ctx.body.valor_centavos, ctx.body.pago_em or brasilia_today())
    row = read_rows(receivables_stmt(ctx.account.id).where(Receivable.id == receivable.id)).one()
    return {"data": receivable_dict(row, shown_status)}
