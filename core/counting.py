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


def capped_count(ids: sa.Select) -> int:
    """How many rows `ids` selects, up to COUNT_CAP (an AtLeast then). A SELECT of a tenant table is filtered by the
    scope as usual, inside the bounded subquery."""
    return capped(db.session.scalar(capped_count_stmt(ids)))
