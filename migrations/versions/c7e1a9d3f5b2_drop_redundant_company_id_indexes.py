"""drop ix_invoices_company_id and ix_billing_documents_company_id: the (company_id, created_at, id) and unique
(company_id, …) indexes serve every lookup by company_id; each creation of an invoice wrote both

Revision ID: c7e1a9d3f5b2
Revises: c8e1f4a7b2d9
Create Date: 2026-11-23 17:45:00

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c7e1a9d3f5b2'
down_revision = 'c8e1f4a7b2d9'
branch_labels = None
depends_on = None

INDEXES = (('invoices', 'ix_invoices_company_id'), ('billing_documents', 'ix_billing_documents_company_id'))


def upgrade():
    # The running release reads no index by name: dropping them is safe while it serves. Concurrently on
    # PostgreSQL (no lock on the tables' writes), outside the migration's transaction.
    with op.get_context().autocommit_block():
        for table, name in INDEXES:
            op.drop_index(name, table_name=table, postgresql_concurrently=True, if_exists=True)


def downgrade():
    with op.get_context().autocommit_block():
        for table, name in INDEXES:
            op.create_index(name, table, ['company_id'], unique=False, postgresql_concurrently=True)
