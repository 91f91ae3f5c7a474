"""ciot: the declaration's empty-return indicator, the account holder's relationship, how the distance was obtained
and which fields the platform derived

New nullable columns only: the running release ignores them (docs/CONTRIBUTING.md "Migrations").

Revision ID: h23a1c5e7f9b3
Revises: c7e1a9d3f5b2
Create Date: 2026-11-27 13:20:00

"""
import sqlalchemy as sa
from alembic import op

revision = 'h23a1c5e7f9b3'
down_revision = 'c7e1a9d3f5b2'
branch_labels = None
depends_on = None


def _short_locks():
    if op.get_bind().dialect.name == "postgresql":
        op.execute("SET LOCAL lock_timeout = '5s'")


def upgrade():
    _short_locks()
    with op.batch_alter_table('ciot_operations', schema=None) as batch_op:
        batch_op.add_column(sa.Column('retorno_vazio', sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column('titular_parentesco', sa.String(length=15), nullable=True))
        batch_op.add_column(sa.Column('distancia_origem', sa.String(length=10), nullable=True))
        batch_op.add_column(sa.Column('campos_derivados', sa.JSON(), nullable=True))
    with op.batch_alter_table('ciot_payments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('titular_parentesco', sa.String(length=15), nullable=True))


def downgrade():
    with op.batch_alter_table('ciot_payments', schema=None) as batch_op:
        batch_op.drop_column('titular_parentesco')
    with op.batch_alter_table('ciot_operations', schema=None) as batch_op:
        batch_op.drop_column('campos_derivados')
        batch_op.drop_column('distancia_origem')
        batch_op.drop_column('titular_parentesco')
        batch_op.drop_column('retorno_vazio')
