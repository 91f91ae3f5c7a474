"""Accounts payable pages (role financeiro, and admin; the company's `financial` module, as the API): the board
grouped by due date with its payments, cancellations and CSV export (the board machinery is billing.py's, shared
with the receivables board), a new bill with its installments previewed before saving (the service's own split),
the paid titles with their payments, and one open title's edit page with its cancellation. Every write is
domain.payables.services'."""
import uuid
from decimal import Decimal

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import current_user

from blueprints.web.access import require_module, roles_required
from blueprints.web.billing import (
    ROLES,
    act,
    all_rows,
    board_page,
    csv_labels,
    csv_response,
    open_payables_stmt,
    payment_on,
    reais,
)
from blueprints.web.finance_forms import (
    PayableEditForm,
    PayableForm,
    parse_payable,
    parse_payable_edit,
    payable_input,
)
from blueprints.web.forms_adapter import attach_errors, errors_of
from core.clock import brasilia_today
from core.db import db
from core.errors import AppError
from core.pagination import paginate
from core.tenancy import get_owned
from domain.partners.models import Partner
from domain.payables import services as payables
from domain.payables.models import Payable
from domain.payables.queries import payables_stmt
from domain.payables.titles import OPEN

bp = Blueprint("payables", __name__, url_prefix="/financeiro")
PAID_STATUSES = ("pago", "parcial")
PAID_PAGE = 50
PREVIEW_FIELDS = {"valor_centavos": "Valor total", "parcela_total": "Parcelas", "vencimento_at": "1º vencimento"}


@bp.before_request
def _module_gate():
    """Payables are the company's `financial` module's (as the API)."""
    require_module("financial")


# --- Board -----------------------------------------------------------------------------------------

@bp.get("/pagar")
@roles_required(*ROLES)
def payables_board():
    return board_page("pagar")


@bp.post("/pagar/<payable_id>/pagamento")
@roles_required(*ROLES)
def pay(payable_id):
    record = get_owned(Payable, payable_id, for_update=True)
    return payment_on(record, payables.record_payment, "pagar", "Pagamento registrado.",
                      url_for("payables.payables_board"))


@bp.post("/pagar/<payable_id>/cancelar")
@roles_required(*ROLES)
def cancel_payable(payable_id):
    record = get_owned(Payable, payable_id, for_update=True)
    return act(lambda: payables.cancel_payable(record), "Título cancelado.", url_for("payables.payables_board"))


@bp.get("/pagar.csv")
@roles_required(*ROLES)
def payables_csv():
    on = brasilia_today()
    return csv_response("contas-a-pagar", ("Grupo", "Vencimento", "Situação", "Número", "Descrição", "Fornecedor",
                                           "Valor", "Pago", "Saldo", "Parcela"),
                        ([*csv_labels(r.vencimento_at, r.status, on), r.numero, r.descricao, r.supplier_name_snapshot,
                          reais(r.valor_centavos), reais(r.pago_centavos), reais(r.valor_centavos - r.pago_centavos),
                          f"{r.parcela_num}/{r.parcela_total}"] for r in all_rows(*open_payables_stmt())))


# --- New bill, paid titles, edit -------------------------------------------------------------------


def _supplier_name(form) -> str:
    """The supplier picker's text for the partner already chosen (a form shown again)."""
    value = form.supplier_partner_id.data
    if not value:
        return ""
    try:
        key = uuid.UUID(str(value))
    except ValueError:
        return ""
    partner = db.session.scalar(db.select(Partner).where(Partner.id == key))  # the company's only (tenant scope)
    return partner.legal_name if partner is not None else ""


def _preview(data):
    """The installments the service would write for `data`: (n, amount in centavos, due date) rows."""
    try:
        shares = payables.installments(data.valor_centavos, data.parcela_total, data.vencimento_at)
    except ValueError:
        return []
    return [(n, amount, due) for n, (amount, due) in enumerate(shares, 1)]


@bp.route("/pagar/novo", methods=["GET", "POST"])
@roles_required(*ROLES)
def payable_new():
    form = PayableForm() if request.method == "POST" else PayableForm(formdata=None)
    general, rows = [], []
    if request.method == "POST":
        data, errors = parse_payable(form)
        if data is not None:
            try:
                titles = payables.create_payables(current_user.company, data)
                count = len(titles)
                flash(f"Título lançado: {count} parcela(s).", "success")
                return redirect(url_for("payables.payables_board"))
            except AppError as exc:
                errors = errors_of(exc)
            rows = _preview(data)
        general = attach_errors(form, errors, payable_input) or ["Corrija os campos destacados."]
    return render_template("payables/payable_new.html", form=form, general=general, rows=rows,
                           supplier_name=_supplier_name(form)), (422 if general else 200)


@bp.post("/pagar/novo/previa")
@roles_required(*ROLES)
def payable_preview():
    """The installments of the unsaved form (the live preview), or what is missing to compute them; nothing is
    written. The description may still be empty while the amounts are typed."""
    data, errors = parse_payable(PayableForm(), preview=True)
    problems = [e for e in errors if e.field in PREVIEW_FIELDS]
    rows = _preview(data) if data is not None else []
    return render_template("payables/_payable_preview.html", rows=rows, problems=problems, labels=PREVIEW_FIELDS)


@bp.get("/pagar/pagos")
@roles_required(*ROLES)
def payables_paid():
    """The titles with payments (paid in full or in part), the last paid first: each with what was paid and when."""
    stmt = payables_stmt(current_user.company_id).where(Payable.status.in_(PAID_STATUSES))
    page = paginate(stmt, model=Payable, limit=PAID_PAGE, cursor=request.args.get("cursor") or None,
                    sort_column=Payable.vencimento_at, descending=True, scope="payables.paid", rows=True)
    more = url_for("payables.payables_paid", cursor=page.next_cursor) if page.has_more else None
    return render_template("payables/payables_paid.html", page=page, more_url=more, today=brasilia_today())


def _edit_form(record: Payable) -> PayableEditForm:
    """The edit form filled from the title (its amount in reais, its due date as the date input reads it)."""
    form = PayableEditForm(formdata=None, obj=record)
    form.valor.data = Decimal(record.valor_centavos) / 100
    form.vencimento_at.data = record.vencimento_at.isoformat()
    form.supplier_partner_id.data = str(record.supplier_partner_id or "")
    return form


@bp.route("/pagar/<payable_id>/editar", methods=["GET", "POST"])
@roles_required(*ROLES)
def payable_edit(payable_id):
    """One open title: description, supplier and notes; its amount and due date while nothing was paid on it.
    Cancelling it (an open title without payments) is a button of this page (payables.cancel_payable)."""
    record = get_owned(Payable, payable_id, for_update=request.method == "POST")
    form = PayableEditForm() if request.method == "POST" else _edit_form(record)
    general = []
    if request.method == "POST" and record.status in OPEN:
        data, errors = parse_payable_edit(form)
        if data is not None:
            try:
                payables.update_payable(record, data)
                flash("Título alterado.", "success")
                return redirect(url_for("payables.payables_board"))
            except AppError as exc:
                errors = errors_of(exc)
        general = attach_errors(form, errors, payable_input) or ["Corrija os campos destacados."]
    return render_template("payables/payable_edit.html", form=form, record=record, general=general,
                           supplier_name=_supplier_name(form), editable=record.status in OPEN,
                           paid=record.pago_centavos > 0), (422 if general else 200)
