"""invoice cancelled documents: what a cancelled invoice held, kept for its page and PDF

Revision ID: c8e1f4a7b2d9
Revises: a4d2f8c61b90
Create Date: 2026-11-23 17:30:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c8e1f4a7b2d9'
down_revision = 'a4d2f8c61b90'
branch_labels = None
depends_on = None


def upgrade():
    # a new table only: the running release ignores it (invoices cancelled before it show no documents)
    op.create_table('invoice_cancelled_documents',
    sa.Column('invoice_id', sa.Uuid(), nullable=False),
    sa.Column('document_id', sa.Uuid(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('chave', sa.String(length=44), nullable=True),
    sa.Column('numero', sa.String(length=30), nullable=True),
    sa.Column('serie', sa.String(length=10), nullable=True),
    sa.Column('valor_centavos', sa.BigInteger(), nullable=False),
    sa.Column('emissao_at', sa.Date(), nullable=True),
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('company_id', sa.Uuid(), nullable=False),
    sa.ForeignKeyConstraint(['company_id'], ['companies.id'],
                            name=op.f('fk_invoice_cancelled_documents_company_id_companies')),
    sa.ForeignKeyConstraint(['document_id'], ['billing_documents.id'],
                            name=op.f('fk_invoice_cancelled_documents_document_id_billing_documents')),
    sa.ForeignKeyConstraint(['invoice_id'], ['invoices.id'],
                            name=op.f('fk_invoice_cancelled_documents_invoice_id_invoices')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_invoice_cancelled_documents')),
    sa.UniqueConstraint('invoice_id', 'document_id', name='uq_invoice_cancelled_documents_item')
    )
    with op.batch_alter_table('invoice_cancelled_documents', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_invoice_cancelled_documents_company_id'), ['company_id'], unique=False)


def downgrade():
    with op.batch_alter_table('invoice_cancelled_documents', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_invoice_cancelled_documents_company_id'))
    op.drop_table('invoice_cancelled_documents')
