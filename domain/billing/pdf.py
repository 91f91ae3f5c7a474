"""The invoice as a PDF, branded with the company's PDF configuration (core.pdf). Only issued, closed or
cancelled invoices have one (409 invalid_status for a draft); a cancelled one carries the CANCELADA mark."""
from core.errors import Conflict
from core.pdf import Branding, render_pdf
from core.tenancy import get_owned
from domain.billing.models import Invoice
from domain.billing.services import invoice_documents, invoice_receivable
from domain.partners.models import Partner

PDF_STATUSES = ("emitida", "encerrada", "cancelada")
STATUS_LABELS = {"rascunho": "Rascunho", "emitida": "Emitida", "encerrada": "Encerrada (paga)",
                 "cancelada": "Cancelada"}
KIND_LABELS = {"cte": "CT-e", "nfe": "NF-e", "pdf": "PDF", "xlsx": "Planilha", "outro": "Outro"}


def ensure_pdf_allowed(invoice: Invoice) -> None:
    if invoice.status not in PDF_STATUSES:
        raise Conflict(f"A fatura {invoice.numero} está em '{invoice.status}': o PDF só existe para faturas "
                       "emitidas, encerradas ou canceladas.", code="invalid_status",
                       extra={"status": invoice.status, "allowed_statuses": list(PDF_STATUSES)})


def render_invoice_pdf(company, invoice: Invoice) -> bytes:
    ensure_pdf_allowed(invoice)
    return render_pdf("pdf/invoice.html", branding=Branding.for_company(company), title=f"Fatura {invoice.numero}",
                      invoice=invoice, customer=get_owned(Partner, invoice.customer_partner_id),
                      documents=invoice_documents(invoice), receivable=invoice_receivable(invoice),
                      status_label=STATUS_LABELS[invoice.status], kind_labels=KIND_LABELS)


def invoice_pdf(company, invoice_id) -> tuple[Invoice, bytes]:
    invoice = get_owned(Invoice, invoice_id)
    return invoice, render_invoice_pdf(company, invoice)
