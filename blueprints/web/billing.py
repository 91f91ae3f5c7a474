"""Billing pages (role financeiro, and admin; the company's `billing` module, as the API): the documents inbox
with CT-e/NF-e XML upload, the invoice composer, the invoice page with its PDF, and the receivables board grouped by
due date, with receipts and CSV export. The board machinery here (board_page, payment_on, the CSV helpers) also
draws the payables board (payables.py). Every action calls the service the API calls and commits once here;
another company's ids are 404."""
from collections.abc import Iterator
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace

import sqlalchemy as sa
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from flask_login import current_user
from pydantic import ValidationError
from werkzeug.exceptions import RequestEntityTooLarge

from blueprints.web.access import is_htmx, require_module, roles_required, upload_limit
from blueprints.web.finance_forms import (
    ComposeForm,
    PaymentForm,
    UploadForm,
    compose_input,
    parse_invoice,
    parse_payment,
    payment_input,
)
from blueprints.web.forms_adapter import attach_errors, errors_of
from blueprints.web.jobs import HTMX_STOP_POLLING
from blueprints.web.record_pages import body_too_large
from core.clock import brasilia_today
from core.csv_export import csv_stream
from core.db import db
from core.errors import AppError, InvalidQuery
from core.formatting import day, decimal_input, status_label
from core.pagination import Page, paginate
from core.schemas import details_from
from core.tenancy import company_select, get_owned, read_rows, tenant_scope
from domain.billing import services as billing
from domain.billing import xml_batch, xml_import
from domain.billing.models import BillingDocument, Invoice, Receivable
from domain.billing.pdf import PDF_STATUSES, render_invoice_pdf
from domain.billing.presentation import DOCUMENT_STATUS
from domain.billing.queries import documents_stmt, invoices_stmt, receivables_stmt
from domain.common import open_titles
from domain.partners.models import Partner
from domain.partners.schemas import PartnerCreate
from domain.partners.services import create_partner
from domain.payables import services as payables
from domain.payables.models import Payable
from domain.payables.presentation import STATUS as TITLE_STATUS
from domain.payables.queries import payables_stmt, recently_paid_stmt

bp = Blueprint("billing", __name__, url_prefix="/financeiro")
ROLES = ("financeiro",)
GROUPS = (("vencidos", "Vencidos"), ("hoje", "Vencem hoje"), ("semana", "Próximos 7 dias"), ("depois", "Depois"))
GROUP_LABELS = dict(GROUPS)
GROUP_PAGE = 10  # titles a board's group shows at a time (the nearest due first); "Mostrar mais" brings more
FIELD_LABELS = {"legal_name": "razão social", "cpf_cnpj": "CPF/CNPJ"}  # a refused partner's fields, in the message
CSV_BATCH = 1000  # rows an export reads at a time
XML_UPLOAD_MAX_FILES = 2000  # files in one upload (a month of a large carrier's CT-e; Werkzeug's default: 1,000 parts)
XML_UPLOAD_MAX_BYTES = 96 * 1024 * 1024  # the upload's body (2,000 CT-e of ~10-40 KB; each file stays ≤ 2 MB)
RECENTLY_PAID_DAYS = 7  # a title paid in full stays on the payables board this long ("Pagos recentemente")


@bp.before_request
def _module_gate():
    """Documents, invoices and receivables are billing's: the company's `billing` module (as the API)."""
    require_module("billing")


def _storage_dir() -> Path:
    return Path(current_app.config.get("STORAGE_DIR") or Path(current_app.instance_path) / "storage")


def act(run, success: str, back: str):
    """Run a service, commit once, flash the outcome, go back."""
    try:
        run()
        flash(success, "success")
    except AppError as exc:
        flash(exc.message + "".join(f" {d.message}" for d in exc.details), "error")
    except ValidationError as exc:  # a schema refusing what was read (e.g. a partner from an XML): name the fields
        flash("Dados inválidos: " + "; ".join(f"{FIELD_LABELS.get(d.field, d.field)}: {d.message}"
                                              for d in details_from(exc)), "error")
    return redirect(back)


def group_of(due: date, on: date) -> str:
    if due < on:
        return "vencidos"
    if due == on:
        return "hoje"
    return "semana" if due <= on + timedelta(days=7) else "depois"


# --- Inbox -----------------------------------------------------------------------------------------

@bp.get("/documentos")
@roles_required(*ROLES)
def inbox():
    return _inbox()


def _inbox(upload_form=None, status=200, existing=None):
    """`existing`: the company's document a refused upload's chave already names (shown and linked)."""
    selected = request.args.get("status") if request.args.get("status") in DOCUMENT_STATUS else None
    stmt = documents_stmt(current_user.company_id, status=selected).order_by(BillingDocument.created_at.desc())
    if request.args.get("chave"):  # the link to one document by its chave
        stmt = stmt.where(BillingDocument.chave == request.args["chave"])
    rows = read_rows(stmt.limit(200)).all()
    names = _partner_names({r.customer_partner_id for r in rows})
    status_tabs = [(url_for("billing.inbox"), "Todos", not selected)] + [
        (url_for("billing.inbox", status=key), label, selected == key) for key, (label, _) in DOCUMENT_STATUS.items()]
    return render_template("billing/inbox.html", rows=rows, status_tabs=status_tabs, names=names,
                           upload_form=upload_form or UploadForm(formdata=None), existing=existing), status


def _existing_document(exc: AppError) -> BillingDocument | None:
    """The document a duplicate chave names (409 billing_document_exists carries its id)."""
    existing_id = (exc.extra or {}).get("existing_id")
    return get_owned(BillingDocument, existing_id) if existing_id else None


def _partner_names(ids) -> dict:
    ids = [i for i in ids if i]
    if not ids:
        return {}
    return dict(db.session.execute(db.select(Partner.id, Partner.legal_name).where(Partner.id.in_(ids))).all())


@bp.post("/documentos/xml")
@upload_limit(XML_UPLOAD_MAX_BYTES, max_parts=XML_UPLOAD_MAX_FILES + 10)
@roles_required(*ROLES)
def upload_xml():
    """A handful of files: all of them or none, here; a refused one is the inbox again (4xx) with the error, naming
    the file, on the upload input. More: a background job (xml_batch), and its page with the progress."""
    form = UploadForm()
    files = form.files()
    if not files:
        return _inbox(form, 422)
    if len(files) > xml_batch.INLINE_MAX_FILES:
        job = xml_batch.start_xml_import(current_user.company, files, _storage_dir(),
                                         user=current_user._get_current_object())
        return redirect(url_for("billing.xml_import_page", job_id=job.id))
    try:
        imported = xml_import.import_xml_files(current_user.company, files, _storage_dir())
    except AppError as exc:
        form.arquivos.errors = [exc.message + " Nenhum arquivo foi registrado."]
        return _inbox(form, exc.status, existing=_existing_document(exc))
    if imported.documents:
        flash(f"{len(imported.documents)} documento(s) registrado(s) na caixa de entrada.", "success")
    for line in imported.events:
        flash(line, "info")
    for line in imported.warnings:
        flash(line, "warning")
    return redirect(url_for("billing.inbox"))


@bp.errorhandler(RequestEntityTooLarge)
def _upload_too_large(exc):
    """Raised while the form is read, before the request has its user and tenant (the CSRF check reads it first):
    on the XML upload the error page says the upload's limits; elsewhere the app's 413 page."""
    if request.endpoint != "billing.upload_xml":
        return body_too_large(exc)
    message = (f"Envio grande demais (arquivos): até {XML_UPLOAD_MAX_FILES} arquivos e "
               f"{XML_UPLOAD_MAX_BYTES // (1024 * 1024)} MiB por envio. Nenhum arquivo foi registrado; envie-os em "
               "partes.")
    return render_template("errors/error.html", status=413, title="Envio grande demais", message=message), 413


@bp.get("/documentos/xml/<job_id>")
@roles_required(*ROLES)
def xml_import_page(job_id):
    """A large upload's page: its progress (polled) and, once done, what became of each file."""
    job = xml_batch.get_import_job(job_id)
    return render_template("billing/xml_import.html", job=job, outcome=xml_batch.outcome_of(job))


@bp.get("/documentos/xml/<job_id>/andamento")
@roles_required(*ROLES)
def xml_import_status(job_id):
    """The polled fragment: the progress bar, and the result table (out of band) once the job has finished;
    286 stops the polling."""
    job = xml_batch.get_import_job(job_id)
    html = render_template("billing/_xml_import_status.html", job=job, outcome=xml_batch.outcome_of(job))
    return html, (HTMX_STOP_POLLING if job.finished else 200)


@bp.post("/documentos/<document_id>/descartar")
@roles_required(*ROLES)
def discard(document_id):
    document = get_owned(BillingDocument, document_id, for_update=True)
    return act(lambda: billing.discard_document(document), "Documento descartado.", url_for("billing.inbox"))


@bp.post("/documentos/<document_id>/cadastrar-cliente")
@roles_required(*ROLES)
def register_customer(document_id):
    """Registers the XML's unknown customer as a partner and links the document to it."""
    document = get_owned(BillingDocument, document_id, for_update=True)
    found = (document.extra or {}).get("xml_customer") or {}
    if not found.get("cpf_cnpj"):
        abort(400)
    # the XML's name may be longer than a partner's: cut to the column, and say so
    name = found.get("name") or found["cpf_cnpj"]
    limit = Partner.legal_name.type.length
    success = "Cliente cadastrado e vinculado ao documento."
    if len(name) > limit:
        success += (f" A razão social do XML passava de {limit} caracteres e foi abreviada: confira-a no cadastro "
                    "do parceiro.")

    def run():
        kind = "pf" if len(found["cpf_cnpj"]) == 11 else "pj"
        partner = create_partner(current_user.company, PartnerCreate.model_validate(
            {"person_kind": kind, "cpf_cnpj": found["cpf_cnpj"], "legal_name": name[:limit].strip(),
             "roles": ["tomador"]}))
        billing.attach_customer(document, partner)
    return act(run, success, url_for("billing.inbox"))


# --- Invoices --------------------------------------------------------------------------------------

@bp.route("/faturas/nova", methods=["GET", "POST"])
@roles_required(*ROLES)
def compose():
    company_id = current_user.company_id
    pending = read_rows(documents_stmt(company_id, status="pendente").where(
        BillingDocument.customer_partner_id.is_not(None)).order_by(BillingDocument.emissao_at)).all()
    names = _partner_names({r.customer_partner_id for r in pending})
    customer = request.values.get("cliente")
    form = ComposeForm() if request.method == "POST" else ComposeForm(formdata=None)
    form.vencimento_at.label.text = f"Vencimento (vazio: hoje + {current_user.company.billing_term_days} dias)"
    general = []
    if request.method == "POST":
        data, general = parse_invoice(form, customer)
        if data is not None:
            try:
                invoice = billing.create_invoice(current_user.company, data)
            except AppError as exc:
                general = attach_errors(form, errors_of(exc), compose_input)
            else:
                flash(f"Fatura {invoice.numero} criada em rascunho.", "success")
                return redirect(url_for("billing.invoice", invoice_id=invoice.id))
    rows = [r for r in pending if not customer or str(r.customer_partner_id) == customer]
    return render_template("billing/compose.html", rows=rows, names=names, customer=customer, form=form,
                           general=general), (422 if general or form.errors else 200)


@bp.get("/faturas")
@roles_required(*ROLES)
def invoices():
    rows = read_rows(invoices_stmt(current_user.company_id).order_by(Invoice.created_at.desc()).limit(200)).all()
    return render_template("billing/invoices.html", rows=rows)


@bp.get("/faturas/<invoice_id>")
@roles_required(*ROLES)
def invoice(invoice_id):
    record = get_owned(Invoice, invoice_id)
    customer = get_owned(Partner, record.customer_partner_id)
    return render_template("billing/invoice.html", invoice=record, customer=customer,
                           documents=billing.invoice_documents(record), receivable=billing.invoice_receivable(record),
                           has_pdf=record.status in PDF_STATUSES)


@bp.post("/faturas/<invoice_id>/emitir")
@roles_required(*ROLES)
def emit(invoice_id):
    record = get_owned(Invoice, invoice_id, for_update=True)
    return act(lambda: billing.emit_invoice(record), f"Fatura {record.numero} emitida.",
                url_for("billing.invoice", invoice_id=invoice_id))


@bp.post("/faturas/<invoice_id>/cancelar")
@roles_required(*ROLES)
def cancel(invoice_id):
    record = get_owned(Invoice, invoice_id, for_update=True)
    return act(lambda: billing.cancel_invoice(record), f"Fatura {record.numero} cancelada.",
                url_for("billing.invoice", invoice_id=invoice_id))


@bp.get("/faturas/<invoice_id>/pdf")
@roles_required(*ROLES)
def invoice_pdf(invoice_id):
    record = get_owned(Invoice, invoice_id)
    if record.status not in PDF_STATUSES:
        abort(409)
    return Response(render_invoice_pdf(current_user.company, record), mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{record.numero}.pdf"'})


# --- Boards ----------------------------------------------------------------------------------------

def _open_receivables_stmt():
    return receivables_stmt(current_user.company_id).where(open_titles(Receivable)), Receivable


def open_payables_stmt():
    return payables_stmt(current_user.company_id).where(open_titles(Payable)), Payable


def _group_conditions(model, on: date) -> dict:
    """Each group's condition on the due date (Brasília's today `on`)."""
    due = model.vencimento_at
    return {"vencidos": due < on, "hoje": due == on,
            "semana": sa.and_(due > on, due <= on + timedelta(days=7)), "depois": due > on + timedelta(days=7)}


def _group_page(kind: str, stmt, model, group: str, cursor: str | None, on: date) -> Page:
    """One page of a group's open titles by due date then id (keyset: core.pagination), GROUP_PAGE at a time.
    The cursor is signed for this board and group: another board's or group's, or a tampered one, is 400
    `invalid_cursor`; the statement is the company's, so a cursor taken in another company shows only ours."""
    return paginate(stmt.where(_group_conditions(model, on)[group]), model=model, limit=GROUP_PAGE, cursor=cursor,
                    sort_column=model.vencimento_at, descending=False, scope=f"board.{kind}.{group}", rows=True)


def _group_counts(model, on: date) -> dict:
    """How many open titles each group has, and `total`: the open titles' index alone, no join."""
    row = read_rows(company_select(model, current_user.company_id, *(
        sa.func.sum(sa.case((cond, 1), else_=0)).label(key) for key, cond in _group_conditions(model, on).items()))
        .where(open_titles(model))).one()
    counts = {key: value or 0 for key, value in row._asdict().items()}
    return counts | {"total": sum(counts.values())}


def all_rows(stmt, model) -> Iterator:
    """Every open title by due date, read CSV_BATCH at a time (keyset on due date and id): an export has no limit
    and never holds them all in memory. A streamed body runs after the view returned, when the request's session
    has closed and the logged-in user is detached: what it needs (the company) is taken here, in the view."""
    return _batches(stmt, model, current_user.company_id)


def _batches(stmt, model, company_id) -> Iterator:
    after = None
    with tenant_scope(company_id):
        while True:
            page = stmt if after is None else stmt.where(sa.or_(
                model.vencimento_at > after[0], sa.and_(model.vencimento_at == after[0], model.id > after[1])))
            rows = read_rows(page.order_by(model.vencimento_at, model.id).limit(CSV_BATCH)).all()
            yield from rows
            if len(rows) < CSV_BATCH:
                return
            after = (rows[-1].vencimento_at, rows[-1].id)


def _board_query() -> tuple[str | None, str | None]:
    """The group and cursor of a "Mostrar mais" (the cursor needs its group); an unknown group is 400 naming
    `grupo`."""
    group, cursor = request.args.get("grupo") or None, request.args.get("cursor") or None
    if group is None and cursor is None:
        return None, None
    if group not in GROUP_LABELS:
        raise InvalidQuery.for_field("grupo", "Use vencidos, hoje, semana ou depois.", code="invalid_choice")
    return group, cursor


def _failed_row(stmt, model, failed, on: date):
    """(the refused title's row, its group) when it is still open, else (None, None). The payment form posts
    without the group's cursor, so a title "Mostrar mais" brought may not be on the redrawn board: its group shows
    it at the top then, with what was typed and the error under its input."""
    if failed is None:
        return None, None
    row = read_rows(stmt.where(model.id == failed[0])).first()
    if row is None:  # no longer open: the refusal ("não está em aberto") was flashed; a field error goes there too
        for field in failed[1]:
            for message in field.errors:
                flash(message, "error")
        return None, None
    return row, group_of(row.vencimento_at, on)


def board_page(kind: str, failed=None):
    """A board: each group's first GROUP_PAGE titles by due date, with a "Mostrar mais" row that brings the
    group's next ones (htmx swaps the row for them; without JS, the link is this page with that group from
    there). `failed` = (title id, its PaymentForm) when a payment was refused: that row keeps what was typed
    and shows the error on its input (422), drawn at the top of its group when the first page does not have it."""
    stmt, model = open_payables_stmt() if kind == "pagar" else _open_receivables_stmt()
    on, (wanted, cursor) = brasilia_today(), _board_query()
    endpoint = "payables.payables_board" if kind == "pagar" else "billing.receivables"
    failed_row, failed_group = _failed_row(stmt, model, failed, on)

    # Each row's two inputs are plain markup (templates/_boards/_rows.html) given their values here: the row's
    # balance and today, or for the row whose payment was refused what was typed and its errors. WTForms drew them
    # at half the board's rendering, one form per row before that (issue 38); the form still reads what is posted.
    def payment_inputs(row) -> SimpleNamespace:
        if failed is not None and failed[0] == row.id:
            form = failed[1]
            return SimpleNamespace(**{name: SimpleNamespace(value=(form[name].raw_data or [""])[0],
                                                            error=" ".join(form[name].errors))
                                      for name in ("valor", "pago_em")})
        balance = decimal_input(Decimal(row.valor_centavos - row.pago_centavos) / 100, 2)
        return SimpleNamespace(valor=SimpleNamespace(value=balance, error=""),
                               pago_em=SimpleNamespace(value=on.isoformat(), error=""))

    def group(key):
        page = _group_page(kind, stmt, model, key, cursor if key == wanted else None, on)
        more = url_for(endpoint, grupo=key, cursor=page.next_cursor) if page.has_more else None
        rows = page.items
        if key == failed_group and all(r.id != failed_row.id for r in rows):
            rows = [failed_row, *rows]
        return SimpleNamespace(key=key, rows=rows, more_url=more, more_id=f"load-more-{key}")

    context = {"kind": kind, "payment_inputs": payment_inputs}
    if wanted is not None and is_htmx() and request.headers.get("HX-Target") == f"load-more-{wanted}":
        response = make_response(render_template("_boards/_rows.html", group=group(wanted), **context))
        response.vary.add("HX-Target")
        return response
    title = "Contas a pagar" if kind == "pagar" else "Contas a receber"
    # Only the whole board shows the titles paid lately ("Mostrar mais" brings a group's rows alone).
    recently_paid = (read_rows(recently_paid_stmt(current_user.company_id, on - timedelta(days=RECENTLY_PAID_DAYS)))
                     .all() if kind == "pagar" else [])
    response = make_response(render_template(
        "_boards/board.html", title=title, groups=[group(key) for key, _ in GROUPS], group_labels=GROUP_LABELS,
        counts=_group_counts(model, on), resumed=wanted if cursor else None, recently_paid=recently_paid,
        **context), 422 if failed else 200)
    response.vary.add("HX-Target")
    return response


def payment_on(record, settle, kind: str, success: str, back: str):
    """A payment on a board's title through `settle(record, centavos, day)` (the service), committed once; bad
    input or a refusal is the board again with the error on the row's input."""
    form = PaymentForm()
    data, errors = parse_payment(form)
    if data is not None:
        try:
            settle(record, data.valor_centavos, data.pago_em or brasilia_today())
            flash(success, "success")
            return redirect(back)
        except AppError as exc:
            errors = errors_of(exc)
    for message in attach_errors(form, errors, payment_input):
        flash(message, "error")
    return board_page(kind, (record.id, form))


@bp.get("/receber")
@roles_required(*ROLES)
def receivables():
    return board_page("receber")


@bp.post("/receber/<receivable_id>/recebimento")
@roles_required(*ROLES)
def receive(receivable_id):
    record = billing.receivable_for_payment(receivable_id)
    return payment_on(record, billing.record_receipt, "receber", "Recebimento registrado.",
                      url_for("billing.receivables"))


def csv_response(name: str, header, rows) -> Response:
    """A streamed CSV of every row (no limit), cells safe against formula injection (core.csv_export)."""
    filename = f"{name}-{brasilia_today().isoformat()}.csv"
    return Response(stream_with_context(csv_stream(header, rows)), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def csv_labels(due: date, status: str, on: date) -> list[str]:
    """The group and the situation as the board names them, and the due date as dd/mm/aaaa."""
    shown = payables.shown_status(status, due, on)
    return [GROUP_LABELS[group_of(due, on)], day(due), status_label(TITLE_STATUS, shown)]


@bp.get("/receber.csv")
@roles_required(*ROLES)
def receivables_csv():
    on = brasilia_today()
    return csv_response("contas-a-receber", ("Grupo", "Vencimento", "Situação", "Fatura", "Cliente", "Valor",
                                             "Recebido", "Saldo"),
                        ([*csv_labels(r.vencimento_at, r.status, on), r.invoice_numero, r.customer_name,
                          reais(r.valor_centavos), reais(r.pago_centavos), reais(r.valor_centavos - r.pago_centavos)]
                         for r in all_rows(*_open_receivables_stmt())))


def reais(centavos: int) -> str:
    """`1234,56`: a number a pt-BR spreadsheet reads (no currency sign, comma decimals)."""
    return f"{centavos // 100},{centavos % 100:02d}"
