"""/healthz (liveness: the process answers) and /readyz (database, Redis, migrations at head), each failing
dependency named with a 503."""
from core.db import db


def test_healthz_answers_while_the_process_serves(app, monkeypatch):
    monkeypatch.setitem(app.config, "REDIS_URL", "redis://127.0.0.1:1/0")  # a dependency down: still alive
    response = app.test_client().get("/healthz")
    assert (response.status_code, response.get_json()) == (200, {"status": "ok"})


def test_readyz_is_ok_with_database_redis_and_schema_at_head(app, migrated):
    response = app.test_client().get("/readyz")
    assert response.status_code == 200, response.get_json()
    checks = response.get_json()["checks"]
    assert checks["database"] == "ok" and checks["migrations"] == "ok"
    assert checks["redis"] == "ok" if app.config["REDIS_URL"] else checks["redis"].startswith("não configurado")


def test_readyz_is_503_when_redis_is_down(app, migrated, monkeypatch):
    monkeypatch.setitem(app.config, "REDIS_URL", "redis://127.0.0.1:1/0")
    response = app.test_client().get("/readyz")
    assert response.status_code == 503
    body = response.get_json()
    assert body["status"] == "indisponível"
    assert body["checks"]["redis"].startswith("erro") and body["checks"]["database"] == "ok"


def test_readyz_is_503_when_the_database_is_down(app, migrated, tmp_path):
    from app import create_app
    broken = create_app({"SQLALCHEMY_DATABASE_URI": _unreachable(app), "INSTANCE_PATH": str(tmp_path),
                         "SECRET_KEY": "test-secret", "REDIS_URL": "", "JOBS_INLINE": True})
    response = broken.test_client().get("/readyz")
    assert response.status_code == 503
    checks = response.get_json()["checks"]
    assert checks["database"].startswith("erro") and checks["migrations"].startswith("erro")
    with broken.app_context():
        db.engine.dispose()


def _unreachable(app) -> str:
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    if url.startswith("sqlite"):
        return "sqlite:////nonexistent-dir-for-readyz/x.db"
    return "postgresql+psycopg://postgres@127.0.0.1:1/none?connect_timeout=2"


def test_readyz_is_503_when_migrations_are_behind_or_missing(app, migrated):
    from blueprints.ops import migration_script
    [head] = migration_script().get_heads()
    previous = migration_script().get_revision(head).down_revision
    migrated(previous)
    response = app.test_client().get("/readyz")
    assert response.status_code == 503
    assert response.get_json()["checks"]["migrations"].startswith(f"erro: banco em ['{previous}']")
    migrated()  # no revision at all: never migrated
    assert app.test_client().get("/readyz").status_code == 503


def test_readyz_stays_ok_when_the_database_is_ahead_during_a_deploy(app, migrated):
    """The next release's expand migration ran; this (old) code does not know it and keeps serving."""
    migrated("f00dfeed0001")
    response = app.test_client().get("/readyz")
    assert response.status_code == 200
    assert response.get_json()["checks"]["migrations"] == "ok (banco à frente: f00dfeed0001)"


def test_readyz_is_503_without_the_migrations_table(app):
    response = app.test_client().get("/readyz")
    assert response.status_code == 503
    assert response.get_json()["checks"]["migrations"].startswith("erro")
    assert response.get_json()["checks"]["database"] == "ok"
