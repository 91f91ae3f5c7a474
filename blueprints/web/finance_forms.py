"""The finance pages' forms (WTForms, fields and rendering only: the rules are the billing and payables schemas'
and services', whose FieldErrors land back on these inputs): the inbox's XML upload, the invoice composer and the
payment of a title on the receivables and payables boards."""
from decimal import Decimal

from flask_wtf.file import MultipleFileField
from wtforms import HiddenField, SelectMultipleField, StringField, TextAreaField

from blueprints.web.formkit import DecimalBRField, read_decimals
from blueprints.web.forms_adapter import attach_errors, read_form
from blueprints.web.record_pages import PlainForm
from core.errors import FieldError
from domain.billing.schemas import InvoiceCreate, ReceiptCreate
from domain.payables.schemas import PayableCreate, PayableUpdate


class UploadForm(PlainForm):
    arquivos = MultipleFileField("Arquivos XML (um ou vários)",
                                 render_kw={"accept": ".xml,text/xml,application/xml", "required": True})

    def files(self) -> list:
        """The chosen files as (name, bytes); none chosen is an error on the input."""
        chosen = [f for f in self.arquivos.data or [] if f and f.filename]
        if not chosen:
            self.arquivos.errors = ["Escolha um ou mais arquivos XML de CT-e ou NF-e."]
        return [(f.filename, f.read()) for f in chosen]


class ComposeForm(PlainForm):
    """The composer: the documents are the pending table's checkboxes (rendered by the table, one per row)."""
    documentos = SelectMultipleField("Documentos", validate_choice=False)
    vencimento_at = StringField("Vencimento", render_kw={"type": "date"})
    observacoes = StringField("Observações (impressas no PDF)", render_kw={"maxlength": 2000})


def compose_input(path: str) -> str:
    """The composer's input of a body error: `document_ids[.n]` → `documentos`."""
    return "documentos" if path.startswith("document_ids") else path


def parse_invoice(form: ComposeForm, customer: str | None):
    """(InvoiceCreate or None, messages no input holds); the errors are already on the inputs."""
    data, errors = read_form(InvoiceCreate, {
        "document_ids": form.documentos.data or [], "customer_partner_id": customer or None,
        "observacoes": (form.observacoes.data or "").strip() or None,
        "vencimento_at": (form.vencimento_at.data or "").strip() or None})
    errors = [FieldError(e.field, e.code, "Escolha ao menos um documento.")
              if e.field == "document_ids" and not form.documentos.data else e for e in errors or []]
    return data, attach_errors(form, errors, compose_input)


class PaymentForm(PlainForm):
    """A payment on a title of a board (one form per row): the amount (pt-BR money, the balance by default) and
    the day (today by default, never in the future: the service's rule)."""
    valor = DecimalBRField("Valor", places=2, mask="money", render_kw={"size": 10})
    pago_em = StringField("Data", render_kw={"type": "date"})


def payment_input(path: str) -> str:
    """The board's input of a payment error: `valor_centavos` → `valor`."""
    return "valor" if path == "valor_centavos" else path


def parse_payment(form: PaymentForm):
    """(ReceiptCreate or None, errors on the schema's names: `valor_centavos`, `pago_em`)."""
    body = {"valor": (form.valor.data or "").strip(), "pago_em": (form.pago_em.data or "").strip() or None}
    unreadable = read_decimals(body, {"valor": 2})
    valor = body.pop("valor", "")
    if valor:
        body["valor_centavos"] = int(Decimal(valor) * 100)
    # An unreadable amount: its own message, not "obrigatório"; the date is still checked.
    return read_form(ReceiptCreate, body, unreadable=[FieldError("valor_centavos", e.code, e.message)
                                                      for e in unreadable])


class PayableForm(PlainForm):
    """A supplier's bill (the payables board's "Novo título"): its installments are previewed while typing by the
    service's own split (domain.payables.services.installments) and written by `create_payables`."""
    descricao = StringField("Descrição")
    numero = StringField("Número do documento", description="Opcional; com parcelas vira 123/1, 123/2…")
    valor = DecimalBRField("Valor total (R$)", places=2, mask="money")
    parcela_total = StringField("Parcelas", default="1", render_kw={"inputmode": "numeric"},
                                description="Mensais, a partir do 1º vencimento.")
    vencimento_at = StringField("1º vencimento", render_kw={"type": "date"})
    supplier_partner_id = HiddenField("Fornecedor")
    notes = TextAreaField("Observações")


def payable_input(path: str) -> str:
    """The form's input of a PayableCreate error: `valor_centavos` → `valor`."""
    return "valor" if path == "valor_centavos" else path


def parse_payable(form: PayableForm, preview: bool = False):
    """(PayableCreate or None, errors named as the schema's fields). `preview`: an empty description does not stop
    the split from being shown (the preview writes nothing)."""
    body = {name: (form[name].data or "").strip() or None for name in
            ("descricao", "numero", "valor", "parcela_total", "vencimento_at", "supplier_partner_id", "notes")}
    if preview:
        body["descricao"] = body["descricao"] or "prévia"
    unreadable = read_decimals(body, {"valor": 2})
    valor = body.pop("valor", None)
    if valor:
        body["valor_centavos"] = int(Decimal(valor) * 100)
    if body["parcela_total"] is None:
        body.pop("parcela_total")
    return read_form(PayableCreate, body, unreadable=[FieldError("valor_centavos", e.code, e.message)
                                                      for e in unreadable])


class PayableEditForm(PlainForm):
    """One title of a bill changed (domain.payables.services.update_payable): the amount and due date only while
    nothing was paid on it."""
    descricao = StringField("Descrição")
    valor = DecimalBRField("Valor da parcela (R$)", places=2, mask="money")
    vencimento_at = StringField("Vencimento", render_kw={"type": "date"})
    supplier_partner_id = HiddenField("Fornecedor")
    notes = TextAreaField("Observações")


def parse_payable_edit(form: PayableEditForm):
    """(PayableUpdate or None, errors named as the schema's fields)."""
    body = {name: (form[name].data or "").strip() or None for name in
            ("descricao", "valor", "vencimento_at", "supplier_partner_id", "notes")}
    unreadable = read_decimals(body, {"valor": 2})
    valor = body.pop("valor", None)
    if valor:
        body["valor_centavos"] = int(Decimal(valor) * 100)
    return read_form(PayableUpdate, body, unreadable=[FieldError("valor_centavos", e.code, e.message)
                                                      for e in unreadable])
