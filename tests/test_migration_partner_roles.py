"""Migration hs31a7c9e1b3d5: partner roles get one boolean column per role, backfilled from the `roles` JSON list in
batches (rows of several batches); `flask partners sync-roles` fixes the rows the previous release wrote meanwhile."""
import uuid

import sqlalchemy as sa
from flask_migrate import upgrade

from app import create_app
from core.db import db
from domain.partners.models import PARTNER_ROLES, role_flags
from domain.tenancy import services
from tests.fixtures.core import unique_cnpj
from tests.test_migrations import empty_database_url  # noqa: F401  the fixture

BEFORE = "h25a1b2c3d4e5"
ROLE_SETS = ([], ["tomador"], ["cliente_frete", "tomador"], ["remetente"], list(PARTNER_ROLES), ["fornecedor"])
FLAGS = tuple(f"role_{role}" for role in PARTNER_ROLES)


def _partners_table(*, flags: bool = True):
    return sa.table("partners", sa.column("id", sa.Uuid), sa.column("company_id", sa.Uuid),
                    sa.column("person_kind"), sa.column("cpf_cnpj"), sa.column("legal_name"),
                    sa.column("ie_isento", sa.Boolean), sa.column("roles", sa.JSON), sa.column("is_active", sa.Boolean),
                    sa.column("search_text"), sa.column("created_at", sa.DateTime),
                    sa.column("updated_at", sa.DateTime),
                    *(sa.column(name, sa.Boolean) for name in (FLAGS if flags else ())))


def _old_release_rows(company_id, count: int) -> dict:
    """Partners as the release before the columns wrote them (no flag), `count` of them; {id: roles}."""
    from datetime import datetime
    rows = [{"id": uuid.uuid4(), "company_id": company_id, "person_kind": "pj", "cpf_cnpj": f"{i:014d}",
             "legal_name": f"Parceiro {i}", "ie_isento": False, "roles": ROLE_SETS[i % len(ROLE_SETS)],
             "is_active": True, "search_text": f"parceiro {i}", "created_at": datetime(2026, 1, 1),
             "updated_at": datetime(2026, 1, 1)} for i in range(count)]
    table = _partners_table(flags=False)
    with db.engine.begin() as conn:
        conn.execute(table.insert(), rows)
    return {row["id"]: row["roles"] for row in rows}


def _stored_flags() -> dict:
    table = _partners_table()
    with db.engine.connect() as conn:
        return {row.id: dict(zip(PARTNER_ROLES, row[1:], strict=True))
                for row in conn.execute(sa.select(table.c.id, *(table.c[name] for name in FLAGS)))}


def test_upgrade_backfills_every_partners_role_columns_from_its_list(empty_database_url, tmp_path):  # noqa: F811
    application = create_app({"SQLALCHEMY_DATABASE_URI": empty_database_url, "INSTANCE_PATH": str(tmp_path)})
    with application.app_context():
        upgrade(revision=BEFORE)
        company = services.create_company(name="Nossa Ltda", cnpj=unique_cnpj())
        db.session.commit()
        written = _old_release_rows(company.id, 2_345)  # three batches of the migration's 1,000
        db.session.close()  # no transaction left open: PostgreSQL's CREATE INDEX CONCURRENTLY waits for every one
        upgrade()
        stored = _stored_flags()
        db.engine.dispose()
    assert stored == {partner_id: role_flags(roles) for partner_id, roles in written.items()}
    assert sum(flags["tomador"] for flags in stored.values()) == 390 * 3 + 3  # i % 6 in (1, 2, 4); 2,345 = 6 × 390 + 5


def test_sync_roles_rewrites_the_rows_the_previous_release_wrote_during_the_roll(empty_database_url, tmp_path):  # noqa: F811
    application = create_app({"SQLALCHEMY_DATABASE_URI": empty_database_url, "INSTANCE_PATH": str(tmp_path)})
    with application.app_context():
        upgrade()
        company = services.create_company(name="Nossa Ltda", cnpj=unique_cnpj())
        db.session.commit()
        written = _old_release_rows(company.id, 25)  # no flag (NULL): what the old code inserts after the upgrade
        table = _partners_table()
        changed = next(iter(written))
        with db.engine.begin() as conn:  # a row whose flags say "tomador" while the old code made it a supplier
            conn.execute(table.update().where(table.c.id == changed)
                         .values(roles=["fornecedor"], **{name: name == "role_tomador" for name in FLAGS}))
        written[changed] = ["fornecedor"]
        result = application.test_cli_runner().invoke(args=["partners", "sync-roles", "--batch", "7"])
        stored = _stored_flags()
        again = application.test_cli_runner().invoke(args=["partners", "sync-roles"])
        db.engine.dispose()
    assert result.exit_code == 0, result.output
    assert "corrigidos: 25" in result.output
    assert stored == {partner_id: role_flags(roles) for partner_id, roles in written.items()}
    assert "corrigidos: 0" in again.output  # nothing left to fix
