"""Migration harea1c0a7e45: the four per-area counter tables' values move into `counters`; while the previous
release still numbers through its own table (PostgreSQL), its increments are taken from `counters`, so the two
releases never hand out the same number; downgrade gives the old tables the numbers handed out since."""
import uuid

import sqlalchemy as sa
from flask_migrate import downgrade, upgrade

from app import create_app
from core.counters import FREIGHT, INVOICE, next_counter_value
from core.db import db
from domain.tenancy import services
from tests.fixtures.core import unique_cnpj
from tests.test_migrations import empty_database_url  # noqa: F401  the fixture

BEFORE = "h25a1b2c3d4e5"


def _old(table: str) -> sa.TableClause:
    return sa.table(table, sa.column("id", sa.Uuid), sa.column("company_id", sa.Uuid),
                    sa.column("last_value", sa.Integer))


def _counters(company_id) -> dict:
    with db.engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT name, last_value FROM counters WHERE company_id = :c"),
                            {"c": company_id.hex if conn.dialect.name == "sqlite" else company_id}).all()
    return dict(rows)


def _old_value(table: str, company_id):
    old = _old(table)
    with db.engine.connect() as conn:
        return conn.execute(sa.select(old.c.last_value).where(old.c.company_id == company_id)).scalar_one_or_none()


def _take(name: str, company_id) -> int:
    value = next_counter_value(name, company_id)
    db.session.commit()
    return value


def test_counters_move_into_one_table_and_back(empty_database_url, tmp_path):  # noqa: F811
    application = create_app({"SQLALCHEMY_DATABASE_URI": empty_database_url, "INSTANCE_PATH": str(tmp_path)})
    with application.app_context():
        upgrade()
        company = services.create_company(name="Nossa Ltda", cnpj=unique_cnpj())
        other = services.create_company(name="Outra Ltda", cnpj=unique_cnpj())
        db.session.commit()
        company_id, other_id = company.id, other.id
        db.session.remove()  # no open transaction may hold a lock on companies while `counters` is dropped
        downgrade(revision=BEFORE)
        with db.engine.begin() as conn:  # what the previous release had handed out
            conn.execute(_old("freight_counters").insert().values(id=uuid.uuid4(), company_id=company_id,
                                                                  last_value=41))
            conn.execute(_old("invoice_counters").insert().values(id=uuid.uuid4(), company_id=company_id,
                                                                  last_value=7))
            conn.execute(_old("freight_counters").insert().values(id=uuid.uuid4(), company_id=other_id,
                                                                  last_value=3))
        upgrade()
        assert _counters(company_id) == {FREIGHT: 41, INVOICE: 7}
        assert _counters(other_id) == {FREIGHT: 3}  # each company its own numbers
        assert _take(FREIGHT, company_id) == 42
        assert _take("ciot", company_id) == 1  # a counter the company never used starts at 1
        if db.engine.dialect.name == "postgresql":
            # The previous release's statement, still running during the deploy: it gets the next number of the
            # one sequence, not its own table's stale 42.
            with db.engine.begin() as conn:
                taken = conn.execute(sa.text("UPDATE freight_counters SET last_value = last_value + 1 "
                                             "WHERE company_id = :c RETURNING last_value"), {"c": company_id})
                assert taken.scalar_one() == 43
            assert _take(FREIGHT, company_id) == 44
        last = _counters(company_id)[FREIGHT]
        db.session.remove()
        downgrade(revision=BEFORE)
        assert _old_value("freight_counters", company_id) == last
        assert _old_value("invoice_counters", company_id) == 7
        assert _old_value("ciot_counters", company_id) == 1  # the row the new release created comes back too
        assert _old_value("freight_counters", other_id) == 3
        assert "counters" not in sa.inspect(db.engine).get_table_names()
        upgrade()
        db.engine.dispose()
