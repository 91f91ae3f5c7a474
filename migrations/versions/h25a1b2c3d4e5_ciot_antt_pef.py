"""ANTT PEF web service: the declarations sent to it (ciot_pef_declarations), each company's A1 certificate
(ciot_certificates) and the authority's notice to the carrier on operations and aggregate contracts

Revision ID: h25a1b2c3d4e5
Revises: d2f4a6b8c0e1
Create Date: 2026-11-27 13:40:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'h25a1b2c3d4e5'
down_revision = 'd2f4a6b8c0e1'  # after the volume indexes (main's chain: h27, h23, h26, h29, h31)
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'ciot_pef_declarations',
        sa.Column('id', sa.Uuid(), nullable=False),
        sa.Column('idempotency_key', sa.String(length=64), nullable=False),
        sa.Column('environment', sa.String(length=10), nullable=False),
        sa.Column('issuer_cnpj', sa.String(length=14), nullable=False),
        sa.Column('id_operacao', sa.String(length=12), nullable=False),
        sa.Column('ano_declaracao', sa.Integer(), nullable=False),
        sa.Column('codigo_verificador', sa.String(length=4), nullable=True),
        sa.Column('protocolo', sa.String(length=40), nullable=True),
        sa.Column('aviso_transportador', sa.Text(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('declared_at', sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_ciot_pef_declarations')),
        sa.UniqueConstraint('idempotency_key', name=op.f('uq_ciot_pef_declarations_idempotency_key')),
        sa.UniqueConstraint('environment', 'id_operacao', name='uq_ciot_pef_declarations_id_operacao'),
    )
    op.create_table(
        'ciot_certificates',
        sa.Column('id', sa.Uuid(), nullable=False),
        sa.Column('company_id', sa.Uuid(), nullable=False),
        sa.Column('pkcs12_encrypted', sa.Text(), nullable=False),
        sa.Column('password_encrypted', sa.Text(), nullable=False),
        sa.Column('holder', sa.String(length=200), nullable=False),
        sa.Column('cnpj', sa.String(length=14), nullable=False),
        sa.Column('not_before', sa.DateTime(), nullable=False),
        sa.Column('not_after', sa.DateTime(), nullable=False),
        sa.Column('fingerprint_sha256', sa.String(length=64), nullable=False),
        sa.Column('uploaded_at', sa.DateTime(), nullable=False),
        sa.Column('uploaded_by', sa.String(length=120), nullable=True),
        sa.ForeignKeyConstraint(['company_id'], ['companies.id'], name=op.f('fk_ciot_certificates_company_id_companies')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_ciot_certificates')),
        sa.UniqueConstraint('company_id', name='uq_ciot_certificates_company_id'),
    )
    op.create_index(op.f('ix_ciot_certificates_company_id'), 'ciot_certificates', ['company_id'], unique=False)
    # Nullable columns without a default: no table rewrite, no long lock.
    op.add_column('ciot_operations', sa.Column('aviso_transportador', sa.Text(), nullable=True))
    op.add_column('ciot_agregados', sa.Column('aviso_transportador', sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table('ciot_agregados') as batch:
        batch.drop_column('aviso_transportador')
    with op.batch_alter_table('ciot_operations') as batch:
        batch.drop_column('aviso_transportador')
    op.drop_index(op.f('ix_ciot_certificates_company_id'), table_name='ciot_certificates')
    op.drop_table('ciot_certificates')
    op.drop_table('ciot_pef_declarations')
