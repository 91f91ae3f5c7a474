"""The operations per month of creation and status bucket (models.CiotMonthCount), kept with each status change.

Every status change goes through the ORM (states.transition, the creation) and is seen here at flush, except the
emission claim's conditional UPDATE (emission._claim), which calls `count_change` itself. `recount` rebuilds a
company's rows from its operations (the migration's backfill does the same; `flask ciot recount-months` after a
deploy that added the table, for the changes the previous release made meanwhile)."""
import uuid
from collections import Counter
from datetime import date, datetime

import sqlalchemy as sa
from sqlalchemy import event, inspect
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from core.clock import brasilia_date
from core.db import utcnow
from domain.ciot.models import CiotMonthCount, CiotOperation

BUCKETS = {"emitido": "emitidas", "encerrado": "emitidas", "com_divergencia": "divergencia",
           "rejeitado": "divergencia"}


def month_of(moment: datetime | None) -> date:
    """The Brasília month of a stored (naive UTC) creation moment: an operation created at 22:00 on the month's last
    day in Brasília is that month's, as the dashboard reads it, although UTC is already in the next."""
    return brasilia_date(moment or utcnow()).replace(day=1)


def month_sql(created_at, dialect_name: str):
    """`month_of` in SQL (recount): Brasília is UTC-3 all year (no daylight saving since 2019, core.clock.BRT)."""
    if dialect_name == "postgresql":
        return sa.func.date_trunc("month", created_at - sa.text("interval '3 hours'"))
    return sa.func.strftime("%Y-%m-01", created_at, "-3 hours")


def count_change(connection, company_id, created_at: datetime | None, before: str | None, after: str | None,
                 deltas: Counter | None = None) -> None:
    """An operation of `company_id` created at `created_at` went from status `before` to `after` (None: it did not
    exist): its month's buckets move by one. With `deltas`, the change is added there (written later, at once)."""
    changes = Counter() if deltas is None else deltas
    month = month_of(created_at)
    if BUCKETS.get(before) != BUCKETS.get(after):
        if before in BUCKETS:
            changes[(company_id, month, BUCKETS[before])] -= 1
        if after in BUCKETS:
            changes[(company_id, month, BUCKETS[after])] += 1
    if deltas is None:
        write_deltas(connection, changes)


def write_deltas(connection, deltas: Counter) -> None:
    """Add each (company, month, bucket) delta to its row (created at the first change: an upsert)."""
    insert = postgresql.insert if connection.dialect.name == "postgresql" else sqlite.insert  # both: ON CONFLICT
    table = CiotMonthCount.__table__
    for (company_id, month, bucket), delta in sorted(deltas.items(), key=str):  # one order: no deadlock between two
        if delta:
            stmt = insert(table).values(id=uuid.uuid4(), company_id=company_id, month=month, bucket=bucket,
                                        count=delta)
            connection.execute(stmt.on_conflict_do_update(index_elements=["company_id", "month", "bucket"],
                                                          set_={"count": table.c.count + delta}))


@event.listens_for(Session, "before_flush")
def _count_status_changes(session, _flush_context, _instances) -> None:
    deltas = Counter()
    for op in session.new:
        if isinstance(op, CiotOperation):
            count_change(None, op.company_id, op.created_at, None, op.status, deltas)
    for op in session.dirty:
        if isinstance(op, CiotOperation):
            history = inspect(op).attrs.status.history
            if history.has_changes() and history.deleted:
                count_change(None, op.company_id, op.created_at, history.deleted[0], op.status, deltas)
    if any(deltas.values()):
        write_deltas(session.connection(), deltas)


def recount(connection, company_id) -> None:
    """The company's rows rebuilt from its operations (a GROUP BY over them: a maintenance command, not a page)."""
    table, ops = CiotMonthCount.__table__, CiotOperation.__table__
    month = month_sql(ops.c.created_at, connection.dialect.name)
    bucket = sa.case(*((ops.c.status == status, name) for status, name in BUCKETS.items()))
    found = connection.execute(sa.select(month, bucket, sa.func.count()).where(
        ops.c.company_id == company_id, ops.c.status.in_(list(BUCKETS))).group_by(month, bucket)).all()
    connection.execute(table.delete().where(table.c.company_id == company_id))
    rows = [{"id": uuid.uuid4(), "company_id": company_id, "bucket": name, "count": n,
             "month": value.date() if isinstance(value, datetime) else date.fromisoformat(value)}
            for value, name, n in found]
    if rows:
        connection.execute(table.insert(), rows)
