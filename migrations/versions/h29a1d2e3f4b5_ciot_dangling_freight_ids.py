"""clear CIOT operations' dangling freight_id: the API stored any uuid sent (another company's freight, or none);
from now on a freight_id that is not the company's is refused with 404, and the ones already stored are cleared,
each one logged (operation, company, the id it held)

Revision ID: h29a1d2e3f4b5
Revises: h26a1c3e5f7b9
Create Date: 2026-11-27 13:30:00

"""
import logging
import uuid

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'h29a1d2e3f4b5'
down_revision = 'h26a1c3e5f7b9'
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")
BATCH = 500

# An operation's freight_id is dangling when no freight of the operation's own company has that id.
DANGLING = sa.text("""
    SELECT o.id, o.code, o.company_id, o.freight_id FROM ciot_operations o
    WHERE o.freight_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM freights f WHERE f.id = o.freight_id AND f.company_id = o.company_id)
    ORDER BY o.id""")


def upgrade():
    # Data only, no DDL; in batches of short transactions (the table can be large, the dangling rows are few), each
    # UPDATE naming its rows and re-checking they still dangle (a freight created meanwhile keeps its link).
    bind = op.get_bind()
    rows = bind.execute(DANGLING).all()
    for row in rows:
        log.warning("ciot_operations %s (%s, company %s): freight_id %s is not a freight of the company; cleared",
                    _uuid(row.id), row.code, _uuid(row.company_id), _uuid(row.freight_id))
    clear = sa.text("""
        UPDATE ciot_operations SET freight_id = NULL
        WHERE id = :id AND freight_id = :freight_id
          AND NOT EXISTS (SELECT 1 FROM freights f WHERE f.id = :freight_id AND f.company_id = ciot_operations.company_id)
    """)
    for start in range(0, len(rows), BATCH):
        batch = rows[start:start + BATCH]
        bind.execute(clear, [{"id": row.id, "freight_id": row.freight_id} for row in batch])
    log.info("ciot_operations: %d dangling freight_id cleared", len(rows))


def _uuid(value) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))  # SQLite hands back 32 hex digits


def downgrade():
    # The cleared ids pointed at nothing the company could open; they are in the upgrade's log, not restored.
    pass
