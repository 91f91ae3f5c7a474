"""GET /healthz: the database, and Redis when configured."""
from flask import current_app, jsonify
from sqlalchemy import text

from core.db import db


def health_report():
    checks, ok = {}, True
    try:
        db.session.execute(text("SELECT 1"))
        checks["database"] = "ok"
    except Exception as exc:  # noqa: BLE001  health must answer, whatever broke
        checks["database"], ok = f"erro: {type(exc).__name__}", False
        db.session.rollback()
    if current_app.config.get("REDIS_URL"):
        try:
            from core.queue import redis_connection
            redis_connection().ping()
            checks["redis"] = "ok"
        except Exception as exc:  # noqa: BLE001  same: report it, do not raise
            checks["redis"], ok = f"erro: {type(exc).__name__}", False
    else:
        checks["redis"] = "não configurado (jobs inline)"
    return jsonify({"status": "ok" if ok else "degraded", "checks": checks}), (200 if ok else 503)
