"""Scale-out on this machine: PostgreSQL-backed gunicorn with 1, 2 and 4 web processes, with 1 and then 2 RQ workers,
driven by a realistic mix at rising concurrency. One command, loopback only, bounded in time (about 7-8 minutes; each
phase is a warm-up of 2 s and 4 steps of --seconds, plus the drain of its jobs):

    REDIS_URL=redis://127.0.0.1:6379/<scratch db> python bench/bench_scaleout.py [--seconds 6] [--profile]
    ... --workers 2 --web 1,2 --clients 4,16 --seconds 3     # a shorter run: a subset of the matrix

LOAD_DB (default fretes_load) is created, migrated, dropped at the end; REDIS_URL's db is emptied before and after.

The mix (closed loop: each client thread sends its next request when the previous answer arrives), per client:
  30% GET /vehicles?limit=20   25% GET /vehicles/<id>   15% POST /ciot/operations   10% POST /ciot/operations/<id>/emit
  20% POST /marketplace/leads (public) -> event marketplace.lead.created -> webhook delivery by a worker to a local
  HTTP receiver.   CIOT emissions run on the workers (homologation simulator), CIOT_EMIT_WAIT_SECONDS=0 (202).
For each web-process count and each concurrency step it prints requests/s, p50/p99 latency, errors, and the CPU
used by the web processes, the workers, this database's PostgreSQL backends, Redis and the load driver, and the
machine's CPU. After each web-process count it waits for the queues to drain and checks that nothing was lost:
every accepted emission has a succeeded attempt, every lead a delivered webhook, and the receiver got each once.
Exit 1 on any error or lost job. `--profile`: a py-spy sample of a web process and a worker. `--worker-fork`: the
workers as `flask worker --fork` (the old work horse per job). Each process group is stopped whole (_common.py).
"""
import argparse
import http.client
import itertools
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter

import psutil
from _common import percentile, start_process, stop_children_on_sigterm, stop_processes, wait_http_ready
from bench_vehicle_list import free_port, recreate_database, start_gunicorn
from bench_webhooks import Receiver

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DB_NAME = os.environ.get("LOAD_DB", "fretes_load")
DB_URL = f"postgresql+psycopg://postgres@127.0.0.1:5432/{DB_NAME}"
API = "/api/public/v1"
WEB_COUNTS = (1, 2, 4)
CONCURRENCY = (4, 8, 16, 32)
WORKER_COUNTS = (1, 2)
PY_SPY = shutil.which("py-spy") or os.path.join(os.path.dirname(sys.executable), "py-spy")
MIX = (("list", 30), ("get", 25), ("ciot_create", 15), ("ciot_emit", 10), ("lead", 20))
LEAD = {"driverName": "João da Silva", "driverPhone": "(11) 98765-4321", "driverDoc": "529.982.247-25",
        "vehiclePlate": "abc-1d23", "message": "Tenho carreta disponível amanhã."}


def bench_env(redis_url: str, instance: str) -> dict:
    return dict(os.environ, DATABASE_URL=DB_URL, REDIS_URL=redis_url, JOBS_INLINE="0", SECRET_KEY="bench-scaleout",  # noqa: S106  a scratch run
                INSTANCE_PATH=instance, LOG_LEVEL="WARNING", PYTHONPATH=ROOT, WEBHOOK_ALLOW_PRIVATE_TARGETS="1",
                MARKETPLACE_LEAD_LIMIT="1000000 per minute", CIOT_EMIT_WAIT_SECONDS="0", METRICS_TOKEN="bench",  # noqa: S106
                DB_POOL_SIZE="4", DB_MAX_OVERFLOW="4")


def seed(env: dict, receiver_url: str) -> dict:
    """Company, API key, 200 vehicles, one public freight and a webhook endpoint for leads, through the services."""
    os.environ.update(env)
    sys.path.insert(0, ROOT)
    from app import create_app
    from core.db import db
    from core.tenancy import tenant_scope
    from core.transaction import commit_phase
    from domain.fleet.schemas import VehicleCreate
    from domain.fleet.services import create_vehicle
    from domain.freights import services as freights
    from domain.freights.schemas import FreightCreate
    from domain.tenancy import services as tenancy
    from domain.webhooks import services as webhooks
    from tests.fixtures.freights import freight_body

    app = create_app()
    with app.app_context():
        company = tenancy.create_company(name="Carga Pesada Ltda", cnpj="11222333000181",
                                         features=["integrations.webhooks"])
        commit_phase("the bench's data")
        with tenant_scope(company.id):
            _, key = tenancy.create_api_key(company, scopes=["read", "write"], name="bench")
            vehicle_ids = [str(create_vehicle(company, VehicleCreate.model_validate(
                {"plate": f"BEN{n:04d}", "vehicle_type": "carreta"})).id) for n in range(200)]
            freight = freights.create_freight(company, FreightCreate.model_validate(
                freight_body(visibility="publico")), status="published")
            webhooks.create_endpoint(company, url=receiver_url, event_types=["marketplace.lead.created"])
            commit_phase("the bench's data")
            slug = freight.public_slug
        db.engine.dispose()
    return {"key": key, "vehicles": vehicle_ids, "slug": slug}


class Client(threading.Thread):
    """One closed-loop client on a keep-alive connection; records (operation, seconds, status) until `stop`."""

    def __init__(self, port, data, stop, results, emitted, number):
        super().__init__(daemon=True)
        self.port, self.data, self.stop, self.results, self.emitted = port, data, stop, results, emitted
        self.random = random.Random(number)
        self.number, self.sequence, self.created = number, 0, []
        self.conn = None

    def call(self, method, path, body=None, auth=True):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if auth:
            headers["X-API-Key"] = self.data["key"]
        for attempt in (1, 2):  # a keep-alive connection the server closed (max-requests) is reopened once
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                self.conn.request(method, API + path, body=None if body is None else json.dumps(body),
                                  headers=headers)
                response = self.conn.getresponse()
                return response.status, response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def one(self):
        kind = self.random.choices([k for k, _ in MIX], [w for _, w in MIX])[0]
        if kind == "ciot_emit" and not self.created:
            kind = "ciot_create"
        started = time.perf_counter()
        if kind == "list":
            status, _ = self.call("GET", "/vehicles?limit=20")
            ok = status == 200
        elif kind == "get":
            status, _ = self.call("GET", f"/vehicles/{self.random.choice(self.data['vehicles'])}")
            ok = status == 200
        elif kind == "ciot_create":
            from tests.fixtures.ciot import ciot_body
            self.sequence += 1
            status, body = self.call("POST", "/ciot/operations",
                                     ciot_body(external_id=f"LOAD-{self.number}-{self.sequence}-{time.time_ns()}"))
            ok = status == 201
            if ok:
                self.created.append(json.loads(body)["data"]["id"])
        elif kind == "ciot_emit":
            status, _ = self.call("POST", f"/ciot/operations/{self.created.pop()}/emit")
            ok = status in (200, 202)
            if ok:
                self.emitted.append(1)
        else:
            status, _ = self.call("POST", "/marketplace/leads", {"slug": self.data["slug"], **LEAD}, auth=False)
            ok = status == 200
        self.results.append((kind, time.perf_counter() - started, status if not ok else 0))

    def run(self):
        while not self.stop.is_set():
            try:
                self.one()
            except Exception as exc:  # noqa: BLE001  counted as an error of the step, never a crash of the bench
                self.results.append(("exception", 0.0, repr(exc)))
        if self.conn is not None:
            self.conn.close()


def wait_ready(port: int, server: subprocess.Popen, timeout: float = 120) -> None:
    """Until /readyz answers 200 (database, Redis, schema at head), or the server dies, or `timeout`."""
    wait_http_ready(port, "/readyz", server, timeout)


# --- CPU accounting ------------------------------------------------------------------------------------------

def cpu_seconds(pids) -> float:
    total = 0.0
    for pid in pids:
        try:
            times = psutil.Process(pid).cpu_times()
            total += times.user + times.system + times.children_user + times.children_system
        except psutil.Error:
            pass
    return total


def tree(pid) -> list[int]:
    try:
        process = psutil.Process(pid)
        return [pid] + [child.pid for child in process.children(recursive=True)]
    except psutil.Error:
        return []


def postgres_backends() -> list[int]:
    import psycopg
    with psycopg.connect(f"host=127.0.0.1 user=postgres dbname={DB_NAME}", autocommit=True) as conn:
        return [row[0] for row in conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (DB_NAME,))]


def redis_pids() -> list[int]:
    return [p.pid for p in psutil.process_iter(["name"]) if (p.info["name"] or "").startswith("redis-server")]


class CpuMeter:
    """CPU seconds per group between start() and stop(), as % of one core."""

    def __init__(self, web_pid, worker_pids):
        self.groups = {"web": lambda: tree(web_pid), "workers": lambda: [p for w in worker_pids for p in tree(w)],
                       "postgres": postgres_backends, "redis": redis_pids, "driver": lambda: [os.getpid()]}

    def start(self):
        self.pids = {name: find() for name, find in self.groups.items()}
        self.before = {name: cpu_seconds(pids) for name, pids in self.pids.items()}
        self.machine = psutil.cpu_times()
        self.wall = time.perf_counter()

    def stop(self) -> dict:
        wall = time.perf_counter() - self.wall
        usage = {}
        for name, find in self.groups.items():
            pids = sorted(set(self.pids[name]) | set(find()))
            usage[name] = 100 * (cpu_seconds(pids) - self.before[name]) / wall
        now = psutil.cpu_times()
        busy = sum(getattr(now, f) - getattr(self.machine, f) for f in ("user", "system", "nice", "irq", "softirq"))
        usage["machine"] = 100 * busy / wall / psutil.cpu_count()
        return usage


# --- a step, a phase, the checks -------------------------------------------------------------------------------

def run_step(port, data, clients, seconds, meter, emitted) -> dict:
    stop, results = threading.Event(), []
    threads = [Client(port, data, stop, results, emitted, n) for n in range(clients)]
    meter.start()
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(120)
    elapsed = time.perf_counter() - started
    cpu = meter.stop()
    latencies = [r[1] for r in results if r[0] != "exception"]
    errors = [r for r in results if r[2]]
    per_request = 10 * elapsed / max(len(results), 1)  # CPU % of one core -> ms per request
    return {"clients": clients, "requests": len(results), "rps": len(results) / elapsed,
            "web_ms": cpu["web"] * per_request, "pg_ms": cpu["postgres"] * per_request,
            "p50": percentile(latencies, 50) * 1000, "p99": percentile(latencies, 99) * 1000,
            "errors": len(errors), "error_sample": errors[:3], "cpu": cpu,
            "by_kind": Counter(r[0] for r in results)}


def wait_drained(redis_url, timeout=120) -> None:
    from redis import Redis
    from rq.registry import StartedJobRegistry
    redis = Redis.from_url(redis_url)
    queues = ("emission", "webhooks", "default")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        waiting = sum(redis.llen(f"rq:queue:{q}") for q in queues)
        running = sum(redis.zcard(StartedJobRegistry(q, connection=redis).key) for q in queues)
        if waiting == 0 and running == 0:
            return
        time.sleep(0.5)


def check_nothing_lost(receiver, emitted_total, timeout=120) -> dict:
    """Every lead has exactly one delivered webhook that reached the receiver; every accepted emit a succeeded
    attempt. Polls until true or `timeout` (retries may be scheduled)."""
    import psycopg
    deadline = time.monotonic() + timeout
    while True:
        with psycopg.connect(f"host=127.0.0.1 user=postgres dbname={DB_NAME}", autocommit=True) as conn:
            leads = conn.execute("SELECT count(*) FROM marketplace_leads").fetchone()[0]
            delivered = conn.execute("SELECT count(*) FROM webhook_deliveries WHERE status = 'delivered'").fetchone()[0]
            undelivered = conn.execute("SELECT count(*) FROM webhook_deliveries WHERE status <> 'delivered'"
                                       ).fetchone()[0]
            succeeded = conn.execute("SELECT count(*) FROM ciot_emission_attempts WHERE state = 'succeeded'"
                                     ).fetchone()[0]
            other = conn.execute("SELECT count(*) FROM ciot_emission_attempts WHERE state <> 'succeeded'").fetchone()[0]
            outbox = conn.execute("SELECT count(*) FROM job_outbox").fetchone()[0]
        with receiver.cond:
            received = len(receiver.deliveries)
            duplicates = sum(n - 1 for n in receiver.deliveries.values())
        state = {"leads": leads, "webhooks_delivered": delivered, "webhooks_not_delivered": undelivered,
                 "receiver_got": received, "receiver_duplicates": duplicates,  # at-least-once: reported, not lost
                 "emits_accepted": emitted_total, "emissions_succeeded": succeeded, "emissions_other": other,
                 "outbox_left": outbox}
        complete = (leads == delivered == received and undelivered == 0 and succeeded == emitted_total
                    and other == 0 and outbox == 0)
        if complete or time.monotonic() > deadline:
            state["ok"] = complete
            return state
        time.sleep(1)


def profile(pid: int, seconds: int, label: str, subprocesses: bool = False) -> list[str]:
    """py-spy samples of one process (and its children): the functions that own the most time, and the frames of
    this project that the time is spent under."""
    with tempfile.NamedTemporaryFile(suffix=".txt", delete=False) as handle:
        out = handle.name
    command = [PY_SPY, "record", "-p", str(pid), "-d", str(seconds), "-r", "50", "-f", "raw", "-o", out,
               "--nonblocking", *(["--subprocesses"] if subprocesses else [])]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0 or not os.path.getsize(out):
        return [f"{label}: py-spy failed: {done.stderr.strip()[-300:]}"]
    inclusive, own, total = Counter(), Counter(), 0
    with open(out) as stacks:
        for line in stacks:
            stack, _, count = line.rstrip().rpartition(" ")
            frames, count = stack.split(";"), int(count)
            total += count
            own[_short(frames[-1])] += count
            for frame in {_short(f) for f in frames}:
                inclusive[frame] += count
    os.unlink(out)
    lines = [f"{label}: {total} samples; most time spent in (own):"]
    lines += [f"    {100 * n / total:5.1f}%  {name}" for name, n in own.most_common(8)]
    lines.append(f"{label}: inclusive, frames of this project:")
    ours = [(name, n) for name, n in inclusive.most_common(300) if any(
        part in name for part in ("core/", "domain/", "blueprints/", "jobs/", "app.py"))]
    lines += [f"    {100 * n / total:5.1f}%  {name}" for name, n in ours[:12]]
    return lines


def _short(frame: str) -> str:
    """`func (path/to/file.py:12)` -> `func (file area/path.py)` without the line number."""
    name, _, where = frame.partition(" (")
    path = where.rstrip(")").rsplit(":", 1)[0]
    for marker in ("site-packages/", ROOT + "/"):
        if marker in path:
            path = path.split(marker, 1)[1]
    return f"{name} ({path})"


def counts(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in text.split(","))


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="length of each concurrency step")
    parser.add_argument("--workers", type=counts, default=WORKER_COUNTS, help="RQ worker counts (default 1,2)")
    parser.add_argument("--web", type=counts, default=WEB_COUNTS, help="web process counts (default 1,2,4)")
    parser.add_argument("--clients", type=counts, default=CONCURRENCY, help="concurrency steps (default 4,8,16,32)")
    parser.add_argument("--worker-fork", action="store_true",
                        help="workers fork a work horse per job (`flask worker --fork`, the worker before Nov 2026)")
    parser.add_argument("--profile", action="store_true",
                        help="py-spy a web process and a worker (2 web, 16 clients, the last worker count)")
    return parser.parse_args()


def start_workers(env: dict, instance: str, count: int, tag: str, fork: bool = False) -> list[subprocess.Popen]:
    """`count` RQ workers on the bench's queues, each in its own process group (its work horses, with `fork`, stop
    with it). Their logs go to files: a pipe nobody reads would fill up and block them."""
    command = [sys.executable, "-m", "flask", "--app", "app", "worker", "emission", "webhooks", "default",
               *(["--fork"] if fork else [])]
    return [start_process(command, cwd=ROOT, env=env,
                          stderr=open(os.path.join(instance, f"worker-{tag}-{n}.log"), "wb"))
            for n in range(count)]


def run_phase(args, env, data, workers, web, emitted, profiles) -> list[dict]:
    """One gunicorn with `web` processes, driven at each concurrency step; its steps (with their error counts)."""
    port, steps = free_port(), []
    server = start_gunicorn("app:create_app()", port, web, env, "-k", "gthread", "--threads", "4")
    try:
        wait_ready(port, server)
        meter = CpuMeter(server.pid, [w.pid for w in workers])
        run_step(port, data, 4, 2, meter, emitted)  # warm-up: every process connects and loads its code
        print(f"\n== {web} web process(es), {len(workers)} RQ worker(s)")
        print(f"{'clients':>7} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>8} {'errors':>6} | CPU % of one core: "
              f"{'web':>5} {'workers':>7} {'pg':>5} {'redis':>5} {'driver':>6} | machine % | "
              f"CPU ms/request: web pg")
        for clients in args.clients:
            sampled = args.profile and web == 2 and clients == 16 and len(workers) == max(args.workers)
            if sampled:
                web_child = tree(server.pid)[1]
                timer = threading.Timer(1.0, lambda pid=web_child: profiles.extend(
                    profile(pid, max(2, int(args.seconds) - 2), "web process")))
                timer.start()
            step = run_step(port, data, clients, args.seconds, meter, emitted)
            if sampled:
                timer.join()
            print_step(step)
            steps.append({"web": web, "workers": len(workers), **step})
    finally:
        stop_processes(server)
    return steps


def print_step(step: dict) -> None:
    cpu = step["cpu"]
    print(f"{step['clients']:>7} {step['rps']:>7.1f} {step['p50']:>7.1f} {step['p99']:>8.1f} "
          f"{step['errors']:>6} | {'':>18}{cpu['web']:>5.0f} {cpu['workers']:>7.0f} "
          f"{cpu['postgres']:>5.0f} {cpu['redis']:>5.0f} {cpu['driver']:>6.0f} | "
          f"{cpu['machine']:>9.0f} | {step['web_ms']:>19.1f} {step['pg_ms']:>4.1f}", flush=True)
    if step["errors"]:
        print(f"        errors: {step['error_sample']}")


def main() -> int:
    args = parse_args()
    stop_children_on_sigterm()
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        raise SystemExit("set REDIS_URL to a scratch Redis db (it is emptied): the workers need Redis")
    from redis import Redis
    Redis.from_url(redis_url).flushdb()
    instance = tempfile.mkdtemp(prefix="fretes-scaleout-")
    env = bench_env(redis_url, instance)
    recreate_database(DB_NAME)
    subprocess.run([sys.executable, "-m", "flask", "--app", "app", "db", "upgrade"], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    receiver = Receiver()
    data = seed(env, receiver.url)
    summary, failures, emitted, profiles = [], 0, [], []
    print(f"machine: {psutil.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; RQ workers "
          f"{', '.join(map(str, args.workers))}; gunicorn gthread, 4 threads per process; steps of "
          f"{args.seconds:.0f} s")
    try:
        for worker_count in args.workers:
            workers = start_workers(env, instance, worker_count, f"{worker_count}w", args.worker_fork)
            try:
                for web in args.web:
                    steps = run_phase(args, env, data, workers, web, emitted, profiles)
                    summary += steps
                    failures += sum(step["errors"] for step in steps)
                    wait_drained(redis_url)
                    state = check_nothing_lost(receiver, len(emitted))
                    print(f"   jobs after {web} web, {worker_count} worker(s): {json.dumps(state)}")
                    failures += 0 if state["ok"] else 1
                if args.profile and worker_count == max(args.workers):
                    print(f"\n== profile (2 web processes, 16 clients, {worker_count} worker(s))")
                    print("\n".join(profiles))
                    print("\n".join(profile_worker_under_load(data, env, workers[0].pid, args.seconds, emitted)))
            finally:
                stop_processes(*workers, timeout=60)
    finally:
        Redis.from_url(redis_url).flushdb()
        _drop_database()
    print_verdict(summary)
    print(f"\n{'FAILED' if failures else 'OK'}: {failures} error(s) or lost job(s) over "
          f"{sum(s['requests'] for s in summary)} requests, {len(emitted)} emissions")
    return 1 if failures else 0


def profile_worker_under_load(data, env, worker_pid, seconds, emitted) -> list[str]:
    """The worker side: 2 web processes again, 16 clients, sampling a worker (its work horses are children)."""
    port = free_port()
    server = start_gunicorn("app:create_app()", port, 2, env, "-k", "gthread", "--threads", "4")
    stop, results = threading.Event(), []
    clients = [Client(port, data, stop, results, emitted, 100 + n) for n in range(16)]
    try:
        wait_ready(port, server)
        for client in clients:
            client.start()
        return profile(worker_pid, max(2, int(seconds) - 1), "worker (with its work horses)", subprocesses=True)
    finally:
        stop.set()
        for client in clients:
            if client.is_alive():
                client.join(60)
        stop_processes(server)


def _drop_database() -> None:
    import psycopg
    with psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")


def print_verdict(summary: list[dict]) -> None:
    if not summary:
        return
    print("\n== scale-out")
    for workers in sorted({s["workers"] for s in summary}):
        best = {}
        for web in sorted({s["web"] for s in summary}):
            steps = [s for s in summary if s["web"] == web and s["workers"] == workers]
            if steps:
                best[web] = steps_verdict(steps, f"{web} web, {workers} worker(s)")
        if 1 in best:
            print(f"throughput vs 1 web process ({workers} worker(s)): "
                  + ", ".join(f"{w}: {best[w] / best[1]:.2f}x" for w in best))


def steps_verdict(steps: list[dict], label: str) -> float:
    """Prints one phase's peak, where it saturates and what bounds it; returns its peak req/s."""
    top = max(steps, key=lambda s: s["rps"])
    knee = next((b for a, b in itertools.pairwise(steps) if b["rps"] < a["rps"] * 1.1), None)
    where = f"saturates at {knee['clients']} clients" if knee else "still growing at the last step"
    cpu = top["cpu"]
    heaviest = max(("web", "workers", "postgres", "redis", "driver"), key=lambda k: cpu[k])
    bound = "CPU-bound (machine CPU {:.0f}%)".format(cpu["machine"]) if cpu["machine"] >= 85 else \
        "not CPU-bound (machine CPU {:.0f}%)".format(cpu["machine"])
    print(f"{label}: peak {top['rps']:.1f} req/s at {top['clients']} clients (p50 {top['p50']:.0f} ms, "
          f"p99 {top['p99']:.0f} ms); {where}; {bound}; largest CPU user: {heaviest} ({cpu[heaviest]:.0f}%); "
          f"web CPU {top['web_ms']:.1f} ms per request -> at most {1000 * psutil.cpu_count() / top['web_ms']:.0f} "
          f"req/s on this machine's {psutil.cpu_count()} CPUs if the web processes had them all")
    return top["rps"]


if __name__ == "__main__":
    sys.exit(main())
