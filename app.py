"""Application factory: configuration, extensions, blueprints, error handlers and CLI. Nothing else."""
import logging
import os
import uuid

from flask import Flask, g, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect
from werkzeug.exceptions import RequestURITooLarge

from core.config import DEV_SECRET_KEY, load_config
from core.crypto import check_encryption_key
from core.db import db

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

login_manager = LoginManager()
# Login attempts (blueprints/web/auth.py). Storage: Redis when REDIS_URL is set, else memory (one process).
limiter = Limiter(key_func=get_remote_address, default_limits=[], headers_enabled=True)
csrf = CSRFProtect()
migrate = Migrate(render_as_batch=True, compare_type=True)


def create_app(config: dict | None = None) -> Flask:
    settings = {**load_config(), **(config or {})}
    app = Flask(__name__, instance_path=os.path.abspath(settings["INSTANCE_PATH"]))
    app.config.update(settings)
    check_encryption_key(app.config.get("ENCRYPTION_KEY"))  # a bad key stops here, not at the first secret
    app.json.sort_keys = False  # keys in the order the code builds them; sorting costs every response
    # `/x` and `/x/` both answer, never a redirect: a redirected API call can turn a POST into a GET
    # (docs/decisions.md §1). Set before any route is added, so it holds for every route.
    app.url_map.strict_slashes = False
    if app.config["PROXY_COUNT"]:  # the client IP (login and lead limits, stored leads) behind the proxies
        from werkzeug.middleware.proxy_fix import ProxyFix
        count = app.config["PROXY_COUNT"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=count)
    os.makedirs(app.instance_path, exist_ok=True)
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "INFO"))
    if app.config["SECRET_KEY"] == DEV_SECRET_KEY and not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        logging.getLogger("fretes").warning("SECRET_KEY is the development default: set it (see README).")

    import domain.registry  # noqa: F401  every model, so migrations and create_all see them all

    db.init_app(app)
    migrate.init_app(app, db, directory=os.path.join(os.path.dirname(__file__), "migrations"))
    _init_login(app)
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config["REDIS_URL"] or "memory://")
    limiter.init_app(app)
    _register_blueprints(app)
    _init_request_hooks(app)

    from core.formatting import register_filters
    register_filters(app)
    app.jinja_env.globals["has_endpoint"] = lambda name: name in app.view_functions

    from blueprints.errors import register_error_handlers
    register_error_handlers(app)

    from commands import register_commands
    register_commands(app)
    return app


def _init_login(app: Flask) -> None:
    from domain.tenancy.services import load_user

    login_manager.init_app(app)
    login_manager.login_view = "auth.login"
    login_manager.login_message = "Entre para continuar."
    login_manager.login_message_category = "info"
    login_manager.user_loader(load_user)
    csrf.init_app(app)


def _register_blueprints(app: Flask) -> None:
    from blueprints import WEB_BLUEPRINTS
    from blueprints.api import api_bp
    from core.api import register_key_store
    from domain.tenancy import keystore

    register_key_store(keystore)
    csrf.exempt(api_bp)  # API calls authenticate with keys, not cookies
    app.register_blueprint(api_bp)
    for blueprint in WEB_BLUEPRINTS:
        app.register_blueprint(blueprint)


def _init_request_hooks(app: Flask) -> None:
    from core.db import read_without_transaction
    from core.inputs import reject_nul_in_request
    from core.queue import retry_outbox_if_due
    from core.tenancy import enter_tenant, leave_tenant

    def allow_declared_uploads():
        """A view marked with access.upload_limit reads bodies up to its own limit (before CSRF reads the form),
        so an oversized file gets that page's inline error instead of a bare 413."""
        limit = getattr(app.view_functions.get(request.endpoint), "upload_limit", None)
        if limit:
            request.max_content_length = max(limit, app.config["MAX_CONTENT_LENGTH"] or 0)

    app.before_request_funcs.setdefault(None, []).insert(0, allow_declared_uploads)

    @app.before_request
    def start_request():
        leave_tenant()
        if request.method in ("GET", "HEAD") and request.endpoint != "static":
            read_without_transaction()  # before the session's user is loaded
        g.request_id = request.headers.get("X-Request-Id", "")[:64] or uuid.uuid4().hex[:16]
        if len(request.full_path) > app.config["MAX_URL_LENGTH"]:
            raise RequestURITooLarge()
        reject_nul_in_request(request.path.startswith("/api/"))
        if not app.config.get("JOBS_INLINE"):
            retry_outbox_if_due()
        from flask_login import current_user
        if not request.path.startswith("/api/") and current_user and current_user.is_authenticated:
            enter_tenant(current_user.company_id)

    @app.after_request
    def finish_request(response):
        response.headers["X-Request-Id"] = g.get("request_id", "")
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        if request.headers.get("HX-Request") is not None or response.mimetype == "text/html":
            response.vary.add("HX-Request")
        return response

    @app.teardown_request
    def end_request(exc):
        leave_tenant()
