"""invoice layout defaults: the company's invoice PDF texts, columns and blocks (customer layouts apply over them)

Revision ID: a4d2f8c61b90
Revises: b4d8e2f6a1c3
Create Date: 2026-11-23 12:00:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a4d2f8c61b90'
down_revision = 'b4d8e2f6a1c3'
branch_labels = None
depends_on = None


def upgrade():
    # a new table only: the running release ignores it
    op.create_table('invoice_layout_defaults',
    sa.Column('header_text', sa.String(length=1000), nullable=True),
    sa.Column('payment_text', sa.String(length=1000), nullable=True),
    sa.Column('visible_columns', sa.JSON(), nullable=False),
    sa.Column('blocks', sa.JSON(), nullable=False),
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.Column('company_id', sa.Uuid(), nullable=False),
    sa.ForeignKeyConstraint(['company_id'], ['companies.id'],
                            name=op.f('fk_invoice_layout_defaults_company_id_companies')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_invoice_layout_defaults')),
    sa.UniqueConstraint('company_id', name='uq_invoice_layout_defaults_company_id')
    )
    with op.batch_alter_table('invoice_layout_defaults', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_invoice_layout_defaults_company_id'), ['company_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_invoice_layout_defaults_created_at'), ['created_at'], unique=False)


def downgrade():
    with op.batch_alter_table('invoice_layout_defaults', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_invoice_layout_defaults_created_at'))
        batch_op.drop_index(batch_op.f('ix_invoice_layout_defaults_company_id'))
    op.drop_table('invoice_layout_defaults')
