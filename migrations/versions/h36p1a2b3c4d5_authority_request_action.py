"""CIOT authority requests: the emission attempt row becomes the one request row for every call to the authority
about an operation (emit, rectify, cancel, close), with the action it asks and the payload it will send; an
aggregate contract's rectification in flight (its key, when, and the changes it sends)

Revision ID: h36p1a2b3c4d5
Revises: hs31a7c9e1b3d5
Create Date: 2026-12-07 14:05:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'h36p1a2b3c4d5'
down_revision = 'hs31a7c9e1b3d5'
branch_labels = None
depends_on = None


def upgrade():
    # Expand only: a column with a constant server default (no rewrite on PostgreSQL 11+) and a nullable one. The
    # previous release writes emission attempts without them: the default says `emit`, which is what they are.
    if op.get_bind().dialect.name == 'postgresql':
        op.execute("SET LOCAL lock_timeout = '5s'")
    with op.batch_alter_table('ciot_emission_attempts') as batch_op:
        batch_op.add_column(sa.Column('action', sa.String(length=10), server_default='emit', nullable=False))
        batch_op.add_column(sa.Column('payload', sa.JSON(), nullable=True))
    # The requests still waiting, by age: a partial index (few rows), read by every request to the authority.
    op.create_index('ix_ciot_emission_attempts_waiting', 'ciot_emission_attempts', ['environment', 'enqueued_at'],
                    unique=False, postgresql_where=sa.text("state = 'claimed'"),
                    sqlite_where=sa.text("state = 'claimed'"))
    with op.batch_alter_table('ciot_agregados') as batch_op:
        batch_op.add_column(sa.Column('retificacao_chave', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('retificacao_solicitada_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('retificacao_dados', sa.JSON(), nullable=True))


def downgrade():
    op.drop_index('ix_ciot_emission_attempts_waiting', table_name='ciot_emission_attempts')
    with op.batch_alter_table('ciot_agregados') as batch_op:
        batch_op.drop_column('retificacao_dados')
        batch_op.drop_column('retificacao_solicitada_at')
        batch_op.drop_column('retificacao_chave')
    with op.batch_alter_table('ciot_emission_attempts') as batch_op:
        batch_op.drop_column('payload')
        batch_op.drop_column('action')
