"""reads that stop at a page: freights by (company_id, status, created_at, id) for a board filtered by status (its
newest in-transit freights read in order, not all of them sorted), replacing (company_id, status); CIOT operations by
(company_id, contratado_cpf_cnpj, created_at, id) for the search of a whole CPF/CNPJ and the contracted party's
last operation, replacing the document-only index

Revision ID: h38b2d4f6a8c0
Revises: h38a1c3e5f7b9
Create Date: 2026-12-07 18:00:00

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = 'h38b2d4f6a8c0'
down_revision = 'h38a1c3e5f7b9'
branch_labels = None
depends_on = None

# (new index, table, columns, the index it replaces, that one's columns)
INDEXES = (
    ('ix_freights_company_status_created', 'freights', ('company_id', 'status', 'created_at', 'id'),
     'ix_freights_company_status', ('company_id', 'status')),
    ('ix_ciot_operations_company_document', 'ciot_operations',
     ('company_id', 'contratado_cpf_cnpj', 'created_at', 'id'),
     'ix_ciot_operations_contratado_cpf_cnpj', ('contratado_cpf_cnpj',)),
)


def upgrade():
    if op.get_bind().dialect.name != 'postgresql':
        for name, table, columns, old, _ in INDEXES:
            op.create_index(name, table, list(columns))
            op.drop_index(old, table_name=table)
        return
    # Built concurrently (millions of rows; writes go on meanwhile), outside the migration's transaction; each new
    # index is complete before the one it replaces is dropped. A failed concurrent build leaves an INVALID index:
    # drop it and upgrade again.
    with op.get_context().autocommit_block():
        for name, table, columns, old, _ in INDEXES:
            op.execute(f'CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON {table} ({", ".join(columns)})')
            op.execute(f'DROP INDEX CONCURRENTLY IF EXISTS {old}')


def downgrade():
    if op.get_bind().dialect.name != 'postgresql':
        for name, table, _, old, old_columns in INDEXES:
            op.create_index(old, table, list(old_columns))
            op.drop_index(name, table_name=table)
        return
    with op.get_context().autocommit_block():
        for name, table, _, old, old_columns in INDEXES:
            op.execute(f'CREATE INDEX CONCURRENTLY IF NOT EXISTS {old} ON {table} ({", ".join(old_columns)})')
            op.execute(f'DROP INDEX CONCURRENTLY IF EXISTS {name}')
