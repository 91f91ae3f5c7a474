"""freights: index (company_id, pickup_at) for the dashboard's pickups of the week (a bounded range read)

Revision ID: hp28a1b2c3d4e5
Revises: h25a1b2c3d4e5
Create Date: 2026-11-27 16:30:00

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = 'hp28a1b2c3d4e5'
down_revision = 'h25a1b2c3d4e5'
branch_labels = None
depends_on = None


def upgrade():
    # Built concurrently on PostgreSQL (freights may hold millions of rows; writes go on meanwhile), outside the
    # migration's transaction; the running release reads no index by name.
    with op.get_context().autocommit_block():
        op.create_index('ix_freights_company_pickup', 'freights', ['company_id', 'pickup_at'], unique=False,
                        postgresql_concurrently=True, if_not_exists=True)


def downgrade():
    with op.get_context().autocommit_block():
        op.drop_index('ix_freights_company_pickup', table_name='freights', postgresql_concurrently=True,
                      if_exists=True)
