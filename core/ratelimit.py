"""Fixed-window limits counted in the app's Flask-Limiter storage (Redis when REDIS_URL is set, so every web
process shares the count; memory otherwise). Over the limit → 429 `rate_limited` with Retry-After.

`enforce_limit` counts, then the caller works. `limit_around` (the simulations' hot path) overlaps the count's Redis
round trip with the block's work: the hit is sent, the block runs, the answer is read; over the limit, 429 is raised
after the block, whose work the request then rolls back (the API pipeline rolls back on an error). The count is the
same either way (one atomic INCR+EXPIRE script in Redis per call), only the waiting is shared.

With Redis the app counts in `OutageTolerantRedisStorage` (scheme `tolerant+redis://`, app.py's default when
REDIS_URL is set): limits' Redis storage, counting in the process's memory while Redis cannot be reached. Without
Redis, limits' memory storage (`memory://`)."""
import logging
import math
import time
from contextlib import contextmanager
from typing import ClassVar

from flask import current_app, g, has_request_context
from limits import parse
from limits.storage import MemoryStorage, RedisStorage
from limits.strategies import FixedWindowRateLimiter
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from core.errors import AppError

TOLERANT_PREFIX = "tolerant+"  # RATELIMIT_STORAGE_URI = TOLERANT_PREFIX + REDIS_URL: OutageTolerantRedisStorage


def app_limiter():
    """The current app's rate-limit strategy (its storage: Redis or memory), as create_app kept it."""
    return current_app.extensions["rate_limiter"]


def enforce_limit(config_name: str, scope: str, key: str, message: str) -> None:
    """Count one hit of `key` under `scope` against the limit in `config[config_name]` ("60 per minute"). In Redis
    one round trip: the count and its window's end together (PendingHit), read at once."""
    item = parse(current_app.config[config_name])
    pending = PendingHit.send(app_limiter(), item, scope, key)
    admitted = pending.admitted() if pending is not None else _count_now(item, scope, key)
    _refuse_unless(admitted, item, scope, key, message)


def _count_now(item, scope: str, key: str) -> bool:
    """The hit counted the usual way (memory; Redis when the pipelined send was not possible) and its window kept."""
    admitted = app_limiter().hit(item, scope, key)
    note_window(item, scope, key)
    return admitted


@contextmanager
def limit_around(config_name: str, scope: str, key: str, message: str):
    """`enforce_limit` whose Redis round trip overlaps the block: 429 after the block when the count is over the
    limit, replacing the block's own refusal (an AppError) as if counted first. Nothing in the block may commit.
    Not counted in Redis' fixed window (memory storage, another strategy): counted before the block."""
    item = parse(current_app.config[config_name])
    pending = PendingHit.send(app_limiter(), item, scope, key)
    if pending is None:
        _refuse_unless(_count_now(item, scope, key), item, scope, key, message)
        yield
        return
    try:
        yield
    except AppError:
        _refuse_unless(pending.admitted(), item, scope, key, message)
        raise
    except BaseException:
        pending.discard()
        raise
    _refuse_unless(pending.admitted(), item, scope, key, message)


def _refuse_unless(admitted: bool, item, scope: str, key: str, message: str) -> None:
    if admitted:
        return
    window = g.get("rate_limit_window") if has_request_context() else None
    if window is not None:  # the count's own window (note_window), read with it: the same end as RateLimit-Reset
        retry_after = max(1, window[2])
    else:
        reset_at = app_limiter().get_window_stats(item, scope, key).reset_time
        retry_after = max(1, int(reset_at - time.time()) + 1)
    raise AppError(message, code="rate_limited", status=429, headers={"Retry-After": str(retry_after)})


# --- Rate-limit headers (docs/api/README.md, "Limits") -------------------------------------------------------------
# Every answer of a limited call says where its count stands, as the IETF draft "RateLimit header fields for HTTP"
# names them: RateLimit-Limit (the window's allowance), RateLimit-Remaining, RateLimit-Reset (seconds until the
# window ends); a 429 also carries Retry-After. Counted by hand here, so written by hand (app.py adds them to the
# response); the login page's limit is Flask-Limiter's, whose headers app.py maps to the same names.

def note_window(item, scope: str, key: str, used: int | None = None, reset_seconds: float | None = None) -> None:
    """Keep this request's window (the limit counted last) for `rate_limit_headers`. Without `used` and
    `reset_seconds` they are read from the storage (memory: no cost; Redis: only when the pipelined count failed)."""
    if not has_request_context():
        return
    if used is None or reset_seconds is None:
        stats = app_limiter().get_window_stats(item, scope, key)
        used, reset_seconds = item.amount - stats.remaining, stats.reset_time - time.time()
    g.rate_limit_window = (item.amount, max(0, item.amount - used), max(0, math.ceil(reset_seconds)))


def rate_limit_headers(response):
    """`app.after_request`: the RateLimit-* headers of a call that counted a limit (its 429 included)."""
    window = g.pop("rate_limit_window", None)
    if window is not None:
        limit, remaining, reset = window
        response.headers["RateLimit-Limit"] = str(limit)
        response.headers["RateLimit-Remaining"] = str(remaining)
        response.headers["RateLimit-Reset"] = str(reset)
    return response


class PendingHit:
    """A fixed-window hit sent to Redis and not read yet: limits' own INCR+EXPIRE script (`RedisStorage.incr`) by
    its SHA on a connection taken from the storage's pool, kept until `admitted()` or `discard()` hands it back."""

    def __init__(self, strategy, item, scope: str, key: str, pool, connection):
        self.strategy, self.item, self.scope, self.key = strategy, item, scope, key
        self.pool, self.connection = pool, connection

    @classmethod
    def send(cls, strategy, item, scope: str, key: str) -> "PendingHit | None":
        """The hit, sent; None when the limiter is not Redis' fixed window or the send failed (the caller counts
        the usual way: redis-py's retry, limits' script loading)."""
        storage = strategy.storage
        if type(strategy) is not FixedWindowRateLimiter or not isinstance(storage, RedisStorage):
            return None
        pool = storage.storage.connection_pool
        try:
            connection = pool.get_connection()
        except (RedisError, OSError):  # Redis down: counted the usual way (in memory during an outage)
            return None
        try:
            counter = storage.prefixed_key(item.key_for(scope, key))
            connection.send_command("EVALSHA", storage.lua_incr_expire.sha, 1, counter, item.get_expiry(), 1)
            connection.send_command("PTTL", counter)  # the window's end for RateLimit-Reset, in the same round trip
        except (RedisError, OSError):
            connection.disconnect()
            pool.release(connection)
            return None
        return cls(strategy, item, scope, key, pool, connection)

    def admitted(self) -> bool:
        """Whether the hit is within the limit. Redis restarted (the script forgotten, the connection lost): the
        hit is counted again the usual way (the script loaded, the call retried, as a plain `hit` would)."""
        try:
            count = int(self.connection.read_response())
            reset_ms = int(self.connection.read_response())
        except NoScriptError:  # nothing was counted
            self._drop_ttl_answer()
            return self._counted_again()
        except (RedisError, OSError):
            self.connection.disconnect()
            return self._counted_again()
        finally:
            self.pool.release(self.connection)
        note_window(self.item, self.scope, self.key, count, max(reset_ms, 0) / 1000)
        return count <= self.item.amount

    def _counted_again(self) -> bool:
        return _count_now(self.item, self.scope, self.key)

    def _drop_ttl_answer(self) -> None:
        """The PTTL's answer still waits after a failed EVALSHA: read it, or close the connection."""
        try:
            self.connection.read_response()
        except (RedisError, OSError):
            self.connection.disconnect()

    def discard(self) -> None:
        """The block failed: the answer is not wanted, and the connection is closed rather than left with it."""
        self.connection.disconnect()
        self.pool.release(self.connection)


class OutageTolerantRedisStorage(RedisStorage):
    """limits' Redis storage (a storage class registered by its URI scheme, limits' extension point), counting in
    this process's memory while Redis cannot be reached: a failed login or a lead during an outage is neither a 500
    nor unlimited. Flask-Limiter (login attempts) and this module (leads, offers, simulations) count through it.
    Each call tries Redis first, so counting goes back there as soon as it answers; the counts of the outage stay in
    the process (a client that spreads its attempts over N web processes gets N times the limit for that while,
    documented in docs/hardening.md). Flask-Limiter's own fallback (`RATELIMIT_IN_MEMORY_FALLBACK_ENABLED`) covers
    its own limits only, and goes back to Redis after a growing back-off instead of on the next call."""

    STORAGE_SCHEME: ClassVar[list[str]] = [f"{TOLERANT_PREFIX}redis", f"{TOLERANT_PREFIX}rediss"]
    OUTAGE_ERRORS = (RedisConnectionError, RedisTimeoutError, OSError)

    def __init__(self, uri: str, **options):
        super().__init__(uri.removeprefix(TOLERANT_PREFIX), **options)
        self.fallback = MemoryStorage()
        self.outage = False

    def _counted(self, method: str, *args):
        try:
            answer = getattr(super(), method)(*args)
        except self.OUTAGE_ERRORS as exc:
            if not self.outage:
                logging.getLogger("fretes.ratelimit").warning(
                    "rate-limit storage unreachable, counting in memory until it answers: %s", exc)
            self.outage = True
            return getattr(self.fallback, method)(*args)
        if self.outage:
            logging.getLogger("fretes.ratelimit").warning("rate-limit storage answers again")
            self.outage = False
        return answer

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        return self._counted("incr", key, expiry, amount)

    def get(self, key: str) -> int:
        return self._counted("get", key)

    def get_expiry(self, key: str) -> float:
        return self._counted("get_expiry", key)

    def clear(self, key: str) -> None:
        return self._counted("clear", key)
