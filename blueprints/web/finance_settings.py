"""Finance settings pages (role financeiro, and admin): the company's billing defaults (the term that sets an
invoice's default due date, the default payment condition), the company's invoice PDF defaults (texts, columns,
blocks) and each customer's invoice PDF layout over them, both with a live
preview (htmx re-renders the invoice template as HTML, with sample data, on every change of the form)."""
from types import SimpleNamespace

from flask import Blueprint, current_app, render_template, request, url_for
from flask_login import current_user
from flask_wtf.file import FileField
from wtforms import BooleanField, IntegerField, StringField, TextAreaField

from blueprints.web.access import require_module, roles_required, upload_limit
from blueprints.web.admin import LOGO_UPLOAD_LIMIT
from blueprints.web.formkit import MultiCheckboxField, choices
from blueprints.web.forms_adapter import read_form
from blueprints.web.previews import font_url, preview_fragment
from blueprints.web.record_pages import PlainForm, done, save_form
from core.errors import AppError, Conflict, NotFound
from core.tenancy import get_owned
from domain.billing.layout import (
    company_defaults,
    company_style,
    customer_layout,
    invoice_style,
    save_defaults,
    save_layout,
    update_billing_settings,
)
from domain.billing.models import (
    DEFAULT_INVOICE_BLOCKS,
    INVOICE_COLUMNS,
    InvoiceLayout,
    InvoiceLayoutDefault,
)
from domain.billing.pdf import sample_invoice_html
from domain.billing.queries import layout_customers
from domain.billing.schemas import BillingSettingsUpdate, InvoiceDefaultsUpdate, InvoiceLayoutUpdate
from domain.partners.models import Partner
from domain.tenancy.services import checked_logo

bp = Blueprint("finance_settings", __name__, url_prefix="/financeiro")
ROLES = ("financeiro",)
COLUMN_LABELS = {"tipo": "Tipo", "numero": "Número/Série", "emissao": "Emissão", "chave": "Chave de acesso"}
BLOCK_LABELS = {"condicao": "Condição de pagamento", "observacoes": "Observações da fatura",
                "recebido": "Valor já recebido", "instrucoes": "Instruções de pagamento (texto abaixo)"}
DEFAULTS_FIELDS = ("header_text", "payment_text", "visible_columns", "blocks")
LAYOUT_FIELDS = (*DEFAULTS_FIELDS, "primary_color", "secondary_color", "footer_text", "remove_logo")
PREVIEW_ID = "invoice-preview"
# the customer shown in the company defaults' preview (nothing is stored)
SAMPLE_CUSTOMER = SimpleNamespace(legal_name="Cliente de Exemplo Ltda", cpf_cnpj="11222333000181")


@bp.before_request
def _module_gate():
    """Billing settings and invoice layouts are billing's: the company's `billing` module (as the API)."""
    require_module("billing")


class SettingsForm(PlainForm):
    billing_term_days = IntegerField("Prazo padrão de vencimento (dias)")
    billing_payment_condition = StringField("Condição de pagamento padrão")


class DefaultsForm(PlainForm):
    header_text = TextAreaField("Texto institucional (topo da fatura)")
    payment_text = TextAreaField("Instruções de pagamento")
    visible_columns = MultiCheckboxField("Colunas dos documentos", choices=choices(COLUMN_LABELS.items()))
    blocks = MultiCheckboxField("Blocos opcionais", choices=choices(BLOCK_LABELS.items()))


class LayoutForm(DefaultsForm):
    primary_color = StringField("Cor principal")
    secondary_color = StringField("Cor secundária")
    logo = FileField("Logotipo do cliente (PNG ou JPEG)")
    remove_logo = BooleanField("Usar o logotipo da empresa")
    footer_text = StringField("Rodapé")


@bp.route("/configuracoes", methods=["GET", "POST"])
@roles_required(*ROLES)
def settings():
    company = current_user.company
    form = SettingsForm(data={"billing_term_days": company.billing_term_days,
                              "billing_payment_condition": company.billing_payment_condition or ""}
                        if request.method == "GET" else None)
    general = []
    if request.method == "POST":
        values = {"billing_term_days": request.form.get("billing_term_days", "").strip() or None,
                  "billing_payment_condition": request.form.get("billing_payment_condition")}
        response, general = save_form(form, BillingSettingsUpdate, values,
                                      lambda data: update_billing_settings(company, data),
                                      lambda _: done(url_for("finance_settings.settings"),
                                                     "Configurações de faturamento salvas."))
        if response is not None:
            return response
    q = request.args.get("q", "").strip()[:100]
    return render_template("finance_settings/settings.html", form=form, general=general, customers=layout_customers(q),
                           q=q), \
        (422 if form.errors or general else 200)


def _form_data(record, names) -> dict:
    return {name: getattr(record, name) or ([] if name in ("visible_columns", "blocks") else "") for name in names}


def _layout_form(layout: InvoiceLayout | None) -> LayoutForm:
    """The customer's layout as stored; none yet: the company's columns and blocks to start from."""
    if request.method != "GET":
        return LayoutForm()
    if layout is None:
        base = company_style(current_user.company)
        return LayoutForm(data={"visible_columns": list(base.columns), "blocks": list(base.blocks)})
    return LayoutForm(data=_form_data(layout, [n for n in LAYOUT_FIELDS if n != "remove_logo"]))


def _defaults_form(stored: InvoiceLayoutDefault | None) -> DefaultsForm:
    if request.method != "GET":
        return DefaultsForm()
    if stored is None:
        return DefaultsForm(data={"visible_columns": list(INVOICE_COLUMNS), "blocks": list(DEFAULT_INVOICE_BLOCKS)})
    return DefaultsForm(data=_form_data(stored, DEFAULTS_FIELDS))


def _layout_values(names=LAYOUT_FIELDS) -> dict:
    values = {name: request.form.get(name) for name in names if name not in ("visible_columns", "blocks")}
    if "remove_logo" in names:
        values["remove_logo"] = bool(request.form.get("remove_logo"))
    values["visible_columns"] = request.form.getlist("visible_columns")
    values["blocks"] = request.form.getlist("blocks")
    return values


def _saving(write):
    """`write` for save_form, remembering a refusal that is not about the input: a first save lost to a concurrent
    one is 409, the customer removed meanwhile 404, not 422."""
    refused = {}

    def run(data):
        try:
            return write(data)
        except (Conflict, NotFound) as exc:
            refused["status"], refused["error"] = exc.status, exc
            raise
    return run, refused


def _form_status(form, general, refused) -> int:
    return refused.get("status") or (422 if form.errors or general else 200)


def _uploaded_logo() -> bytes | None:
    upload = request.files.get("logo")
    if not upload or not upload.filename:
        return None
    return upload.read(current_app.config["LOGO_MAX_BYTES"] + 1)


@bp.route("/layout-fatura", methods=["GET", "POST"])
@roles_required(*ROLES)
def defaults():
    """The company's invoice defaults (texts, columns, blocks), the base every customer's layout applies over."""
    company = current_user.company
    stored = company_defaults()
    form, general, refused = _defaults_form(stored), [], {}
    if request.method == "POST":
        write, refused = _saving(lambda data: save_defaults(company, data))
        response, general = save_form(form, InvoiceDefaultsUpdate, _layout_values(DEFAULTS_FIELDS), write,
                                      lambda _: done(url_for("finance_settings.defaults"),
                                                     "Layout padrão das faturas salvo."))
        if response is not None:
            return response
    preview = sample_invoice_html(company, company_style(company, stored), SAMPLE_CUSTOMER, font_url())
    return render_template("_layouts/finance.html", form=form, general=general, customer=None, preview=preview,
                           preview_id=PREVIEW_ID, has_logo=False), _form_status(form, general, refused)


@bp.post("/layout-fatura/previa")
@roles_required(*ROLES)
def defaults_preview():
    """The preview of the unsaved company defaults: nothing is written."""
    company = current_user.company
    data, errors = read_form(InvoiceDefaultsUpdate, _layout_values(DEFAULTS_FIELDS))
    preview = None if data is None else sample_invoice_html(company, company_style(company, data), SAMPLE_CUSTOMER,
                                                            font_url())
    return _preview(preview, errors)


def _preview(preview, errors):
    return preview_fragment(preview, errors, id=PREVIEW_ID, title="Pré-visualização da fatura")


@bp.route("/clientes/<partner_id>/layout-fatura", methods=["GET", "POST"])
@upload_limit(LOGO_UPLOAD_LIMIT)
@roles_required(*ROLES)
def layout(partner_id):
    company, customer = current_user.company, get_owned(Partner, partner_id)
    stored = customer_layout(customer.id)
    form, general, refused = _layout_form(stored), [], {}
    if request.method == "POST":
        logo = _uploaded_logo()
        write, refused = _saving(lambda data: save_layout(company, customer, data, logo))
        response, general = save_form(form, InvoiceLayoutUpdate, _layout_values(), write,
                                      lambda _: done(url_for("finance_settings.layout", partner_id=partner_id),
                                                     "Layout da fatura salvo para este cliente."))
        if response is not None:
            return response
        if isinstance(refused.get("error"), NotFound):  # the customer removed meanwhile: its 404 page
            raise refused["error"]
    preview = sample_invoice_html(company, invoice_style(company, stored), customer, font_url())
    return render_template("_layouts/finance.html", form=form, general=general, customer=customer, preview=preview,
                           preview_id=PREVIEW_ID, has_logo=bool(stored and stored.logo_mime)), \
        _form_status(form, general, refused)


@bp.post("/clientes/<partner_id>/layout-fatura/previa")
@upload_limit(LOGO_UPLOAD_LIMIT)
@roles_required(*ROLES)
def layout_preview(partner_id):
    """The preview of the unsaved form: nothing is written. An unreadable value shows its message instead."""
    company, customer = current_user.company, get_owned(Partner, partner_id)
    data, errors = read_form(InvoiceLayoutUpdate, _layout_values())
    logo, preview = None, None
    try:
        raw = _uploaded_logo()
        logo = checked_logo(raw) if raw is not None else None
    except AppError as exc:
        errors = [*errors, *exc.details]
    if data is not None:
        stored = customer_layout(customer.id)
        if logo is None and stored is not None and stored.logo_mime and not data.remove_logo:
            logo = (stored.logo, stored.logo_mime)
        preview = sample_invoice_html(company, invoice_style(company, data, logo), customer, font_url())
    return _preview(preview, errors)
