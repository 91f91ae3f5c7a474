"""Counts shown on every page view, bounded: a count reads at most COUNT_CAP index entries and past it shows "999+",
so the page costs the same for a company with a thousand rows and one with a million (bench/bench_volume.py)."""
import sqlalchemy as sa

from core.db import db

COUNT_CAP = 1000


class AtLeast(int):
    """A count that stopped at the cap: tests and compares as the number read, prints as "999+"."""

    def __str__(self) -> str:
        return f"{COUNT_CAP - 1}+"

    __html__ = __str__


def capped(found: int) -> int:
    return AtLeast(found) if found >= COUNT_CAP else found


def capped_count_stmt(ids: sa.Select) -> sa.Select:
    """SELECT count(*) of `ids` (a SELECT of one column, filtered) read up to COUNT_CAP rows."""
    return sa.select(sa.func.count()).select_from(ids.limit(COUNT_CAP).subquery())


def capped_counts(**ids: sa.Select) -> dict[str, int]:
    """How many rows each of `ids` selects, up to COUNT_CAP each (an AtLeast then), read in one statement: a page's
    counters cost one round trip, not one each (under load a round trip also waits for the interpreter lock, so a
    page's count of statements shows in its latency). A SELECT of a tenant table is filtered by the scope as usual,
    inside its bounded subquery."""
    if not ids:
        return {}
    stmt = sa.select(*(capped_count_stmt(select).scalar_subquery().label(name) for name, select in ids.items()))
    row = db.session.execute(stmt).one()
    return {name: capped(found) for name, found in zip(ids, row, strict=True)}
