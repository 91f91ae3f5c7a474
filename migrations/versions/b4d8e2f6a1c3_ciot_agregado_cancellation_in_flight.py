"""ciot aggregate: the cancellation in flight (its key and request time committed before the authority is asked)

Revision ID: b4d8e2f6a1c3
Revises: e3a7c9d1b2f4
Create Date: 2026-11-23 11:50:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b4d8e2f6a1c3'
down_revision = 'e3a7c9d1b2f4'
branch_labels = None
depends_on = None


def upgrade():
    if op.get_context().dialect.name == "postgresql":
        op.execute("SET LOCAL lock_timeout = '5s'")
    with op.batch_alter_table('ciot_agregados', schema=None) as batch_op:
        batch_op.add_column(sa.Column('cancelamento_chave', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('cancelamento_solicitado_at', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('ciot_agregados', schema=None) as batch_op:
        batch_op.drop_column('cancelamento_solicitado_at')
        batch_op.drop_column('cancelamento_chave')
