"""The leads badge's stored figure: `store_new_count` (what the recount job, domain/marketplace/jobs.py, runs)
counts the company's `novo` leads and stores the figure; `stored_new_count` reads it for the sidebar without SQL
when Redis is there. Apart from services.py because that module enqueues the recount, so the job's module cannot
import it back."""
import functools
import time
import uuid

import sqlalchemy as sa
from flask import current_app

from core import queue
from core.db import db, utcnow
from domain.marketplace.models import LeadCount
from domain.marketplace.queries import count_leads


def _redis_key(company_id) -> str:
    return f"fretes:marketplace:novo:{company_id}"


def store_new_count(company_id) -> int:
    """Recount the company's `novo` leads and store the figure (Redis, or the database without Redis)."""
    company_id = uuid.UUID(str(company_id))
    count = count_leads("novo")
    _recent_counts.pop(str(company_id), None)
    if current_app.config.get("REDIS_URL"):
        queue.redis_connection().set(_redis_key(company_id), count)  # read when called, as below
        return count
    row = db.session.get(LeadCount, company_id)
    if row is None:
        db.session.add(LeadCount(company_id=company_id, novo=count, updated_at=utcnow()))
    else:
        row.novo, row.updated_at = count, utcnow()
    db.session.flush()
    return count


# The badge's figures this process read lately: company id → (count, monotonic time read). Every open tab of a
# company polls the same figure; within MARKETPLACE_BADGE_CACHE_SECONDS (1 s by default, 0 = off) the poll reuses it.
_recent_counts: dict[str, tuple[int, float]] = {}
_RECENT_COUNTS_MAX = 10_000


def stored_new_count(company_id) -> int:
    """The badge's figure as the job stored it (0 before the first lead), at most
    MARKETPLACE_BADGE_CACHE_SECONDS old (a recount in this process replaces it at once)."""
    key, now = str(company_id), time.monotonic()
    known = _recent_counts.get(key)
    if known is not None and now - known[1] < current_app.config["MARKETPLACE_BADGE_CACHE_SECONDS"]:
        return known[0]
    count = _read_stored_count(company_id)
    if len(_recent_counts) >= _RECENT_COUNTS_MAX:
        _recent_counts.clear()
    _recent_counts[key] = (count, now)
    return count


def _read_stored_count(company_id) -> int:
    """One Redis GET, or one SELECT by primary key in the embedded default."""
    if current_app.config.get("REDIS_URL"):
        value = _badge_redis(current_app.config["REDIS_URL"], queue.redis_connection).get(_redis_key(company_id))
        return int(value or 0)
    value = db.session.scalar(_STORED_COUNT, {"company_id": uuid.UUID(str(company_id))})
    return int(value or 0)


# Built once (a poll only binds the company id): building the select and its comparison cost ≈ a third of the read.
_STORED_COUNT = sa.select(LeadCount.novo).where(LeadCount.company_id == sa.bindparam("company_id"))


@functools.lru_cache(maxsize=4)
def _badge_redis(url: str, factory):
    """One client (and connection pool) per process for the badge's reads, polled by every open tab: a new client
    per call would open a TCP connection each time. Keyed by the factory too, so a test's stand-in is honoured."""
    return factory()
