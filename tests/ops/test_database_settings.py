"""Pool sizes and the PgBouncer switch (core/config.py engine_options; docs/deploy.md "PostgreSQL connections")."""
import os

import pytest
import sqlalchemy as sa

from core import transaction
from core.config import engine_options
from core.db import db

PG = os.environ.get("TEST_DATABASE_URL", "")


def test_pool_sizes_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("DB_POOL_SIZE", "3")
    monkeypatch.setenv("DB_MAX_OVERFLOW", "2")
    options = engine_options("postgresql+psycopg://u@h/db")
    assert (options["pool_size"], options["max_overflow"]) == (3, 2)
    assert "connect_args" not in options
    assert "pool_size" not in engine_options("sqlite:///x.db")


def test_pgbouncer_mode_turns_prepared_statements_off(monkeypatch):
    monkeypatch.setenv("DB_PGBOUNCER", "1")
    assert engine_options("postgresql+psycopg://u@h/db")["connect_args"] == {"prepare_threshold": None}


@pytest.mark.skipif(not PG, reason="needs PostgreSQL (TEST_DATABASE_URL)")
@pytest.mark.parametrize(("pgbouncer", "prepared"), [("0", True), ("1", False)])
def test_server_side_prepared_statements_only_without_pgbouncer_mode(monkeypatch, pgbouncer, prepared):
    monkeypatch.setenv("DB_PGBOUNCER", pgbouncer)
    options = {k: v for k, v in engine_options(PG).items() if k in ("connect_args",)}
    engine = sa.create_engine(PG, **options)
    try:
        with engine.connect() as conn:
            for _ in range(8):  # psycopg prepares a statement on its 5th execution by default
                conn.execute(sa.text("SELECT 1 WHERE 1 = :one"), {"one": 1})
            count = conn.execute(sa.text("SELECT count(*) FROM pg_prepared_statements")).scalar()
    finally:
        engine.dispose()
    assert (count > 0) is prepared


def _new_connection_setting(app) -> str:
    """`default_transaction_read_only` on a connection the app's pool opens now."""
    with app.app_context():
        db.engine.dispose()
        with db.engine.connect() as conn:
            return conn.exec_driver_sql("SHOW default_transaction_read_only").scalar()


@pytest.mark.skipif(not PG, reason="needs PostgreSQL (TEST_DATABASE_URL)")
def test_connections_start_read_only_without_pgbouncer_mode(app, monkeypatch, caplog):
    monkeypatch.setenv("DB_PGBOUNCER", "0")
    assert _new_connection_setting(app) == "on"
    assert "does not start read-only" not in caplog.text


@pytest.mark.skipif(not PG, reason="needs PostgreSQL (TEST_DATABASE_URL)")
def test_behind_pgbouncer_a_role_that_starts_writable_is_reported(app, monkeypatch, caplog):
    """Breaking case of the above: behind PgBouncer the startup option is not sent; a database (or role) whose
    connections start writable is said in the log, once; one that starts read-only is not."""
    monkeypatch.setenv("DB_PGBOUNCER", "1")
    transaction._report_writable_role.cache_clear()
    assert _new_connection_setting(app) == "off"
    assert "does not start read-only" in caplog.text
    caplog.clear()
    transaction._report_writable_role.cache_clear()
    with app.app_context():
        name = db.engine.url.database
        with db.engine.begin() as conn:
            conn.exec_driver_sql(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
        try:
            assert _new_connection_setting(app) == "on"
        finally:
            with db.engine.begin() as conn:
                conn.exec_driver_sql(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')
            db.engine.dispose()
            transaction._report_writable_role.cache_clear()
    assert "does not start read-only" not in caplog.text
