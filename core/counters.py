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


def stamp_next_value(counter: sa.Table, company_id, target: sa.Table, target_id, column: str, prefix: str,
                     width: int = 6) -> str:
    """Take the company's next number and write it, as `prefix` + the number zero-padded to `width` digits, into
    `target.column` of the row `target_id`; returns it. Call it as the LAST write before the commit: from here on
    the counter row is locked until the transaction ends, so the less work left after it, the less concurrent
    creations wait (the row was inserted earlier with a provisional value unique to it).

    On PostgreSQL it is one statement, the counter's `UPDATE ... RETURNING` in a CTE feeding the row's UPDATE: the
    lock is then held for one round trip and the COMMIT, like a bare counter UPDATE. The company's first number
    creates the counter row (INSERT ... ON CONFLICT DO NOTHING) and tries again. On SQLite, two statements."""
    conn = db.session.connection()
    if conn.dialect.name != "postgresql":
        value = next_counter_value(counter, company_id)
        number = f"{prefix}{value:0{width}d}"
        conn.execute(sa.update(target).where(target.c.id == target_id).values({column: number}))
        return number
    stamp = _stamp_statement(counter.name, target.name, column, width)
    params = {"company_id": company_id, "target_id": target_id, NUMBER_PREFIX: prefix}
    number = conn.execute(stamp, params).scalar_one()
    if number.startswith(prefix):
        return number
    ensure_counter_row(counter, company_id)
    return conn.execute(stamp, params).scalar_one()


def ensure_counter_row(counter: sa.Table, company_id) -> None:
    """The company's counter row, created at 0 unless it exists (PostgreSQL)."""
    from sqlalchemy.dialects.postgresql import insert
    db.session.connection().execute(insert(counter).values(id=uuid.uuid4(), company_id=company_id, last_value=0)
                                    .on_conflict_do_nothing(index_elements=["company_id"]))


# The bound parameter holding the prefix of the numbers `taken_sql` / `number_sql` format.
NUMBER_PREFIX = "number_prefix"


def taken_sql(counter: str, when: str = "TRUE", name: str = "taken") -> str:
    """PostgreSQL: a CTE `name` taking the next value of the counter table `counter` for the company bound as
    `:company_id` (`UPDATE ... RETURNING last_value`, which locks the row until the transaction ends), only when
    the SQL condition `when` holds. No row when the condition fails or the company has no counter row yet."""
    update = f"UPDATE {counter} SET last_value = last_value + 1"  # noqa: S608 (names and conditions from code)
    return f"{name} AS ({update} WHERE company_id = :company_id AND {when} RETURNING last_value)"


def number_sql(value: str, width: int = 6) -> str:
    """PostgreSQL: the number `value` (an integer expression) as `:number_prefix` + at least `width` digits."""
    return f"(:{NUMBER_PREFIX} || lpad(({value})::text, greatest({width}, length(({value})::text)), '0'))"


def _stamp_statement(counter: str, target: str, column: str, width: int) -> sa.TextClause:
    """The PostgreSQL stamp of (counter, target, column, width); the company, the row and the prefix are bound
    parameters. With no counter row, the column keeps its value (the caller creates the row, retries)."""
    number = f"(SELECT {number_sql('last_value', width)} FROM taken)"  # noqa: S608 (names from code, values bound)
    update = f"UPDATE {target} SET {column} = coalesce({number}, {column})"  # noqa: S608 (the same)
    return sa.text(f"WITH {taken_sql(counter)} {update} WHERE id = :target_id RETURNING {column}")
