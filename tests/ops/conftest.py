"""Operations tests: metrics, logs, health. The webhook receiver fixtures are the webhook tests' own."""
import pytest
import sqlalchemy as sa
from flask import Blueprint
from prometheus_client.parser import text_string_to_metric_families

from app import create_app
from blueprints.ops import migration_script
from core.db import db
from tests.webhooks.conftest import make_endpoint, private_targets, receiver, webhook_targets  # noqa: F401

TOKEN = "metrics-token-for-tests"
boom_bp = Blueprint("ops_probe", __name__)


@boom_bp.get("/ops-probe/answer/<int:code>")
def answer(code):
    return "resposta", code


@boom_bp.get("/ops-probe/crash")
def crash():
    raise RuntimeError("falha de propósito")


@pytest.fixture(scope="session")
def crash_app(app):
    """The app with two probe routes (a chosen status, an unhandled exception rendered as a 500)."""
    shared = ("SQLALCHEMY_DATABASE_URI", "INSTANCE_PATH", "SECRET_KEY", "REDIS_URL", "JOBS_INLINE")
    application = create_app({**{k: app.config[k] for k in shared}, "PROPAGATE_EXCEPTIONS": False})
    application.register_blueprint(boom_bp)
    yield application
    with application.app_context():
        db.engine.dispose()


@pytest.fixture
def metrics_token(app, monkeypatch):
    monkeypatch.setitem(app.config, "METRICS_TOKEN", TOKEN)
    return TOKEN


@pytest.fixture
def scrape(app, metrics_token):
    """scrape() -> {(name, frozenset(labels.items())): value} from GET /metrics with the token."""
    def read() -> dict:
        response = app.test_client().get("/metrics", headers={"Authorization": f"Bearer {metrics_token}"})
        assert response.status_code == 200, response.get_data(as_text=True)
        samples = {}
        for family in text_string_to_metric_families(response.get_data(as_text=True)):
            for sample in family.samples:
                samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
        return samples
    return read


def value(samples: dict, name: str, **labels) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


@pytest.fixture
def migrated():
    """The database stamped at the migrations' head, as `flask db upgrade` leaves it (tests build it with
    create_all); the table is dropped afterwards."""
    def stamp(*revisions):
        with db.engine.begin() as conn:
            conn.execute(sa.text("DROP TABLE IF EXISTS alembic_version"))
            conn.execute(sa.text("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)"))
            for revision in revisions:
                conn.execute(sa.text("INSERT INTO alembic_version VALUES (:r)"), {"r": revision})
    stamp(*migration_script().get_heads())
    yield stamp
    with db.engine.begin() as conn:
        conn.execute(sa.text("DROP TABLE IF EXISTS alembic_version"))
