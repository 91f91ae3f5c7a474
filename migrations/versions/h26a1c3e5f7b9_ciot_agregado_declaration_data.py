"""ciot agregado: the declaration's data (composition with kinds and axles, TAC payment, what it still lacks),
rectifications, and per trip the IBGE codes, distance and toll voucher

Revision ID: h26a1c3e5f7b9
Revises: h23a1c5e7f9b3
Create Date: 2026-11-27 13:30:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'h26a1c3e5f7b9'
down_revision = 'h23a1c5e7f9b3'  # h23's, merged into this branch (was c7e1a9d3f5b2)
branch_labels = None
depends_on = None

CONTRACT_COLUMNS = (
    sa.Column('veiculos', sa.JSON(), nullable=False, server_default='[]'),
    sa.Column('tipo_chave_pix', sa.String(length=10), nullable=True),
    sa.Column('banco', sa.String(length=10), nullable=True),
    sa.Column('agencia', sa.String(length=10), nullable=True),
    sa.Column('conta', sa.String(length=20), nullable=True),
    sa.Column('titular_parentesco', sa.String(length=20), nullable=True),
    sa.Column('bloqueios', sa.JSON(), nullable=False, server_default='[]'),
    sa.Column('retificacoes', sa.Integer(), nullable=False, server_default='0'),
    sa.Column('retificado_at', sa.DateTime(), nullable=True),
)
TRIP_COLUMNS = (
    sa.Column('origem_codigo_ibge', sa.String(length=7), nullable=True),
    sa.Column('destino_codigo_ibge', sa.String(length=7), nullable=True),
    sa.Column('distancia_km', sa.Numeric(precision=9, scale=1), nullable=True),
    sa.Column('valor_vale_pedagio', sa.Numeric(precision=14, scale=2), nullable=True),
)


def upgrade():
    # Nullable columns, or with a constant default: no table rewrite on PostgreSQL 11+.
    with op.batch_alter_table('ciot_agregados') as batch:
        for column in CONTRACT_COLUMNS:
            batch.add_column(column)
    with op.batch_alter_table('ciot_agregado_viagens') as batch:
        for column in TRIP_COLUMNS:
            batch.add_column(column)


def downgrade():
    with op.batch_alter_table('ciot_agregado_viagens') as batch:
        for column in reversed(TRIP_COLUMNS):
            batch.drop_column(column.name)
    with op.batch_alter_table('ciot_agregados') as batch:
        for column in reversed(CONTRACT_COLUMNS):
            batch.drop_column(column.name)
