"""freight_simulations.fiscal: the CT-e figures, a TAC's withholdings and the ANTT floor a simulation was saved with

Revision ID: h27a1b2c3d4e5
Revises: c7e1a9d3f5b2
Create Date: 2026-11-27 13:40:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'h27a1b2c3d4e5'
down_revision = 'c7e1a9d3f5b2'
branch_labels = None
depends_on = None


def upgrade():
    # A nullable column: the running release ignores it; simulations saved before it have none (their page says so).
    if op.get_bind().dialect.name == "postgresql":
        op.execute("SET LOCAL lock_timeout = '5s'")
    with op.batch_alter_table('freight_simulations', schema=None) as batch_op:
        batch_op.add_column(sa.Column('fiscal', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('freight_simulations', schema=None) as batch_op:
        batch_op.drop_column('fiscal')
