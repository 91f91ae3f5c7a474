"""The circuit breaker in front of the CIOT provider (domain/ciot/provider.py): an authority that keeps failing is not
asked again until it has had time to recover.

Per environment (homolog, producao): CIOT_BREAKER_THRESHOLD technical failures in a row (ProviderUnavailable: a
timeout, a 5xx, an unreachable host) open the circuit, and it remembers since when. While open, the authority protocol
(domain/ciot/protocol.py) neither asks nor waits: a job leaves its request `claimed` (nothing is lost) and the request
answers 202 at once. After CIOT_BREAKER_COOLDOWN_SECONDS one job at a time is let through as a probe; its success
closes the circuit, and the periodic recovery (domain.ciot.jobs.recover_stale_emissions) sends the requests that waited.
An answer of the authority — accepted or refused — is a success: it is up. A configuration error (certificate,
enrolment) says nothing about its health and is not counted.

State lives in Redis when there is a worker (every web and worker process sees it); with jobs inline (the embedded
default: one process asks) it lives in the process.
"""
import time
from datetime import UTC, datetime

from flask import current_app

from core import queue
from domain.ciot.provider import ProviderConfigurationError, ProviderUnavailable

DEFAULT_THRESHOLD = 5
DEFAULT_COOLDOWN_SECONDS = 60.0
ENVIRONMENTS = ("homolog", "producao")
_LOCAL: dict[str, float] = {}  # the embedded default's state (no Redis)


class CircuitOpen(ProviderUnavailable):
    """The circuit is open: the authority was not asked."""


def _settings() -> tuple[int, float]:
    config = current_app.config
    return (int(config.get("CIOT_BREAKER_THRESHOLD") or DEFAULT_THRESHOLD),
            float(config.get("CIOT_BREAKER_COOLDOWN_SECONDS") or DEFAULT_COOLDOWN_SECONDS))


def _redis():
    if current_app.config.get("JOBS_INLINE"):
        return None
    return queue.redis_connection()


def _key(environment: str, name: str) -> str:
    return f"fretes:ciot:breaker:{environment}:{name}"


def _get(environment: str, name: str) -> float | None:
    redis = _redis()
    value = _LOCAL.get(_key(environment, name)) if redis is None else redis.get(_key(environment, name))
    return None if value is None else float(value)


def _set(environment: str, name: str, value: float, *, only_if_absent: bool = False, ttl: float | None = None):
    redis, key = _redis(), _key(environment, name)
    if redis is None:
        if only_if_absent and key in _LOCAL:
            return False
        _LOCAL[key] = value
        return True
    return bool(redis.set(key, value, nx=only_if_absent, px=int(ttl * 1000) if ttl else None))


def _incr(environment: str, name: str) -> int:
    redis, key = _redis(), _key(environment, name)
    if redis is None:
        _LOCAL[key] = _LOCAL.get(key, 0) + 1
        return int(_LOCAL[key])
    return int(redis.incr(key))


def _clear(environment: str, *names: str) -> None:
    redis = _redis()
    keys = [_key(environment, name) for name in names]
    if redis is None:
        for key in keys:
            _LOCAL.pop(key, None)
    else:
        redis.delete(*keys)


def opened_at(environment: str) -> datetime | None:
    """Since when the circuit of `environment` is open (UTC), or None when it is closed."""
    since = _get(environment, "opened_at")
    return None if since is None else datetime.fromtimestamp(since, UTC).replace(tzinfo=None)


def is_open(environment: str | None = None) -> bool:
    """Whether asking now would be refused (open, and no probe due). No environment: any of them."""
    environments = ENVIRONMENTS if environment is None else (environment,)
    _, cooldown = _settings()
    now = time.time()
    for name in environments:
        since = _get(name, "opened_at")
        if since is not None and now - since < cooldown:
            return True
    return False


def call(environment: str, ask):
    """`ask()` through the circuit: refused with CircuitOpen while it is open (one probe after each cooldown), its
    technical failures counted, its answers closing the circuit."""
    threshold, cooldown = _settings()
    since = _get(environment, "opened_at")
    if since is not None:
        due = time.time() - since >= cooldown
        if not due or not _set(environment, "probe", time.time(), only_if_absent=True, ttl=cooldown):
            raise CircuitOpen(f"ANTT indisponível desde {opened_at(environment):%H:%M} (UTC): aguardando para "
                              "tentar de novo.")
    try:
        answer = ask()
    except ProviderConfigurationError:
        _clear(environment, "probe")
        raise
    except ProviderUnavailable:
        _failed(environment, threshold)
        raise
    _clear(environment, "failures", "opened_at", "probe")
    return answer


def _failed(environment: str, threshold: int) -> None:
    _clear(environment, "probe")
    if _incr(environment, "failures") >= threshold:
        now = time.time()
        if not _set(environment, "opened_at", now, only_if_absent=True):
            _set(environment, "opened_at", now)  # a failed probe: the cooldown starts again


def reset(environment: str | None = None) -> None:
    """Close the circuit (tests, and an operator who knows the authority is back)."""
    for name in ENVIRONMENTS if environment is None else (environment,):
        _clear(name, "failures", "opened_at", "probe")
