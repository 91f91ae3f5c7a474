"""indexes for a large carrier's volume: ciot_operations listed through (company_id, created_at, id) (its
created_at-only index dropped), trigram indexes for the CIOT pages' search and the freights' search text, the
boards' open receivables and payables by due date (partial)

Revision ID: d2f4a6b8c0e1
Revises: h29a1d2e3f4b5
Create Date: 2026-11-27 13:30:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'd2f4a6b8c0e1'
down_revision = 'h29a1d2e3f4b5'
branch_labels = None
depends_on = None

CIOT_SEARCHED = ('code', 'codigo_ciot', 'external_id', 'contratado_nome', 'contratado_cpf_cnpj')
OPEN_TITLES = "status IN ('aberto', 'parcial')"
# The boards' open titles by due date (partial: the paid ones, most of them, are not in it).
OPEN_TITLE_INDEXES = (('ix_receivables_company_open_due', 'receivables'), ('ix_payables_company_open_due', 'payables'))


def _trigram_indexes():
    """(name, table, columns) of the trigram GIN indexes: PostgreSQL only (pg_trgm), like partners' search index."""
    return (('ix_ciot_operations_search_trgm', 'ciot_operations', CIOT_SEARCHED),
            ('ix_freights_search_trgm', 'freights', ('search_text',)))


def _is_postgresql() -> bool:
    return op.get_bind().dialect.name == 'postgresql'


def upgrade():
    # Built concurrently on PostgreSQL (the tables can hold millions of rows; writes go on meanwhile), outside the
    # migration's transaction. The running release reads no index by name, so adding and dropping them is safe
    # while it serves. A failed concurrent build leaves an INVALID index: drop it and run the upgrade again.
    with op.get_context().autocommit_block():
        op.create_index('ix_ciot_operations_company_created', 'ciot_operations', ['company_id', 'created_at', 'id'],
                        unique=False, postgresql_concurrently=True, if_not_exists=True)
        if _is_postgresql():
            op.execute('CREATE EXTENSION IF NOT EXISTS pg_trgm')
            for name, table, columns in _trigram_indexes():
                op.create_index(name, table, list(columns), unique=False, postgresql_using='gin',
                                postgresql_ops=dict.fromkeys(columns, 'gin_trgm_ops'), postgresql_concurrently=True,
                                if_not_exists=True)
        for name, table in OPEN_TITLE_INDEXES:
            op.create_index(name, table, ['company_id', 'vencimento_at', 'id'], unique=False,
                            postgresql_where=sa.text(OPEN_TITLES), sqlite_where=sa.text(OPEN_TITLES),
                            postgresql_concurrently=True, if_not_exists=True)
        # created_at alone lured the planner off the company's range: a company whose operations are older than
        # its neighbour's read the neighbour's newest rows first (the composite index above serves every list).
        op.drop_index('ix_ciot_operations_created_at', table_name='ciot_operations', postgresql_concurrently=True,
                      if_exists=True)


def downgrade():
    with op.get_context().autocommit_block():
        op.create_index('ix_ciot_operations_created_at', 'ciot_operations', ['created_at'], unique=False,
                        postgresql_concurrently=True)
        if _is_postgresql():
            for name, table, _ in _trigram_indexes():
                op.drop_index(name, table_name=table, postgresql_concurrently=True, if_exists=True)
        for name, table in OPEN_TITLE_INDEXES:
            op.drop_index(name, table_name=table, postgresql_concurrently=True)
        op.drop_index('ix_ciot_operations_company_created', table_name='ciot_operations',
                      postgresql_concurrently=True)
