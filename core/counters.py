"""Gapless per-company numbers (`CIOT-000001`, `FRT-000001`) from a counter table with one row per company."""
import uuid

import sqlalchemy as sa

from core.db import db


def next_counter_value(table: sa.Table, company_id) -> int:
    """The company's next number. The counter row is created once (INSERT ... ON CONFLICT DO NOTHING) and
    incremented with `UPDATE ... RETURNING`, which takes the row lock (like SELECT ... FOR UPDATE) on PostgreSQL
    until our transaction ends: concurrent creations queue on it, and a rolled-back creation gives its number
    back. On SQLite the single writer serialises it. `table` has columns id, company_id (unique), last_value."""
    conn = db.session.connection()
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    conn.execute(insert(table).values(id=uuid.uuid4(), company_id=company_id, last_value=0)
                 .on_conflict_do_nothing(index_elements=["company_id"]))
    return conn.execute(sa.update(table).where(table.c.company_id == company_id)
                        .values(last_value=table.c.last_value + 1).returning(table.c.last_value)).scalar_one()
