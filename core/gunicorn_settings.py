"""gunicorn settings the app needs under several web processes. Shipped with the package: an installed server runs
`gunicorn -c python:core.gunicorn_settings 'app:create_app()'` (deploy/systemd/fretes-web.service does); in a
checkout, ./gunicorn.conf.py imports them, and gunicorn reads that file by itself.

Prometheus multiprocess mode (core/metrics.py): every web process writes its counters to files in
PROMETHEUS_MULTIPROC_DIR and a scrape of /metrics, answered by any one of them, sums the files. The directory is
emptied when gunicorn starts (values of a previous run must not be added) and a worker's live gauges are dropped
when it exits. Only gunicorn sets it: RQ workers must not (their forked work horses would leave files behind).
"""
import gc
import os
import shutil
import tempfile

__all__ = ["GC_THRESHOLDS", "child_exit", "control_socket", "forwarded_allow_ips", "limit_request_line", "on_exit",
           "on_starting", "post_worker_init"]

_RUN_DIR = os.environ.get("INSTANCE_PATH") or tempfile.gettempdir()
os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", os.path.join(_RUN_DIR, f"prometheus-{os.getuid()}-{os.getpid()}"))

# gunicorn's control socket (gunicornc) defaults to one path per user ($XDG_RUNTIME_DIR or ~/.gunicorn), which two
# instances on one machine would share: each instance gets its own, beside its data (or per master process).
control_socket = os.path.join(_RUN_DIR, "gunicorn.ctl" if os.environ.get("INSTANCE_PATH")
                              else f"gunicorn-{os.getuid()}-{os.getpid()}.ctl")


# The longest request line gunicorn takes (its own maximum; default 4094). A longer URL than the app's MAX_URL_LENGTH
# (4000) must reach the app, which answers 414 in its own shape (the API's JSON error under /api); gunicorn's own
# 414 is an HTML page. Only lines over 8190 bytes still get it (docs/hardening.md, "Over-long URLs").
limit_request_line = 8190


# Which proxies may say a request came over HTTPS (X-Forwarded-Proto) is the app's one rule, PROXY_COUNT (Werkzeug's
# ProxyFix, app.py): gunicorn's own trust of such headers from 127.0.0.1 (its default) is off, or a local client
# could claim HTTPS (and get HSTS, secure redirects) with PROXY_COUNT=0.
forwarded_allow_ips = ""


def on_starting(server):
    directory = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory, exist_ok=True)


def post_worker_init(worker):
    # The app, its modules and caches are built: move them out of the garbage collector's generations, so a full
    # collection walks only what requests made since (they were the CIOT list's p99: up to 115 ms each, issue 31).
    gc.freeze()
    # A request allocates tens of thousands of short-lived objects (SQLAlchemy rows and statements, pydantic models,
    # Jinja output): with the default first-generation threshold (700) the collector ran dozens of times per request.
    # 50,000 lets most requests finish between two collections: 5-25 % more requests per second in the mixed load
    # (bench/README.md, "Issue 31's last pass"), for a few MB more of garbage waiting per worker. GC_THRESHOLD
    # overrides it ("gen0,gen1,gen2", Python's gc.set_threshold).
    gc.set_threshold(*GC_THRESHOLDS)


DEFAULT_GC_THRESHOLD = (50_000, 20, 20)


def gc_threshold() -> tuple[int, ...]:
    """GC_THRESHOLD as three positive integers (gen0,gen1,gen2); unset or empty: DEFAULT_GC_THRESHOLD. Anything else
    stops the worker with a message naming the variable (a typo must not leave the collector off: 0 disables it)."""
    raw = os.environ.get("GC_THRESHOLD", "").strip()
    if not raw:
        return DEFAULT_GC_THRESHOLD
    parts = [part.strip() for part in raw.split(",")]
    if len(parts) != 3 or not all(part.isdigit() and int(part) > 0 for part in parts):
        raise SystemExit(f"GC_THRESHOLD={raw!r}: three positive integers separated by commas, e.g. 50000,20,20")
    return tuple(int(part) for part in parts)


# Read when gunicorn loads this file, in the master: a malformed value stops the server before any worker starts.
GC_THRESHOLDS = gc_threshold()


def child_exit(server, worker):
    # import here: at the top it would load before the module sets PROMETHEUS_MULTIPROC_DIR (prometheus_client picks
    # its value store when first imported, and the workers fork from this process)
    from prometheus_client import multiprocess
    multiprocess.mark_process_dead(worker.pid)


def on_exit(server):
    if os.environ["PROMETHEUS_MULTIPROC_DIR"].endswith(f"-{os.getpid()}"):  # our own default: remove it
        shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)
