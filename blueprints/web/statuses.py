"""Every status badge of the pages: `status_badge(kind, code)`, a template global (the page kit's, templates/_macros/
kit.html), reads the status table of `kind` here, each kept by its area in domain/<area>/presentation.py."""
from flask import Blueprint
from markupsafe import Markup, escape

from core.formatting import status_entry as entry_in
from domain.billing import presentation as billing
from domain.ciot import presentation as ciot
from domain.ciot_agregado import presentation as agregado
from domain.fleet import presentation as fleet
from domain.freights import presentation as freights
from domain.marketplace import presentation as marketplace
from domain.messages import presentation as messages
from domain.partners import presentation as partners
from domain.payables import presentation as payables
from domain.simulations import presentation as simulations
from domain.tenancy import presentation as tenancy
from domain.webhooks import presentation as webhooks

STATUS_TABLES = {
    "freight": freights.STATUS,
    "offer": freights.OFFER_STATUS,
    "message": messages.STATUS,
    "ciot": ciot.STATUS,
    "agregado": agregado.STATUS,
    "invoice": billing.STATUS,
    "billing_document": billing.DOCUMENT_STATUS,
    "title": payables.STATUS,  # receivables and payables: the same statuses, `vencido` shown for open past due
    "lead": marketplace.STATUS,
    "simulation": simulations.STATUS,
    "vehicle": fleet.VEHICLE_STATUS,
    "driver": fleet.DRIVER_STATUS,
    "import_line": fleet.IMPORT_LINE_STATUS,
    "import_outcome": fleet.IMPORT_OUTCOME_STATUS,
    "partner": partners.STATUS,
    "user": tenancy.USER_STATUS,
    "api_key": tenancy.API_KEY_STATUS,
    "webhook_endpoint": webhooks.ENDPOINT_STATUS,
    "webhook_delivery": webhooks.DELIVERY_STATUS,
}

# No routes: registering it puts `status_entry` and `status_badge` in the templates' globals (PDFs' included).
bp = Blueprint("statuses", __name__)


@bp.app_template_global()
def status_entry(kind: str, code) -> tuple[str, str]:
    """`(label, tone)` of `code` in the status table `kind`; an unknown code shows as itself (core.formatting). An
    unknown `kind` is a template's mistake: KeyError, caught by the page tests."""
    return entry_in(STATUS_TABLES[kind], code)


@bp.app_template_global()
def status_badge(kind: str, code, id=None, title=None, label=None, status=None) -> Markup:
    """The badge of `code` (the kit's badge() markup): the table's words and tone; `label` replaces the words where
    a page says more (a private published freight), `status` the data-status (default `code`), `id` names it."""
    words, tone = status_entry(kind, code)
    status = status or code
    attributes = "".join(f' {name}="{escape(value)}"' for name, value in
                         (("id", id), ("data-status", status), ("title", title)) if value)
    css = f"badge badge-{tone}" if tone else "badge"
    return Markup(f'<span class="{css}"{attributes}>{escape(label or words)}</span>')  # noqa: S704 (escaped)
