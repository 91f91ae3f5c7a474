"""partner roles as one boolean column per role (derived from the `roles` JSON list, which stays the answer), each
with a partial index on the list's order, backfilled in batches; the payables paid in full by payment day (partial);
the CIOT operations per month of creation and status bucket (ciot_month_counts, the dashboard's chart), backfilled

Revision ID: hs31a7c9e1b3d5
Revises: harea1c0a7e45
Create Date: 2026-11-27 16:10:00

"""
import uuid
from datetime import date

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'hs31a7c9e1b3d5'
down_revision = "harea1c0a7e45"
branch_labels = None
depends_on = None

# domain.partners.models.PARTNER_ROLES when this migration was written (a migration does not import the app).
ROLES = ('contratante', 'contratado', 'tomador', 'destinatario', 'remetente', 'cliente_frete', 'fornecedor')
BATCH = 1000
PAID = "status = 'pago'"
# domain/ciot/month_counts.py BUCKETS when this migration was written.
BUCKETS = {'emitido': 'emitidas', 'encerrado': 'emitidas', 'com_divergencia': 'divergencia',
           'rejeitado': 'divergencia'}


def _is_postgresql() -> bool:
    return op.get_bind().dialect.name == 'postgresql'


def upgrade():
    # Expand: nullable columns without a default (no rewrite, a short lock). The previous release neither reads nor
    # writes them; a row it writes during the roll keeps NULL (or a stale flag after it changes the roles) until
    # `flask partners sync-roles` runs after the roll (docs/deploy.md).
    if _is_postgresql():
        op.execute("SET LOCAL lock_timeout = '5s'")
    with op.batch_alter_table('partners') as batch:
        for role in ROLES:
            batch.add_column(sa.Column(f'role_{role}', sa.Boolean(), nullable=True))
    op.create_table(
        'ciot_month_counts',
        sa.Column('id', sa.Uuid(), nullable=False),
        sa.Column('company_id', sa.Uuid(), nullable=False),
        sa.Column('month', sa.Date(), nullable=False),
        sa.Column('bucket', sa.String(length=12), nullable=False),
        sa.Column('count', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['company_id'], ['companies.id'], name=op.f('fk_ciot_month_counts_company_id_companies')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_ciot_month_counts')),
        sa.UniqueConstraint('company_id', 'month', 'bucket', name='uq_ciot_month_counts_company_month'),
    )
    op.create_index(op.f('ix_ciot_month_counts_company_id'), 'ciot_month_counts', ['company_id'], unique=False)
    with op.get_context().autocommit_block():
        _backfill()
        _count_months()
        for role in ROLES:
            op.create_index(f'ix_partners_company_role_{role}', 'partners', ['company_id', 'created_at', 'id'],
                            unique=False, postgresql_where=sa.text(f'role_{role}'),
                            sqlite_where=sa.text(f'role_{role} = 1'), postgresql_concurrently=True,
                            if_not_exists=True)
        op.create_index('ix_payables_company_paid', 'payables', ['company_id', 'pago_em', 'id'], unique=False,
                        postgresql_where=sa.text(PAID), sqlite_where=sa.text(PAID), postgresql_concurrently=True,
                        if_not_exists=True)


def _backfill():
    """Every partner's flags from its JSON list, BATCH rows per statement (each its own transaction), by id."""
    bind = op.get_bind()
    partners = sa.table('partners', sa.column('id'), sa.column('roles', sa.JSON),
                        *(sa.column(f'role_{role}', sa.Boolean) for role in ROLES))
    flags = {f'role_{role}': sa.cast(partners.c.roles, sa.Text).like(f'%"{role}"%') for role in ROLES}
    last = None
    while True:
        after = [] if last is None else [partners.c.id > last]
        upper = bind.execute(sa.select(partners.c.id).where(*after).order_by(partners.c.id)
                             .offset(BATCH - 1).limit(1)).scalar()
        until = [] if upper is None else [partners.c.id <= upper]
        bind.execute(partners.update().where(*after, *until).values(flags))
        if upper is None:
            return
        last = upper


def _count_months():
    """Each company's operations per month of creation and bucket: one GROUP BY per company, its own transaction.
    The previous release does not keep these rows: `flask ciot recount-months` after the roll (docs/deploy.md)."""
    bind = op.get_bind()
    ops = sa.table('ciot_operations', sa.column('company_id', sa.Uuid), sa.column('created_at', sa.DateTime),
                   sa.column('status'))
    counts = sa.table('ciot_month_counts', sa.column('id', sa.Uuid), sa.column('company_id', sa.Uuid),
                      sa.column('month', sa.Date), sa.column('bucket'), sa.column('count', sa.Integer))
    # The Brasília month (UTC-3 all year) of the stored UTC moment, as domain/ciot/month_counts.py counts it.
    month = (sa.func.date_trunc('month', ops.c.created_at - sa.text("interval '3 hours'")) if _is_postgresql()
             else sa.func.strftime('%Y-%m-01', ops.c.created_at, '-3 hours'))
    bucket = sa.case(*((ops.c.status == status, name) for status, name in BUCKETS.items()))
    companies = bind.execute(sa.select(sa.column('id', sa.Uuid)).select_from(sa.table('companies'))).scalars().all()
    for company_id in companies:
        found = bind.execute(sa.select(month, bucket, sa.func.count()).where(
            ops.c.company_id == company_id, ops.c.status.in_(list(BUCKETS))).group_by(month, bucket)).all()
        rows = [{'id': uuid.uuid4(), 'company_id': company_id, 'bucket': name, 'count': n,
                 'month': value.date() if hasattr(value, 'date') else date.fromisoformat(value)}
                for value, name, n in found]
        if rows:
            bind.execute(counts.insert(), rows)


def downgrade():
    op.drop_index(op.f('ix_ciot_month_counts_company_id'), table_name='ciot_month_counts')
    op.drop_table('ciot_month_counts')
    with op.get_context().autocommit_block():
        op.drop_index('ix_payables_company_paid', table_name='payables', postgresql_concurrently=True, if_exists=True)
        for role in ROLES:
            op.drop_index(f'ix_partners_company_role_{role}', table_name='partners', postgresql_concurrently=True,
                          if_exists=True)
    with op.batch_alter_table('partners') as batch:
        for role in ROLES:
            batch.drop_column(f'role_{role}')
