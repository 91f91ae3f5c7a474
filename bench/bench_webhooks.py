"""Webhook delivery through the real path: outbox event committed -> job outbox -> Redis -> 2 RQ workers
(`flask --app app worker webhooks`, subprocesses) -> signed POST to a local HTTP receiver (a thread here).

    REDIS_URL=redis://127.0.0.1:6379/<scratch db> \
    DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/<scratch db> python bench/bench_webhooks.py [N]

Two figures:
- latency: N events (default 200) emitted one at a time, each waiting for its arrival; commit-to-delivery p50/p99
  (from the end of the emitting commit to the receiver reading the request).
- throughput: N*5 events committed in one go (100 per transaction), events/s until the receiver has them all.
The Redis db named by REDIS_URL is emptied at the start and at the end; the database gets the app's tables.
"""
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from _common import percentile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Receiver:
    def __init__(self):
        self.arrivals: dict[str, float] = {}
        self.cond = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.cond:
                    receiver.arrivals.setdefault(self.headers["Webhook-Id"], time.perf_counter())
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


def main(n: int) -> None:
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
    from core.events import emit_event
    from core.queue import commit
    from core.tenancy import tenant_scope
    from domain.tenancy import services as tenancy
    from domain.webhooks import services

    Redis.from_url(redis_url).flushdb()
    app = create_app()
    receiver = Receiver()
    workers = []
    with app.app_context():
        db.create_all()
        company = tenancy.create_company(name="Bench Webhooks Ltda", cnpj=_cnpj())
        db.session.commit()
        with tenant_scope(company.id):
            services.create_endpoint(company, url=receiver.url, event_types=["freight.status_changed"])
            commit()
        try:
            for _ in range(2):
                workers.append(subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "worker", "webhooks"],
                                                cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                                stderr=subprocess.DEVNULL))
            latencies = []
            with tenant_scope(company.id):
                for i in range(n + 10):  # the first 10 warm the workers up
                    event = emit_event(company, "freight.status_changed", {"freight_id": f"f{i}", "status": "x"})
                    commit()
                    committed = time.perf_counter()
                    receiver.wait(i + 1)
                    if i >= 10:
                        latencies.append(receiver.arrivals[str(event.id)] - committed)
            total, before = n * 5, len(receiver.arrivals)
            started = time.perf_counter()
            with tenant_scope(company.id):
                for start in range(0, total, 100):
                    for i in range(start, min(start + 100, total)):
                        emit_event(company, "freight.status_changed", {"freight_id": f"t{i}", "status": "y"})
                    commit()
            receiver.wait(before + total)
            elapsed = time.perf_counter() - started
        finally:
            for worker in workers:
                worker.terminate()
                worker.wait(30)
            Redis.from_url(redis_url).flushdb()
    print(json.dumps({"database": database_url.split(":", 1)[0], "workers": 2, "latency_events": len(latencies),
                      "commit_to_delivery_p50_ms": round(percentile(latencies, 50) * 1000, 1),
                      "commit_to_delivery_p99_ms": round(percentile(latencies, 99) * 1000, 1),
                      "throughput_events": total, "throughput_seconds": round(elapsed, 2),
                      "events_per_second": round(total / elapsed, 1)}))


def _cnpj() -> str:
    from core.validators import cnpj_check_digits
    base = f"{int(time.time()) % 100_000_000:08d}0001"
    return base + cnpj_check_digits(base)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
