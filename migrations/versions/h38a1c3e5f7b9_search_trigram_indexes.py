"""search indexes that the planner takes: the CIOT pages' search as one trigram index of one expression (the
operation's code, CIOT number, external id, contracted party's name and document in lower case), replacing the
five-column trigram index; trigram indexes for the vehicles' (plate, brand, model) and drivers' (name) searches

Revision ID: h38a1c3e5f7b9
Revises: h36p1a2b3c4d5
Create Date: 2026-12-07 14:20:00

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = 'h38a1c3e5f7b9'
down_revision = 'h36p1a2b3c4d5'
branch_labels = None
depends_on = None

# domain/ciot/models.py SEARCH_DOCUMENT_SQL as of this revision (a migration keeps its own copy: the model may change).
CIOT_SEARCHED = ('code', 'codigo_ciot', 'external_id', 'contratado_nome', 'contratado_cpf_cnpj')
CIOT_DOCUMENT = "lower(" + " || ' ' || ".join(f"coalesce({name}, '')" for name in CIOT_SEARCHED) + ")"
# (name, table, indexed expressions): each expression as the queries write it (domain/ciot/queries.py,
# domain/fleet/queries.py), so the planner can match them.
INDEXES = (
    ('ix_ciot_operations_search_document', 'ciot_operations', (f'({CIOT_DOCUMENT})',)),
    ('ix_vehicles_search_trgm', 'vehicles', ('lower(brand)', 'lower(model)', 'plate')),
    ('ix_drivers_search_trgm', 'drivers', ('lower(name)',)),
)


def upgrade():
    if op.get_bind().dialect.name != 'postgresql':
        return  # trigram indexes are PostgreSQL's (pg_trgm); SQLite scans, as before
    # Built concurrently (millions of rows; writes go on meanwhile), outside the migration's transaction. The running
    # release reads no index by name. A failed concurrent build leaves an INVALID index: drop it and upgrade again.
    with op.get_context().autocommit_block():
        op.execute('CREATE EXTENSION IF NOT EXISTS pg_trgm')
        for name, table, expressions in INDEXES:
            columns = ', '.join(f'{expression} gin_trgm_ops' for expression in expressions)
            op.execute(f'CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON {table} USING gin ({columns})')
        # Its every write cost for a search that no longer reads it.
        op.execute('DROP INDEX CONCURRENTLY IF EXISTS ix_ciot_operations_search_trgm')


def downgrade():
    if op.get_bind().dialect.name != 'postgresql':
        return
    with op.get_context().autocommit_block():
        columns = ', '.join(f'{name} gin_trgm_ops' for name in CIOT_SEARCHED)
        op.execute('CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_ciot_operations_search_trgm ON ciot_operations '
                   f'USING gin ({columns})')
        for name, _, _ in INDEXES:
            op.execute(f'DROP INDEX CONCURRENTLY IF EXISTS {name}')
