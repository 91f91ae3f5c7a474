"""The invoice PDF's look: the company's branding (core.pdf.Branding) and invoice defaults
(`InvoiceLayoutDefault`: institutional texts, visible document columns, optional blocks), with the customer's
override on top (`InvoiceLayout`: colours, logo, texts, columns, blocks), all edited only in the pages.
The company's billing defaults (term and payment condition) live here too."""
import base64
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from core.clock import brasilia_today
from core.db import db, flush_unique
from core.errors import Conflict
from core.logos import checked_logo
from core.pdf import Branding
from core.tenancy import missing_reference
from domain.billing.models import DEFAULT_INVOICE_BLOCKS, INVOICE_COLUMNS, InvoiceLayout, InvoiceLayoutDefault
from domain.billing.schemas import BillingSettingsUpdate, InvoiceDefaultsUpdate, InvoiceLayoutUpdate
from domain.partners.models import Partner

# --- Company defaults -------------------------------------------------------------------------------

def update_billing_settings(company, data: BillingSettingsUpdate):
    company.billing_term_days = data.billing_term_days
    company.billing_payment_condition = data.billing_payment_condition
    db.session.flush()
    return company


def default_due_date(company) -> date:
    """Today in Brasília plus the company's default term."""
    return brasilia_today() + timedelta(days=company.billing_term_days)


def default_condition(company) -> str:
    return company.billing_payment_condition or f"{company.billing_term_days} dias"


# --- Invoice layouts: the company's defaults, each customer's override over them ----------------------

@dataclass
class InvoiceStyle:
    """What the invoice template reads: the branding and the layout's texts, columns and blocks."""
    branding: Branding
    header_text: str = ""
    payment_text: str = ""
    columns: tuple = INVOICE_COLUMNS
    blocks: tuple = field(default=DEFAULT_INVOICE_BLOCKS)

    def shows(self, name: str) -> bool:
        return name in self.columns or name in self.blocks


def company_defaults() -> InvoiceLayoutDefault | None:
    """The company's stored invoice defaults (None until first saved: every column, the default blocks)."""
    return db.session.execute(db.select(InvoiceLayoutDefault)).scalar()


def customer_layout(customer_id) -> InvoiceLayout | None:
    return db.session.execute(db.select(InvoiceLayout).where(InvoiceLayout.customer_partner_id == customer_id)).scalar()


def save_defaults(company, data: InvoiceDefaultsUpdate) -> InvoiceLayoutDefault:
    """Create or replace the company's invoice defaults; a first save lost to a concurrent one is 409
    `invoice_layout_exists` naming the stored row (nothing of this one is written)."""
    stored = company_defaults()
    record = stored or InvoiceLayoutDefault(company_id=company.id)
    _store(record, stored is None, lambda: _apply_options(record, data),
           lambda: _layout_conflict(company_defaults(), "o layout padrão da empresa"))
    return record


def save_layout(company, customer, data: InvoiceLayoutUpdate, logo: bytes | None = None) -> InvoiceLayout:
    """Create or replace the customer's layout; `logo` (PNG/JPEG, the company logo's rules) replaces the current
    one, `data.remove_logo` drops it (the company's logo is used again). A first save lost to a concurrent one is
    409 `invoice_layout_exists` naming the stored layout (nothing of this one is written)."""
    logo_mime = None
    if logo is not None:
        logo, logo_mime = checked_logo(logo)
    stored = customer_layout(customer.id)
    layout = stored or InvoiceLayout(company_id=company.id, customer_partner_id=customer.id)

    def apply():
        _apply_options(layout, data)
        for name in ("primary_color", "secondary_color", "footer_text"):
            setattr(layout, name, getattr(data, name))
        if data.remove_logo:
            layout.logo, layout.logo_mime = None, None
        if logo is not None:
            layout.logo, layout.logo_mime = logo, logo_mime
    # a first save lost to a concurrent one: 409; the customer removed meanwhile: 404 (its foreign key)
    customer_id = customer.id  # read now: a failed flush expires the instances
    _store(layout, stored is None, apply, lambda: missing_reference(
        [("customer_partner_id", Partner, customer_id, "Cliente")]) or _layout_conflict(
        customer_layout(customer_id), "o layout deste cliente"))
    return layout


def _apply_options(record, data: InvoiceDefaultsUpdate) -> None:
    record.header_text, record.payment_text = data.header_text, data.payment_text
    record.visible_columns = list(dict.fromkeys(data.visible_columns))
    record.blocks = list(dict.fromkeys(data.blocks))


def _store(record, new: bool, apply, conflict) -> None:
    """Flush `apply()`'s changes; a new record is added in a savepoint (core.db.flush_unique): a concurrent first
    save of the same key makes it `conflict()`, and only this save is undone."""
    if not new:
        apply()
        db.session.flush()
        return

    def add():
        apply()
        db.session.add(record)
    flush_unique(add, conflict)


def _layout_conflict(existing, what: str) -> Conflict | None:
    if existing is None:
        return None
    return Conflict(f"Outra pessoa salvou {what} ao mesmo tempo. Recarregue a página e confira antes de salvar de "
                    "novo.", code="invoice_layout_exists", extra={"existing_id": str(existing.id)})


def _data_uri(data: bytes | None, mime: str | None) -> str | None:
    return f"data:{mime};base64,{base64.b64encode(data).decode()}" if data else None


def _columns(chosen) -> tuple:
    return tuple(c for c in INVOICE_COLUMNS if c in chosen)


def company_style(company, defaults: InvoiceLayoutDefault | InvoiceDefaultsUpdate | None = None) -> InvoiceStyle:
    """The company's branding and invoice defaults: `defaults` given (the unsaved form of the defaults page's
    preview) or stored (none stored: every column, the default blocks, no texts)."""
    defaults = defaults if defaults is not None else company_defaults()
    branding = Branding.for_company(company)
    if defaults is None:
        return InvoiceStyle(branding)
    return InvoiceStyle(branding, header_text=defaults.header_text or "", payment_text=defaults.payment_text or "",
                        columns=_columns(defaults.visible_columns), blocks=tuple(defaults.blocks))


def invoice_style(company, layout: InvoiceLayout | InvoiceLayoutUpdate | None, logo: tuple | None = None
                  ) -> InvoiceStyle:
    """The company's style (branding and invoice defaults) with the customer's `layout` on top (a stored layout,
    or the unsaved form data of the preview with `logo` = (bytes, mime) of a file not saved yet): its colours,
    logo, texts and footer where set, its columns and blocks."""
    base = company_style(company)
    if layout is None:
        return base
    branding = base.branding
    stored_logo = (layout.logo, layout.logo_mime) if isinstance(layout, InvoiceLayout) else (None, None)
    if not getattr(layout, "remove_logo", False):
        logo_uri = _data_uri(*(logo or stored_logo))
        branding = replace(branding, logo_data_uri=logo_uri or branding.logo_data_uri)
    branding = replace(branding, primary_color=layout.primary_color or branding.primary_color,
                       secondary_color=layout.secondary_color or branding.secondary_color,
                       footer=layout.footer_text or branding.footer)
    return InvoiceStyle(branding, header_text=layout.header_text or base.header_text,
                        payment_text=layout.payment_text or base.payment_text,
                        columns=_columns(layout.visible_columns), blocks=tuple(layout.blocks))
