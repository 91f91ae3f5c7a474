"""Freights: (a) the freight list (50 rows, authenticated, driver and vehicle joined) under gunicorn against a bare
Flask + psycopg app running the same SQL on the same data; (b) offer acceptance under 16 concurrent clients.

    python bench/bench_freights.py                  # (re)creates database fretes_bench_freights on 127.0.0.1:5432
    python bench/bench_freights.py --rounds 1000 --freights 20

(a) One client, requests interleaved between the two servers (1 sync worker each), the first 100 rounds not kept.
The bare app finds the key with its company in one SELECT, checks it, selects the company's 51 newest freights
with the driver and vehicle joined, signs a cursor and writes the same JSON. Target p50 <= 1.5x.
(b) `--freights` freights with 16 open offers each; for each freight 16 clients (threads, one HTTP connection each)
POST /accept on 16 different offers at once, against gunicorn (gthread, 2 workers x 8 threads). Reported: accepts
per second (all 16 answers of a freight count), and the check that every freight has exactly one 200, fifteen 422
invalid_status and exactly one `aceita` offer in the database (zero double accepts).

    python bench/bench_freights.py --throughput [--against ../old-checkout] [--connections 8,32] [--seconds 10]

(t) Instead of (a) and (b): the list's throughput alone, the same request from N closed-loop clients (keep-alive
connections, threads of this process) against gunicorn as the volume bench's mix runs it (2 processes, gthread, 4
threads each), for each count of connections, several turns; with each step, the CPU a request cost the web
processes and PostgreSQL's backends (Linux /proc). With `--against <checkout>` (another tree of this
project, e.g. `git worktree add --detach ../old <commit>`), that tree's app is started on the same database too and
the two are measured in turn (this tree, then the other, for each count and turn): requests per second of each and
their ratio, with the load average of each step.

    python bench/bench_freights.py --in-process [--against ../old-checkout] [--turns 4] [--rounds 300] [--profile 40]

(p) Instead of (a) and (b): CPU time per list request in one process (Flask's test client, `time.process_time`,
median of `--rounds` requests after 50 of warm-up), this tree and `--against` in turns, each in a process of its own
started in its tree (bench/_freights_in_process.py); `--profile N` prints, after the figures, each tree's cProfile
(same clock) sorted by cumulative time, N lines. `--round-trip-ms X` measures the wall-clock time per request
instead, the database reached through bench/_delay_proxy.py, which holds each chunk X/2 ms each way: what a request
waits with the database on another host, where every round trip costs the network's.
"""
import argparse
import hashlib
import hmac
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import save_seed, start_process, stop_children_on_sigterm
from bench_vehicle_list import (
    free_port,
    get,
    percentile,
    recreate_database,
    start_gunicorn,
    stop_servers,
    wait_ready,
)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DB_NAME = os.environ.get("BENCH_DB", "fretes_bench_freights")
DSN = f"host=127.0.0.1 port=5432 user=postgres dbname={DB_NAME}"
DB_URL = f"postgresql+psycopg://postgres@127.0.0.1:5432/{DB_NAME}"
SECRET = "bench-secret"
FREIGHTS = 10_000
CLIENTS = 16

LIST_SQL = """
SELECT f.id, f.code, f.status, f.visibility, f.public_slug, f.origin_city, f.origin_state, f.origin_ibge,
       f.destination_city, f.destination_state, f.destination_ibge, f.cargo_type, f.weight_kg, f.vehicle_type,
       f.price, f.pickup_at, f.pickup_until, f.delivery_at, f.delivery_until, f.carrier_id, f.carrier_name,
       f.carrier_phone, f.driver_id, d.name AS driver_name, d.phone AS driver_phone, f.vehicle_id,
       v.plate AS vehicle_plate, f.accepted_offer_id, f.simulation_id, f.notes, f.distance_km, f.loaded_axles,
       f.antt_table, f.antt_floor, f.antt_floor_act, f.created_at, f.updated_at
FROM freights f LEFT JOIN drivers d ON d.id = f.driver_id AND d.company_id = f.company_id
     LEFT JOIN vehicles v ON v.id = f.vehicle_id AND v.company_id = f.company_id
WHERE f.company_id = %s ORDER BY f.created_at DESC, f.id DESC LIMIT %s"""
KEY_SQL = ("SELECT k.secret_hash, k.revoked_at, k.scopes, c.id FROM api_keys k JOIN companies c ON c.id = k.company_id "
           "WHERE k.prefix = %s")


def create_bare_app():
    from types import SimpleNamespace

    import psycopg
    from flask import Flask, abort, jsonify, request
    from psycopg.rows import dict_row

    sys.path.insert(0, ROOT)
    from domain.freights.floor import floor_pending  # a pure function of four columns: the pt-BR reason text

    app = Flask("bare")
    state = {}

    def conn():
        if "conn" not in state:
            state["conn"] = psycopg.connect(os.environ["BENCH_DSN"], autocommit=True)
        return state["conn"]

    def iso(ts):
        return ts.isoformat(timespec="microseconds") + "Z" if ts else None

    def num(value):
        return float(value) if value is not None else None

    def ident(value):
        return str(value) if value is not None else None

    def floor(r):
        # The freight's stored ANTT floor against its price, as the API answers it (domain/freights/floor.py).
        if r["antt_floor"] is None:
            return None
        below = None if r["price"] is None else r["price"] < r["antt_floor"]
        return {"value": num(r["antt_floor"]), "act": r["antt_floor_act"], "below": below}

    @app.get("/bare/ping")
    def ping():
        return "ok"

    @app.get("/bare/freights")
    def freights():
        prefix, _, secret = (request.headers.get("X-API-Key") or "").partition(".")
        found = conn().execute(KEY_SQL, (prefix,)).fetchone()
        if not found or found[1] is not None or not hmac.compare_digest(
                hashlib.sha256(secret.encode()).hexdigest(), found[0]) or "read" not in found[2]:
            abort(401)
        try:
            limit = int(request.args.get("limit", 50))
        except ValueError:
            abort(400)
        if not 1 <= limit <= 200:
            abort(400)
        rows = conn().cursor(row_factory=dict_row).execute(LIST_SQL, (found[3], limit + 1)).fetchall()
        more = None
        if len(rows) > limit:
            rows, last = rows[:limit], rows[limit - 1]
            payload = json.dumps({"k": {"t": "dt", "v": last["created_at"].isoformat()}, "id": str(last["id"]),
                                  "s": "freights"}, separators=(",", ":")).encode()
            more = payload.hex()[:40] + "." + hmac.new(SECRET.encode(), payload, hashlib.sha256).hexdigest()[:24]
        data = [{
            "id": str(r["id"]), "code": r["code"], "status": r["status"], "visibility": r["visibility"],
            "public_slug": r["public_slug"],
            "origin": {"city": r["origin_city"], "state": r["origin_state"], "ibge_code": r["origin_ibge"]},
            "destination": {"city": r["destination_city"], "state": r["destination_state"],
                            "ibge_code": r["destination_ibge"]},
            "cargo_type": r["cargo_type"], "weight_kg": num(r["weight_kg"]), "vehicle_type": r["vehicle_type"],
            "price": num(r["price"]), "pickup_at": iso(r["pickup_at"]), "pickup_until": iso(r["pickup_until"]),
            "delivery_at": iso(r["delivery_at"]), "delivery_until": iso(r["delivery_until"]),
            "carrier": ({"id": ident(r["carrier_id"]), "name": r["carrier_name"], "phone": r["carrier_phone"]}
                        if r["carrier_id"] or r["carrier_name"] else None),
            "driver": ({"id": str(r["driver_id"]), "name": r["driver_name"], "phone": r["driver_phone"]}
                       if r["driver_id"] else None),
            "vehicle": {"id": str(r["vehicle_id"]), "plate": r["vehicle_plate"]} if r["vehicle_id"] else None,
            "accepted_offer_id": ident(r["accepted_offer_id"]), "simulation_id": ident(r["simulation_id"]),
            "notes": r["notes"], "distance_km": num(r["distance_km"]), "loaded_axles": r["loaded_axles"],
            "antt_table": r["antt_table"], "antt_floor": floor(r),
            "antt_floor_pendencia": floor_pending(SimpleNamespace(**{
                name: r[name] for name in ("antt_floor", "cargo_type", "distance_km", "loaded_axles")})),
            "created_at": iso(r["created_at"]), "updated_at": iso(r["updated_at"]),
        } for r in rows]
        return jsonify({"data": data, "page": {"next_cursor": more, "has_more": more is not None}})

    return app


def seed(instance: str, race_freights: int) -> dict:
    sys.path.insert(0, ROOT)
    import sqlalchemy as sa

    from app import create_app
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.tenancy import services

    app = create_app({"SQLALCHEMY_DATABASE_URI": DB_URL, "SECRET_KEY": SECRET, "INSTANCE_PATH": instance,
                      "REDIS_URL": "", "JOBS_INLINE": True})
    with app.app_context():
        db.create_all()
        company = services.create_company(name="Transportadora Bench Ltda", cnpj="11222333000181")
        save_seed()
        scope = tenant_scope(company.id)
        scope.__enter__()
        params = {"company_id": company.id}
        db.session.execute(sa.text("""
            INSERT INTO drivers (id, company_id, name, phone, cpf, has_mopp, status, created_at, updated_at)
            SELECT gen_random_uuid(), :company_id, 'Motorista ' || i, '+5541999990000', lpad(i::text, 11, '0'), false,
                   'ativo', now(), now() FROM generate_series(1, 100) AS i"""), params)
        db.session.execute(sa.text("""
            INSERT INTO freights (id, company_id, code, status, visibility, origin_city, origin_state, origin_ibge,
                                  destination_city, destination_state, destination_ibge, cargo_type, weight_kg,
                                  vehicle_type, price, pickup_at, carrier_name, driver_id, search_text,
                                  distance_km, loaded_axles, antt_table, antt_floor, antt_floor_act,
                                  created_at, updated_at)
            SELECT gen_random_uuid(), :company_id, 'FRT-' || lpad(i::text, 6, '0'),
                   (ARRAY['draft','published','negotiating','assigned','in_transit','delivered'])[1 + i % 6],
                   'privado', 'São Paulo', 'SP', '3550308', 'Curitiba', 'PR', '4106902', 'Carga seca', 12000,
                   'carreta', 4500 + i % 100, timestamp '2026-02-01' + make_interval(hours => i % 500),
                   CASE WHEN i % 3 = 0 THEN 'Transportes ' || i END,
                   CASE WHEN i % 2 = 0 THEN (SELECT id FROM drivers ORDER BY name OFFSET (i % 100) LIMIT 1) END,
                   'frt-' || lpad(i::text, 6, '0') || ' sao paulo curitiba',
                   CASE WHEN i % 4 = 0 THEN 408 END, CASE WHEN i % 4 = 0 THEN 5 END,
                   CASE WHEN i % 4 = 0 THEN 'A' END, CASE WHEN i % 4 = 0 THEN 4480 + i % 40 END,
                   CASE WHEN i % 4 = 0 THEN 'Portaria SUROC 22/2026' END,
                   timestamp '2026-01-01' - make_interval(secs => i), timestamp '2026-01-01' - make_interval(secs => i)
            FROM generate_series(1, :last) AS i"""), {**params, "last": FREIGHTS})
        db.session.execute(sa.text("""
            INSERT INTO freights (id, company_id, code, status, visibility, origin_city, origin_state,
                                  destination_city, destination_state, price, search_text, created_at, updated_at)
            SELECT gen_random_uuid(), :company_id, 'FRT-9' || lpad(i::text, 5, '0'), 'published', 'privado',
                   'Campinas', 'SP', 'Londrina', 'PR', 3000, 'race', timestamp '2020-01-01' - make_interval(secs => i),
                   timestamp '2020-01-01' FROM generate_series(1, :n) AS i"""), {**params, "n": race_freights})
        db.session.execute(sa.text("""
            INSERT INTO offers (id, company_id, freight_id, status, carrier_name, price, source, created_at, updated_at)
            SELECT gen_random_uuid(), :company_id, f.id, 'pendente', 'Transportador ' || j, 2500 + j, 'api', now(),
                   now()
            FROM freights f CROSS JOIN generate_series(1, :clients) AS j WHERE f.search_text = 'race'"""),
            {**params, "clients": CLIENTS})
        save_seed()
        _, key = services.create_api_key(company, scopes=("read", "write"), name="bench")
        save_seed()
        db.session.execute(sa.text("ANALYZE"))
        save_seed()
        races = {}
        for freight_id, offer_id in db.session.execute(sa.text(
                "SELECT f.id, o.id FROM freights f JOIN offers o ON o.freight_id = f.id "
                "WHERE f.search_text = 'race' AND f.company_id = :company_id"), params):
            races.setdefault(str(freight_id), []).append(str(offer_id))
        scope.__exit__(None, None, None)
        db.engine.dispose()
    return {"key": key, "races": races}


def post(conn: http.client.HTTPConnection, path: str, key: str) -> int:
    conn.request("POST", path, headers={"X-API-Key": key})
    response = conn.getresponse()
    response.read()
    return response.status


def race(port: int, key: str, races: dict) -> tuple[float, dict]:
    """For each freight, CLIENTS threads accept CLIENTS different offers at the same moment."""
    connections = [http.client.HTTPConnection("127.0.0.1", port, timeout=60) for _ in range(CLIENTS)]
    outcomes, total = {}, 0.0
    for freight_id, offer_ids in races.items():
        barrier, codes = threading.Barrier(CLIENTS), [None] * CLIENTS

        def accept(index, offer_id=None, freight_id=freight_id, barrier=barrier, codes=codes):
            barrier.wait()
            codes[index] = post(connections[index], f"/api/public/v1/freights/{freight_id}/offers/{offer_id}/accept",
                                key)
        threads = [threading.Thread(target=accept, args=(i, offer_id)) for i, offer_id in enumerate(offer_ids)]
        started = time.perf_counter()
        [t.start() for t in threads]
        [t.join() for t in threads]
        total += time.perf_counter() - started
        outcomes[freight_id] = sorted(codes)
    for conn in connections:
        conn.close()
    return total, outcomes


def measured_trees(args) -> dict:
    """This tree, then each `--against` checkout (named by its directory)."""
    return {"this tree": ROOT, **{os.path.basename(os.path.abspath(path)): os.path.abspath(path)
                                  for path in args.against or ()}}


def ratios(medians: dict) -> str:
    this = medians["this tree"]
    return "".join(f"  this / {name} {this / value:.2f}x" for name, value in medians.items() if name != "this tree")


def closed_loop(port: int, path: str, key: str, connections: int, seconds: float) -> tuple[int, int, float]:
    """`connections` clients, each sending the next request as soon as the last is answered (one keep-alive
    connection each), for `seconds`: (answers 200, other answers, elapsed seconds)."""
    stop, counts = threading.Event(), [[0, 0] for _ in range(connections)]

    def client(index: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while not stop.is_set():
            conn.request("GET", path, headers={"X-API-Key": key})
            response = conn.getresponse()
            response.read()
            counts[index][response.status != 200] += 1
        conn.close()

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(connections)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(60)
    return sum(c[0] for c in counts), sum(c[1] for c in counts), time.perf_counter() - started


def process_tree(pid: int) -> list[int]:
    """A server's process and its workers (gunicorn's master and the processes it forked)."""
    children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False).stdout.split()
    return [pid, *map(int, children)]


def postgres_backends() -> list[int]:
    """PostgreSQL's processes on this machine (its backends serve both trees: read around one tree's step only)."""
    found = subprocess.run(["pgrep", "-x", "postgres"], capture_output=True, text=True, check=False)
    return [int(pid) for pid in found.stdout.split()]


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes so far (/proc/<pid>/stat), those gone since counted as nothing."""
    ticks = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def throughput(args, seeded: dict, env: dict) -> None:
    """(t): this tree's list (and `--against`'s) under N connections, in turns; requests per second and the ratio."""
    trees = measured_trees(args)
    path = "/api/public/v1/freights?limit=50"
    servers, ports = {}, {}
    try:
        for name, root in trees.items():
            ports[name] = free_port()
            command = [sys.executable, "-m", "gunicorn", "-w", "2", "-k", "gthread", "--threads", "4", "-b",
                       f"127.0.0.1:{ports[name]}", "--log-level", "warning", "app:create_app()"]
            # Each tree from its own directory: its own code and its own gunicorn.conf.py.
            servers[name] = start_process(command, cwd=root, env={**env, "PYTHONPATH": root})
        for name in trees:
            wait_ready(ports[name], "/healthz", servers[name])
            closed_loop(ports[name], path, seeded["key"], 4, 3.0)  # warm-up: both processes, their pools and caches
        counts = [int(n) for n in args.connections.split(",")]
        print(f"\n(t) GET {path}: gunicorn 2 processes x gthread 4 threads per tree, {args.seconds:.0f} s per step")
        rates = {(name, n): [] for name in trees for n in counts}
        for turn in range(args.turns):
            for n in counts:
                for name in trees:
                    web, database = process_tree(servers[name].pid), postgres_backends()
                    spent_before = cpu_seconds(web), cpu_seconds(database)
                    ok, bad, elapsed = closed_loop(ports[name], path, seeded["key"], n, args.seconds)
                    web_ms, db_ms = (1000 * (cpu_seconds(pids) - before) / max(ok, 1)
                                     for pids, before in zip((web, database), spent_before, strict=True))
                    rates[name, n].append(ok / elapsed)
                    print(f"    turn {turn + 1} {n:3} connections {name:10} {ok / elapsed:7.1f} req/s  errors {bad}  "
                          f"CPU a request: web {web_ms:.2f} ms, PostgreSQL {db_ms:.2f} ms  "
                          f"load {os.getloadavg()[0]:.1f}", flush=True)
        for n in counts:
            medians = {name: statistics.median(rates[name, n]) for name in trees}
            line = "  ".join(f"{name} {rate:6.1f}" for name, rate in medians.items())
            print(f"    {n:3} connections, median req/s: {line}{ratios(medians)}")
    finally:
        stop_servers(*servers.values())


def delaying_proxy(round_trip_ms: float) -> tuple[subprocess.Popen, str]:
    """bench/_delay_proxy.py in front of the bench's database: (its process, the database URL through it)."""
    port = free_port()
    proxy = start_process([sys.executable, os.path.join(ROOT, "bench", "_delay_proxy.py"), str(port), "127.0.0.1",
                           "5432", str(round_trip_ms)], cwd=ROOT, env=dict(os.environ), stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL)
    proxy.stdout.readline()  # "ready"
    return proxy, DB_URL.replace("127.0.0.1:5432", f"127.0.0.1:{port}")


def in_process(args, seeded: dict) -> None:
    """(p): the list's CPU time per request in one process, this tree and `--against` in turns; with
    `--round-trip-ms`, the wall-clock time per request through a proxy that delays the database's round trips."""
    trees = measured_trees(args)
    script = os.path.join(ROOT, "bench", "_freights_in_process.py")
    proxy, url = delaying_proxy(args.round_trip_ms) if args.round_trip_ms else (None, DB_URL)
    wall = ("--wall",) if proxy else ()

    def run(root: str, *extra: str) -> str:
        return subprocess.run([sys.executable, script, url, seeded["key"], str(args.rounds), *extra], cwd=root,
                              env={**os.environ, "PYTHONPATH": root}, capture_output=True, text=True,
                              check=True).stdout
    medians = {name: [] for name in trees}
    what = (f"wall-clock ms per request, database round trip + {args.round_trip_ms} ms" if proxy
            else "CPU ms per request")
    print(f"\n(p) GET /api/public/v1/freights?limit=50 in one process: {what}, median of {args.rounds}")
    try:
        _in_process_turns(args, trees, medians, lambda root: float(run(root, *wall)))
    finally:
        if proxy is not None:
            stop_servers(proxy)
    medians = {name: statistics.median(values) for name, values in medians.items()}
    line = "  ".join(f"{name} {value:.2f} ms" for name, value in medians.items())
    print(f"    median of the turns: {line}{ratios(medians)}")
    for name, root in trees.items() if args.profile else ():
        print(f"\n--- {name} ({root}): cProfile, process time, {args.rounds} requests")
        print(run(root, "--profile", str(args.profile)))


def _in_process_turns(args, trees: dict, medians: dict, measure) -> None:
    for turn in range(args.turns):
        for name, root in trees.items():
            medians[name].append(measure(root))
            print(f"    turn {turn + 1} {name:10} {medians[name][-1]:6.2f} ms  load {os.getloadavg()[0]:.1f}",
                  flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--freights", type=int, default=20, help="freights raced on in (b)")
    parser.add_argument("--throughput", action="store_true", help="(t) only: the list's requests per second")
    parser.add_argument("--against", action="append",
                        help="(t), (p): another checkout of the project, measured in turns with this one (repeatable)")
    parser.add_argument("--connections", default="8,32", help="(t): counts of closed-loop connections")
    parser.add_argument("--seconds", type=float, default=10.0, help="(t): seconds per step")
    parser.add_argument("--turns", type=int, default=3, help="(t), (p): turns over every count and tree")
    parser.add_argument("--in-process", action="store_true", help="(p) only: CPU time per request in one process")
    parser.add_argument("--profile", type=int, default=0, help="(p): print each tree's cProfile, this many lines")
    parser.add_argument("--round-trip-ms", type=float, default=0.0,
                        help="(p): wall-clock time instead of CPU, the database's round trips delayed by this much")
    args = parser.parse_args()
    stop_children_on_sigterm()

    instance = tempfile.mkdtemp(prefix="bench-freights-")
    recreate_database(DB_NAME)
    seeded = seed(instance, args.freights)
    env = dict(os.environ, DATABASE_URL=DB_URL, SECRET_KEY=SECRET, INSTANCE_PATH=instance, REDIS_URL="",
               JOBS_INLINE="1", LOG_LEVEL="WARNING", BENCH_DSN=DSN, PYTHONPATH=ROOT)
    if args.throughput:
        return throughput(args, seeded, env)
    if args.in_process:
        return in_process(args, seeded)
    bench_path = ("--pythonpath", os.path.join(ROOT, "bench"))
    ports = {"real": free_port(), "bare": free_port(), "race": free_port()}
    servers = {"real": start_gunicorn("app:create_app()", ports["real"], 1, env),
               "bare": start_gunicorn("bench_freights:create_bare_app()", ports["bare"], 1, env, *bench_path)}
    headers = {"X-API-Key": seeded["key"]}
    calls = {"real": "/api/public/v1/freights?limit=50", "bare": "/bare/freights?limit=50"}
    samples = {side: [] for side in calls}
    try:
        wait_ready(ports["real"], "/healthz", servers["real"])
        wait_ready(ports["bare"], "/bare/ping", servers["bare"])
        bodies = {side: json.loads(get(ports[side], path, headers)[1]) for side, path in calls.items()}
        assert bodies["real"]["data"] == bodies["bare"]["data"], "the two endpoints must answer the same rows"
        for round_ in range(args.rounds + 100):
            for side in (("real", "bare") if round_ % 2 else ("bare", "real")):
                started = time.perf_counter()
                status, _ = get(ports[side], calls[side], headers)
                elapsed = time.perf_counter() - started
                assert status == 200
                if round_ >= 100:
                    samples[side].append(elapsed)
    finally:
        stop_servers(*servers.values())

    r50, b50 = statistics.median(samples["real"]), statistics.median(samples["bare"])
    r99, b99 = percentile(samples["real"], 0.99), percentile(samples["bare"], 0.99)
    print(f"\n(a) freight list, 50 rows, gunicorn 1 sync worker each, {args.rounds} interleaved requests each")
    print(f"    app  p50 {r50 * 1000:7.2f} ms  p99 {r99 * 1000:7.2f} ms")
    print(f"    bare p50 {b50 * 1000:7.2f} ms  p99 {b99 * 1000:7.2f} ms")
    print(f"    ratio p50 {r50 / b50:.2f}x (target <= 1.5x: {'OK' if r50 / b50 <= 1.5 else 'MISSED'})  "
          f"p99 {r99 / b99:.2f}x")

    server = start_gunicorn("app:create_app()", ports["race"], 2, env, "--worker-class", "gthread", "--threads", "8")
    try:
        wait_ready(ports["race"], "/healthz", server)
        elapsed, outcomes = race(ports["race"], seeded["key"], seeded["races"])
    finally:
        stop_servers(server)
    import psycopg
    with psycopg.connect(DSN) as conn:
        accepted = dict(conn.execute("SELECT freight_id::text, count(*) FROM offers WHERE status = 'aceita' "
                                     "GROUP BY freight_id").fetchall())
    expected = [200] + [422] * (CLIENTS - 1)
    wrong = [f for f, codes in outcomes.items() if codes != expected or accepted.get(f) != 1]
    requests = CLIENTS * len(outcomes)
    print(f"\n(b) accept: {len(outcomes)} freights x {CLIENTS} concurrent clients on different offers, gunicorn "
          f"gthread, 2 workers x 8 threads")
    print(f"    {requests} accept calls in {elapsed:.2f} s: {requests / elapsed:.0f} calls/s, "
          f"{len(outcomes) / elapsed:.1f} contested freights/s")
    print(f"    freights with exactly one 200 + {CLIENTS - 1} x 422 and one `aceita` offer: "
          f"{len(outcomes) - len(wrong)}/{len(outcomes)}; double accepts: "
          f"{sum(1 for f in outcomes if accepted.get(f, 0) > 1)}")
    if wrong:
        print(f"    WRONG: {[(f, outcomes[f], accepted.get(f)) for f in wrong[:5]]}")


if __name__ == "__main__":
    main()
