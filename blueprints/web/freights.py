"""Pages: the freight board (list with filters and status badges, or columns by status), create/edit with registry
pickers, the freight page with its status history, the offers panel (accept / reject / counter inline, the winner
highlighted) and the messages panel (send from a template; the status refreshes until it settles); message
templates and channel settings.

Every action calls the service the API calls; the request's unit of work commits it (jobs leave after). Roles:
admin and operador act; every logged-in role reads. Another company's ids are 404 (tenant-scoped lookups).
"""
from typing import ClassVar

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for
from flask_login import current_user, login_required

from blueprints.web.access import is_htmx, roles_required
from blueprints.web.formkit import choices, with_ids
from blueprints.web.forms_adapter import attach_errors, errors_of, read_form
from blueprints.web.freight_forms import (
    CHANNEL_FIELDS,
    PICKER_SOURCES,
    ChannelForm,
    CounterOfferForm,
    FreightForm,
    MessageForm,
    OfferForm,
    RejectOfferForm,
    StatusForm,
    TemplateForm,
    channel_settings,
    freight_error_field,
    parse_freight,
    parse_offer,
    picked_names,
)
from blueprints.web.freight_moves import public_link, status_moves
from blueprints.web.record_pages import done, list_args
from core.db import db
from core.errors import AppError, FieldError
from core.pagination import paginate
from core.schemas import parse_query
from core.validators import FieldInvalid, phone_as_e164
from domain.antt_floor.catalog import CARGO_TYPES
from domain.freights import offers as offer_services
from domain.freights import services
from domain.freights.models import Freight, Offer
from domain.freights.presentation import PRIVATE_PUBLISHED_LABEL
from domain.freights.presentation import STATUS_LABELS as FREIGHT_STATUS_LABELS
from domain.freights.queries import (
    counts_by_status,
    default_recipient,
    freight_listing,
    freight_row,
    offers_stmt,
    status_history,
)
from domain.freights.schemas import (
    FreightCreate,
    FreightListQuery,
    FreightStatusChange,
    FreightUpdate,
    OfferCounter,
    OfferCreate,
    OfferReject,
)
from domain.freights.serializers import freight_dict
from domain.freights.states import FREIGHT_STATUSES, OPEN_OFFER
from domain.messages import services as message_services
from domain.messages.channels import PROVIDER_LABELS, PROVIDERS
from domain.messages.models import CHANNELS, ChannelSetting, Message
from domain.messages.presentation import CHANNEL_LABELS
from domain.messages.presentation import shown_status as shown_message_status
from domain.messages.schemas import MessageCreate
from domain.messages.templates import company_templates, save_template

bp = Blueprint("freights", __name__, url_prefix="/fretes-operacao")
ACTORS = ("operador",)
# What an offer action's error may name besides its form's inputs (shown under these pt-BR names, issue 9).
OFFER_LABELS = {"offer_id": "Oferta", "carrier_id": "Transportador"}


@bp.app_context_processor
def _labels():
    return {"freight_status_labels": FREIGHT_STATUS_LABELS, "private_published_label": PRIVATE_PUBLISHED_LABEL,
            "channel_labels": CHANNEL_LABELS, "shown_message_status": shown_message_status}


def _can_act() -> bool:
    return current_user.can(*ACTORS)


def _actor():
    return current_user._get_current_object()


def _freight_or_404(ref):
    return services.find_freight(ref)


# --- Board ---------------------------------------------------------------------------------------

@bp.get("/")
@login_required
def board():
    args = list_args()
    view = args.pop("view", "lista")
    try:
        query = parse_query(FreightListQuery, args)
    except AppError as exc:
        flash(exc.message, "error")
        query = parse_query(FreightListQuery, {})
    company_id = current_user.company_id
    stmt = freight_listing(company_id, statuses=query.statuses, visibility=query.visibility, q=query.q)
    if view == "quadro":
        return _board_columns(stmt, query, args)
    page = paginate(stmt, model=Freight, limit=query.limit, cursor=query.cursor, rows=True)
    more_url = _next_url(page, args)
    return render_template("freights/list.html", page=page, query=query, view=view, more_url=more_url,
                           counts=counts_by_status(), can_act=_can_act())


# A person reads a few dozen cards at once: the columns show the newest BOARD_PAGE freights, and "Ver mais" brings
# the next ones into their columns (500 cards cost 80 ms of rendering and 128 KB for 11 ms of SQL, issue 38).
BOARD_PAGE = 50


def _next_url(page, args: dict, **extra) -> str | None:
    """This list's address from the page after `page` (its filters kept), or None on the last page."""
    if not page.has_more:
        return None
    return url_for("freights.board", **{**{k: v for k, v in args.items() if k != "cursor"}, **extra,
                                        "cursor": page.next_cursor})


def _board_columns(stmt, query, args: dict):
    """The card view: a page of BOARD_PAGE freights, newest first, in their status's column. Asked by its "Ver mais"
    button (htmx), the answer is only the next cards, each appended to its column out of band, and the next
    button; without JS the button is a link to the same page from that cursor."""
    page = paginate(stmt, model=Freight, limit=BOARD_PAGE, cursor=query.cursor, rows=True)
    columns = {status: [] for status in FREIGHT_STATUSES}
    for row in page.items:
        columns[row.status].append(row)
    more_url = _next_url(page, args, view="quadro")
    if is_htmx() and request.headers.get("HX-Target") == "board-more":
        response = make_response(render_template("freights/_board_more.html", columns=columns, more_url=more_url))
    else:
        counts = counts_by_status()
        # A column's heading counts the company's freights of that status; a filtered board has no such total.
        totals = None if query.q or query.status or query.visibility else counts
        response = make_response(render_template(
            "freights/board.html", columns=columns, query=query, view="quadro", more_url=more_url, counts=counts,
            column_totals=totals, can_act=_can_act()))
    response.vary.add("HX-Target")
    return response


# --- Create / edit -------------------------------------------------------------------------------

CARGO_LABELS = [label for _code, label in CARGO_TYPES.values()]


def _freight_form(freight, schema, write):
    """GET: the form; POST: the body validated with `schema`, `write(data, body)` (returns (freight, message)),
    then the freight page; errors land on their inputs (422), nothing is written."""
    form = FreightForm() if request.method == "POST" else FreightForm(formdata=None, obj=freight)
    form.keep_cargo_type(request.form.get("cargo_type") if request.method == "POST"
                         else getattr(freight, "cargo_type", None))
    general = []
    if request.method == "POST":
        data, body, errors = parse_freight(form, schema)
        if data is not None:
            try:
                saved, message = write(data, body)
                return done(url_for("freights.show", ref=saved.code), message)
            except AppError as exc:
                errors = errors_of(exc)
        general = attach_errors(form, errors, freight_error_field) or ["Corrija os campos destacados."]
    return render_template("freights/form.html", form=form, general=general, freight=freight,
                           cargo_labels=CARGO_LABELS, picked=picked_names(form),
                           picker_sources=PICKER_SOURCES), \
        (422 if general else 200)


@bp.route("/novo", methods=["GET", "POST"])
@roles_required(*ACTORS)
def new():
    def create(data, body):
        freight = services.create_freight(current_user.company, data, actor=_actor(),
                                          status="published" if request.form.get("publish") else "draft")
        if freight.status == "published" and freight.visibility != "publico":
            return freight, (f"Frete {freight.code} criado e aberto a ofertas. Ele não aparece na vitrine pública "
                             "de fretes porque a visibilidade é Privado.")
        return freight, f"Frete {freight.code} criado."
    return _freight_form(None, FreightCreate, create)


@bp.route("/<ref>/editar", methods=["GET", "POST"])
@roles_required(*ACTORS)
def edit(ref):
    def update(data, body):
        return services.update_freight(services.lock_freight(ref), data, sent_fields=set(body)), "Frete atualizado."
    return _freight_form(_freight_or_404(ref), FreightUpdate, update)


# --- The freight page ----------------------------------------------------------------------------

def _offers(freight) -> list:
    return db.session.execute(offers_stmt(current_user.company_id, freight.id)
                              .order_by(Offer.created_at, Offer.id)).scalars().all()


def _messages(freight) -> list:
    return db.session.execute(db.select(Message).where(Message.freight_id == freight.id)
                              .order_by(Message.created_at.desc(), Message.id.desc()).limit(50)).scalars().all()


def _show(freight, status_form=None, status=200):
    return render_template("freights/show.html", freight=freight, public_link=public_link(freight),
                           status_moves=status_moves(freight),
                           record=freight_dict(freight_row(current_user.company_id, freight.id)),
                           history=status_history(freight.id), offers=_offers(freight), messages=_messages(freight),
                           can_act=_can_act(), open_offer=OPEN_OFFER, error=None,
                           status_form=status_form or StatusForm(formdata=None, status=freight.status),
                           panel_forms=PanelForms(recipient=default_recipient(freight))), status


@bp.get("/<ref>")
@login_required
def show(ref):
    return _show(_freight_or_404(ref))


@bp.post("/<ref>/status")
@roles_required(*ACTORS)
def change_status(ref):
    """A bad status or note is the page again (422) with the error on its input; a change the freight's rules
    refuse (no carrier yet, …) is flashed on the freight page, as the API refuses it."""
    freight = services.lock_freight(ref)
    form = StatusForm()
    data, errors = read_form(FreightStatusChange, {"status": form.status.data or "",
                                                       "note": (form.note.data or "").strip() or None})
    if data is None:  # the select offers the statuses by their labels: its error names none of the API's codes
        attach_errors(form, [FieldError(e.field, e.code, "Escolha um dos status da lista.") if e.field == "status"
                             else e for e in errors])
        return _show(freight, form, 422)
    try:
        services.change_status(freight, data.status, note=data.note, actor=_actor())
        flash(f"Status alterado para {FREIGHT_STATUS_LABELS.get(freight.status, freight.status)}.", "success")
    except AppError as exc:
        flash(exc.message, "error")
    return redirect(url_for("freights.show", ref=ref))


class PanelForms:
    """The forms of the offers and messages panels: fresh ones, except the one whose post failed (its inputs keep
    what was typed and show their errors). `key` tells which: ("offer" | "message" | "counter" | "reject", offer id
    or None). Each has its own input ids (`offer-<id>-counter-price`): the panel repeats them per row."""
    KINDS: ClassVar[dict] = {"offer": OfferForm, "counter": CounterOfferForm, "reject": RejectOfferForm,
                             "message": MessageForm}

    def __init__(self, key=None, failed=None, recipient: str | None = None):
        self.key, self.failed, self.recipient = key, failed, recipient

    def get(self, kind: str, offer_id=None):
        key = (kind, str(offer_id) if offer_id else None)
        if self.failed is not None and self.key == key:
            form = self.failed
        else:
            form = self.KINDS[kind](formdata=None)
            if kind == "message":
                _message_choices(form)
                form.to.data = self.recipient
        return with_ids(form, f"offer-{offer_id}-{kind}" if offer_id else f"panel-{kind}")


def _message_choices(form):
    simulated = message_services.simulated_channels()
    form.channel.choices = choices((channel, f"{label} (simulado)" if channel in simulated else label)
                                   for channel, label in CHANNEL_LABELS.items())
    form.template.choices = choices((key, t["name"] if isinstance(t, dict) else t.name)
                                    for key, t in company_templates().items())
    return form


def _offers_panel(ref, error=None, status=200, forms=None):
    freight = _freight_or_404(ref)
    response = make_response(render_template("freights/_offers.html", freight=freight, offers=_offers(freight),
                                             can_act=_can_act(), open_offer=OPEN_OFFER, error=error,
                                             panel_forms=forms or PanelForms()), status)
    response.headers["HX-Trigger"] = "offers-changed"
    return response


def _error_text(exc: AppError, labels: dict) -> str:
    """The error's message and each detail under its input's label (`Valor: número inválido.`); a field without a
    label shows its message alone."""
    parts = [exc.message]
    for detail in exc.details:
        label = labels.get((detail.field or "").split(".")[0])
        parts.append(f"{label}: {_lower_first(detail.message)}" if label else detail.message)
    return " ".join(dict.fromkeys(part for part in parts if part))


def _lower_first(text: str) -> str:
    """`Número inválido.` → `número inválido.`; an acronym (`CNH vencida`) stays as it is."""
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def _input_labels(form) -> dict:
    """The inputs' pt-BR labels: an error names the input the user sees, never the API's field (issue 9)."""
    return {**{field.name: field.label.text for field in form}, **OFFER_LABELS}


def _offer_action(ref, run, key=None, form=None):
    """Run the offer action in one transaction and answer the panel; a refusal is the panel (422) with the error
    naming the input, on the input too when the action had a form (`key`, `form`)."""
    try:
        run()
    except AppError as exc:
        if form is not None:
            attach_errors(form, list(exc.details))
        labels = _input_labels(form) if form is not None else OFFER_LABELS
        return _offers_panel(ref, error=_error_text(exc, labels), status=422, forms=PanelForms(key, form))
    if not is_htmx():
        return redirect(url_for("freights.show", ref=ref))
    return _offers_panel(ref)


def _parsed_offer(form, schema, message: str):
    data, errors = parse_offer(form, schema)
    if data is None:
        raise AppError(message, details=errors)
    return data


@bp.post("/<ref>/ofertas")
@roles_required(*ACTORS)
def add_offer(ref):
    form = OfferForm()

    def run():
        data = _parsed_offer(form, OfferCreate, "Oferta inválida.")
        offer_services.create_offer(services.lock_freight(ref), data, source="pagina", actor=_actor())
    return _offer_action(ref, run, ("offer", None), form)


@bp.post("/<ref>/ofertas/<offer_id>/aceitar")
@roles_required(*ACTORS)
def accept_offer(ref, offer_id):
    return _offer_action(ref, lambda: offer_services.accept_offer(ref, offer_id, actor=_actor()))


@bp.post("/<ref>/ofertas/<offer_id>/rejeitar")
@roles_required(*ACTORS)
def reject_offer(ref, offer_id):
    form = RejectOfferForm()

    def run():
        data = _parsed_offer(form, OfferReject, "Rejeição inválida.")
        offer_services.reject_offer(ref, offer_id, actor=_actor(), reason=data.reason)
    return _offer_action(ref, run, ("reject", offer_id), form)


@bp.post("/<ref>/ofertas/<offer_id>/contraproposta")
@roles_required(*ACTORS)
def counter_offer(ref, offer_id):
    form = CounterOfferForm()

    def run():
        offer_services.counter_offer(ref, offer_id, _parsed_offer(form, OfferCounter, "Contraproposta inválida."),
                                     actor=_actor())
    return _offer_action(ref, run, ("counter", offer_id), form)


# --- Messages panel ------------------------------------------------------------------------------

def _messages_panel(freight, error=None, status=200, forms=None):
    return make_response(render_template("freights/_messages.html", freight=freight, messages=_messages(freight),
                                         can_act=_can_act(), error=error,
                                         panel_forms=forms or PanelForms(recipient=default_recipient(freight))), status)


@bp.get("/<ref>/mensagens")
@login_required
def messages(ref):
    return _messages_panel(_freight_or_404(ref))


@bp.post("/<ref>/mensagens")
@roles_required(*ACTORS)
def send_message(ref):
    freight = _freight_or_404(ref)
    form = _message_choices(MessageForm())
    channel, to = form.channel.data or "", (form.to.data or "").strip()
    unread = []
    if channel in ("whatsapp", "sms"):  # typed as people write it, read as Brazilian (the message takes E.164)
        try:
            to = phone_as_e164(to)
        except FieldInvalid as exc:
            unread = [FieldError("to", exc.code, exc.message)]
    body = {"channel": channel, "to": to, "freight_id": str(freight.id),
            "template": form.template.data or None, "body": request.form.get("body") or None}
    data, details = read_form(MessageCreate, body, unreadable=unread)
    try:
        if data is None:
            raise AppError("Mensagem inválida.", details=details)
        message_services.send_message(current_user.company, data)
    except AppError as exc:
        attach_errors(form, list(exc.details))
        return _messages_panel(freight, error=_error_text(exc, _input_labels(form)), status=422,
                               forms=PanelForms(("message", None), form))
    return _messages_panel(freight)


# --- Templates and channels ----------------------------------------------------------------------

def _refusal(form, exc: AppError) -> list[str]:
    """The refusal's details on their inputs; its message (and any detail no input holds) above the form."""
    return list(dict.fromkeys([exc.message, *attach_errors(form, errors_of(exc))]))


def _template_forms(failed=None) -> tuple[dict, object]:
    """One form per template (its key hidden) and the new-template form; the failed post's form in its place."""
    forms = {}
    for key, template in company_templates().items():
        form = TemplateForm(formdata=None, key=key, name=template.name, subject=template.subject,
                            body=template.body)
        forms[key] = form
    new = TemplateForm(formdata=None)
    if failed is not None:
        if failed.key.data in forms:
            forms[failed.key.data] = failed
        else:
            new = failed
    for key, form in forms.items():
        with_ids(form, f"tpl-{key}")
        form.body.label.text = f"Texto ({form.name.data or 'modelo'})"
    return forms, with_ids(new, "tpl-new")


@bp.route("/modelos", methods=["GET", "POST"])
@login_required
def message_templates():
    failed, general = None, []
    if request.method == "POST":
        if not _can_act():
            abort(403)
        form = TemplateForm()
        key = (form.key.data or "").strip()
        try:
            if not key or not key.replace("_", "").isalnum():
                raise AppError("Identificador do modelo inválido (letras, números e _).",
                               details=[FieldError("key", "invalid", "Use letras, números e _.")])
            save_template(current_user.company, key, name=(form.name.data or key).strip()[:120],
                          subject=(form.subject.data or "").strip()[:200] or None,
                          body=(form.body.data or "").strip())
            return done(url_for("freights.message_templates"), "Modelo salvo.")
        except AppError as exc:
            failed, general = form, _refusal(form, exc)
    forms, new = _template_forms(failed)
    return render_template("freights/templates.html", templates=company_templates(), forms=forms, new_form=new,
                           can_act=_can_act(), general=general), (422 if failed else 200)


def _channel_forms(failed=None) -> dict:
    saved = {s.channel: s for s in db.session.execute(db.select(ChannelSetting)).scalars()}
    forms = {}
    for channel in CHANNELS:
        setting = saved.get(channel)
        if failed is not None and failed.channel.data == channel:
            form = failed
        else:
            values = {f"settings_{name}": value for name, value in (setting.settings if setting else {}).items()}
            form = ChannelForm(formdata=None, channel=channel, provider=setting.provider if setting else None,
                               **values)
        form.has_secret = bool(setting and setting.secret_encrypted)
        form.provider.choices = choices((provider, PROVIDER_LABELS[provider])
                                        for provider, served in PROVIDERS.items() if channel in served)
        forms[channel] = with_ids(form, channel)
    return forms


@bp.route("/canais", methods=["GET", "POST"])
@roles_required()  # admin only
def channels():
    failed, general = None, []
    if request.method == "POST":
        form = ChannelForm()
        channel = form.channel.data or ""
        try:
            if channel not in CHANNELS:
                raise AppError("Canal desconhecido.")
            message_services.configure_channel(current_user.company, channel, form.provider.data or "",
                                               channel_settings(form, channel), form.secret.data or None)
            return done(url_for("freights.channels"), f"Canal {CHANNEL_LABELS[channel]} configurado.")
        except AppError as exc:
            failed, general = form, _refusal(form, exc)
    return render_template("freights/channels.html", forms=_channel_forms(failed), channels=CHANNELS,
                           channel_fields=CHANNEL_FIELDS, general=general), (422 if failed else 200)
