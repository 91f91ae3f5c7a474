"""The public marketplace pages (no login, phone first: /fretes, /f/<slug>, sitemap.xml) and the company's leads
page with its sidebar badge (admin, operador). Rules live in domain/marketplace; docs/api/marketplace.md."""
import time

from flask import Blueprint, Response, current_app, render_template, request, session, url_for
from flask_login import current_user
from itsdangerous import BadData, URLSafeTimedSerializer
from markupsafe import Markup

from blueprints.web.access import is_htmx, roles_required, without_session_user
from blueprints.web.formkit import read_decimals
from blueprints.web.forms_adapter import attach_errors, errors_of, read_form
from blueprints.web.marketplace_forms import (
    LEAD_STATUS_CHOICES,
    LeadForm,
    LeadStatusForm,
    OfferForm,
    lead_body,
    lead_filters,
    lead_input,
    read_showcase,
)
from blueprints.web.record_pages import done, filters_of, list_args, list_response
from core.errors import AppError, FieldError, InvalidBody
from core.logs import quiet_request_line
from core.pagination import paginate
from core.public_urls import public_url
from core.schemas import parse_query
from core.signing import secret_keys
from domain.freights.models import Freight
from domain.freights.schemas import OfferCreate
from domain.marketplace import services
from domain.marketplace.models import MarketplaceLead
from domain.marketplace.queries import lead_freights, lead_row, leads_stmt, public_slugs, showcase_stmt
from domain.marketplace.schemas import LeadCreate, LeadListQuery, LeadStatusChange
from domain.marketplace.services import FreightGone

bp = Blueprint("marketplace", __name__)

# --- Public pages ----------------------------------------------------------------------------------------------

@bp.route("/fretes")
def showcase():
    form, query, ignored = read_showcase(request.args)
    page = paginate(showcase_stmt(query), model=Freight, limit=query.limit, cursor=query.cursor,
                    scope="marketplace", rows=True)
    args = {k: v for k, v in request.args.items() if v and k != "cursor"}
    more_url = url_for("marketplace.showcase", **args, cursor=page.next_cursor) if page.has_more else None
    html = render_template("marketplace/showcase.html", page=page, form=form, ignored=ignored, more_url=more_url,
                           canonical=public_url("marketplace.showcase"),
                           filtered=any(v for k, v in request.args.items() if k != "cursor"))
    return html, 422 if ignored else 200  # a filter left out is named on the page, under its input


def _detail(slug: str, lead_form=None, offer_form=None, general=(), status: int = 200, sent=None):
    row = services.find_public_freight(slug)
    return render_template("marketplace/detail.html", freight=row, lead_form=lead_form or LeadForm(formdata=None),
                           offer_form=offer_form or OfferForm(formdata=None), general=list(general), sent=sent,
                           canonical=public_url("marketplace.detail", slug=slug)), status


@bp.route("/f/<slug>")
def detail(slug):
    try:
        return _detail(slug, sent=request.args.get("enviado"))
    except FreightGone as gone:  # a carrier took it: say so, and offer the company's other freights on the route
        row, others = services.closed_freight(gone)
        return render_template("marketplace/closed.html", freight=row, others=others,
                               canonical=public_url("marketplace.detail", slug=slug)), 410


class OverTheLimit(Exception):
    """A public form sent over its per-IP limit: the page answers 429 with Retry-After, like the API."""

    def __init__(self, error: AppError):
        super().__init__(error.message)
        self.error = error


def _submit(slug: str, write, sent: str, message: str):
    """Run a public form's write; (redirect to the detail with its thank-you, []) or (None, the errors). A freight
    that stopped being public (404/410) is the error page, not a form error; over the limit → OverTheLimit."""
    try:
        write()
    except AppError as exc:
        if exc.status in (404, 410):
            raise
        if exc.status == 429:
            raise OverTheLimit(exc) from None
        return None, errors_of(exc)
    return done(url_for("marketplace.detail", slug=slug, enviado=sent), message), []


def _over_the_limit(slug: str, refused: OverTheLimit, **forms):
    """The detail page with the form as typed and the limit's message: 429 and its Retry-After (htmx swaps it in
    like a 422: static/js/app.js swaps a 4xx that names its target)."""
    html, _ = _detail(slug, general=[refused.error.message], **forms)
    headers = dict(refused.error.headers or {})
    if is_htmx():
        headers.update({"HX-Retarget": "body", "HX-Reswap": "innerHTML"})
    return html, 429, headers


@bp.route("/f/<slug>/interesse", methods=["POST"])
def send_lead(slug):
    form = LeadForm()
    data, errors = read_form(LeadCreate, lead_body(form, slug))
    if data is not None:
        client = {"ip_addr": request.remote_addr, "user_agent": request.headers.get("User-Agent")}
        try:
            response, errors = _submit(slug, lambda: services.submit_lead(data, **client), "interesse",
                                       "Recebemos seu interesse. A empresa vai chamar você no WhatsApp.")
        except OverTheLimit as refused:
            return _over_the_limit(slug, refused, lead_form=form)
        if response is not None:
            return response
    general = attach_errors(form, errors, lead_input)
    return _detail(slug, lead_form=form, general=general, status=422)


@bp.route("/f/<slug>/oferta", methods=["POST"])
def send_offer(slug):
    form = OfferForm()
    raw = {"price": form.price.data, "carrier_name": form.carrier_name.data, "carrier_phone": form.carrier_phone.data,
           "message": form.message.data}
    errors = read_decimals(raw, {"price": 2})
    if not raw.get("carrier_name"):
        errors.append(FieldError("carrier_name", "required", "Informe seu nome."))
    if not raw.get("carrier_phone"):
        errors.append(FieldError("carrier_phone", "required", "Informe seu celular."))
    data, schema_errors = read_form(OfferCreate, raw) if not errors else (None, [])
    errors += schema_errors
    if data is not None:
        def write():
            services.submit_public_offer(slug, data, ip_addr=request.remote_addr, honeypot=form.website.data)
        try:
            response, errors = _submit(slug, write, "oferta", "Oferta enviada. A empresa vai responder pelo WhatsApp.")
        except OverTheLimit as refused:
            return _over_the_limit(slug, refused, offer_form=form)
        if response is not None:
            return response
    general = attach_errors(form, errors)
    return _detail(slug, offer_form=form, general=general, status=422)


# The rendered sitemap per base its links are built on: (monotonic expiry, xml). Every URL of the showcase is read
# and written at most once per SITEMAP_CACHE_SECONDS per process, not on each crawler's request.
_sitemaps: dict[str, tuple[float, str]] = {}
SITEMAP_HOSTS_KEPT = 4  # without PUBLIC_BASE_URL the Host header is the client's: a few hosts at most are kept


def _sitemap_xml(max_age: float) -> str:
    if max_age <= 0:
        return render_template("marketplace/sitemap.xml", rows=public_slugs())
    host, now = current_app.config.get("PUBLIC_BASE_URL") or request.host_url, time.monotonic()
    cached = _sitemaps.get(host)
    if cached is None or cached[0] <= now:
        if len(_sitemaps) >= SITEMAP_HOSTS_KEPT:
            _sitemaps.clear()
        cached = _sitemaps[host] = (now + max_age, render_template("marketplace/sitemap.xml", rows=public_slugs()))
    return cached[1]


@bp.route("/sitemap.xml")
def sitemap():
    max_age = current_app.config["SITEMAP_CACHE_SECONDS"]
    response = Response(_sitemap_xml(max_age), mimetype="application/xml")
    if max_age > 0:
        response.cache_control.public, response.cache_control.max_age = True, int(max_age)
    return response


@bp.route("/robots.txt")
def robots():
    """Crawlers may read the public pages (the app's others ask for a login) and find them in the sitemap."""
    text = f"User-agent: *\nDisallow: /api/\nSitemap: {public_url('marketplace.sitemap')}\n"
    return Response(text, mimetype="text/plain")


# --- The company's leads ---------------------------------------------------------------------------------------

@bp.route("/leads")
@roles_required("operador")
def leads():
    """The company's leads, newest first, a page at a time ("Carregar mais", keyset), by status and freight."""
    query = parse_query(LeadListQuery, list_args())
    freight_id = services.parse_freight_filter(query.freight_id)
    stmt = leads_stmt(current_user.company_id, status=query.status, freight_id=freight_id)
    page = paginate(stmt, model=MarketplaceLead, limit=query.limit, cursor=query.cursor, rows=True)
    filters = filters_of(list_args(), ("status", "freight_id", "limit"))
    more_url = url_for("marketplace.leads", cursor=page.next_cursor, **filters) if page.has_more else None
    freights = [(str(f.id), f.code) for f in lead_freights(current_user.company_id, selected=freight_id)]
    return list_response({"page": "marketplace/leads.html", "load-more": "marketplace/_lead_rows.html"},
                         page=page, query=query, filters=filters, more_url=more_url,
                         filter_form=lead_filters(request.args, freights), status_choices=LEAD_STATUS_CHOICES)


@bp.route("/leads/<lead_id>/status", methods=["POST"])
@roles_required("operador")
def lead_status(lead_id):
    """The row's status select, posted by htmx on change (a plain post with "Salvar" without JS). The status is
    LeadStatusChange's, as in the API: one it refuses is a 400 naming the input, nothing changed."""
    form = LeadStatusForm()
    data, errors = read_form(LeadStatusChange, {"status": form.status.data or ""})
    if data is None:
        raise InvalidBody("Status inválido.", details=errors)
    services.update_lead_status(lead_id, data.status)
    if is_htmx():
        html = render_template("marketplace/_lead_status.html", lead=_lead(lead_id), status_choices=LEAD_STATUS_CHOICES)
        return html, 200, {"HX-Trigger": "leads-changed"}  # the sidebar badge fetches the new count now
    return done(url_for("marketplace.leads"), "Status do lead atualizado.")


def _lead(lead_id):
    return lead_row(current_user.company_id, services._as_uuid(lead_id))


@bp.route("/leads/<lead_id>/cadastrar-motorista", methods=["POST"])
@roles_required("operador")
def register_driver(lead_id):
    """Open the driver form for the lead: only its id goes in the URL (the form reads the name, CPF and phone
    itself, LGPD); the lead becomes `convertido` when the driver is saved."""
    lead = services.get_lead(lead_id)
    return done(url_for("fleet.driver_new", lead=lead.id), "Confira os dados do lead e salve o motorista.",
                "info")


# --- The sidebar badge: polled by every open tab, so it answers from a signed token and the stored count ---------
# A full page (user and session checked in SQL) hands the badge a token naming the user's session and company;
# while the token is younger than BADGE_TOKEN_SECONDS and the browser's signed session cookie still names the same
# session, the poll reads the stored count and nothing else (no SQL with Redis). An older token, or none, goes
# through the full login and role check once and the answer carries a fresh token. So a session closed elsewhere
# ("sair de todos os dispositivos") can still read its company's number of new leads for up to that long.
BADGE_TOKEN_SECONDS = 600


def _badge_signer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(list(secret_keys()), salt="marketplace-leads-badge")  # SECRET_KEY + fallbacks


@bp.app_template_global("leads_badge_url")
def leads_badge_url() -> str:
    """The badge's URL for the logged-in user (the layout calls it; the user is loaded there anyway)."""
    token = _badge_signer().dumps([current_user.get_id(), str(current_user.company_id)])
    return url_for("marketplace.badge", t=token)


# Tokens whose signature this process has checked: token → (session id, company id, signed at). A tab polls with
# the same token for up to BADGE_TOKEN_SECONDS, so the HMAC and decoding are paid once per tab, not per poll.
_checked_tokens: dict[str, tuple[str, str, float]] = {}
_CHECKED_TOKENS_MAX = 10_000


def _read_badge_token(token: str):
    known = _checked_tokens.get(token)
    if known is None:
        (session_id, company_id), signed_at = _badge_signer().loads(token, return_timestamp=True)
        if len(_checked_tokens) >= _CHECKED_TOKENS_MAX:
            _checked_tokens.clear()
        known = _checked_tokens[token] = (session_id, company_id, signed_at.timestamp())
    return known


def _company_of_badge_token():
    """The company id the token names, when it is fresh and this browser's session is the one it was given to."""
    try:
        session_id, company_id, signed_at = _read_badge_token(request.args.get("t", ""))
    except (BadData, ValueError, TypeError):
        return None
    if time.time() - signed_at > BADGE_TOKEN_SECONDS or not session_id or session.get("_user_id") != session_id:
        return None
    return company_id


# Formatted here, not by render_template: its context processors include Flask-Login's, which loads the user; and
# the fragment is one element (Markup.format escapes the values).
BADGE_HTML = Markup(
    '<span id="leads-badge" hx-get="{url}" hx-trigger="every 30s, leads-changed from:body" hx-swap="outerHTML" '
    'data-testid="leads-badge"{hidden} class="badge badge-warn" aria-label="{count} leads novos">{count}</span>')
BADGE_SHOWN, BADGE_HIDDEN = Markup(""), Markup(" hidden")


def _render_badge(company_id, url: str) -> str:
    count = services.stored_new_count(company_id)
    return BADGE_HTML.format(url=url, count=count, hidden=BADGE_SHOWN if count else BADGE_HIDDEN)


BADGE_RULE = "/leads/badge"


@roles_required("operador")
def _badge_after_login_check():
    return _render_badge(current_user.company_id, leads_badge_url())


@bp.route(BADGE_RULE)
@without_session_user
def badge():
    """The sidebar's count of `novo` leads as the job stored it (no counting here); htmx polls it."""
    company_id = _company_of_badge_token()
    if company_id is None:
        return _badge_after_login_check()
    # Every open dispatcher tab polls this (a thousand tabs: 33 lines a second), and a poll answered from its token
    # loads no user or company: its line would be route, status and duration, which `fretes_http_requests_total`
    # and the latency histogram for `endpoint="/leads/badge"` still count. So no request log line when it is a 200;
    # a poll through the login check, a refused token or an error is logged as usual. Writing (and before that
    # building) the line was the largest part of the poll's own cost (bench/README.md, docs/deploy.md "Logs").
    quiet_request_line()
    return _render_badge(company_id, request.full_path)
