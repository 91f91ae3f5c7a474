"""Smoke checks of a restored database (scripts/backup_restore.sh runs them with `-m smoke`): they read
RESTORED_DATABASE_URL (and SOURCE_DATABASE_URL to compare row counts) and are skipped without it."""
import os

import pytest
import sqlalchemy as sa

RESTORED = os.environ.get("RESTORED_DATABASE_URL", "")
SOURCE = os.environ.get("SOURCE_DATABASE_URL", "")
pytestmark = [pytest.mark.smoke,
              pytest.mark.skipif(not RESTORED, reason="RESTORED_DATABASE_URL not set (scripts/backup_restore.sh)")]


def _sqlalchemy_url(url: str) -> str:
    return url.replace("postgresql://", "postgresql+psycopg://", 1)


@pytest.fixture(scope="module")
def restored_app(tmp_path_factory):
    from app import create_app
    from core.db import db
    application = create_app({"SQLALCHEMY_DATABASE_URI": _sqlalchemy_url(RESTORED), "REDIS_URL": "",
                              "JOBS_INLINE": True, "INSTANCE_PATH": str(tmp_path_factory.mktemp("restored"))})
    yield application
    with application.app_context():
        db.engine.dispose()


def table_counts(url: str) -> dict[str, int]:
    from core.db import db
    engine = sa.create_engine(_sqlalchemy_url(url))
    try:
        with engine.connect() as conn:
            return {t.name: conn.execute(sa.select(sa.func.count()).select_from(t)).scalar()
                    for t in db.metadata.sorted_tables}
    finally:
        engine.dispose()


def test_restored_database_is_ready_at_the_migrations_head(restored_app):
    response = restored_app.test_client().get("/readyz")
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["checks"]["migrations"] == "ok"


def test_every_table_is_there_with_the_source_rows(restored_app):
    restored = table_counts(RESTORED)
    print("\ntable: restored / source")
    source = table_counts(SOURCE) if SOURCE else {}
    for name, count in restored.items():
        print(f"  {name}: {count} / {source.get(name, '?')}")
    if os.environ.get("STRICT_COUNTS") == "1":
        assert restored == source


def test_stored_secrets_read_with_the_configured_key(restored_app):
    from core import crypto
    from core.db import db
    from domain.rotation import ENCRYPTED_COLUMNS
    with restored_app.app_context():
        read = 0
        for model, column in ENCRYPTED_COLUMNS:
            table = model.__table__
            for token in db.session.execute(sa.select(table.c[column]).where(table.c[column].is_not(None))).scalars():
                crypto.decrypt(token)
                read += 1
        print(f"\n{read} stored secrets read with the configured key")
