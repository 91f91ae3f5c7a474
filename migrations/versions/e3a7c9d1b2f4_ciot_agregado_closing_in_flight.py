"""ciot aggregate: the closing in flight (em_encerramento committed before the authority is asked)

Revision ID: e3a7c9d1b2f4
Revises: 9841e6c2e125
Create Date: 2026-11-23 08:40:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e3a7c9d1b2f4'
down_revision = '9841e6c2e125'
branch_labels = None
depends_on = None


def upgrade():
    if op.get_context().dialect.name == "postgresql":
        op.execute("SET LOCAL lock_timeout = '5s'")
    with op.batch_alter_table('ciot_agregados', schema=None) as batch_op:
        batch_op.add_column(sa.Column('encerramento_chave', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('encerramento_solicitado_at', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('ciot_agregados', schema=None) as batch_op:
        batch_op.drop_column('encerramento_solicitado_at')
        batch_op.drop_column('encerramento_chave')
