"""Application factory: configuration, extensions, blueprints, error handlers and CLI. Nothing else."""
import logging
import os

from flask import Flask, g, request
from flask_login import current_user
from werkzeug.exceptions import RequestURITooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

import domain.registry  # noqa: F401  every model, so migrations and create_all see them all
from blueprints import WEB_BLUEPRINTS
from blueprints.api import api_bp
from blueprints.api_reference import bp as api_reference_bp
from blueprints.errors import register_error_handlers
from blueprints.ops import bp as ops_bp
from blueprints.web import kit_demo
from commands import register_commands
from core.api import register_key_store
from core.config import DEV_SECRET_KEY, load_config
from core.crypto import check_encryption_key
from core.db import db
from core.deprecation import deprecation_headers
from core.extensions import csrf, limiter, login_manager, migrate
from core.formatting import register_filters
from core.inputs import reject_nul_in_request
from core.logs import REQUEST_ID_HEADER, configure_logging, log_request, request_id_from_headers
from core.metrics import observe_request, register_scrape_collector, route_label, start_request_timer
from core.public_urls import check_public_base_url, links_unvouched, public_url
from core.queue import retry_outbox_if_due
from core.ratelimit import TOLERANT_PREFIX, rate_limit_headers
from core.signing import csrf_secret_keys, fallback_keys
from core.static_assets import add_vary, register_static_assets
from core.tenancy import enter_tenant, leave_tenant
from core.transaction import guard_connections, register_unit_of_work
from core.unread_body import CloseOnUnreadBody
from domain.ciot.pef.settings import check_providers
from domain.tenancy import keystore
from domain.tenancy.sessions import load_session_user
from domain.webhooks.metrics import delivery_families

# Every answer (pages, API, errors, files). Scripts only from our own static files (no inline script or handler:
# templates use data-* attributes read by static/js/app.js); styles allow inline attributes, which htmx's indicator
# styles and a few templates use. See docs/hardening.md.
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                           "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; "
                           "base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
}



def _init_secret_key_fallbacks(app: Flask) -> None:
    """SECRET_KEY_FALLBACKS (former keys during a rotation) as a list, which Flask's session reads itself; Flask-WTF
    reads one key only, so CSRF gets the whole list as WTF_CSRF_SECRET_KEY (core/signing.py)."""
    if isinstance(app.config.get("SECRET_KEY_FALLBACKS"), str):
        app.config["SECRET_KEY_FALLBACKS"] = fallback_keys(app.config["SECRET_KEY_FALLBACKS"])
    if not app.config.get("WTF_CSRF_SECRET_KEY") and (keys := csrf_secret_keys(app.config)):
        app.config["WTF_CSRF_SECRET_KEY"] = keys


def create_app(config: dict | None = None) -> Flask:
    settings = {**load_config(), **(config or {})}
    app = Flask(__name__, instance_path=os.path.abspath(settings["INSTANCE_PATH"]))
    app.config.update(settings)
    check_encryption_key(app.config.get("ENCRYPTION_KEY"))  # a bad key stops here, not at the first secret
    check_providers(app.config)  # a CIOT provider that cannot work stops here, with what to set
    check_public_base_url(app.config)  # a PUBLIC_BASE_URL links cannot be built on stops here, saying why
    _init_secret_key_fallbacks(app)
    app.json.sort_keys = False  # keys in the order the code builds them; sorting costs every response
    # `/x` and `/x/` both answer, never a redirect: a redirected API call can turn a POST into a GET
    # (docs/decisions.md §1). Set before any route is added, so it holds for every route.
    app.url_map.strict_slashes = False
    app.after_request(rate_limit_headers)  # RateLimit-* on every call that counted a limit
    app.after_request(deprecation_headers)  # Deprecation/Sunset on every answer of a deprecated operation
    app.wsgi_app = CloseOnUnreadBody(app.wsgi_app)  # an answer before the body was read: drain it or close
    if app.config["PROXY_COUNT"]:  # the client IP (login and lead limits, stored leads) behind the proxies
        count = app.config["PROXY_COUNT"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=count)
    os.makedirs(app.instance_path, exist_ok=True)
    configure_logging(app.config["LOG_FORMAT"], os.environ.get("LOG_LEVEL", "INFO"))
    if app.config["SECRET_KEY"] == DEV_SECRET_KEY and not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        logging.getLogger("fretes").warning("SECRET_KEY is the development default: set it (see README).")
    if links_unvouched(app.config):
        logging.getLogger("fretes").warning("PUBLIC_BASE_URL is not set: password reset e-mails are not sent, since "
                                            "their link would name the host a client wrote. Set it (or "
                                            "TRUSTED_HOSTS, see README).")
    if app.config.get("CIOT_AGREGADO_CLOSE_STALE_SECONDS") is not None:
        logging.getLogger("fretes").warning("CIOT_AGREGADO_CLOSE_STALE_SECONDS is deprecated: name it "
                                            "CIOT_AGREGADO_PENDING_STALE_SECONDS (it covers openings, cancellations "
                                            "and closings; the new name wins when both are set).")

    register_static_assets(app)  # before the other hooks: its page compression must run after theirs

    db.init_app(app)
    guard_connections(app)  # PostgreSQL: every connection read-only but in a unit of work's transaction
    migrate.init_app(app, db, directory=os.path.join(os.path.dirname(__file__), "migrations"))
    _init_login(app)
    # Redis when it is set, counting in memory while it is unreachable (core.ratelimit.OutageTolerantRedisStorage);
    # else one process's memory
    redis_url = app.config["REDIS_URL"]
    app.config.setdefault("RATELIMIT_STORAGE_URI", f"{TOLERANT_PREFIX}{redis_url}" if redis_url else "memory://")
    limiter.init_app(app)
    # Flask-Limiter keeps one storage per extension, replaced by each init_app; the app keeps the strategy made for
    # it, so core.ratelimit counts in this app's storage even when a process builds several apps (tests, tools).
    app.extensions["rate_limiter"] = limiter.limiter
    _register_blueprints(app)
    _init_request_hooks(app)

    register_filters(app)
    app.jinja_env.globals["has_endpoint"] = lambda name: name in app.view_functions
    app.jinja_env.globals["public_url"] = public_url  # links that leave the page (core/public_urls.py)

    register_error_handlers(app)

    register_commands(app)
    register_unit_of_work(app)  # last: its after-request hook commits first, before the others read the answer
    return app


def _init_login(app: Flask) -> None:
    login_manager.init_app(app)
    login_manager.login_view = "auth.login"
    login_manager.login_message = "Entre para continuar."
    login_manager.login_message_category = "info"
    login_manager.user_loader(load_session_user)  # the id is `<user id>:<session id>`
    # Flask-WTF's documented way to check CSRF in a hook of our own (WTF_CSRF_CHECK_DEFAULT off, `protect` with the
    # exemptions): the method is asked first, so reads skip the exemption lookups.
    app.config["WTF_CSRF_CHECK_DEFAULT"] = False
    csrf.init_app(app)

    @app.before_request
    def csrf_protect_writes():
        if request.method in app.config["WTF_CSRF_METHODS"] and app.config["WTF_CSRF_ENABLED"]:
            csrf.protect(apply_exemptions=True)


def _register_blueprints(app: Flask) -> None:
    register_key_store(keystore)
    register_scrape_collector(delivery_families)
    csrf.exempt(api_bp)  # API calls authenticate with keys, not cookies
    app.register_blueprint(api_bp)
    for blueprint in WEB_BLUEPRINTS:
        app.register_blueprint(blueprint)
    app.register_blueprint(api_reference_bp)  # /api/docs: the reference, rendered from the document
    csrf.exempt(ops_bp)
    app.register_blueprint(ops_bp)
    if app.config.get("KIT_DEMO"):  # the page kit's demo page: tests and scripts/screenshots.py --kit only
        app.register_blueprint(kit_demo.bp)


def _init_request_hooks(app: Flask) -> None:
    def allow_declared_uploads():
        """A view marked with access.upload_limit reads bodies up to its own limit (before CSRF reads the form),
        so an oversized file gets that page's inline error instead of a bare 413."""
        view = app.view_functions.get(request.endpoint)
        limit = getattr(view, "upload_limit", None)
        if limit:
            request.max_content_length = max(limit, app.config["MAX_CONTENT_LENGTH"] or 0)
        if getattr(view, "upload_parts", None):
            request.max_form_parts = view.upload_parts

    app.before_request_funcs.setdefault(None, []).insert(0, allow_declared_uploads)
    app.before_request_funcs[None].insert(0, start_request_timer)  # first: the duration covers every hook

    @app.before_request
    def start_request():
        leave_tenant()
        g.request_id = request_id_from_headers()
        # A view marked access.without_session_user (the sidebar badge) checks its caller itself, without SQL.
        session_user = not getattr(app.view_functions.get(request.endpoint), "without_session_user", False)
        if len(request.full_path) > app.config["MAX_URL_LENGTH"]:
            raise RequestURITooLarge()
        reject_nul_in_request(request.path.startswith("/api/"))
        if not app.config.get("JOBS_INLINE"):
            retry_outbox_if_due()
        if (session_user and not request.path.startswith("/api/") and current_user
                and current_user.is_authenticated):
            enter_tenant(current_user.company_id)

    @app.after_request
    def finish_request(response):
        headers = response.headers
        headers[REQUEST_ID_HEADER] = g.get("request_id", "")
        _add_security_headers(headers)
        _keep_private_answers_out_of_caches(headers)
        if request.is_secure:  # TLS here, or X-Forwarded-Proto from a trusted proxy (PROXY_COUNT)
            headers["Strict-Transport-Security"] = HSTS
        if request.headers.get("HX-Request") is not None or response.mimetype == "text/html":
            add_vary(response, "HX-Request")
        method, route = request.method, route_label()
        log_request(response.status_code, observe_request(response.status_code, method, route), route, method)
        return response

    @app.teardown_request
    def end_request(exc):
        leave_tenant()


HSTS = "max-age=31536000; includeSubDomains"


def _keep_private_answers_out_of_caches(headers) -> None:
    """An answer for a logged-in user (pages, fragments, PDFs, CSV exports) or to an API call is `private,
    no-store` unless the view already keeps it private (the theme's CSS: `private, max-age`): a shared cache or a
    browser's back button never shows one company's data to someone else. Public pages and assets are left alone."""
    if not (request.path.startswith("/api/") or _logged_in()):
        return
    current = (headers.get("Cache-Control") or "").lower()
    if "private" not in current and "no-store" not in current:
        headers["Cache-Control"] = "private, no-store"


def _logged_in() -> bool:
    # Only a user this request already loaded (Flask-Login keeps it in g): never a query for the header's sake.
    user = g.get("_login_user")
    return bool(user is not None and user.is_authenticated)


_SECURITY_HEADER_NAMES = frozenset(name.lower() for name in SECURITY_HEADERS)
_SECURITY_HEADER_ITEMS = tuple(SECURITY_HEADERS.items())


def _add_security_headers(headers) -> None:
    """SECURITY_HEADERS on the answer, each unless the view set its own: one pass over the answer's headers (a
    `setdefault` per name would scan them five times)."""
    present = {name.lower() for name, _ in headers} & _SECURITY_HEADER_NAMES
    if not present:
        headers.extend(_SECURITY_HEADER_ITEMS)
        return
    for name, value in _SECURITY_HEADER_ITEMS:
        if name.lower() not in present:
            headers.add(name, value)
