"""partner roles as one boolean column per role (derived from the `roles` JSON list, which stays the answer), each
with a partial index on the list's order, backfilled in batches

Revision ID: hs31a7c9e1b3d5
Revises: h25a1b2c3d4e5
Create Date: 2026-11-27 16:10:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'hs31a7c9e1b3d5'
down_revision = 'h25a1b2c3d4e5'
branch_labels = None
depends_on = None

# domain.partners.models.PARTNER_ROLES when this migration was written (a migration does not import the app).
ROLES = ('contratante', 'contratado', 'tomador', 'destinatario', 'remetente', 'cliente_frete', 'fornecedor')
BATCH = 1000


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
    with op.get_context().autocommit_block():
        _backfill()
        for role in ROLES:
            op.create_index(f'ix_partners_company_role_{role}', 'partners', ['company_id', 'created_at', 'id'],
                            unique=False, postgresql_where=sa.text(f'role_{role}'),
                            sqlite_where=sa.text(f'role_{role} = 1'), postgresql_concurrently=True,
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


def downgrade():
    with op.get_context().autocommit_block():
        for role in ROLES:
            op.drop_index(f'ix_partners_company_role_{role}', table_name='partners', postgresql_concurrently=True,
                          if_exists=True)
    with op.batch_alter_table('partners') as batch:
        for role in ROLES:
            batch.drop_column(f'role_{role}')
