"""The invoice PDF's look: the company's branding (core.pdf.Branding) with the customer's override on top
(`InvoiceLayout`, edited only in the pages): colours, logo, institutional texts, the visible document columns and
the optional blocks. The company's billing defaults (term and payment condition) live here too."""
import base64
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from core.db import db
from core.formatting import today as today_brasilia
from core.logos import checked_logo
from core.pdf import Branding
from domain.billing.models import INVOICE_COLUMNS, InvoiceLayout
from domain.billing.schemas import BillingSettingsUpdate, InvoiceLayoutUpdate

DEFAULT_BLOCKS = ("condicao", "observacoes", "recebido")


# --- Company defaults -------------------------------------------------------------------------------

def update_billing_settings(company, data: BillingSettingsUpdate):
    company.billing_term_days = data.billing_term_days
    company.billing_payment_condition = data.billing_payment_condition
    db.session.flush()
    return company


def default_due_date(company) -> date:
    """Today in Brasília plus the company's default term."""
    return today_brasilia() + timedelta(days=company.billing_term_days)


def default_condition(company) -> str:
    return company.billing_payment_condition or f"{company.billing_term_days} dias"


# --- Customer layouts -------------------------------------------------------------------------------

@dataclass
class InvoiceStyle:
    """What the invoice template reads: the branding and the layout's texts, columns and blocks."""
    branding: Branding
    header_text: str = ""
    payment_text: str = ""
    columns: tuple = INVOICE_COLUMNS
    blocks: tuple = field(default=DEFAULT_BLOCKS)

    def shows(self, name: str) -> bool:
        return name in self.columns or name in self.blocks


def customer_layout(customer_id) -> InvoiceLayout | None:
    return db.session.execute(db.select(InvoiceLayout).where(InvoiceLayout.customer_partner_id == customer_id)).scalar()


def save_layout(company, customer, data: InvoiceLayoutUpdate, logo: bytes | None = None) -> InvoiceLayout:
    """Create or replace the customer's layout; `logo` (PNG/JPEG, the company logo's rules) replaces the current
    one, `data.remove_logo` drops it (the company's logo is used again)."""
    logo_mime = None
    if logo is not None:
        logo, logo_mime = checked_logo(logo)
    layout = customer_layout(customer.id)
    if layout is None:
        layout = InvoiceLayout(company_id=company.id, customer_partner_id=customer.id)
        db.session.add(layout)
    for name in ("primary_color", "secondary_color", "header_text", "payment_text", "footer_text"):
        setattr(layout, name, getattr(data, name))
    layout.visible_columns = list(dict.fromkeys(data.visible_columns))
    layout.blocks = list(dict.fromkeys(data.blocks))
    if data.remove_logo:
        layout.logo, layout.logo_mime = None, None
    if logo is not None:
        layout.logo, layout.logo_mime = logo, logo_mime
    db.session.flush()
    return layout


def _data_uri(data: bytes | None, mime: str | None) -> str | None:
    return f"data:{mime};base64,{base64.b64encode(data).decode()}" if data else None


def invoice_style(company, layout: InvoiceLayout | InvoiceLayoutUpdate | None, logo: tuple | None = None
                  ) -> InvoiceStyle:
    """The company's branding with `layout` on top (a stored layout, or the unsaved form data of the preview with
    `logo` = (bytes, mime) of a file not saved yet); no layout = the company's branding and every column."""
    branding = Branding.for_company(company)
    if layout is None:
        return InvoiceStyle(branding)
    stored_logo = (layout.logo, layout.logo_mime) if isinstance(layout, InvoiceLayout) else (None, None)
    if not getattr(layout, "remove_logo", False):
        logo_uri = _data_uri(*(logo or stored_logo))
        branding = replace(branding, logo_data_uri=logo_uri or branding.logo_data_uri)
    branding = replace(branding, primary_color=layout.primary_color or branding.primary_color,
                       secondary_color=layout.secondary_color or branding.secondary_color,
                       footer=layout.footer_text or branding.footer)
    return InvoiceStyle(branding, header_text=layout.header_text or "", payment_text=layout.payment_text or "",
                        columns=tuple(c for c in INVOICE_COLUMNS if c in layout.visible_columns),
                        blocks=tuple(layout.blocks))
