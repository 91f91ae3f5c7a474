"""Configuration read from environment variables, with embedded-friendly defaults.

Every variable is documented in README.md (section "Produção").
"""
import os
from pathlib import Path

from core.signing import fallback_keys

BASE_DIR = Path(__file__).resolve().parent.parent
DEV_SECRET_KEY = "dev-secret-change-me"  # noqa: S105  the documented development default, warned about on PostgreSQL


def _bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on", "sim"}


def _list(name: str) -> list[str] | None:
    """A comma-separated list from the environment, or None when unset or empty."""
    items = [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]
    return items or None


def _seconds(name: str) -> float | None:
    """A number of seconds from the environment, or None when unset (the reader's default applies)."""
    raw = os.environ.get(name, "").strip()
    return float(raw) if raw else None


def engine_options(database_url: str) -> dict:
    """Pool per process: DB_POOL_SIZE connections kept, DB_MAX_OVERFLOW more under bursts (docs/deploy.md
    "PostgreSQL connections": the budget is their sum times the processes). DB_PGBOUNCER=1 (PgBouncer in transaction
    mode): psycopg's automatic server-side prepared statements are turned off, since the next transaction may run
    on another server connection that does not have them."""
    options = {"pool_pre_ping": False, "pool_recycle": 1800}
    if database_url.startswith("sqlite"):
        return options
    options["pool_size"] = int(os.environ.get("DB_POOL_SIZE", "5"))
    options["max_overflow"] = int(os.environ.get("DB_MAX_OVERFLOW", "5"))
    if pgbouncer():
        options["connect_args"] = {"prepare_threshold": None}
    return options


def pgbouncer() -> bool:
    """DB_PGBOUNCER=1: the app reaches PostgreSQL through PgBouncer in transaction mode (docs/deploy.md)."""
    return _bool("DB_PGBOUNCER", False)


def default_instance_path() -> Path:
    """Where the data lives without INSTANCE_PATH: `instance/` beside the code in a checkout (where pyproject.toml
    is); for an installed package, never inside site-packages, but the user's data directory
    ($XDG_DATA_HOME/fretes, else ~/.local/share/fretes)."""
    if (BASE_DIR / "pyproject.toml").is_file():
        return BASE_DIR / "instance"
    data_home = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(data_home) / "fretes"


def load_config() -> dict:
    instance = Path(os.environ.get("INSTANCE_PATH") or default_instance_path()).resolve()
    database_url = os.environ.get("DATABASE_URL") or f"sqlite:///{instance / 'fretes.db'}"
    if database_url.startswith("postgres://"):
        database_url = "postgresql+psycopg://" + database_url[len("postgres://"):]
    elif database_url.startswith("postgresql://"):
        database_url = "postgresql+psycopg://" + database_url[len("postgresql://"):]
    secret_key = os.environ.get("SECRET_KEY", DEV_SECRET_KEY)
    return {
        "INSTANCE_PATH": str(instance),
        "SQLALCHEMY_DATABASE_URI": database_url,
        # No pre-ping: it costs a `SELECT 1` round trip on every checkout (every request). Connections are
        # recycled after 30 min instead, so idle-timeout drops by firewalls/poolers are avoided; after a database
        # restart the first statement on each stale connection fails once, SQLAlchemy then invalidates the pool
        # and the next requests reconnect.
        "SQLALCHEMY_ENGINE_OPTIONS": engine_options(database_url),
        "SECRET_KEY": secret_key,
        # The public sitemap.xml, rendered at most once per this many seconds per process (0: on every request).
        "SITEMAP_CACHE_SECONDS": float(os.environ.get("SITEMAP_CACHE_SECONDS", "300")),
        # Former SECRET_KEYs, comma-separated, still accepted for verification while a rotation is under way
        # (sessions, CSRF tokens, list cursors, badge tokens, keys derived for encryption): core/signing.py.
        "SECRET_KEY_FALLBACKS": fallback_keys(os.environ.get("SECRET_KEY_FALLBACKS", "")),
        # Fernet key that encrypts secrets at rest (API key secrets, provider credentials); anything else stops
        # the app at startup. Unset: a key derived from SECRET_KEY (HKDF), so the embedded default needs no setup.
        "ENCRYPTION_KEY": os.environ.get("ENCRYPTION_KEY", ""),
        "REDIS_URL": os.environ.get("REDIS_URL", ""),
        # Jobs run inline (in the request) unless a Redis URL is configured and JOBS_INLINE is off.
        "JOBS_INLINE": _bool("JOBS_INLINE", not os.environ.get("REDIS_URL")),
        # With inline jobs, webhook retries run from a timer thread of the process at their scheduled time
        # (core/inline_timer.py); off: only the periodic sweep sends them (tests turn it off: timers outlive a test).
        "WEBHOOK_INLINE_RETRIES": _bool("WEBHOOK_INLINE_RETRIES", True),
        # URLs longer than this answer 414 (JSON under /api). Below gunicorn's own request-line limit (4094), so
        # the app sees and answers them; longer ones are cut by gunicorn first (docs/hardening.md).
        "MAX_URL_LENGTH": int(os.environ.get("MAX_URL_LENGTH", "4000")),
        "MAX_CONTENT_LENGTH": int(os.environ.get("MAX_BODY_BYTES", str(1024 * 1024))),
        "SIGNATURE_TOLERANCE_SECONDS": int(os.environ.get("SIGNATURE_TOLERANCE_SECONDS", "300")),
        "IDEMPOTENCY_TTL_HOURS": int(os.environ.get("IDEMPOTENCY_TTL_HOURS", "24")),
        # Seconds between two tries, from requests, of jobs kept in the outbox while Redis was down (core/queue.py).
        "OUTBOX_RETRY_SECONDS": float(os.environ.get("OUTBOX_RETRY_SECONDS", "10")),
        # Webhook targets (domain/webhooks/ssrf.py): private, loopback, link-local and metadata addresses are refused
        # unless this is on (development and tests only); https is required unless WEBHOOK_REQUIRE_HTTPS=0 or
        # private targets are allowed.
        "WEBHOOK_ALLOW_PRIVATE_TARGETS": _bool("WEBHOOK_ALLOW_PRIVATE_TARGETS", False),
        "WEBHOOK_REQUIRE_HTTPS": _bool("WEBHOOK_REQUIRE_HTTPS", not _bool("WEBHOOK_ALLOW_PRIVATE_TARGETS", False)),
        # An OSRM routing engine (http://host:5000) for road distances omitted from CIOT declarations
        # (domain/geo/distance.py); unset, the distance is estimated from the municipal seats' coordinates.
        "OSRM_URL": os.environ.get("OSRM_URL", "").strip(),
        # How long a request to the ANTT (emit, rectify, cancel, close; the aggregate's open, rectify, cancel, close)
        # waits for the outcome before answering 202 (domain/ciot/protocol.py; unset: 1.5). CIOT_EMIT_WAIT_SECONDS is
        # its former name, still read when the new one is unset.
        "AUTHORITY_WAIT_SECONDS": _seconds("AUTHORITY_WAIT_SECONDS") if os.environ.get("AUTHORITY_WAIT_SECONDS")
        else _seconds("CIOT_EMIT_WAIT_SECONDS"),
        # The circuit breaker in front of the ANTT (domain/ciot/breaker.py): failures in a row that open it (unset: 5)
        # and seconds before a probe is let through (unset: 60).
        "CIOT_BREAKER_THRESHOLD": _seconds("CIOT_BREAKER_THRESHOLD"),
        "CIOT_BREAKER_COOLDOWN_SECONDS": _seconds("CIOT_BREAKER_COOLDOWN_SECONDS"),
        # An emission attempt still running this long after its last enqueue is taken as stranded (its worker died)
        # and enqueued again (domain/ciot/emission.stale_after; unset: 600).
        "CIOT_EMIT_STALE_SECONDS": _seconds("CIOT_EMIT_STALE_SECONDS"),
        # The CIOT provider per environment (`simulator`, `antt_pef` or a dotted path) and the ANTT PEF web service
        # (domain/ciot/pef/settings.py; checked at startup). Unset values keep the readers' defaults.
        "CIOT_PROVIDER_HOMOLOG": os.environ.get("CIOT_PROVIDER_HOMOLOG", "simulator"),
        "CIOT_PROVIDER_PRODUCAO": os.environ.get("CIOT_PROVIDER_PRODUCAO", ""),
        "CIOT_PEF_URL_HOMOLOG": os.environ.get("CIOT_PEF_URL_HOMOLOG", ""),
        "CIOT_PEF_URL_PRODUCAO": os.environ.get("CIOT_PEF_URL_PRODUCAO", ""),
        "CIOT_PEF_PATH_PREFIX": os.environ.get("CIOT_PEF_PATH_PREFIX", "api"),
        "CIOT_PEF_TIMEOUT_SECONDS": _seconds("CIOT_PEF_TIMEOUT_SECONDS") or 30.0,
        "CIOT_PEF_CONNECT_TIMEOUT_SECONDS": _seconds("CIOT_PEF_CONNECT_TIMEOUT_SECONDS") or 10.0,
        "CIOT_PEF_CA_BUNDLE": os.environ.get("CIOT_PEF_CA_BUNDLE", ""),
        "CIOT_PEF_ID_GENERATOR": os.environ.get("CIOT_PEF_ID_GENERATOR", ""),
        # How long a message to the ANTT about an aggregate contract (opening, cancellation, closing) may wait for
        # its answer before retry_stuck_agregados sends it again (domain/ciot_agregado/authority.stale_after, default
        # 300). CIOT_AGREGADO_CLOSE_STALE_SECONDS is its former name, deprecated: still read when the new one is unset.
        "CIOT_AGREGADO_PENDING_STALE_SECONDS": _seconds("CIOT_AGREGADO_PENDING_STALE_SECONDS"),
        "CIOT_AGREGADO_CLOSE_STALE_SECONDS": _seconds("CIOT_AGREGADO_CLOSE_STALE_SECONDS"),
        "LOGO_MAX_BYTES": int(os.environ.get("LOGO_MAX_BYTES", str(512 * 1024))),
        # Logged-in sessions (domain/tenancy/sessions.py) and login attempts (blueprints/web/auth.py).
        "SESSION_IDLE_MINUTES": float(os.environ.get("SESSION_IDLE_MINUTES", "120")),
        "SESSION_ABSOLUTE_HOURS": float(os.environ.get("SESSION_ABSOLUTE_HOURS", "12")),
        "LOGIN_LIMIT_PER_ACCOUNT": os.environ.get("LOGIN_LIMIT_PER_ACCOUNT", "5 per 15 minutes"),
        "LOGIN_LIMIT_PER_IP": os.environ.get("LOGIN_LIMIT_PER_IP", "20 per 15 minutes"),
        # Wrong guesses of the current password on "Alterar senha" (/conta/senha), per login session and per account:
        # at the limit the session ends and the user is e-mailed (domain/tenancy/sessions.py).
        "PASSWORD_CHANGE_LIMIT_PER_SESSION": os.environ.get("PASSWORD_CHANGE_LIMIT_PER_SESSION", "5 per 15 minutes"),
        "PASSWORD_CHANGE_LIMIT_PER_ACCOUNT": os.environ.get("PASSWORD_CHANGE_LIMIT_PER_ACCOUNT", "10 per hour"),
        # "Esqueci minha senha" (domain/tenancy/sessions.py, domain/messages/jobs.py): the link's life, the requests
        # per IP, and the platform's SMTP (unset MAIL_HOST: nothing is sent, a warning is logged).
        "PASSWORD_RESET_MINUTES": float(os.environ.get("PASSWORD_RESET_MINUTES", "60")),
        "PASSWORD_RESET_LIMIT": os.environ.get("PASSWORD_RESET_LIMIT", "5 per 15 minutes"),
        # Reset e-mails per account (the typed e-mail), past which the page answers the same and sends nothing.
        "PASSWORD_RESET_LIMIT_PER_ACCOUNT": os.environ.get("PASSWORD_RESET_LIMIT_PER_ACCOUNT", "3 per hour"),
        "MAIL_HOST": os.environ.get("MAIL_HOST", ""),
        "MAIL_PORT": int(os.environ.get("MAIL_PORT", "25")),
        "MAIL_FROM": os.environ.get("MAIL_FROM", ""),
        "MAIL_USERNAME": os.environ.get("MAIL_USERNAME", ""),
        "MAIL_PASSWORD": os.environ.get("MAIL_PASSWORD", ""),
        "MAIL_STARTTLS": os.environ.get("MAIL_STARTTLS", "") in ("1", "true", "yes"),
        # Flask-Limiter's headers (the login page's limit) under the names the API's limits use (core/ratelimit.py).
        # Its reset is a Unix time, not the draft's seconds, so it keeps a name of its own.
        "RATELIMIT_HEADER_LIMIT": "RateLimit-Limit",
        "RATELIMIT_HEADER_REMAINING": "RateLimit-Remaining",
        "RATELIMIT_HEADER_RESET": "X-RateLimit-Reset",
        "RATELIMIT_HEADER_RETRY_AFTER_VALUE": "delta-seconds",
        # Public lead form (blueprints/api/marketplace.py): per client IP, in the limiter's storage.
        "MARKETPLACE_LEAD_LIMIT": os.environ.get("MARKETPLACE_LEAD_LIMIT", "5 per minute"),
        # The public page's anonymous offer form: per client IP, same storage; by default the lead's limit.
        "MARKETPLACE_OFFER_LIMIT": os.environ.get("MARKETPLACE_OFFER_LIMIT")
        or os.environ.get("MARKETPLACE_LEAD_LIMIT", "5 per minute"),
        # The leads badge (polled by every open tab) reuses the stored count it read this long ago, per process.
        "MARKETPLACE_BADGE_CACHE_SECONDS": float(os.environ.get("MARKETPLACE_BADGE_CACHE_SECONDS", "1")),
        # Price simulations (POST /simulations): per API key, in the limiter's storage.
        "SIMULATION_RATE_LIMIT": os.environ.get("SIMULATION_RATE_LIMIT", "60 per minute"),
        # Leads older than this are deleted by the daily purge (domain/marketplace/retention_jobs.py; LGPD retention).
        "MARKETPLACE_LEAD_RETENTION_DAYS": int(os.environ.get("MARKETPLACE_LEAD_RETENTION_DAYS", "180")),
        # The site's public address (https://fretes.example.com): every absolute link that leaves a request (the
        # password reset e-mail, canonical links, sitemap.xml, robots.txt, links to share) is built on it, never on
        # the client's Host header. Checked at startup (core/public_urls.py). Unset: the pages use the request's
        # host, and a reset link is mailed only where that host is vouched for (TRUSTED_HOSTS, or SQLite).
        "PUBLIC_BASE_URL": os.environ.get("PUBLIC_BASE_URL", "").strip(),
        # Flask's TRUSTED_HOSTS, comma-separated (`fretes.example.com,.example.org`): a request for any other host
        # answers 400. Unset: every host is answered.
        "TRUSTED_HOSTS": _list("TRUSTED_HOSTS"),
        # Reverse proxies in front of the app that set X-Forwarded-For/-Proto/-Host (ProxyFix): 1 behind one
        # nginx; 0 (default) when clients reach gunicorn directly, so a forged header is never believed.
        "PROXY_COUNT": int(os.environ.get("PROXY_COUNT", "0")),
        # werkzeug's password hash method; not read from the environment (tests set a cheap one in their app).
        "PASSWORD_HASH_METHOD": "scrypt",
        # Logs: "text" (default) or "json", one object per line (core/logs.py).
        "LOG_FORMAT": os.environ.get("LOG_FORMAT", "text").strip().lower(),
        # Bearer token that /metrics requires; unset, /metrics answers 404 (docs/deploy.md "Metrics").
        "METRICS_TOKEN": os.environ.get("METRICS_TOKEN", ""),
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_SECURE": _bool("SESSION_COOKIE_SECURE", False),
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        "WTF_CSRF_TIME_LIMIT": None,
        "WTF_CSRF_HEADERS": ["X-CSRFToken", "X-CSRF-Token"],
    }
