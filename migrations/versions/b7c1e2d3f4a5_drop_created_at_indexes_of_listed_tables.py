"""drop the created_at-only indexes of vehicles, drivers and partners

Their lists page through (company_id, created_at, id); an index on created_at alone made PostgreSQL plan the deep
page as a scan of every company's rows filtered by company instead of a seek in the composite index.

Revision ID: b7c1e2d3f4a5
Revises: b7c1e2f3a417
Create Date: 2026-11-23 03:00:00

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b7c1e2d3f4a5'
down_revision = 'b7c1e2f3a417'
branch_labels = None
depends_on = None

TABLES = ("vehicles", "drivers", "partners")


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(batch_op.f(f"ix_{table}_created_at"))


def downgrade():
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.create_index(batch_op.f(f"ix_{table}_created_at"), ["created_at"], unique=False)
