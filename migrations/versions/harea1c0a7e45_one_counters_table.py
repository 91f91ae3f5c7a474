"""one `counters` table (company_id, name, last_value) for the gapless numbers CIOT-, FRT-, AGR- and FAT-, the four
per-area counter tables' values copied into it.

Expand step: the four tables stay, because the previous release numbers through them while this one rolls out
(docs/CONTRIBUTING.md, "Migrations"). So that both releases hand out one sequence per company, on PostgreSQL a
BEFORE UPDATE trigger on each old table takes the number from `counters` (it increments the `counters` row, which
it locks, and writes the value it got into the old row, which is what the old release's `UPDATE ... RETURNING`
reads). The previous release then locks its old row and the `counters` row, this one the `counters` row only: no
lock cycle. SQLite serves one process, never two releases at once: no trigger.

Contract step (the next release, once no process runs the previous one): drop the triggers, the function and the
four tables (core.counters.RETIRED_TABLES).

Revision ID: harea1c0a7e45
Revises: hp28a1b2c3d4e5
Create Date: 2026-11-27 16:30:00

"""
import uuid

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'harea1c0a7e45'
down_revision = "hp28a1b2c3d4e5"
branch_labels = None
depends_on = None

# The retired tables and the counter name each one's values take in `counters`.
RETIRED = {"ciot_counters": "ciot", "freight_counters": "freight", "ciot_agregado_counters": "ciot_agregado",
           "invoice_counters": "invoice"}
FUNCTION = "counters_take_for_retired_table"
COUNTERS = sa.table("counters", sa.column("company_id", sa.Uuid), sa.column("name", sa.String),
                    sa.column("last_value", sa.Integer))


def _retired(table: str) -> sa.TableClause:
    return sa.table(table, sa.column("id", sa.Uuid), sa.column("company_id", sa.Uuid),
                    sa.column("last_value", sa.Integer))


def upgrade():
    op.create_table(
        'counters',
        sa.Column('company_id', sa.Uuid(), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('last_value', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['company_id'], ['companies.id'], name=op.f('fk_counters_company_id_companies')),
        sa.PrimaryKeyConstraint('company_id', 'name', name=op.f('pk_counters')),
    )
    for table, name in RETIRED.items():
        old = _retired(table)
        op.execute(COUNTERS.insert().from_select(
            ["company_id", "name", "last_value"],
            sa.select(old.c.company_id, sa.literal(name), old.c.last_value)))
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(f"""
CREATE FUNCTION {FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- TG_ARGV[0]: the counter's name. The old row's increment is taken from `counters` instead.
    INSERT INTO counters (company_id, name, last_value) VALUES (NEW.company_id, TG_ARGV[0], OLD.last_value)
        ON CONFLICT (company_id, name) DO NOTHING;
    UPDATE counters SET last_value = last_value + (NEW.last_value - OLD.last_value)
        WHERE company_id = NEW.company_id AND name = TG_ARGV[0]
        RETURNING last_value INTO NEW.last_value;
    RETURN NEW;
END $$""")  # noqa: S608 (names from this file)
    for table, name in RETIRED.items():
        op.execute(f"CREATE TRIGGER {table}_take_from_counters BEFORE UPDATE ON {table} "
                   f"FOR EACH ROW EXECUTE FUNCTION {FUNCTION}('{name}')")


def downgrade():
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        for table in RETIRED:
            op.execute(f"DROP TRIGGER IF EXISTS {table}_take_from_counters ON {table}")
        op.execute(f"DROP FUNCTION IF EXISTS {FUNCTION}()")
    # The old tables get the numbers handed out since (a company's first number, too: its row is created).
    for table, name in RETIRED.items():
        old = _retired(table)
        rows = bind.execute(sa.select(COUNTERS.c.company_id, COUNTERS.c.last_value)
                            .where(COUNTERS.c.name == name)).all()
        for company_id, last_value in rows:
            updated = bind.execute(old.update().where(old.c.company_id == company_id)
                                   .values(last_value=last_value)).rowcount
            if not updated:
                bind.execute(old.insert().values(id=uuid.uuid4(), company_id=company_id, last_value=last_value))
    op.drop_table('counters')
