"""Doors for the operator and the load balancer: /healthz (liveness), /readyz (readiness), /metrics (Prometheus).

- /healthz answers 200 while the process can serve a request; it checks nothing else, so a database outage does not
  make the load balancer (or systemd) restart every web process.
- /readyz answers 200 when this process can do useful work: the database answers, Redis answers (when configured)
  and the database schema is at this code's migrations head (or ahead of it: the next release's expand migration);
  else 503 naming the dependency. A load balancer sends traffic only to ready processes; during a deploy, new code
  is not ready until `flask db upgrade` ran, while the old code stays ready (docs/deploy.md).
- /metrics needs `Authorization: Bearer $METRICS_TOKEN`; without METRICS_TOKEN configured it answers 404.
See docs/deploy.md.
"""
from functools import lru_cache
from pathlib import Path

from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from flask import Blueprint, Response, abort, current_app, jsonify
from sqlalchemy import text

# core.queue.redis_connection read when called (not imported by name): a test's stand-in connection is honoured
import core.queue
from core import metrics
from core.db import db

bp = Blueprint("ops", __name__)
MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


@bp.get("/healthz")
def healthz():
    return jsonify({"status": "ok"})


@bp.get("/readyz")
def readyz():
    checks = {"database": _check(_database), "redis": _check(_redis), "migrations": _check(_migrations)}
    ready = all(value.startswith(("ok", "não configurado")) for value in checks.values())
    return jsonify({"status": "ok" if ready else "indisponível", "checks": checks}), (200 if ready else 503)


@bp.get("/metrics")
def prometheus_metrics():
    if not current_app.config.get("METRICS_TOKEN"):
        abort(404)
    if not metrics.authorized():
        return Response("token ausente ou inválido\n", 401, {"WWW-Authenticate": "Bearer"}, mimetype="text/plain")
    body, content_type = metrics.exposition()
    return Response(body, 200, content_type=content_type)


def _check(probe) -> str:
    try:
        return probe()
    except Exception as exc:  # noqa: BLE001  readiness must answer, whatever broke
        db.session.rollback()
        return f"erro: {type(exc).__name__}"


def _database() -> str:
    db.session.execute(text("SELECT 1"))
    return "ok"


def _redis() -> str:
    if not current_app.config.get("REDIS_URL"):
        return "não configurado (jobs inline)"
    core.queue.redis_connection().ping()
    return "ok"


def _migrations() -> str:
    """At the head of this code's migrations; or ahead of it (a revision this code does not know: the next
    release's expand migration ran and this process is the old code, still compatible during the deploy).
    Behind (a known older revision) or never migrated is not ready: this code needs a schema that is not there."""
    current = set(db.session.execute(text("SELECT version_num FROM alembic_version")).scalars())
    script = migration_script()
    heads = set(script.get_heads())
    if current == heads:
        return "ok"
    known = {rev for rev in current if _known(script, rev)}
    if current and not known:
        return f"ok (banco à frente: {', '.join(sorted(current))})"
    return f"erro: banco em {sorted(current) or 'nenhuma'}, esperado {sorted(heads)}"


def _known(script, revision: str) -> bool:
    try:
        return script.get_revision(revision) is not None
    except CommandError:
        return False


@lru_cache(maxsize=1)
def migration_script():
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config)


