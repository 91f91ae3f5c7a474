"""Shared by the benchmarks: an app on a scratch database, percentile/ratio reporting, and the server and worker
processes a bench starts (each in a process group of its own, stopped as a whole: no orphan left behind)."""
import atexit
import http.client
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere, no install needed


def bench_app(config: dict | None = None):
    """The real app on DATABASE_URL (point it at a scratch database) or a throwaway SQLite file; `config` adds
    settings (e.g. the rate limiter's storage)."""
    from app import create_app
    from core.db import db

    tmp = tempfile.mkdtemp(prefix="fretes-bench-")
    app = create_app({"SQLALCHEMY_DATABASE_URI": os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/bench.db",
                      "INSTANCE_PATH": tmp, "JOBS_INLINE": True, "REDIS_URL": "", **(config or {})})
    with app.app_context():
        db.create_all()
    quiet_request_log()  # every bench's figures readable, the log lines still formatted as in production
    return app


def save_seed() -> None:
    """Commit the data a bench set up (and hand its jobs over), the way the app's unit of work does."""
    from core.transaction import commit_phase
    commit_phase("the bench's data")


def quiet_request_log() -> None:
    """The app's log lines (one per request) still formatted, as in production, but written to /dev/null instead of
    the terminal, so the figures stay readable."""
    import logging
    for handler in logging.getLogger().handlers:
        if getattr(handler, "fretes", False):
            handler.setStream(open(os.devnull, "w"))  # noqa: SIM115 (kept open for the process)


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def report(name_a: str, a: list[float], name_b: str, b: list[float]) -> None:
    """Times in seconds; prints ms per call and the a/b ratio at p50 and p99."""
    width = max(len(name_a), len(name_b))
    for name, samples in ((name_a, a), (name_b, b)):
        print(f"{name:<{width}}  p50 {percentile(samples, 50) * 1000:8.3f} ms"
              f"   p99 {percentile(samples, 99) * 1000:8.3f} ms"
              f"   mean {statistics.fmean(samples) * 1000:8.3f} ms   n={len(samples)}")
    print(f"ratio {name_a} / {name_b}:  p50 {percentile(a, 50) / percentile(b, 50):.2f}x   "
          f"p99 {percentile(a, 99) / percentile(b, 99):.2f}x")


# --- Processes a bench starts ------------------------------------------------------------------------------------
# Each is the leader of a new session (so of a process group of its own): stopping it signals the whole group, so a
# gunicorn master's workers or an RQ worker's work horse cannot outlive it. Whatever is still running when the bench
# exits (an exception, Ctrl-C, or SIGTERM once `stop_children_on_sigterm` was called) is stopped the same way.
_started: list[subprocess.Popen] = []


def stop_children_on_sigterm() -> None:
    """A bench's main calls it: SIGTERM then runs its `finally` blocks and the exit hook below (the default would end
    the bench at once and leave its servers running, in their own sessions)."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))


def start_process(command: list[str], *, env: dict, cwd: str | None = None, stdout=subprocess.DEVNULL,
                  stderr=subprocess.PIPE) -> subprocess.Popen:
    process = subprocess.Popen(command, cwd=cwd or str(Path(__file__).resolve().parent.parent), env=env,
                               stdout=stdout, stderr=stderr, start_new_session=True)
    _started.append(process)
    return process


def _signal_group(process: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(process.pid, sig)  # the group's id is the leader's pid (start_new_session)
    except (ProcessLookupError, PermissionError):
        pass  # the whole group is gone already


def stop_processes(*processes: subprocess.Popen, timeout: float = 30) -> None:
    """SIGTERM to each process group (a graceful stop: gunicorn and RQ finish the request or job in hand); a group
    whose leader is not gone in `timeout` s is killed; then whatever is left of each group (a child that outlived its
    parent) is killed too."""
    for process in processes:
        if process.poll() is None:
            _signal_group(process, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    for process in processes:
        try:
            process.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            _signal_group(process, signal.SIGKILL)
            process.wait()
        _signal_group(process, signal.SIGKILL)
        for pipe in (process.stdout, process.stderr):
            if pipe is not None:
                pipe.close()
        if process in _started:
            _started.remove(process)


atexit.register(lambda: stop_processes(*list(_started), timeout=10))


def wait_http_ready(port: int, path: str, process: subprocess.Popen, timeout: float = 120) -> None:
    """Poll GET `path` on 127.0.0.1:`port` until it answers 200; stop the bench if the process exits first or after
    `timeout` s (generous: a loaded machine can take a minute to import and fork the app)."""
    deadline, last = time.monotonic() + timeout, None
    while time.monotonic() < deadline:
        if process.poll() is not None:
            err = process.stderr.read().decode(errors="replace")[-2000:] if process.stderr else ""
            stop_processes(process)  # what it forked, and its pipes
            raise SystemExit(f"process on port {port} exited ({process.returncode}): {err}")
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
            last = response.status
            if last == 200:
                return
        except OSError as exc:
            last = exc
        finally:
            conn.close()
        time.sleep(0.3)
    raise SystemExit(f"server on port {port} not ready after {timeout:.0f} s (GET {path}: {last})")


# --- A bare baseline's database connection ------------------------------------------------------------------------

def held_raw_connection(app):
    """A DBAPI connection for a bare baseline, taken from the app's pool once and kept for the whole run (autocommit on
    PostgreSQL): (pool handle, DBAPI connection), keep both. Keeping only `.driver_connection` drops the pool's handle
    and the pool takes the connection back (a weakref callback) while the baseline still uses it: the app's next
    request is handed that same connection (in autocommit, or inside the baseline's implicit transaction), which
    both skews and breaks the comparison. `check_separate_connections` proves it does not happen."""
    from core.db import db

    with app.app_context():
        held = db.engine.raw_connection()
    raw = held.driver_connection
    if raw.__class__.__module__.startswith("psycopg"):
        raw.autocommit = True
    return held, raw


def check_separate_connections(app, raw, call) -> None:
    """Run `call()` (requests to the app) and fail unless the app checked out connections and never `raw`."""
    import sqlalchemy as sa

    from core.db import db

    with app.app_context():
        engine = db.engine
    seen = []

    def checkout(dbapi_connection, _record, _proxy):
        seen.append(dbapi_connection)
    sa.event.listen(engine, "checkout", checkout)
    try:
        call()
    finally:
        sa.event.remove(engine, "checkout", checkout)
    assert seen, "the app's requests checked out no database connection: nothing to compare"
    assert all(connection is not raw for connection in seen), \
        "the app's pool handed out the bare baseline's connection: the two paths share it"
