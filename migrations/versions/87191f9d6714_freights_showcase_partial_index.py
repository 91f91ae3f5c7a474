"""freights showcase partial index

The public showcase (every company's public freights that drivers can still take, newest first) read a range of
this index instead of scanning freights: its first page and a deep (keyset) page cost alike.

Revision ID: 87191f9d6714
Revises: d5c8d2e1e329
Create Date: 2026-11-23 05:24:47.276081

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '87191f9d6714'
down_revision = 'd5c8d2e1e329'
branch_labels = None
depends_on = None

# Written out (not imported from the models): a migration keeps the predicate it was written with.
SHOWCASE_PREDICATE = "visibility = 'publico' AND status IN ('published', 'negotiating')"


def upgrade():
    with op.batch_alter_table('freights', schema=None) as batch_op:
        batch_op.create_index('ix_freights_showcase', ['created_at', 'id'], unique=False,
                              postgresql_where=sa.text(SHOWCASE_PREDICATE), sqlite_where=sa.text(SHOWCASE_PREDICATE))


def downgrade():
    with op.batch_alter_table('freights', schema=None) as batch_op:
        batch_op.drop_index('ix_freights_showcase')
