"""Gapless per-company numbers (`CIOT-000001`, `FRT-000001`, `AGR-000001`, `FAT-000001`): one table, `counters`, one
row per company and counter name holding the last number handed out.

A number is taken with `UPDATE counters SET last_value = last_value + 1 ... RETURNING`, which takes the row lock
(like SELECT ... FOR UPDATE) on PostgreSQL until our transaction ends: concurrent creations of the same company and
name queue on it, and a rolled-back creation gives its number back. On SQLite the single writer serialises it."""
import uuid

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, mapped_column

from core.db import db

# The counters the areas keep (each area passes its own name).
CIOT, FREIGHT, CIOT_AGREGADO, INVOICE = "ciot", "freight", "ciot_agregado", "invoice"
# The per-area tables `counters` replaced (migration harea1_counters copied them), kept while the previous release
# may still run: on PostgreSQL a trigger hands that release's increments out of `counters` (the migration says how).
# The next release's contract migration drops them; until then the schema check ignores them.
RETIRED_TABLES = {"ciot_counters": CIOT, "freight_counters": FREIGHT, "ciot_agregado_counters": CIOT_AGREGADO,
                  "invoice_counters": INVOICE}


class Counter(db.Model):
    """The last number handed out by the company's counter `name`."""
    __tablename__ = "counters"

    company_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("companies.id"), primary_key=True)
    name: Mapped[str] = mapped_column(sa.String(40), primary_key=True)
    last_value: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)


COUNTERS = Counter.__table__


def _insert():
    """The dialect's INSERT, which has ON CONFLICT (PostgreSQL in production, SQLite in the quick tests)."""
    return postgresql.insert if db.session.connection().dialect.name == "postgresql" else sqlite.insert


def ensure_counter_row(name: str, company_id) -> None:
    """The company's counter row `name`, created at 0 unless it exists (INSERT ... ON CONFLICT DO NOTHING)."""
    statement = _insert()(COUNTERS).values(company_id=company_id, name=name, last_value=0)
    db.session.connection().execute(statement.on_conflict_do_nothing(index_elements=["company_id", "name"]))


def next_counter_value(name: str, company_id) -> int:
    """The company's next number of counter `name`, the row locked until the transaction ends. One statement: the
    first number inserts the row at 1, any other takes the existing row's next value (INSERT ... ON CONFLICT DO
    UPDATE ... RETURNING locks the row it updates, as UPDATE does), so a creation pays one round trip for its
    number, not an INSERT that does nothing and then the UPDATE."""
    insert = _insert()(COUNTERS).values(company_id=company_id, name=name, last_value=1)
    taken = insert.on_conflict_do_update(index_elements=["company_id", "name"],
                                         set_={"last_value": COUNTERS.c.last_value + 1})
    return db.session.connection().execute(taken.returning(COUNTERS.c.last_value)).scalar_one()


def stamp_next_value(name: str, company_id, target: sa.Table, target_id, column: str, prefix: str,
                     width: int = 6) -> str:
    """Take the company's next number of counter `name` and write it, as `prefix` + the number zero-padded to
    `width` digits, into `target.column` of the row `target_id`; returns it. Call it as the LAST write before the
    commit: from here on the counter row is locked until the transaction ends, so the less work left after it, the
    less concurrent creations wait (the row was inserted earlier with a provisional value unique to it).

    On PostgreSQL it is one statement, the counter's `UPDATE ... RETURNING` in a CTE feeding the row's UPDATE: the
    lock is then held for one round trip and the COMMIT, like a bare counter UPDATE. The company's first number
    creates the counter row (INSERT ... ON CONFLICT DO NOTHING) and tries again. On SQLite, two statements."""
    conn = db.session.connection()
    if conn.dialect.name != "postgresql":
        value = next_counter_value(name, company_id)
        number = f"{prefix}{value:0{width}d}"
        conn.execute(sa.update(target).where(target.c.id == target_id).values({column: number}))
        return number
    stamp = _stamp_statement(target.name, column, width)
    params = {"company_id": company_id, COUNTER_NAME: name, "target_id": target_id, NUMBER_PREFIX: prefix}
    number = conn.execute(stamp, params).scalar_one()
    if number.startswith(prefix):
        return number
    ensure_counter_row(name, company_id)
    return conn.execute(stamp, params).scalar_one()


# The bound parameters of the SQL `taken_sql` / `number_sql` write: the counter's name and the numbers' prefix.
COUNTER_NAME = "counter_name"
NUMBER_PREFIX = "number_prefix"


def taken_sql(when: str = "TRUE", name: str = "taken") -> str:
    """PostgreSQL: a CTE `name` taking the next value of the counter bound as `:counter_name` for the company bound
    as `:company_id` (`UPDATE ... RETURNING last_value`, which locks the row until the transaction ends), only when
    the SQL condition `when` holds. No row when the condition fails or the company has no counter row yet."""
    update = "UPDATE counters SET last_value = last_value + 1"
    where = f"company_id = :company_id AND name = :{COUNTER_NAME} AND {when}"
    return f"{name} AS ({update} WHERE {where} RETURNING last_value)"


def number_sql(value: str, width: int = 6) -> str:
    """PostgreSQL: the number `value` (an integer expression) as `:number_prefix` + at least `width` digits."""
    return f"(:{NUMBER_PREFIX} || lpad(({value})::text, greatest({width}, length(({value})::text)), '0'))"


def _stamp_statement(target: str, column: str, width: int) -> sa.TextClause:
    """The PostgreSQL stamp of (target, column, width); the company, the counter's name, the row and the prefix are
    bound parameters. With no counter row, the column keeps its value (the caller creates the row, retries)."""
    number = f"(SELECT {number_sql('last_value', width)} FROM taken)"  # noqa: S608 (names from code, values bound)
    update = f"UPDATE {target} SET {column} = coalesce({number}, {column})"  # noqa: S608 (the same)
    return sa.text(f"WITH {taken_sql()} {update} WHERE id = :target_id RETURNING {column}")
