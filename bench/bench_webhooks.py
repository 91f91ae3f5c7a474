"""Webhook delivery through the real path: outbox event committed -> job outbox -> Redis -> 2 RQ workers
(`flask --app app worker webhooks`, subprocesses) -> signed POST to a local HTTP receiver (a thread here).

    REDIS_URL=redis://127.0.0.1:6379/<scratch db> \
    DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/<scratch db> python bench/bench_webhooks.py [N]
        [--events M] [--modes fork,simple] [--rounds R]

Per worker kind (`fork`: `flask worker --fork`, RQ's work horse per job; `simple`: the default worker, no fork),
two workers at a time, two figures:
- latency: N events (default 200) emitted one at a time, each waiting for its arrival; commit-to-delivery p50/p99
  (from the end of the emitting commit to the receiver reading the request).
- throughput: M events (default 5 × N) committed in one go (100 per transaction), events/s until the receiver has
  them all.
The kinds run one after the other in this process (reversed every other round); the last line gives the ratio of
their median throughputs. The Redis db named by REDIS_URL is emptied at the start and at the end; the database
gets the app's tables.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from _common import percentile, save_seed, start_process, stop_children_on_sigterm, stop_processes

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Receiver:
    def __init__(self):
        self.arrivals: dict[str, float] = {}
        self.deliveries: Counter = Counter()  # per Webhook-Id: a second arrival is a duplicate
        self.cond = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.cond:
                    receiver.arrivals.setdefault(self.headers["Webhook-Id"], time.perf_counter())
                    receiver.deliveries[self.headers["Webhook-Id"]] += 1
                    receiver.cond.notify_all()
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait(self, count: int, timeout: float = 600) -> None:
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.arrivals) >= count, timeout):
                raise SystemExit(f"only {len(self.arrivals)} of {count} events arrived in {timeout} s")


MODES = {"fork": ["--fork"], "simple": []}  # RQ's work horse per job; the default worker (no fork, jobs/worker.py)


def main(args) -> None:
    stop_children_on_sigterm()
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        raise SystemExit("set REDIS_URL to a scratch Redis db (the workers need Redis)")
    tmp = tempfile.mkdtemp(prefix="fretes-bench-")
    database_url = os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/bench.db"
    env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": redis_url, "INSTANCE_PATH": tmp,
           "SECRET_KEY": "bench-secret", "JOBS_INLINE": "0", "WEBHOOK_ALLOW_PRIVATE_TARGETS": "1",
           "LOG_LEVEL": "WARNING", "PYTHONPATH": ROOT}
    os.environ.update(env)
    from redis import Redis

    from app import create_app
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.tenancy import services as tenancy
    from domain.webhooks import services

    Redis.from_url(redis_url).flushdb()
    app = create_app()
    receiver = Receiver()
    results = {}
    with app.app_context():
        db.create_all()
        company = tenancy.create_company(name="Bench Webhooks Ltda", cnpj=_cnpj())
        save_seed()
        with tenant_scope(company.id):
            services.create_endpoint(company, url=receiver.url, event_types=["freight.status_changed"])
            save_seed()
        try:
            order = [m for r in range(args.rounds) for m in (args.modes if r % 2 == 0 else args.modes[::-1])]
            for round_no, mode in enumerate(order):
                figures = measure(mode, env, company, receiver, args, tag=f"r{round_no}")
                print(json.dumps({"mode": mode, **figures}), flush=True)
                results.setdefault(mode, []).append(figures)
        finally:
            Redis.from_url(redis_url).flushdb()
    summary = {"database": database_url.split(":", 1)[0], "workers": 2}
    for mode, runs in results.items():
        summary[f"{mode}_events_per_second"] = [r["events_per_second"] for r in runs]
        summary[f"{mode}_p50_ms"] = [r["commit_to_delivery_p50_ms"] for r in runs]
    if "fork" in results and "simple" in results:
        best = {mode: statistics.median(r["events_per_second"] for r in runs) for mode, runs in results.items()}
        summary["throughput_simple_over_fork"] = round(best["simple"] / best["fork"], 2)
    print(json.dumps(summary))


def measure(mode: str, env: dict, company, receiver: Receiver, args, tag: str) -> dict:
    """Two workers of one mode: N events one at a time (latency), then M committed 100 per transaction."""

    from core.events import emit_event
    from core.tenancy import tenant_scope
    command = [sys.executable, "-m", "flask", "--app", "app", "worker", "webhooks", *MODES[mode]]
    # each in a process group of its own, stopped as a whole (its work horses too): bench/_common.py
    workers = [start_process(command, cwd=ROOT, env=env, stderr=subprocess.DEVNULL) for _ in range(2)]
    try:
        latencies = []
        with tenant_scope(company.id):
            for i in range(args.n + 10):  # the first 10 warm the workers up
                before = len(receiver.arrivals)
                event = emit_event(company, "freight.status_changed", {"freight_id": f"{tag}f{i}", "status": "x"})
                save_seed()
                committed = time.perf_counter()
                receiver.wait(before + 1)
                if i >= 10:
                    latencies.append(receiver.arrivals[str(event.id)] - committed)
        total, before = args.events, len(receiver.arrivals)
        started = time.perf_counter()
        with tenant_scope(company.id):
            for start in range(0, total, 100):
                for i in range(start, min(start + 100, total)):
                    emit_event(company, "freight.status_changed", {"freight_id": f"{tag}t{i}", "status": "y"})
                save_seed()
        receiver.wait(before + total)
        elapsed = time.perf_counter() - started
    finally:
        stop_processes(*workers, timeout=30)
    duplicates = sum(1 for count in receiver.deliveries.values() if count > 1)
    return {"latency_events": len(latencies),
            "commit_to_delivery_p50_ms": round(percentile(latencies, 50) * 1000, 1),
            "commit_to_delivery_p99_ms": round(percentile(latencies, 99) * 1000, 1),
            "throughput_events": total, "throughput_seconds": round(elapsed, 2),
            "events_per_second": round(total / elapsed, 1), "duplicates_so_far": duplicates}


def _cnpj() -> str:
    from core.validators import cnpj_check_digits
    base = f"{int(time.time()) % 100_000_000:08d}0001"
    return base + cnpj_check_digits(base)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", nargs="?", type=int, default=200, help="latency events per run (default 200)")
    parser.add_argument("--events", type=int, default=None, help="throughput events per run (default 5 × n)")
    parser.add_argument("--modes", default="fork,simple", help="worker kinds, in order: fork, simple (default both)")
    parser.add_argument("--rounds", type=int, default=1, help="runs of the modes, order reversed every other one")
    args = parser.parse_args(argv)
    args.modes = [m for m in args.modes.split(",") if m]
    if unknown := set(args.modes) - set(MODES):
        parser.error(f"unknown mode(s): {', '.join(sorted(unknown))}")
    args.events = args.events or 5 * args.n
    return args


if __name__ == "__main__":
    main(parse_args())
