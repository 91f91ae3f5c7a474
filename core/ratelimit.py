"""Fixed-window limits counted in the app's Flask-Limiter storage (Redis when REDIS_URL is set, so every web
process shares the count; memory otherwise). Over the limit → 429 `rate_limited` with Retry-After.

`enforce_limit` counts, then the caller works. `show_limit` reads a window without counting: a limited call refused
as malformed (400) still says where its count stands.

With Redis the app counts in `OutageTolerantRedisStorage` (scheme `tolerant+redis://`, app.py's default when
REDIS_URL is set): limits' Redis storage, counting in the process's memory while Redis cannot be reached. Without
Redis, limits' memory storage (`memory://`)."""
import logging
import math
import time
from typing import ClassVar

from flask import current_app, g, has_request_context
from limits import parse
from limits.storage import MemoryStorage, RedisStorage
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from core.errors import AppError

TOLERANT_PREFIX = "tolerant+"  # RATELIMIT_STORAGE_URI = TOLERANT_PREFIX + REDIS_URL: OutageTolerantRedisStorage


def app_limiter():
    """The current app's rate-limit strategy (its storage: Redis or memory), as create_app kept it."""
    return current_app.extensions["rate_limiter"]


def enforce_limit(config_name: str, scope: str, key: str, message: str) -> None:
    """Count one hit of `key` under `scope` against the limit in `config[config_name]` ("60 per minute"); over it,
    429 `rate_limited` with Retry-After. The window is kept for the RateLimit-* headers."""
    item = parse(current_app.config[config_name])
    admitted = app_limiter().hit(item, scope, key)
    note_window(item, scope, key)
    _refuse_unless(admitted, item, scope, key, message)


def show_limit(config_name: str, scope: str, key: str) -> None:
    """Keep the window of `key` for the RateLimit-* headers without counting a hit (a malformed call: refused before
    its limit was counted, it does not use the allowance up)."""
    note_window(parse(current_app.config[config_name]), scope, key)


def _refuse_unless(admitted: bool, item, scope: str, key: str, message: str) -> None:
    if admitted:
        return
    window = g.get("rate_limit_window") if has_request_context() else None
    if window is not None:  # the count's own window (note_window): the same end as RateLimit-Reset
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

def note_window(item, scope: str, key: str) -> None:
    """Keep this request's window (the limit counted last) for `rate_limit_headers`, read from the storage."""
    if not has_request_context():
        return
    stats = app_limiter().get_window_stats(item, scope, key)
    reset_seconds = stats.reset_time - time.time()
    g.rate_limit_window = (item.amount, stats.remaining, max(0, math.ceil(reset_seconds)))


def rate_limit_headers(response):
    """`app.after_request`: the RateLimit-* headers of a call that counted a limit (its 429 included)."""
    window = g.pop("rate_limit_window", None)
    if window is not None:
        limit, remaining, reset = window
        response.headers["RateLimit-Limit"] = str(limit)
        response.headers["RateLimit-Remaining"] = str(remaining)
        response.headers["RateLimit-Reset"] = str(reset)
    return response


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
