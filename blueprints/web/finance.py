"""Finance pages (role financeiro, and admin): the billing inbox with CT-e/NF-e XML upload, the invoice composer,
the invoice page with its PDF, and the receivables and payables boards grouped by due date, with payments and CSV
exports. Every action calls the service the API calls and commits once here; another company's ids are 404."""
from datetime import date, timedelta
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, url_for
from flask_login import current_user

from blueprints.web.access import roles_required
from blueprints.web.transaction import page_transaction
from core.csv_export import csv_bytes
from core.db import db
from core.errors import AppError
from core.formatting import parse_decimal, today
from core.tenancy import get_owned, read_rows
from domain.billing import services as billing
from domain.billing.models import BillingDocument, Invoice, Receivable
from domain.billing.pdf import PDF_STATUSES, STATUS_LABELS, render_invoice_pdf
from domain.billing.queries import documents_stmt, receivables_stmt
from domain.billing.schemas import InvoiceCreate
from domain.partners.models import Partner
from domain.payables import services as payables
from domain.payables.models import Payable
from domain.payables.queries import payables_stmt

bp = Blueprint("finance", __name__, url_prefix="/financeiro")
ROLES = ("financeiro",)
DOC_STATUS = {"pendente": ("Pendente", "warn"), "vinculado": ("Em rascunho", "info"),
              "faturado": ("Faturado", "ok"), "descartado": ("Descartado", "muted")}
INVOICE_TONES = {"rascunho": "draft", "emitida": "info", "encerrada": "ok", "cancelada": "muted"}
GROUPS = (("vencidos", "Vencidos"), ("hoje", "Vencem hoje"), ("semana", "Próximos 7 dias"), ("depois", "Depois"))
BOARD_LIMIT = 500


def _storage_dir() -> Path:
    return Path(current_app.config.get("STORAGE_DIR") or Path(current_app.instance_path) / "storage")


def _act(run, success: str, back: str):
    """Run a service, commit once, flash the outcome, go back."""
    try:
        with page_transaction():
            run()
        flash(success, "success")
    except AppError as exc:
        flash(exc.message + "".join(f" {d.message}" for d in exc.details), "error")
    except ValueError:  # a schema refusing what was read (e.g. a partner from an XML)
        flash("Dados inválidos: confira e tente de novo.", "error")
    return redirect(back)


def _amount(field: str = "valor") -> int:
    value = parse_decimal(request.form.get(field, ""), 2)
    return int(value * 100) if value is not None else 0


def _paid_on() -> date:
    try:
        return date.fromisoformat(request.form.get("pago_em") or today().isoformat())
    except ValueError:
        return today()


def group_of(due: date, on: date) -> str:
    if due < on:
        return "vencidos"
    if due == on:
        return "hoje"
    return "semana" if due <= on + timedelta(days=7) else "depois"


def _grouped(rows) -> dict:
    on, groups = today(), {key: [] for key, _ in GROUPS}
    for row in rows:
        groups[group_of(row.vencimento_at, on)].append(row)
    return groups


# --- Inbox -----------------------------------------------------------------------------------------

@bp.get("/documentos")
@roles_required(*ROLES)
def inbox():
    status = request.args.get("status") if request.args.get("status") in DOC_STATUS else None
    stmt = documents_stmt(current_user.company_id, status=status).order_by(BillingDocument.created_at.desc())
    rows = read_rows(stmt.limit(200)).all()
    names = _partner_names({r.customer_partner_id for r in rows})
    status_tabs = [(url_for("finance.inbox"), "Todos", not status)] + [
        (url_for("finance.inbox", status=key), label, status == key) for key, (label, _) in DOC_STATUS.items()]
    return render_template("finance/inbox.html", rows=rows, status_tabs=status_tabs, labels=DOC_STATUS, names=names)


def _partner_names(ids) -> dict:
    ids = [i for i in ids if i]
    if not ids:
        return {}
    return dict(db.session.execute(db.select(Partner.id, Partner.legal_name).where(Partner.id.in_(ids))).all())


@bp.post("/documentos/xml")
@roles_required(*ROLES)
def upload_xml():
    files = [f for f in request.files.getlist("arquivos") if f and f.filename]
    if not files:
        flash("Escolha um ou mais arquivos XML de CT-e ou NF-e.", "error")
        return redirect(url_for("finance.inbox"))
    try:
        with page_transaction():
            billing.import_xml_files(current_user.company, [(f.filename, f.read()) for f in files], _storage_dir())
    except AppError as exc:
        flash(exc.message + " Nenhum arquivo foi registrado.", "error")
        return inbox(), exc.status
    flash(f"{len(files)} documento(s) registrado(s) na caixa de entrada.", "success")
    return redirect(url_for("finance.inbox"))


@bp.post("/documentos/<document_id>/descartar")
@roles_required(*ROLES)
def discard(document_id):
    document = get_owned(BillingDocument, document_id, for_update=True)
    return _act(lambda: billing.discard_document(document), "Documento descartado.", url_for("finance.inbox"))


@bp.post("/documentos/<document_id>/cadastrar-cliente")
@roles_required(*ROLES)
def register_customer(document_id):
    """Registers the XML's unknown customer as a partner and links the document to it."""
    from domain.partners.schemas import PartnerCreate
    from domain.partners.services import create_partner
    document = get_owned(BillingDocument, document_id, for_update=True)
    found = (document.extra or {}).get("xml_customer") or {}
    if not found.get("cpf_cnpj"):
        abort(400)

    def run():
        kind = "pf" if len(found["cpf_cnpj"]) == 11 else "pj"
        partner = create_partner(current_user.company, PartnerCreate.model_validate(
            {"person_kind": kind, "cpf_cnpj": found["cpf_cnpj"], "legal_name": found.get("name") or found["cpf_cnpj"],
             "roles": ["tomador"]}))
        billing.attach_customer(document, partner)
    return _act(run, "Cliente cadastrado e vinculado ao documento.", url_for("finance.inbox"))


# --- Invoices --------------------------------------------------------------------------------------

@bp.route("/faturas/nova", methods=["GET", "POST"])
@roles_required(*ROLES)
def compose():
    company_id = current_user.company_id
    pending = read_rows(documents_stmt(company_id, status="pendente").where(
        BillingDocument.customer_partner_id.is_not(None)).order_by(BillingDocument.emissao_at)).all()
    names = _partner_names({r.customer_partner_id for r in pending})
    customer = request.values.get("cliente")
    if request.method == "POST":
        try:
            data = InvoiceCreate.model_validate({"document_ids": request.form.getlist("documentos"),
                                                 "customer_partner_id": customer or None,
                                                 "observacoes": request.form.get("observacoes"),
                                                 "vencimento_at": request.form.get("vencimento_at") or None})
            with page_transaction():
                invoice = billing.create_invoice(current_user.company, data)
        except AppError as exc:
            flash(exc.message, "error")
        except ValueError:
            flash("Escolha ao menos um documento e confira o vencimento.", "error")
        else:
            flash(f"Fatura {invoice.numero} criada em rascunho.", "success")
            return redirect(url_for("finance.invoice", invoice_id=invoice.id))
    rows = [r for r in pending if not customer or str(r.customer_partner_id) == customer]
    return render_template("finance/compose.html", rows=rows, names=names, customer=customer)


@bp.get("/faturas")
@roles_required(*ROLES)
def invoices():
    from domain.billing.queries import invoices_stmt
    rows = read_rows(invoices_stmt(current_user.company_id).order_by(Invoice.created_at.desc()).limit(200)).all()
    return render_template("finance/invoices.html", rows=rows, labels=STATUS_LABELS, tones=INVOICE_TONES)


@bp.get("/faturas/<invoice_id>")
@roles_required(*ROLES)
def invoice(invoice_id):
    record = get_owned(Invoice, invoice_id)
    customer = get_owned(Partner, record.customer_partner_id)
    return render_template("finance/invoice.html", invoice=record, customer=customer,
                           documents=billing.invoice_documents(record), receivable=billing.invoice_receivable(record),
                           labels=STATUS_LABELS, tones=INVOICE_TONES, has_pdf=record.status in PDF_STATUSES)


@bp.post("/faturas/<invoice_id>/emitir")
@roles_required(*ROLES)
def emit(invoice_id):
    record = get_owned(Invoice, invoice_id, for_update=True)
    return _act(lambda: billing.emit_invoice(record), f"Fatura {record.numero} emitida.",
                url_for("finance.invoice", invoice_id=invoice_id))


@bp.post("/faturas/<invoice_id>/cancelar")
@roles_required(*ROLES)
def cancel(invoice_id):
    record = get_owned(Invoice, invoice_id, for_update=True)
    return _act(lambda: billing.cancel_invoice(record), f"Fatura {record.numero} cancelada.",
                url_for("finance.invoice", invoice_id=invoice_id))


@bp.get("/faturas/<invoice_id>/pdf")
@roles_required(*ROLES)
def invoice_pdf(invoice_id):
    record = get_owned(Invoice, invoice_id)
    if record.status not in PDF_STATUSES:
        abort(409)
    return Response(render_invoice_pdf(current_user.company, record), mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{record.numero}.pdf"'})


# --- Boards ----------------------------------------------------------------------------------------

def _open_receivables():
    stmt = receivables_stmt(current_user.company_id, statuses=("aberto", "parcial"))
    return read_rows(stmt.order_by(Receivable.vencimento_at, Receivable.id).limit(BOARD_LIMIT)).all()


def _open_payables():
    stmt = payables_stmt(current_user.company_id).where(Payable.status.in_(("aberto", "parcial")))
    return read_rows(stmt.order_by(Payable.vencimento_at, Payable.id).limit(BOARD_LIMIT)).all()


@bp.get("/receber")
@roles_required(*ROLES)
def receivables():
    return render_template("finance/board.html", kind="receber", title="Contas a receber",
                           groups=_grouped(_open_receivables()), group_labels=GROUPS, today=today())


@bp.post("/receber/<receivable_id>/recebimento")
@roles_required(*ROLES)
def receive(receivable_id):
    record = get_owned(Receivable, receivable_id, for_update=True)
    return _act(lambda: billing.record_receipt(record, _amount(), _paid_on()), "Recebimento registrado.",
                url_for("finance.receivables"))


@bp.get("/pagar")
@roles_required(*ROLES)
def payables_board():
    return render_template("finance/board.html", kind="pagar", title="Contas a pagar",
                           groups=_grouped(_open_payables()), group_labels=GROUPS, today=today())


@bp.post("/pagar/<payable_id>/pagamento")
@roles_required(*ROLES)
def pay(payable_id):
    record = get_owned(Payable, payable_id, for_update=True)
    return _act(lambda: payables.record_payment(record, _amount(), _paid_on()), "Pagamento registrado.",
                url_for("finance.payables_board"))


@bp.post("/pagar/<payable_id>/cancelar")
@roles_required(*ROLES)
def cancel_payable(payable_id):
    record = get_owned(Payable, payable_id, for_update=True)
    return _act(lambda: payables.cancel_payable(record), "Título cancelado.", url_for("finance.payables_board"))


def _csv(name: str, header, rows) -> Response:
    return Response(csv_bytes(header, rows), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{name}-{today().isoformat()}.csv"'})


@bp.get("/pagar.csv")
@roles_required(*ROLES)
def payables_csv():
    on = today()
    return _csv("contas-a-pagar", ("Grupo", "Vencimento", "Número", "Descrição", "Fornecedor", "Valor", "Pago",
                                   "Saldo", "Parcela", "Situação"),
                ([group_of(r.vencimento_at, on), r.vencimento_at.isoformat(), r.numero, r.descricao,
                  r.supplier_name_snapshot, _reais(r.valor_centavos), _reais(r.pago_centavos),
                  _reais(r.valor_centavos - r.pago_centavos), f"{r.parcela_num}/{r.parcela_total}",
                  payables.shown_status(r.status, r.vencimento_at, on)] for r in _open_payables()))


@bp.get("/receber.csv")
@roles_required(*ROLES)
def receivables_csv():
    on = today()
    return _csv("contas-a-receber", ("Grupo", "Vencimento", "Fatura", "Cliente", "Valor", "Recebido", "Saldo",
                                     "Situação"),
                ([group_of(r.vencimento_at, on), r.vencimento_at.isoformat(), r.invoice_numero, r.customer_name,
                  _reais(r.valor_centavos), _reais(r.pago_centavos), _reais(r.valor_centavos - r.pago_centavos),
                  payables.shown_status(r.status, r.vencimento_at, on)] for r in _open_receivables()))


def _reais(centavos: int) -> str:
    """`1234,56`: a number a pt-BR spreadsheet reads (no currency sign, comma decimals)."""
    return f"{centavos // 100},{centavos % 100:02d}"
