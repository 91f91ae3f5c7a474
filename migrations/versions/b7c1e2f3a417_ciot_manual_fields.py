"""CIOT fields of the authority's manual: lotação floor indicators, PIX key type, vehicle registry axles

Revision ID: b7c1e2f3a417
Revises: f7f23b63fea8
Create Date: 2026-11-23 02:40:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b7c1e2f3a417'
down_revision = 'f7f23b63fea8'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('ciot_operations', schema=None) as batch_op:
        batch_op.add_column(sa.Column('composicao_contratada', sa.String(length=15), nullable=True))
        batch_op.add_column(sa.Column('alto_desempenho', sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column('tipo_chave_pix', sa.String(length=10), nullable=True))
    with op.batch_alter_table('ciot_payments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('tipo_chave_pix', sa.String(length=10), nullable=True))
    with op.batch_alter_table('vehicles', schema=None) as batch_op:
        batch_op.add_column(sa.Column('axles', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('vehicles', schema=None) as batch_op:
        batch_op.drop_column('axles')
    with op.batch_alter_table('ciot_payments', schema=None) as batch_op:
        batch_op.drop_column('tipo_chave_pix')
    with op.batch_alter_table('ciot_operations', schema=None) as batch_op:
        batch_op.drop_column('tipo_chave_pix')
        batch_op.drop_column('alto_desempenho')
        batch_op.drop_column('composicao_contratada')
