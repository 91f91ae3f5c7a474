"""The invoice as a PDF, branded with the company's PDF configuration and the customer's layout
(domain/billing/layout.py). Only issued, closed or cancelled invoices have one (409 invalid_status for a draft); a
cancelled one carries the CANCELADA mark. The layout page previews the same template as HTML, with sample data."""
import uuid
from datetime import date
from functools import partial
from types import SimpleNamespace

from core.errors import Conflict
from core.formatting import status_label
from core.pdf import html_to_pdf, preview_html, render_html
from core.tenancy import get_owned
from domain.billing.layout import InvoiceStyle, customer_layout, default_condition, default_due_date, invoice_style
from domain.billing.models import Invoice
from domain.billing.presentation import STATUS
from domain.billing.services import invoice_documents, invoice_receivable
from domain.partners.models import Partner

PDF_STATUSES = ("emitida", "encerrada", "cancelada")
KIND_LABELS = {"cte": "CT-e", "nfe": "NF-e", "pdf": "PDF", "xlsx": "Planilha", "outro": "Outro"}


def ensure_pdf_allowed(invoice: Invoice) -> None:
    if invoice.status not in PDF_STATUSES:
        raise Conflict(f"A fatura {invoice.numero} está em '{invoice.status}': o PDF só existe para faturas "
                       "emitidas, encerradas ou canceladas.", code="invalid_status",
                       extra={"status": invoice.status, "allowed_statuses": list(PDF_STATUSES)})


def invoice_html(style: InvoiceStyle, *, invoice, customer, documents, receivable, font_dir: str | None = None
                 ) -> str:
    """The invoice template rendered; `font_dir` makes it the HTML preview: the fonts loaded from that URL (the
    static one), the footer at the end and without the PDF's page counter (templates/pdf/base.html)."""
    render = partial(preview_html, font_dir=font_dir) if font_dir else render_html
    return render("pdf/invoice.html", branding=style.branding, title=f"Fatura {invoice.numero}", style=style,
                  invoice=invoice, customer=customer, documents=documents, receivable=receivable,
                  status_label=status_label(STATUS, invoice.status), kind_labels=KIND_LABELS)


def render_invoice_pdf(company, invoice: Invoice) -> bytes:
    ensure_pdf_allowed(invoice)
    style = invoice_style(company, customer_layout(invoice.customer_partner_id))
    return html_to_pdf(invoice_html(style, invoice=invoice, customer=get_owned(Partner, invoice.customer_partner_id),
                                    documents=invoice_documents(invoice), receivable=invoice_receivable(invoice)))


def invoice_pdf(company, invoice_id) -> tuple[Invoice, bytes]:
    invoice = get_owned(Invoice, invoice_id)
    return invoice, render_invoice_pdf(company, invoice)


def sample_invoice_html(company, style: InvoiceStyle, customer, font_dir: str) -> str:
    """A made-up emitted invoice for `customer` (nothing is stored; the company's default term and condition),
    for the layout page's live preview."""
    invoice = SimpleNamespace(numero="FAT-000000", status="emitida", vencimento_at=default_due_date(company),
                              condicao_pagamento=default_condition(company), items_count=2, valor_centavos=385050,
                              observacoes="Exemplo de observação impressa na fatura.")
    documents = [SimpleNamespace(id=uuid.uuid4(), kind="cte", numero=str(n), serie="1", emissao_at=date(2026, 1, n),
                                 chave=f"3526011122233300018157001{n:09d}1{n:08d}0", valor_centavos=value)
                 for n, value in ((10, 150050), (12, 235000))]
    receivable = SimpleNamespace(pago_centavos=100000, valor_centavos=385050)
    return invoice_html(style, invoice=invoice, customer=customer, documents=documents, receivable=receivable,
                        font_dir=font_dir)
