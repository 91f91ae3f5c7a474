"""Webhook pages (admin only): endpoints, their delivery log, resend, test event, enable/disable, secret rotation."""
from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_login import current_user
from markupsafe import Markup, escape
from wtforms import StringField

from blueprints.web.access import roles_required
from blueprints.web.formkit import MultiCheckboxField, choices
from blueprints.web.forms_adapter import place_refusal
from blueprints.web.record_pages import PlainForm
from core.db import db
from core.errors import AppError
from core.tenancy import get_owned
from domain.webhooks import services
from domain.webhooks.models import DELIVERY_STATES, EVENT_TYPES, WebhookAttempt, WebhookDelivery, WebhookEndpoint
from domain.webhooks.presentation import DELIVERY_STATUS_LABELS

bp = Blueprint("webhooks", __name__, url_prefix="/admin/webhooks")

LOG_LIMIT = 100
# Each event in words; its name (what the receiving system reads in the payload) stays beside it, small.
EVENT_LABELS = {"freight.status_changed": "Frete mudou de situação", "offer.accepted": "Proposta aceita",
                "marketplace.lead.created": "Motorista interessado em frete público",
                "simulation.created": "Simulação criada", "simulation.converted": "Simulação convertida em frete",
                "webhook.test": "Evento de teste"}


def event_label(event_type: str) -> str:
    return EVENT_LABELS.get(event_type, "Evento")


def event_with_name(event_type: str) -> Markup:
    """The event's label with its name beside it, small (the name is what the integration's code matches)."""
    return Markup('{} <small class="code-ref muted">{}</small>').format(event_label(event_type), escape(event_type))


class EndpointForm(PlainForm):
    """Fields and labels only: the URL's and the events' rules are the service's (domain/webhooks/services.py)."""
    url = StringField("URL de destino")
    event_types = MultiCheckboxField("Eventos", choices=choices((t, event_with_name(t)) for t in EVENT_TYPES),
                                     default=list(EVENT_TYPES))


def _save(form: EndpointForm, endpoint: WebhookEndpoint | None = None):
    """Create (returns the secret) or update, committed; a refused URL becomes the field's error."""
    try:
        if endpoint is None:
            return services.create_endpoint(current_user.company, url=form.url.data,
                                            event_types=form.event_types.data)[1]
        services.update_endpoint(endpoint, url=form.url.data, event_types=form.event_types.data)
        return None
    except AppError as exc:
        place_refusal(form, exc, form.url)
        return None


@bp.route("", methods=["GET", "POST"])
@roles_required("admin")
def endpoints():
    form, secret = EndpointForm(), None
    if request.method == "POST":
        secret = _save(form)
        if secret:
            form = EndpointForm(formdata=None)
    rows = db.session.execute(db.select(WebhookEndpoint).order_by(WebhookEndpoint.created_at.desc())).scalars().all()
    return render_template("webhooks/endpoints.html", form=form, endpoints=rows, secret=secret,
                           event_label=event_label), \
        (422 if form.errors else 200)


@bp.route("/<endpoint_id>", methods=["GET", "POST"])
@roles_required("admin")
def endpoint(endpoint_id):
    item = get_owned(WebhookEndpoint, endpoint_id)
    form = EndpointForm(obj=item if request.method == "GET" else None)
    if request.method == "POST":
        _save(form, item)
        if not form.errors:
            flash("Webhook atualizado.", "success")
            return redirect(url_for("webhooks.endpoint", endpoint_id=item.id))
    status, event_type = request.args.get("status", ""), request.args.get("evento", "")
    return _endpoint_page(item, form, status, event_type), (422 if form.errors else 200)


def _endpoint_page(item: WebhookEndpoint, form: EndpointForm, status: str, event_type: str, secret=None) -> str:
    """The endpoint's page: its settings form, the delivery log filtered by `status` and `event_type`."""
    return render_template("webhooks/endpoint.html", endpoint=item, form=form, state_labels=DELIVERY_STATUS_LABELS,
                           deliveries=_log(item, status, event_type), status=status, event_type=event_type,
                           event_options=[(t, event_label(t)) for t in (*EVENT_TYPES, "webhook.test")],
                           event_label=event_label, secret=secret)


def _log(endpoint: WebhookEndpoint, status: str, event_type: str) -> list:
    stmt = db.select(WebhookDelivery).where(WebhookDelivery.endpoint_id == endpoint.id)
    if status in DELIVERY_STATES:
        stmt = stmt.where(WebhookDelivery.status == status)
    if event_type:
        stmt = stmt.where(WebhookDelivery.event_type == event_type)
    rows = db.session.execute(stmt.order_by(WebhookDelivery.created_at.desc()).limit(LOG_LIMIT)).scalars().all()
    attempts = {}
    if rows:
        for attempt in db.session.execute(db.select(WebhookAttempt).where(
                WebhookAttempt.delivery_id.in_([d.id for d in rows])).order_by(WebhookAttempt.number)).scalars():
            attempts.setdefault(attempt.delivery_id, []).append(attempt)
    return [(d, attempts.get(d.id, [])) for d in rows]


@bp.post("/<endpoint_id>/estado")
@roles_required("admin")
def set_state(endpoint_id):
    item = get_owned(WebhookEndpoint, endpoint_id)
    enable = request.form.get("enabled") == "1"
    services.set_enabled(item, enable, reason="Desativado manualmente no painel.")
    flash("Webhook ativado: o que estava pendente será enviado." if enable else "Webhook desativado.", "success")
    return redirect(url_for("webhooks.endpoint", endpoint_id=item.id))


@bp.post("/<endpoint_id>/rotacionar")
@roles_required("admin")
def rotate(endpoint_id):
    item = get_owned(WebhookEndpoint, endpoint_id)
    secret = services.rotate_secret(item)
    return _endpoint_page(item, EndpointForm(formdata=None, obj=item), "", "", secret=secret)  # not this post


@bp.post("/<endpoint_id>/teste")
@roles_required("admin")
def send_test(endpoint_id):
    item = get_owned(WebhookEndpoint, endpoint_id)
    try:
        services.create_test_delivery(item)
        flash("Evento de teste enviado; veja o resultado no registro de entregas.", "success")
    except AppError as exc:
        flash(exc.message, "error")
    return redirect(url_for("webhooks.endpoint", endpoint_id=item.id))


@bp.post("/<endpoint_id>/entregas/<delivery_id>/reenviar")
@roles_required("admin")
def resend(endpoint_id, delivery_id):
    item = get_owned(WebhookEndpoint, endpoint_id)
    delivery = get_owned(WebhookDelivery, delivery_id)
    if delivery.endpoint_id != item.id:
        abort(404)
    services.resend(delivery)
    flash("Entrega reenviada.", "success")
    return redirect(url_for("webhooks.endpoint", endpoint_id=item.id))


@bp.app_template_global()
def webhook_overview() -> list:
    """The company's endpoints for the integrations page (disabled ones say why)."""
    if not current_user.is_authenticated:
        return []
    return db.session.execute(db.select(WebhookEndpoint).order_by(WebhookEndpoint.created_at)).scalars().all()
