"""Pages: the freight board (list with filters and status badges, or columns by status), create/edit with registry
pickers, the freight page with its status history, the offers panel (accept / reject / counter inline, the winner
highlighted) and the messages panel (send from a template; the status refreshes until it settles); message
templates and channel settings.

Every action calls the service the API calls inside one `page_transaction()` (jobs leave after its commit). Roles:
admin and operador act; every logged-in role reads. Another company's ids are 404 (tenant-scoped lookups).
"""
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for
from flask_login import current_user, login_required

from blueprints.web.access import is_htmx, roles_required
from blueprints.web.cadastros_common import list_args
from blueprints.web.formkit import read_decimals
from blueprints.web.transaction import page_transaction
from core.db import db
from core.errors import AppError, FieldError
from core.pagination import paginate
from core.schemas import parse_query, validate_data
from domain.fleet.models import Driver, Vehicle
from domain.freights import offers as offer_services
from domain.freights import services
from domain.freights.models import Freight, Offer
from domain.freights.queries import counts_by_status, freight_row, freights_stmt, offers_stmt, status_history
from domain.freights.schemas import FreightCreate, FreightListQuery, FreightUpdate, OfferCounter, OfferCreate
from domain.freights.serializers import freight_dict
from domain.freights.states import (
    FREIGHT_BADGES,
    FREIGHT_STATUS_LABELS,
    FREIGHT_STATUSES,
    OFFER_BADGES,
    OFFER_STATUS_LABELS,
    OPEN_OFFER,
)
from domain.messages import services as message_services
from domain.messages.channels import PROVIDER_LABELS, PROVIDERS
from domain.messages.models import CHANNELS, ChannelSetting, Message
from domain.messages.schemas import MessageCreate
from domain.messages.templates import company_templates, save_template
from domain.partners.models import Partner

bp = Blueprint("freights", __name__, url_prefix="/fretes-operacao")
ACTORS = ("operador",)
BRASILIA = ZoneInfo("America/Sao_Paulo")
FORM_FIELDS = ("origin_city", "origin_state", "destination_city", "destination_state", "cargo_type", "weight_kg",
               "vehicle_type", "price", "pickup_at", "pickup_until", "delivery_at", "delivery_until", "visibility",
               "carrier_id", "driver_id", "vehicle_id", "notes")
CHANNEL_LABELS = {"whatsapp": "WhatsApp", "sms": "SMS", "email": "E-mail"}
MESSAGE_LABELS = {"queued": "Na fila", "sent": "Enviada", "delivered": "Entregue", "failed": "Falhou"}
MESSAGE_BADGES = {"queued": "badge-warn", "sent": "badge-info", "delivered": "badge-ok", "failed": "badge-danger"}


@bp.app_context_processor
def _labels():
    return {"freight_status_labels": FREIGHT_STATUS_LABELS, "freight_badges": FREIGHT_BADGES,
            "offer_status_labels": OFFER_STATUS_LABELS, "offer_badges": OFFER_BADGES,
            "message_labels": MESSAGE_LABELS, "message_badges": MESSAGE_BADGES, "channel_labels": CHANNEL_LABELS}


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
    stmt = freights_stmt(company_id, statuses=query.statuses, visibility=query.visibility, q=query.q)
    if view == "quadro":
        rows = db.session.execute(stmt.order_by(Freight.created_at.desc()).limit(500)).all()
        columns = {status: [] for status in FREIGHT_STATUSES}
        for row in rows:
            columns[row.status].append(row)
        return render_template("freights/board.html", columns=columns, query=query, view=view,
                               counts=counts_by_status(company_id), can_act=_can_act())
    page = paginate(stmt, model=Freight, limit=query.limit, cursor=query.cursor, rows=True)
    more_url = url_for("freights.board", cursor=page.next_cursor, **{k: v for k, v in args.items()
                                                                     if k != "cursor"}) if page.has_more else None
    return render_template("freights/list.html", page=page, query=query, view=view, more_url=more_url,
                           counts=counts_by_status(company_id), can_act=_can_act())


# --- Create / edit -------------------------------------------------------------------------------

def _pickers() -> dict:
    return {
        "carriers": db.session.execute(db.select(Partner.id, Partner.legal_name).where(Partner.is_active.is_(True))
                                       .order_by(Partner.legal_name).limit(500)).all(),
        "drivers": db.session.execute(db.select(Driver.id, Driver.name).where(Driver.status == "ativo")
                                      .order_by(Driver.name).limit(500)).all(),
        "vehicles": db.session.execute(db.select(Vehicle.id, Vehicle.plate).where(Vehicle.status == "ativo")
                                       .order_by(Vehicle.plate).limit(500)).all(),
    }


def _local_input(value) -> str:
    """A stored UTC timestamp as the value of a datetime-local input (Brasília time)."""
    if not value:
        return ""
    return value.replace(tzinfo=UTC).astimezone(BRASILIA).strftime("%Y-%m-%dT%H:%M")


def _form_body(form) -> dict:
    """The form as the API's body: Brasília local times with their offset, empty as absent (pt-BR numbers are read
    by `read_decimals` in `_freight_form`)."""
    values = {name: (form.get(name) or "").strip() for name in FORM_FIELDS}
    body = {"origin": {"city": values.pop("origin_city"), "state": values.pop("origin_state")},
            "destination": {"city": values.pop("destination_city"), "state": values.pop("destination_state")}}
    for name, value in values.items():
        if not value:
            body[name] = None
        elif name.endswith(("_at", "_until")):
            try:
                body[name] = datetime.fromisoformat(value).replace(tzinfo=BRASILIA).isoformat()
            except ValueError:
                body[name] = value
        else:
            body[name] = value
    return body


def _initial(freight=None) -> dict:
    if freight is None:
        return {"visibility": "privado"}
    values = {name: getattr(freight, name, None) for name in FORM_FIELDS}
    for name in ("pickup_at", "pickup_until", "delivery_at", "delivery_until"):
        values[name] = _local_input(getattr(freight, name))
    for name in ("carrier_id", "driver_id", "vehicle_id"):
        values[name] = str(values[name]) if values[name] else ""
    for name in ("price", "weight_kg"):
        values[name] = "" if values[name] is None else str(values[name]).replace(".", ",")
    return values


def _field_errors(exc_or_details) -> dict:
    details = exc_or_details.details if isinstance(exc_or_details, AppError) else exc_or_details
    errors = {}
    for detail in details:
        name = detail.field.replace(".", "_")
        name = {"origin": "origin_city", "destination": "destination_city", "origin_ibge_code": "origin_city",
                "destination_ibge_code": "destination_city"}.get(name, name)
        errors.setdefault(name, detail.message)
    return errors


DECIMAL_PLACES = {"price": 2, "weight_kg": 3}


def _freight_form(freight, schema, write):
    """GET: the form; POST: the body validated with `schema`, `write(data, body)` (returns (freight, message)),
    in one page_transaction(), then the freight page; errors land on their inputs (422)."""
    values, errors, general = _initial(freight), {}, None
    if request.method == "POST":
        values = request.form.to_dict()
        body = _form_body(request.form)
        unreadable = read_decimals(body, DECIMAL_PLACES)
        data, details = validate_data(schema, body)
        details = unreadable + list(details or [])
        if data is not None and not unreadable:
            try:
                with page_transaction():
                    saved, message = write(data, body)
                flash(message, "success")
                return redirect(url_for("freights.show", ref=saved.code))
            except AppError as exc:
                details, general = exc.details, exc.message
        errors = _field_errors(details)
        general = general or "Corrija os campos destacados."
    return render_template("freights/form.html", values=values, errors=errors, general=general, freight=freight,
                           **_pickers()), (422 if errors or general else 200)


@bp.route("/novo", methods=["GET", "POST"])
@roles_required(*ACTORS)
def new():
    def create(data, body):
        freight = services.create_freight(current_user.company, data, actor=_actor(),
                                          status="published" if request.form.get("publish") else "draft")
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


@bp.get("/<ref>")
@login_required
def show(ref):
    freight = _freight_or_404(ref)
    return render_template("freights/show.html", freight=freight,
                           record=freight_dict(freight_row(current_user.company_id, freight.id)),
                           history=status_history(freight.id), offers=_offers(freight), messages=_messages(freight),
                           templates=company_templates(), statuses=FREIGHT_STATUSES, can_act=_can_act(),
                           open_offer=OPEN_OFFER, error=None)


@bp.post("/<ref>/status")
@roles_required(*ACTORS)
def change_status(ref):
    freight = services.lock_freight(ref)
    try:
        with page_transaction():
            services.change_status(freight, request.form.get("status", ""), note=request.form.get("note") or None,
                                   actor=_actor())
        flash(f"Status alterado para {FREIGHT_STATUS_LABELS.get(freight.status, freight.status)}.", "success")
    except AppError as exc:
        flash(exc.message, "error")
    except KeyError:
        abort(400)
    return redirect(url_for("freights.show", ref=ref))


def _offers_panel(ref, error=None, status=200):
    freight = _freight_or_404(ref)
    response = make_response(render_template("freights/_offers.html", freight=freight, offers=_offers(freight),
                                             can_act=_can_act(), open_offer=OPEN_OFFER, error=error), status)
    response.headers["HX-Trigger"] = "offers-changed"
    return response


def _offer_action(ref, run):
    try:
        with page_transaction():
            run()
    except AppError as exc:
        details = "; ".join(f"{d.field}: {d.message}" for d in exc.details if d.field)
        return _offers_panel(ref, error=f"{exc.message} {details}".strip(), status=422)
    if not is_htmx():
        return redirect(url_for("freights.show", ref=ref))
    return _offers_panel(ref)


@bp.post("/<ref>/ofertas")
@roles_required(*ACTORS)
def add_offer(ref):
    body = {"price": request.form.get("price"),
            "carrier_id": request.form.get("carrier_id") or None,
            "carrier_name": request.form.get("carrier_name") or None,
            "carrier_phone": request.form.get("carrier_phone") or None,
            "message": request.form.get("message") or None,
            "valid_until": _local_iso(request.form.get("valid_until"))}

    def run():
        data, details = _validate_offer(OfferCreate, body)
        if data is None:
            raise AppError("Oferta inválida.", details=details)
        offer_services.create_offer(services.lock_freight(ref), data, source="pagina", actor=_actor())
    return _offer_action(ref, run)


def _validate_offer(schema, body):
    """The offer body validated with `schema`, its price read as pt-BR money first (an unreadable one is its error)."""
    unreadable = read_decimals(body, {"price": 2})
    if unreadable:
        return None, unreadable
    return validate_data(schema, body)


def _local_iso(value):
    value = (value or "").strip()
    if not value:
        return None
    try:
        return datetime.fromisoformat(value).replace(tzinfo=BRASILIA).isoformat()
    except ValueError:
        return value


@bp.post("/<ref>/ofertas/<offer_id>/aceitar")
@roles_required(*ACTORS)
def accept_offer(ref, offer_id):
    return _offer_action(ref, lambda: offer_services.accept_offer(ref, offer_id, actor=_actor()))


@bp.post("/<ref>/ofertas/<offer_id>/rejeitar")
@roles_required(*ACTORS)
def reject_offer(ref, offer_id):
    return _offer_action(ref, lambda: offer_services.reject_offer(ref, offer_id, actor=_actor(),
                                                                  reason=request.form.get("reason") or None))


@bp.post("/<ref>/ofertas/<offer_id>/contraproposta")
@roles_required(*ACTORS)
def counter_offer(ref, offer_id):
    body = {"price": request.form.get("price"),
            "valid_until": _local_iso(request.form.get("valid_until")), "message": request.form.get("message")}

    def run():
        data, details = _validate_offer(OfferCounter, body)
        if data is None:
            raise AppError("Contraproposta inválida.", details=details)
        offer_services.counter_offer(ref, offer_id, data, actor=_actor())
    return _offer_action(ref, run)


# --- Messages panel ------------------------------------------------------------------------------

def _messages_panel(freight, error=None, status=200):
    return make_response(render_template("freights/_messages.html", freight=freight, messages=_messages(freight),
                                         templates=company_templates(), can_act=_can_act(), error=error), status)


@bp.get("/<ref>/mensagens")
@login_required
def messages(ref):
    return _messages_panel(_freight_or_404(ref))


@bp.post("/<ref>/mensagens")
@roles_required(*ACTORS)
def send_message(ref):
    freight = _freight_or_404(ref)
    body = {"channel": request.form.get("channel"), "to": request.form.get("to"), "freight_id": str(freight.id),
            "template": request.form.get("template") or None, "body": request.form.get("body") or None}
    data, details = validate_data(MessageCreate, body)
    try:
        if data is None:
            raise AppError("Mensagem inválida.", details=details)
        with page_transaction():
            message_services.queue_message(current_user.company, data)
    except AppError as exc:
        text = "; ".join(d.message if not d.field else f"{d.field}: {d.message}" for d in exc.details)
        return _messages_panel(freight, error=f"{exc.message} {text}".strip(), status=422)
    return _messages_panel(freight)


# --- Templates and channels ----------------------------------------------------------------------

@bp.route("/modelos", methods=["GET", "POST"])
@login_required
def message_templates():
    error = None
    if request.method == "POST":
        if not _can_act():
            abort(403)
        key = (request.form.get("key") or "").strip()
        try:
            if not key or not key.replace("_", "").isalnum():
                raise AppError("Identificador do modelo inválido (letras, números e _).",
                               details=[FieldError("key", "invalid", "Use letras, números e _.")])
            with page_transaction():
                save_template(current_user.company, key, name=(request.form.get("name") or key).strip()[:120],
                              subject=(request.form.get("subject") or "").strip()[:200] or None,
                              body=(request.form.get("body") or "").strip())
            flash("Modelo salvo.", "success")
            return redirect(url_for("freights.message_templates"))
        except AppError as exc:
            error = exc.message
    return render_template("freights/templates.html", templates=company_templates(), can_act=_can_act(),
                           error=error), (422 if error else 200)


@bp.route("/canais", methods=["GET", "POST"])
@roles_required()  # admin only
def channels():
    error = None
    if request.method == "POST":
        channel = request.form.get("channel", "")
        settings = {name[9:]: value.strip() for name, value in request.form.items()
                    if name.startswith("settings_") and value.strip()}
        if "port" in settings:
            settings["port"] = int(settings["port"]) if settings["port"].isdigit() else 25
        settings["starttls"] = bool(request.form.get("settings_starttls"))
        try:
            if channel not in CHANNELS:
                raise AppError("Canal desconhecido.")
            with page_transaction():
                message_services.configure_channel(current_user.company, channel, request.form.get("provider", ""),
                                                   settings, request.form.get("secret") or None)
            flash(f"Canal {CHANNEL_LABELS[channel]} configurado.", "success")
            return redirect(url_for("freights.channels"))
        except AppError as exc:
            error = exc.message
    saved = {s.channel: s for s in db.session.execute(db.select(ChannelSetting)).scalars()}
    return render_template("freights/channels.html", saved=saved, channels=CHANNELS, providers=PROVIDERS,
                           provider_labels=PROVIDER_LABELS, error=error), (422 if error else 200)
