"""Pages: partners (list, create, edit, deactivate/reactivate) and their bank accounts (inline, htmx). Blueprint
`partners`: any signed-in user reads, operador (and admin) writes; no module gate (as the partners API).

Bank accounts are created, changed and removed only here: the API shows them read-only (docs/api/partners-fleet.md).
"""
import re

from flask import Blueprint, render_template, request, url_for
from flask_login import current_user
from werkzeug.exceptions import RequestEntityTooLarge
from wtforms import BooleanField, SelectField, StringField, TextAreaField

from blueprints.web.access import is_htmx
from blueprints.web.formkit import MaskedField, MultiCheckboxField, choices
from blueprints.web.record_pages import (
    PlainForm,
    body_too_large,
    can_edit,
    done,
    editor_required,
    form_values,
    list_args,
    list_page,
    reader_required,
    save_form,
    toggle_status,
)
from core.db import db
from core.errors import NotFound
from core.formatting import fmt
from core.schemas import parse_query
from core.tenancy import get_owned
from core.validators import strip_punctuation
from domain.partners import services
from domain.partners.models import ACCOUNT_TYPES, PARTNER_ROLES, RNTRC_CATEGORIES, Partner, PartnerBankAccount
from domain.partners.queries import PARTNER_LIST_COLUMNS, partner_listing
from domain.partners.schemas import BankAccountCreate, BankAccountUpdate, PartnerCreate, PartnerListQuery, PartnerUpdate

bp = Blueprint("partners", __name__)
bp.register_error_handler(RequestEntityTooLarge, body_too_large)

ROLE_LABELS = {"contratante": "Contratante", "contratado": "Contratado", "tomador": "Tomador",
               "destinatario": "Destinatário", "remetente": "Remetente", "cliente_frete": "Cliente de frete",
               "fornecedor": "Fornecedor"}
ACCOUNT_TYPE_LABELS = {"corrente": "Corrente", "poupanca": "Poupança", "pagamento": "Pagamento"}
PIX_TYPE_LABELS = {"cpf": "CPF", "cnpj": "CNPJ", "email": "E-mail", "telefone": "Telefone", "aleatoria": "Aleatória"}


# The registry's categories as the partner form offers them (the value is the API's).
RNTRC_CATEGORY_LABELS = {"ETC": "ETC (empresa de transporte)", "TAC": "TAC (autônomo)", "CTC": "CTC (cooperativa)",
                         "TAC_EQUIPARADO": "ETC equiparada a TAC"}
RNTRC_CHOICES = [("", "—")] + [(c, RNTRC_CATEGORY_LABELS[c]) for c in RNTRC_CATEGORIES]

class PartnerForm(PlainForm):
    person_kind = SelectField("Tipo de pessoa", choices=choices([("pj", "Pessoa jurídica (CNPJ)"),
                                                                 ("pf", "Pessoa física (CPF)")]),
                              validate_choice=False, default="pj")
    cpf_cnpj = MaskedField("CPF/CNPJ", display=fmt.cpf_cnpj)
    legal_name = StringField("Razão social / nome completo")
    trade_name = StringField("Nome fantasia")
    ie = StringField("Inscrição estadual")
    ie_isento = BooleanField("Isento de inscrição estadual")
    rntrc = StringField("RNTRC")
    rntrc_categoria = SelectField("Categoria RNTRC", choices=choices(RNTRC_CHOICES),
                                  validate_choice=False)
    email = StringField("E-mail")
    phone = MaskedField("Telefone", display=fmt.phone)
    whatsapp = MaskedField("WhatsApp", display=fmt.phone)
    cep = MaskedField("CEP", display=fmt.cep)
    uf = StringField("UF")
    municipio_codigo = StringField("Código IBGE do município")
    municipio_nome = StringField("Município")
    logradouro = StringField("Logradouro")
    numero = StringField("Número")
    complemento = StringField("Complemento")
    bairro = StringField("Bairro")
    roles = MultiCheckboxField("Papéis", choices=choices((r, ROLE_LABELS[r]) for r in PARTNER_ROLES),
                               validate_choice=False)
    notes = TextAreaField("Observações")


PARTNER_FORM_FIELDS = ("person_kind", "cpf_cnpj", "legal_name", "trade_name", "ie", "ie_isento", "rntrc",
                       "rntrc_categoria", "email", "phone", "whatsapp", "cep", "uf", "municipio_codigo",
                       "municipio_nome", "logradouro", "numero", "complemento", "bairro", "roles", "notes")


def pix_key_input(key: str) -> str:
    """A stored PIX key as the form shows it: formatted, and a phone key keeps its `+55` (without it, the
    11 digits of a mobile number would read back as a CPF)."""
    return f"+55 {fmt.phone(key)}" if key.startswith("+55") else fmt.pix_key(key)


class BankAccountForm(PlainForm):
    bank_code = StringField("Banco (código)")
    agency = StringField("Agência")
    account = StringField("Conta")
    account_type = SelectField("Tipo de conta", choices=choices([("", "—")] + [(t, ACCOUNT_TYPE_LABELS[t])
                                                                            for t in ACCOUNT_TYPES]),
                               validate_choice=False)
    # Stored normalised (digits, E.164), shown formatted; the browser masks them as they are typed.
    pix_key = MaskedField("Chave PIX", display=pix_key_input, mask="pix_key")
    holder_name = StringField("Titular")
    holder_document = MaskedField("CPF/CNPJ do titular", display=fmt.cpf_cnpj, mask="cpf_cnpj")


BANK_FORM_FIELDS = ("bank_code", "agency", "account", "account_type", "pix_key", "holder_name", "holder_document")


def _bank_values(form) -> dict:
    values = form_values(form, BANK_FORM_FIELDS)
    # A phone key typed or shown formatted (+55 (11) 98765-4321) is E.164 for the API (+5511987654321).
    if (values.get("pix_key") or "").strip().startswith("+"):
        values["pix_key"] = "+" + re.sub(r"\D", "", values["pix_key"])
    return values


def _partner_values(form) -> dict:
    values = form_values(form, PARTNER_FORM_FIELDS)
    # The page accepts a formatted document (12.345.678/0001-90); the API takes digits only.
    if values["cpf_cnpj"]:
        values["cpf_cnpj"] = strip_punctuation(values["cpf_cnpj"]).upper()
    return values


def _partner_url(partner) -> str:
    return url_for("partners.partner", partner_id=partner.id)


def _template_globals() -> dict:
    return {"role_labels": ROLE_LABELS, "account_type_labels": ACCOUNT_TYPE_LABELS,
            "pix_type_labels": PIX_TYPE_LABELS, "can_edit": can_edit()}


# --- List --------------------------------------------------------------------------------------

@bp.get("/parceiros")
@reader_required
def partners():
    query = parse_query(PartnerListQuery, list_args())
    stmt = partner_listing(current_user.company_id, q=query.q, role=query.role, only_active=query.only_active,
                         created_before=query.created_before, columns=PARTNER_LIST_COLUMNS)
    return list_page("partners.partners", "partner", query, stmt, Partner,
                     ("q", "role", "only_active", "created_before"), **_template_globals())


# --- Create / edit -----------------------------------------------------------------------------

@bp.route("/parceiros/novo", methods=["GET", "POST"])
@editor_required
def partner_new():
    form, general = PartnerForm(), []
    if request.method == "POST":
        response, general = save_form(
            form, PartnerCreate, _partner_values(form),
            write=lambda data: services.create_partner(current_user.company, data, actor=current_user),
            on_success=lambda partner: done(_partner_url(partner), "Parceiro cadastrado."))
        if response is not None:
            return response
    return _partner_form_response(form, general, partner=None)


@bp.get("/parceiros/<partner_id>")
@reader_required
def partner(partner_id):
    record = get_owned(Partner, partner_id)
    return render_template("partners/partner.html", partner=record, form=PartnerForm(formdata=None, obj=record),
                           general=[], **_template_globals())


@bp.post("/parceiros/<partner_id>")
@editor_required
def partner_update(partner_id):
    record = get_owned(Partner, partner_id, for_update=True)
    form = PartnerForm()
    response, general = save_form(
        form, PartnerUpdate, _partner_values(form),
        write=lambda data: services.update_partner(record, data, sent_fields=PARTNER_FORM_FIELDS),
        on_success=lambda _: done(_partner_url(record), "Alterações salvas."))
    if response is not None:
        return response
    return _partner_form_response(form, general, partner=record)


def _partner_form_response(form, general, *, partner):
    status = 422 if (general or form.errors) else 200
    if request.method == "POST" and is_htmx():
        return render_template("partners/_partner_form.html", form=form, general=general, partner=partner,
                               **_template_globals()), status
    template = "partners/partner.html" if partner is not None else "partners/partner_new.html"
    if partner is not None:
        db.session.refresh(partner)  # the header shows the stored record, not the rejected input
    return render_template(template, form=form, general=general, partner=partner, **_template_globals()), status


@bp.post("/parceiros/<partner_id>/desativar")
@editor_required
def partner_deactivate(partner_id):
    return toggle_status(Partner, partner_id, lambda record: services.set_partner_active(record, False),
                         "partners.partner", "partner_id", "Parceiro desativado.")


@bp.post("/parceiros/<partner_id>/reativar")
@editor_required
def partner_reactivate(partner_id):
    return toggle_status(Partner, partner_id, lambda record: services.set_partner_active(record, True),
                         "partners.partner", "partner_id", "Parceiro reativado.")


# --- Bank accounts (htmx fragments inside the partner page) -------------------------------------

def _owned_account(partner_id, account_id, *, for_update=False) -> tuple[Partner, PartnerBankAccount]:
    record = get_owned(Partner, partner_id, for_update=for_update)
    account = get_owned(PartnerBankAccount, account_id, for_update=for_update)
    if account.partner_id != record.id:
        raise NotFound()
    return record, account


def _accounts_section(record, status=200, *, retarget=False):
    html = render_template("partners/_bank_accounts.html", partner=record, **_template_globals())
    headers = {"HX-Retarget": "#bank-accounts", "HX-Reswap": "outerHTML"} if retarget else {}
    return html, status, headers


def _accounts_changed(record, message, *, refresh):
    """After a bank-account write: a plain form goes back to the partner page; htmx gets the fresh section.
    `refresh` reloads the partner's accounts after an add/remove (an edit changes none of the list)."""
    if not is_htmx():
        return done(_partner_url(record), message)
    if refresh:
        db.session.refresh(record)
    return _accounts_section(record, retarget=True)


def _bank_form_response(form, general, record, account):
    return render_template("partners/_bank_account_form.html", form=form, general=general, partner=record,
                           account=account, **_template_globals()), 422


@bp.get("/parceiros/<partner_id>/contas")
@reader_required
def bank_accounts(partner_id):
    return _accounts_section(get_owned(Partner, partner_id))


@bp.get("/parceiros/<partner_id>/contas/nova")
@editor_required
def bank_account_new(partner_id):
    record = get_owned(Partner, partner_id)
    return render_template("partners/_bank_account_form.html", form=BankAccountForm(formdata=None), general=[],
                           partner=record, account=None, **_template_globals())


@bp.post("/parceiros/<partner_id>/contas")
@editor_required
def bank_account_create(partner_id):
    record = get_owned(Partner, partner_id, for_update=True)
    form = BankAccountForm()
    response, general = save_form(
        form, BankAccountCreate, _bank_values(form),
        write=lambda data: services.create_bank_account(record, data),
        on_success=lambda _: _accounts_changed(record, "Conta bancária adicionada.", refresh=True))
    if response is not None:
        return response
    return _bank_form_response(form, general, record, None)


@bp.get("/parceiros/<partner_id>/contas/<account_id>/editar")
@editor_required
def bank_account_edit(partner_id, account_id):
    record, account = _owned_account(partner_id, account_id)
    return render_template("partners/_bank_account_form.html", form=BankAccountForm(formdata=None, obj=account),
                           general=[], partner=record, account=account, **_template_globals())


@bp.post("/parceiros/<partner_id>/contas/<account_id>")
@editor_required
def bank_account_update(partner_id, account_id):
    record, account = _owned_account(partner_id, account_id, for_update=True)
    form = BankAccountForm()
    response, general = save_form(
        form, BankAccountUpdate, _bank_values(form),
        write=lambda data: services.update_bank_account(account, data, sent_fields=BANK_FORM_FIELDS),
        on_success=lambda _: _accounts_changed(record, "Conta bancária alterada.", refresh=False))
    if response is not None:
        return response
    return _bank_form_response(form, general, record, account)


@bp.post("/parceiros/<partner_id>/contas/<account_id>/excluir")
@editor_required
def bank_account_delete(partner_id, account_id):
    record, account = _owned_account(partner_id, account_id, for_update=True)
    services.delete_bank_account(account)
    return _accounts_changed(record, "Conta bancária removida.", refresh=True)
