"""Calls to the authority while it hangs: what a client waits, and what the rest of the service still answers.

    BENCH_DB=<scratch db> REDIS_URL=redis://127.0.0.1:6379/<scratch db> python bench/bench_authority_hang.py
        [--processes 4] [--threads 4] [--samples 40] [--wait 1.5]

Real parts, as deployed: gunicorn (`gthread`, `--processes` × `--threads`; deploy/systemd's defaults are 4 × 4) and
one RQ worker of the `emission` queue (`flask worker emission`), on PostgreSQL (BENCH_DB on 127.0.0.1, dropped and
recreated) and Redis (REDIS_URL, emptied at the start and the end), both pointed at the ANTT PEF test server
(tests/fixtures/pef_server.py: mutual TLS, the manual's checks), which runs in this process. AUTHORITY_WAIT_SECONDS is
`--wait` (the default 1.5 s). The server is quiet first, then told to hang (no answer until it is released), and the
same two measurements are made in each state, so every figure is a ratio against a baseline of the same run:

(a) 20 concurrent calls (5 emits, 5 cancels, 5 closings, 5 rectifications of operations of their own, 20
    connections at once): each call's seconds, max and p95. Quietly the authority answers within the wait (200) or
    the worker's queue makes the last ones 202; while it hangs every call must answer 202 with its pending record
    and a Location (checked: the bench says how many did not). The issue's target: each call ≤ 2 s.
(b) reads, `--samples` of each in turns: the CIOT list page (`/ciot/`), an operation's page (`/ciot/<id>`) and the
    API list (`GET /api/public/v1/ciot/operations?limit=50`); their p95 quiet and while the authority hangs (measured
    after the 20 hanging calls, while their jobs wait on it). Target: within 2× of quiet.

The figures also print the machine's load (`os.getloadavg`) at each phase: on a shared machine the absolute seconds
measure it as much as the app.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import save_seed, start_process, stop_children_on_sigterm, stop_processes, wait_http_ready
from bench_vehicle_list import PASSWORD, free_port, login_cookie, recreate_database

ROOT = str(Path(__file__).resolve().parent.parent)
DB_NAME = os.environ.get("BENCH_DB", "fretes_bench_hang")
DB_URL = f"postgresql+psycopg://postgres@127.0.0.1:5432/{DB_NAME}"
SECRET = "bench-secret"
EXTRA_OPERATIONS = 10  # emitted operations besides the 40 the calls act on: the lists show 50 rows


def seed(instance: str, pef_settings: dict, setup) -> dict:
    """A company (legacy flow: rectification is its), an admin user, an API key, its certificate for the PEF
    server, and the operations: per phase 5 ready to emit and 15 emitted, plus a warm-up one and EXTRA_OPERATIONS
    emitted (through the real services; the emissions asked inline of the quiet server)."""
    from app import create_app
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.tenancy import services as tenancy
    from tests.fixtures.ciot import operation_in

    app = create_app({"SQLALCHEMY_DATABASE_URI": DB_URL, "SECRET_KEY": SECRET, "INSTANCE_PATH": instance,
                      "REDIS_URL": "", "JOBS_INLINE": True, **pef_settings})
    with app.app_context():
        db.create_all()
        company = tenancy.create_company(name="Transportadora Bench Ltda", cnpj="11444777000161", ciot_flow="legacy")
        save_seed()
        with tenant_scope(company.id):
            tenancy.create_user(company, email="bench@example.com", password=PASSWORD, role="admin")
            _, key = tenancy.create_api_key(company, name="bench")
            save_seed()
        setup.install(company)

        def operations(status: str, count: int) -> list:
            return [operation_in(company, status, "bench", tipo_operacao="fracionada").id for _ in range(count)]
        phases = {phase: (operations("pronto_emissao", 5), operations("emitido", 15)) for phase in ("quiet", "hanging")}
        warm_up = operations("pronto_emissao", 1)[0]
        operations("emitido", EXTRA_OPERATIONS)
        data = {"key": key, "phases": phases, "warm_up": warm_up, "page_op": phases["quiet"][1][0]}
        db.engine.dispose()
    return data


def reads(port: int, key: str, cookie: str, op_id, samples: int) -> dict[str, list[float]]:
    """`samples` rounds of the three reads in turns; each must answer 200."""
    from tests.fixtures.authority_hang import API, call

    paths = {"page /ciot/": ("/ciot/", {"Cookie": cookie}),
             "page /ciot/<id>": (f"/ciot/{op_id}", {"Cookie": cookie}),
             "API list": (f"{API}?limit=50", {"X-API-Key": key})}
    timings = {name: [] for name in paths}
    for _ in range(samples):
        for name, (path, headers) in paths.items():
            answer = call(port, "GET", path, headers)
            if answer.status != 200:
                raise SystemExit(f"{name}: {answer.status}")
            timings[name].append(answer.seconds)
    return timings


def wait_emitted(port: int, key: str, op_id, timeout: float = 300) -> None:
    """The warm-up emission through the API and the worker: proves both are up before anything is timed."""
    from tests.fixtures.authority_hang import API, call

    headers = {"X-API-Key": key}
    answer = call(port, "POST", f"{API}/{op_id}/emit", headers)
    deadline = time.monotonic() + timeout
    while answer.status != 200 or (answer.body.get("data") or {}).get("status") != "emitido":
        if time.monotonic() > deadline:
            raise SystemExit(f"the warm-up emission did not end: {answer.status} {answer.body}")
        time.sleep(0.5)
        answer = call(port, "GET", f"{API}/{op_id}", headers)


def wait_settled(redis, timeout: float = 300) -> None:
    """The quiet calls' jobs all done (the emission queue empty, nothing started): the hang phase starts clean."""
    from rq import Queue
    from rq.registry import StartedJobRegistry

    queue = Queue("emission", connection=redis)
    deadline = time.monotonic() + timeout
    while queue.count or StartedJobRegistry("emission", connection=redis).count:
        if time.monotonic() > deadline:
            raise SystemExit("the quiet calls' jobs did not finish")
        time.sleep(0.5)


def server_durations(path: str, start: int, end: int) -> str:
    """The POSTs' durations in the request lines written between two offsets of the server's log."""
    import re
    with open(path, "rb") as lines:
        lines.seek(start)
        text = lines.read(end - start).decode(errors="replace")
    seconds = [float(ms) / 1000 for ms in re.findall(r"method=POST .*?duration_ms=([0-9.]+)", text)]
    if not seconds:
        return "no request line (the log is written when each answer is sent: none yet?)"
    from tests.fixtures.authority_hang import p95
    return f"{len(seconds)} calls, max {max(seconds):.2f} s, p95 {p95(seconds):.2f} s, min {min(seconds):.2f} s"


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def print_calls(phase: str, answered) -> list[float]:
    from collections import Counter

    from tests.fixtures.authority_hang import p95
    seconds = [answer.seconds for _, _, answer in answered]
    statuses = Counter(answer.status for _, _, answer in answered)
    print(f"  {phase:<8} max {max(seconds):6.2f} s   p95 {p95(seconds):6.2f} s   min {min(seconds):6.2f} s   "
          f"statuses {dict(sorted(statuses.items()))}   within 2 s: {sum(s <= 2 for s in seconds)}/20")
    slowest = {}
    for action, _, answer in answered:
        slowest[action] = max(slowest.get(action, 0.0), answer.seconds)
    print("           slowest per action: " + ", ".join(f"{action} {value:.2f} s" for action, value in slowest.items()))
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processes", type=int, default=4, help="gunicorn processes (default 4, as deployed)")
    parser.add_argument("--threads", type=int, default=4, help="threads per process (default 4, as deployed)")
    parser.add_argument("--samples", type=int, default=40, help="reads of each kind per phase (default 40)")
    parser.add_argument("--wait", type=float, default=1.5, help="AUTHORITY_WAIT_SECONDS (default 1.5)")
    parser.add_argument("--server-log", help="write the web processes' request lines (INFO) to this file and print "
                        "the 20 calls' durations as the server saw them (from its first hook to its answer)")
    args = parser.parse_args()
    stop_children_on_sigterm()
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        raise SystemExit("set REDIS_URL to a scratch Redis db (the worker needs Redis; it is emptied)")
    sys.path.insert(0, ROOT)
    from redis import Redis

    from tests.fixtures import pef_pki
    from tests.fixtures.authority_hang import (
        WORKER_COMMAND,
        p95,
        pending_problems,
        served_env,
        twenty_calls,
        web_command,
    )
    from tests.fixtures.pef_server import PefSetup, start_server

    redis = Redis.from_url(redis_url)
    redis.flushdb()
    instance = tempfile.mkdtemp(prefix="fretes-bench-")
    authority = pef_pki.make_authority()
    server, httpd = start_server(Path(instance), authority)
    setup = PefSetup(server, authority)
    recreate_database(DB_NAME)
    print(f"seeding {DB_NAME} (load {load()})", flush=True)
    data = seed(instance, setup.settings(), setup)
    env = served_env({**os.environ, "PYTHONPATH": ROOT}, database_url=DB_URL, redis_url=redis_url, secret_key=SECRET,
                     instance=instance, pef_settings=setup.settings(), wait=args.wait)
    port = free_port()
    log = open(args.server_log, "wb") if args.server_log else None  # noqa: SIM115 (closed at the end)
    web_env = {**env, "LOG_LEVEL": "INFO"} if log else env
    web = start_process(web_command(f"127.0.0.1:{port}", args.processes, args.threads), cwd=ROOT, env=web_env,
                        stderr=log or subprocess.PIPE)
    worker = start_process(WORKER_COMMAND, cwd=ROOT, env=env)
    try:
        wait_http_ready(port, "/healthz", web)
        key, cookie = data["key"], login_cookie(port)
        wait_emitted(port, key, data["warm_up"])
        reads(port, key, cookie, data["page_op"], 5)  # every process has served each read once or so
        print(f"gunicorn gthread {args.processes}×{args.threads}, 1 RQ worker, AUTHORITY_WAIT_SECONDS {args.wait}",
              flush=True)

        print(f"quiet: reads (load {load()})", flush=True)
        quiet_reads = reads(port, key, cookie, data["page_op"], args.samples)
        print(f"quiet: 20 calls (load {load()})", flush=True)
        marks = [log.tell() if log else 0]
        quiet_calls = twenty_calls(port, {"X-API-Key": key}, *data["phases"]["quiet"])
        marks.append(log.tell() if log else 0)
        wait_settled(redis)

        server.hang()
        try:
            print(f"hanging: 20 calls (load {load()})", flush=True)
            marks.append(log.tell() if log else 0)
            hanging_calls = twenty_calls(port, {"X-API-Key": key}, *data["phases"]["hanging"])
            marks.append(log.tell() if log else 0)
            print(f"hanging: reads (load {load()})", flush=True)
            hanging_reads = reads(port, key, cookie, data["page_op"], args.samples)
        finally:
            server.unhang()
        print(f"done (load {load()})\n")

        print("(a) 20 concurrent emit/cancel/close/rectify calls, seconds per call")
        quiet = print_calls("quiet", quiet_calls)
        hanging = print_calls("hanging", hanging_calls)
        problems = [p for action, op_id, answer in hanging_calls for p in pending_problems(action, op_id, answer)]
        print(f"  hanging answers without 202 + pending record + Location: {len(problems)}")
        for problem in problems[:5]:
            print(f"    {problem}")
        print(f"  ratio hanging / quiet: max {max(hanging) / max(quiet):.2f}x   p95 {p95(hanging) / p95(quiet):.2f}x")
        if log:
            log.flush()
            for phase, (start, end) in (("quiet", marks[0:2]), ("hanging", marks[2:4])):
                print(f"  server side, {phase}: " + server_durations(args.server_log, start, end))
        print(f"\n(b) reads p95, {args.samples} each (target: hanging within 2x of quiet)")
        for name in quiet_reads:
            before, during = p95(quiet_reads[name]), p95(hanging_reads[name])
            print(f"  {name:<16} quiet {before * 1000:8.1f} ms   hanging {during * 1000:8.1f} ms   "
                  f"ratio {during / before:.2f}x")
    finally:
        stop_processes(web, worker)
        if log:
            log.close()
        httpd.shutdown()
        httpd.server_close()
        redis.flushdb()


if __name__ == "__main__":
    main()
