"""The Alembic migrations build, on an empty database, exactly the schema the models declare."""
import os
import uuid
import warnings

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade

from app import create_app
from core.counters import RETIRED_TABLES
from core.db import db
from core.transaction import read_only_violation


@pytest.fixture
def empty_database_url(tmp_path):
    base = os.environ.get("TEST_DATABASE_URL")
    if not base or not base.startswith("postgresql"):
        yield f"sqlite:///{tmp_path}/migrations.db"
        return
    name = f"fretes_migr_{uuid.uuid4().hex[:8]}"
    admin = sa.create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield base.rsplit("/", 1)[0] + "/" + name
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _declared_for(dialect: str):
    """Alembic's include_object: an index the models declare for another database only (`.ddl_if(dialect=…)`,
    e.g. the PostgreSQL trigram indexes) is not expected on this one. A retired table (the code no longer uses it,
    the previous release may: dropped by the next release's contract migration) is no model's."""
    def include(obj, name, type_, reflected, compare_to):
        if type_ == "table" and reflected and name in RETIRED_TABLES:
            return False
        ddl_if = getattr(obj, "_ddl_if", None)
        return reflected or type_ != "index" or ddl_if is None or ddl_if.dialect in (None, dialect)
    return include


def _diff(application) -> list:
    with application.app_context(), db.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True, "render_as_batch": True,
                                                         "include_object": _declared_for(conn.dialect.name)})
        with warnings.catch_warnings():
            if conn.dialect.name == "sqlite":
                # Alembic warns of the expression indexes (the CIOT search document's, the vehicles' and drivers'
                # lower-case ones) before asking include_object: they are PostgreSQL's only, SQLite never has them.
                warnings.filterwarnings("ignore", "autogenerate skipping metadata-specified expression-based index",
                                        UserWarning)
            else:
                # PostgreSQL: Alembic cannot compare an expression index whose operator class (gin_trgm_ops) is
                # part of the expression (the CIOT search document's); it says so and skips that one comparison.
                # The index itself is created by migration h38a1c3e5f7b9 and its plan asserted by
                # tests/web/test_ciot_search_plans.py.
                warnings.filterwarnings("ignore", ".*detected to include an operator clause", UserWarning)
            return compare_metadata(context, db.metadata)


def test_upgrade_builds_the_models_schema_and_downgrade_empties_it(empty_database_url, tmp_path):
    application = create_app({"SQLALCHEMY_DATABASE_URI": empty_database_url, "INSTANCE_PATH": str(tmp_path)})
    with application.app_context():
        upgrade()
    assert _diff(application) == []
    with application.app_context():
        downgrade(revision="base")
        tables = set(sa.inspect(db.engine).get_table_names()) - {"alembic_version"}
        db.engine.dispose()
    assert tables == set()


def test_migrations_write_then_give_their_connection_back_read_only(empty_database_url, tmp_path):
    """The migrations' connection writes (CREATE INDEX CONCURRENTLY in autocommit included) and goes back to the pool
    read-only by default, as the app's connections start; a write outside a transaction on it is refused."""
    if not empty_database_url.startswith("postgresql"):
        pytest.skip("the read-only default is PostgreSQL's")
    application = create_app({"SQLALCHEMY_DATABASE_URI": empty_database_url, "INSTANCE_PATH": str(tmp_path),
                              "SQLALCHEMY_ENGINE_OPTIONS": {"pool_size": 1, "max_overflow": 0}})
    with application.app_context():
        upgrade()  # the pool's one connection is the migrations' own
        with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            setting = conn.exec_driver_sql("SHOW default_transaction_read_only").scalar()
            with pytest.raises(sa.exc.DBAPIError) as refused:
                conn.exec_driver_sql("CREATE TABLE written_after_migrations (id int)")
        db.engine.dispose()
    assert setting == "on" and read_only_violation(refused.value), refused.value


def test_a_model_change_without_migration_is_detected(empty_database_url, tmp_path):
    """Guards the guard: an extra column on the models must show up as a difference."""
    application = create_app({"SQLALCHEMY_DATABASE_URI": empty_database_url, "INSTANCE_PATH": str(tmp_path)})
    with application.app_context():
        upgrade()
        with db.engine.begin() as conn:
            conn.execute(sa.text("ALTER TABLE companies ADD COLUMN stray_column INTEGER"))
    assert any("stray_column" in repr(d) for d in _diff(application))
