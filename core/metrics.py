"""Prometheus metrics, served at GET /metrics (blueprints/ops.py). See docs/deploy.md "Metrics".

Three sources, because the processes that see an event are not the one that answers the scrape:
- Per web process (prometheus_client): requests, latency and errors per route template, and the database pool.
  Under gunicorn every web process writes its values to PROMETHEUS_MULTIPROC_DIR and a scrape answered by any of
  them sums the files (core/gunicorn_settings.py sets the directory, empties it at start and marks dead workers).
- Shared in Redis (hash `fretes:metrics`): job durations and outcomes per queue, CIOT emissions by outcome. Workers
  run jobs in forked work horses, possibly on other machines, so their counts go where every web process can read
  them. Without Redis (embedded default, inline jobs) the same counts stay in the process.
- Read at scrape time: RQ queue depths (Redis), and what the areas register (webhook deliveries pending and
  failing, from the database: domain/webhooks/metrics.py).

A source that fails (Redis or the database down) leaves its families out of the scrape and sets
`fretes_metrics_source_up{source}` to 0; the rest is still served (SharedCollector).

Labels are bounded: the route template (`/api/public/v1/vehicles/<vehicle_id>`, never the raw path), the method,
the status code, the queue name, the outcome.
"""
import hmac
import logging
import os
import time

from flask import current_app, g, has_request_context, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily
from sqlalchemy import event
from sqlalchemy.orm import Session
from sqlalchemy.pool import Pool

import core.queue
from core.db import db
from core.queue import QUEUES, rq_queue

log = logging.getLogger("fretes.metrics")

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
JOB_BUCKETS = (0.05, 0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 300.0)
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
UNMATCHED = "<unmatched>"  # 404s and 405s without a route: one label for all of them
SHARED_KEY = "fretes:metrics"

REQUESTS = Counter("fretes_http_requests_total", "Respostas HTTP por rota (modelo), método e status.",
                   ["method", "endpoint", "status"])
ERRORS = Counter("fretes_http_request_errors_total", "Respostas 5xx por rota (modelo) e método.",
                 ["method", "endpoint"])
LATENCY = Histogram("fretes_http_request_duration_seconds", "Duração das requisições por rota (modelo) e método.",
                    ["method", "endpoint"], buckets=LATENCY_BUCKETS)
# livesum: under gunicorn, the sum over the web processes that are alive.
POOL_IN_USE = Gauge("fretes_db_pool_connections_in_use", "Conexões do pool emprestadas agora.",
                    multiprocess_mode="livesum")
POOL_OPEN = Gauge("fretes_db_pool_connections_open", "Conexões abertas pelo pool.", multiprocess_mode="livesum")
# In-process stand-ins for the shared counts when there is no Redis (embedded default).
_LOCAL_JOBS: dict[str, float] = {}


# --- requests ---------------------------------------------------------------------------------------------

def start_request_timer() -> None:
    g.metrics_started = time.perf_counter()


def request_seconds() -> float:
    """How long the current request has been running, from its first hook (0 outside a request: a job, the CLI)."""
    if not has_request_context() or "metrics_started" not in g:
        return 0.0
    return time.perf_counter() - g.metrics_started


def route_label() -> str:
    rule = request.url_rule
    return rule.rule if rule is not None else UNMATCHED


def observe_request(status: int, method: str | None = None, endpoint: str | None = None) -> float:
    """Count the answer; returns the request's duration in seconds (the request log line uses it too). `method` and
    `endpoint` (the route template) are read from the request when not given."""
    elapsed = time.perf_counter() - g.get("metrics_started", time.perf_counter())
    method = method or request.method
    children = _request_children.get((method, endpoint or route_label(), status))
    if children is None:
        children = _children_for(method, endpoint or route_label(), status)
    children[0].inc()
    children[1].observe(elapsed)
    if children[2] is not None:
        children[2].inc()
    return elapsed


# (method, route, status) -> (requests counter, latency histogram, errors counter or None): `labels()` takes a lock
# and builds a key on every call; the children it hands out are the same objects each time, so they are kept.
_request_children: dict[tuple[str, str, int], tuple] = {}


def _children_for(method: str, endpoint: str, status: int) -> tuple:
    label = method if method in METHODS else "OTHER"
    children = (REQUESTS.labels(label, endpoint, str(status)), LATENCY.labels(label, endpoint),
                ERRORS.labels(label, endpoint) if status >= 500 else None)
    if label != "OTHER":  # any method name a caller sends would grow the dict: only the known ones are kept
        _request_children[(method, endpoint, status)] = children
    return children


# --- database pool (every pool of the process: one per engine) --------------------------------------------

@event.listens_for(Pool, "connect")
def _pool_connect(dbapi_connection, record):
    POOL_OPEN.inc()


@event.listens_for(Pool, "close")
def _pool_close(dbapi_connection, record):
    POOL_OPEN.dec()


@event.listens_for(Pool, "checkout")
def _pool_checkout(dbapi_connection, record, proxy):
    POOL_IN_USE.inc()


@event.listens_for(Pool, "checkin")
def _pool_checkin(dbapi_connection, record):
    if dbapi_connection is not None:  # None: the connection was invalidated (closed) while checked out
        POOL_IN_USE.dec()


# --- shared counts (jobs, business outcomes) ---------------------------------------------------------------

def _shared_redis():
    """The Redis every process sees, or None when jobs run inline (no worker, one process)."""
    if current_app.config.get("JOBS_INLINE"):
        return None
    return core.queue.redis_connection()  # read when called: a test's stand-in connection is honoured


def _add(fields: dict[str, float], connection=None) -> None:
    try:
        redis = connection or _shared_redis()
        if redis is None:
            for name, amount in fields.items():
                _LOCAL_JOBS[name] = _LOCAL_JOBS.get(name, 0) + amount
            return
        with redis.pipeline(transaction=False) as pipe:
            for name, amount in fields.items():
                pipe.hincrbyfloat(SHARED_KEY, name, amount)
            pipe.execute()
    except Exception:
        log.warning("metrics not recorded: %s", sorted(fields), exc_info=True)


def record_job(queue: str, ok: bool, seconds: float, connection=None) -> None:
    """One job run by a worker (jobs/worker.py): its duration and outcome, per queue."""
    fields = {f"job|{queue}|{'ok' if ok else 'failed'}": 1, f"job|{queue}|sum": seconds}
    for bound in JOB_BUCKETS:
        if seconds <= bound:
            fields[f"job|{queue}|le|{bound}"] = 1
    _add(fields, connection)


def count_after_commit(name: str, outcome: str) -> None:
    """Count a business outcome (e.g. a CIOT emission) once the transaction that records it commits."""
    session = db.session()
    if not session.in_transaction():  # the count belongs to a transaction: a rollback drops it
        session.begin()
    session.info.setdefault("pending_metrics", []).append(f"event|{name}|{outcome}")


@event.listens_for(Session, "after_commit")
def _counts_committed(session):
    pending = session.info.pop("pending_metrics", None)
    if pending:
        fields: dict[str, float] = {}
        for name in pending:
            fields[name] = fields.get(name, 0) + 1
        _add(fields)


@event.listens_for(Session, "after_soft_rollback")
def _counts_dropped(session, previous_transaction):
    session.info.pop("pending_metrics", None)


def _shared_values() -> dict[str, float]:
    redis = _shared_redis()
    if redis is None:
        return dict(_LOCAL_JOBS)
    return {k.decode(): float(v) for k, v in redis.hgetall(SHARED_KEY).items()}


# --- scrape-time collectors ----------------------------------------------------------------------------------

# An area's collectors, each with the source it reads: source name -> [collect, ...].
_AREA_COLLECTORS: dict[str, list] = {}


def register_scrape_collector(collect, source: str = "database") -> None:
    """An area's metric families read at scrape time (core knows no area: app.py registers them)."""
    collectors = _AREA_COLLECTORS.setdefault(source, [])
    if collect not in collectors:
        collectors.append(collect)


class SharedCollector:
    """Jobs and business outcomes (from Redis), queue depths (Redis) and what the areas read (webhook deliveries,
    from the database). Each collector is read in full before any of its families is written: one that fails (its
    source down) leaves its families out, and `fretes_metrics_source_up{source}` says 0 for that source; the HTTP
    metrics and the other sources are still served (a scrape never answers 500 because Redis or the database is
    down). Without Redis (jobs inline) the counts are the process's own and there is no `redis` source."""

    def collect(self):
        up = GaugeMetricFamily("fretes_metrics_source_up", "1 se a fonte respondeu nesta coleta; 0 se falhou (as "
                                                           "métricas dela ficam de fora desta coleta).",
                               labels=["source"])
        sources = {name: list(collectors) for name, collectors in _AREA_COLLECTORS.items()}
        if current_app.config.get("JOBS_INLINE"):
            yield from _shared_families()
        else:
            sources.setdefault("redis", []).insert(0, _shared_families)
        for source, collectors in sorted(sources.items()):
            ok = True
            for collect in collectors:
                families = _read_collector(source, collect)
                ok = ok and families is not None
                yield from families or ()
            up.add_metric([source], 1 if ok else 0)
        yield up


def _read_collector(source: str, collect):
    """Every family `collect` gives, or None when it raised (logged; a database session is rolled back)."""
    try:
        return list(collect())
    except Exception:  # any failure of a source must leave the rest of the scrape standing
        log.warning("metrics: source %s unavailable (%s left out of this scrape)", source,
                    getattr(collect, "__name__", collect), exc_info=True)
        if source == "database":
            _rollback_quietly()
        return None


def _rollback_quietly() -> None:
    try:
        db.session.rollback()
    except Exception:  # the connection is gone: the request's teardown discards the session anyway
        log.debug("metrics: rollback after a database failure failed too", exc_info=True)


def _shared_families():
    """Job counts and durations, CIOT emissions (Redis hash, or the process's own without Redis) and queue depths."""
    values = _shared_values()
    yield from _job_families(values)
    emissions = CounterMetricFamily("fretes_ciot_emissions", "Emissões de CIOT por resultado.", labels=["outcome"])
    for name, value in sorted(values.items()):
        parts = name.split("|")
        if parts[:2] == ["event", "ciot_emission"]:
            emissions.add_metric([parts[2]], value)
    yield emissions
    yield from _queue_families()


def _job_families(values):
    jobs = CounterMetricFamily("fretes_jobs", "Jobs executados pelos workers, por fila e resultado.",
                               labels=["queue", "outcome"])
    durations = HistogramMetricFamily("fretes_job_duration_seconds", "Duração dos jobs por fila.", labels=["queue"])
    for queue in QUEUES:
        ok, failed = values.get(f"job|{queue}|ok", 0), values.get(f"job|{queue}|failed", 0)
        jobs.add_metric([queue, "ok"], ok)
        jobs.add_metric([queue, "failed"], failed)
        buckets = [(str(b), values.get(f"job|{queue}|le|{b}", 0)) for b in JOB_BUCKETS] + [("+Inf", ok + failed)]
        durations.add_metric([queue], buckets, values.get(f"job|{queue}|sum", 0))
    yield jobs
    yield durations


def _queue_families():
    depth = GaugeMetricFamily("fretes_queue_jobs", "Jobs nas filas RQ por estado (queued, started, scheduled, "
                                                   "failed).", labels=["queue", "state"])
    if current_app.config.get("JOBS_INLINE"):
        yield depth  # no queues: jobs run inline
        return
    # import here: rq loads only in processes that have queues (with JOBS_INLINE nothing is queued), as in
    # core/queue.py
    from rq.registry import FailedJobRegistry, ScheduledJobRegistry, StartedJobRegistry
    redis = _shared_redis()
    with redis.pipeline(transaction=False) as pipe:
        for name in QUEUES:
            queue = rq_queue(name, redis)
            pipe.llen(queue.key)
            for registry in (StartedJobRegistry, ScheduledJobRegistry, FailedJobRegistry):
                pipe.zcard(registry(queue=queue).key)
        counts = pipe.execute()
    for index, name in enumerate(QUEUES):
        for offset, state in enumerate(("queued", "started", "scheduled", "failed")):
            depth.add_metric([name, state], counts[index * 4 + offset])
    yield depth


# --- exposition ----------------------------------------------------------------------------------------------

def authorized() -> bool:
    """METRICS_TOKEN as a bearer token (constant-time compare). No token configured: /metrics is off."""
    token = current_app.config.get("METRICS_TOKEN") or ""
    sent = request.headers.get("Authorization", "")
    return bool(token) and hmac.compare_digest(sent.encode(), f"Bearer {token}".encode())


def exposition() -> tuple[bytes, str]:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        # import here: only under gunicorn's several workers; it loads multiprocessing and ctypes
        from prometheus_client import multiprocess
        local = CollectorRegistry()
        multiprocess.MultiProcessCollector(local)
    else:
        local = REGISTRY
    shared = CollectorRegistry()
    shared.register(SharedCollector())
    return generate_latest(local) + generate_latest(shared), CONTENT_TYPE_LATEST
