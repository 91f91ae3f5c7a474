"""Vehicle list (50 rows, authenticated) under gunicorn: the real app against a bare Flask + psycopg app that
runs the same SQL on the same data. Also prints (c): statements per list page for 1 and 200 rows.

    python bench/bench_vehicle_list.py                 # (re)creates database fretes_bench_list on 127.0.0.1:5432
    python bench/bench_vehicle_list.py --rounds 1500 --workers 2

Both servers are gunicorn (sync workers, same count), started here as subprocesses on free loopback ports and
stopped at the end. One client sends the requests one at a time, interleaving the two servers and alternating
which goes first in each round, so machine noise hits both alike. Pairs compared:
  API   GET /api/public/v1/vehicles?limit=50 (X-API-Key)        vs  bare GET /bare/vehicles?limit=50 (X-API-Key)
  page  GET /veiculos?limit=50, htmx results fragment (session)   vs  bare GET /bare/vehicles.html?limit=50
        (the bare page reads the same login cookie through Flask's own signed session)
The bare app does what the real one must do, by hand: find the key (or the open session's user) with its company
in one SELECT, check it, select the company's 51 newest vehicles (ORDER BY created_at DESC, id DESC), sign a
cursor, and write JSON (or render, with Jinja, the same fragment: the bench checks both sides send the same ids,
and for the page the same markup). Targets: p50 <= 1.5x, p99 <= 2x.
"""
import argparse
import base64
import hashlib
import hmac
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from _common import save_seed, start_process, stop_children_on_sigterm, stop_processes, wait_http_ready

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DB_NAME = os.environ.get("BENCH_DB", "fretes_bench_list")  # a scratch database: dropped and recreated
ADMIN_DSN = "host=127.0.0.1 port=5432 user=postgres dbname=postgres"
DSN = f"host=127.0.0.1 port=5432 user=postgres dbname={DB_NAME}"
DB_URL = f"postgresql+psycopg://postgres@127.0.0.1:5432/{DB_NAME}"
SECRET = "bench-secret"
VEHICLES = 10_000
PASSWORD = "senha-do-bench-1"


# --- The bare app (imported by gunicorn from this file: bench_vehicle_list:create_bare_app()) --------------

LIST_SQL = (
    "SELECT id, plate, vehicle_type, renavam, brand, model, year, capacity_kg, status, notes, created_at, updated_at "
    "FROM vehicles WHERE company_id = %s ORDER BY created_at DESC, id DESC LIMIT %s")
KEY_SQL = ("SELECT k.secret_hash, k.revoked_at, k.scopes, c.id FROM api_keys k JOIN companies c ON c.id = k.company_id "
           "WHERE k.prefix = %s")
# Flask-Login's id is `<user id>:<session id>` (domain/tenancy/sessions.py): the session row must be open and recent.
USER_SQL = ("SELECT u.id, u.role, c.id, c.legal_name FROM user_sessions s JOIN users u ON u.id = s.user_id "
            "JOIN companies c ON c.id = u.company_id WHERE s.id = %s AND s.user_id = %s AND s.revoked_at IS NULL "
            "AND s.last_seen_at > now() AT TIME ZONE 'UTC' - interval '2 hours'")
# The same fragment the real page sends (bench checks the two are equal, whitespace aside): the table head, each row
# with its link, formatted weight and status badge, and the "Carregar mais" row.
RESULTS_HTML = """<div id="results" class="card"><div class="table-wrap">
<table class="table " data-testid="vehicle-list">
<thead><tr><th scope="col">Placa</th><th scope="col">Tipo</th><th scope="col">Marca / modelo</th>
<th scope="col">Ano</th><th scope="col" class="right">Capacidade</th><th scope="col">Situação</th></tr></thead><tbody>
{% for v in rows %}{% set badge = badges[v.status] %}<tr data-id="{{ v.id }}">
<td><a href="/veiculos/{{ v.id }}" class="plate">{{ v.plate | plate }}</a></td><td>{{ v.vehicle_type or '—' }}</td>
<td>{{ v.brand or '' }} {{ v.model or '' }}</td><td>{{ v.year or '—' }}</td>
<td class="right">{{ v.capacity_kg | weight }}</td>
<td><span class="badge badge-{{ badge[1] }}" data-status="{{ v.status }}">{{ badge[0] }}</span></td></tr>{% endfor %}
{% if more %}<tr id="load-more"><td colspan="6" class="load-more"><a class="button" href="/veiculos?cursor={{ more }}" \
hx-get="/veiculos?cursor={{ more }}" hx-target="#load-more" hx-swap="outerHTML" data-testid="load-more">
Carregar mais</a></td></tr>{% endif %}</tbody></table></div></div>"""


def same_html(a: bytes, b: bytes) -> bool:
    """Equal markup, whitespace between and inside tags aside."""
    def squeeze(body):
        return re.sub(rb"\s*(<|>)\s*", rb"\1", re.sub(rb"\s+", b" ", body)).strip()
    return squeeze(a) == squeeze(b)


def create_bare_app():
    import psycopg
    from flask import Flask, abort, jsonify, request, session
    from itsdangerous import Signer
    from psycopg.rows import dict_row

    app = Flask("bare")
    signer = Signer(SECRET, salt="fretes.cursor", digest_method=hashlib.sha256)  # itsdangerous, as Flask apps do
    app.secret_key = SECRET  # Flask's own signed session: the bare page reads the login cookie the real app set
    state = {}
    # The app's own weight formatter and badge labels (a hand-written app has its own; these are plain functions).
    from core.formatting import plate, weight
    from domain.fleet.presentation import VEHICLE_STATUS
    app.jinja_env.filters.update(weight=weight, plate=plate)
    results = app.jinja_env.from_string(RESULTS_HTML)  # compiled once, as Flask caches templates

    def conn():
        if "conn" not in state:  # one connection per worker process, autocommit: what a hand-written app does
            state["conn"] = psycopg.connect(os.environ["BENCH_DSN"], autocommit=True)
        return state["conn"]

    def iso(ts):
        return ts.isoformat(timespec="microseconds") + "Z"

    def vehicles_of(company_id, limit):
        rows = conn().cursor(row_factory=dict_row).execute(LIST_SQL, (company_id, limit + 1)).fetchall()
        more = None
        if len(rows) > limit:
            rows, last = rows[:limit], rows[limit - 1]
            payload = json.dumps({"k": {"t": "dt", "v": last["created_at"].isoformat()}, "id": str(last["id"]),
                                  "s": "vehicles"}, separators=(",", ":")).encode()
            more = signer.sign(base64.urlsafe_b64encode(payload).rstrip(b"=")).decode()
        return rows, more

    def limit_arg():
        try:
            limit = int(request.args.get("limit", 50))
        except ValueError:
            abort(400)
        if not 1 <= limit <= 200:
            abort(400)
        return limit

    @app.get("/bare/ping")
    def ping():
        return "ok"

    @app.get("/bare/vehicles")
    def vehicles():
        prefix, _, secret = (request.headers.get("X-API-Key") or "").partition(".")
        found = conn().execute(KEY_SQL, (prefix,)).fetchone()
        if not found or found[1] is not None or not hmac.compare_digest(
                hashlib.sha256(secret.encode()).hexdigest(), found[0]) or "read" not in found[2]:
            abort(401)
        rows, more = vehicles_of(found[3], limit_arg())
        data = [{"id": str(r["id"]), "plate": r["plate"], "vehicle_type": r["vehicle_type"], "renavam": r["renavam"],
                 "brand": r["brand"], "model": r["model"], "year": r["year"],
                 "capacity_kg": float(r["capacity_kg"]) if r["capacity_kg"] is not None else None,
                 "status": r["status"], "notes": r["notes"], "created_at": iso(r["created_at"]),
                 "updated_at": iso(r["updated_at"])} for r in rows]
        return jsonify({"data": data, "page": {"next_cursor": more, "has_more": more is not None}})

    @app.get("/bare/vehicles.html")
    def vehicles_html():
        user_id, _, session_id = (session.get("_user_id") or "").partition(":")
        user = conn().execute(USER_SQL, (session_id, user_id)).fetchone() if session_id else None
        if user is None:
            abort(401)
        rows, more = vehicles_of(user[2], limit_arg())
        return results.render(rows=rows, more=more, badges=VEHICLE_STATUS)

    return app


# --- Setup --------------------------------------------------------------------------------------

def recreate_database(name: str = DB_NAME) -> None:
    """Drop and create the scratch database `name` (the benchmarks never touch another one)."""
    import psycopg
    with psycopg.connect(ADMIN_DSN, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")


def app_env(instance: str) -> dict:
    return dict(os.environ, DATABASE_URL=DB_URL, SECRET_KEY=SECRET, INSTANCE_PATH=instance, REDIS_URL="",
                JOBS_INLINE="1", LOG_LEVEL="WARNING", BENCH_DSN=DSN, PYTHONPATH=ROOT)


def seed(instance: str) -> dict:
    sys.path.insert(0, ROOT)
    import sqlalchemy as sa

    from app import create_app
    from core.db import db
    from core.tenancy import cross_tenant, tenant_scope
    from domain.tenancy import services

    app = create_app({"SQLALCHEMY_DATABASE_URI": DB_URL, "SECRET_KEY": SECRET, "INSTANCE_PATH": instance,
                      "REDIS_URL": "", "JOBS_INLINE": True})
    with app.app_context():
        db.create_all()
        company = services.create_company(name="Transportadora Bench Ltda", cnpj="11222333000181")
        other = services.create_company(name="Vizinha Ltda", cnpj="11444777000161")
        save_seed()
        insert = sa.text("""
            INSERT INTO vehicles (id, company_id, plate, vehicle_type, brand, model, year, capacity_kg, status, notes,
                                  created_at, updated_at)
            SELECT gen_random_uuid(), :company,
                   chr(65 + (i / 10000 / 26) % 26) || chr(65 + (i / 10000) % 26) || :letter
                     || lpad((i % 10000)::text, 4, '0'),
                   (ARRAY['truck','toco','carreta'])[1 + i % 3], 'Volvo', 'FH ' || (i % 7), 2000 + i % 25,
                   10000 + i % 20000, (ARRAY['ativo','ativo','manutencao','inativo'])[1 + i % 4],
                   CASE WHEN i % 5 = 0 THEN 'observação ' || i END,
                   timestamp '2026-01-01' - make_interval(secs => i), timestamp '2026-01-01' - make_interval(secs => i)
            FROM generate_series(0, :last) AS i""")
        db.session.execute(cross_tenant(insert), {"company": company.id, "letter": "A", "last": VEHICLES - 1})
        db.session.execute(cross_tenant(insert), {"company": other.id, "letter": "B", "last": VEHICLES - 1})
        save_seed()
        with tenant_scope(company.id):
            user = services.create_user(company, email="bench@example.com", password=PASSWORD, role="leitura")
            _, key = services.create_api_key(company, scopes=("read",), name="bench")
            save_seed()
            user_id = str(user.id)
        db.session.execute(sa.text("ANALYZE"))
        save_seed()
    counts = statement_counts(app, key)  # outside any app context: each request gets its own, as in production
    with app.app_context():
        db.engine.dispose()
    return {"key": key, "user_id": user_id, "counts": counts}


def statement_counts(app, key) -> dict:
    """(c) SQL statements per list page for 1 and 200 rows, in-process (same app, same database)."""
    import sqlalchemy as sa

    from core.db import db
    from core.tenancy import cross_tenant, tenant_scope
    from domain.fleet import services
    from domain.partners import services as partners
    from domain.partners.schemas import PartnerCreate
    from domain.tenancy.models import Company

    with app.app_context():
        company = db.session.execute(cross_tenant(db.select(Company).where(Company.cnpj == "11222333000181"))
                                     ).scalar_one()
        with tenant_scope(company.id):
            services.bulk_create_drivers(company, [{"name": f"Motorista {i}", "cpf": cpf(100_000_000 + i),
                                                    "phone": "+5511987654321"} for i in range(200)])
            for i in range(200):
                partners.create_partner(company, PartnerCreate(person_kind="pf", cpf_cnpj=cpf(200_000_000 + i),
                                                               legal_name=f"Parceiro {i}", roles=["contratado"]))
            save_seed()
        db.session.remove()
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    client.post("/login", data={"email": "bench@example.com", "password": PASSWORD, "csrf_token": token})
    api_headers = {"X-API-Key": key}
    client.get("/api/public/v1/vehicles?limit=1", headers=api_headers)  # the key's last-use write, once a minute
    counts = {}
    for label, path, headers in (("API  /api/public/v1/vehicles", "/api/public/v1/vehicles", api_headers),
                                 ("API  /api/public/v1/drivers", "/api/public/v1/drivers", api_headers),
                                 ("page /veiculos", "/veiculos", {}), ("page /motoristas", "/motoristas", {}),
                                 ("page /parceiros", "/parceiros", {}),
                                 ("page /veiculos (htmx results)", "/veiculos",
                                  {"HX-Request": "true", "HX-Target": "results"})):
        for limit in (1, 200):
            statements = []

            def listener(conn, cursor, statement, parameters, context, executemany):
                statements.append(statement)
            with app.app_context():
                sa.event.listen(db.engine, "before_cursor_execute", listener)
            try:
                response = client.get(path, query_string={"limit": limit}, headers=headers)
            finally:
                with app.app_context():
                    sa.event.remove(db.engine, "before_cursor_execute", listener)
            assert response.status_code == 200, (path, response.status_code)
            counts[(label, limit)] = len(statements)
    return counts


def cpf(n: int) -> str:
    """The valid CPF whose first nine digits are `n`."""
    from core.validators import cpf_check_digits  # imported late: gunicorn loads this file for the bare app
    digits = f"{n:09d}"
    return digits + cpf_check_digits(digits)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_gunicorn(target: str, port: int, workers: int, env: dict, *extra) -> subprocess.Popen:
    """gunicorn in a process group of its own (bench/_common.py): stopping it stops its workers too."""
    command = [sys.executable, "-m", "gunicorn", "-w", str(workers), "-b", f"127.0.0.1:{port}",
               "--log-level", "warning", *extra, target]
    return start_process(command, cwd=ROOT, env=env)


def stop_servers(*processes: subprocess.Popen) -> None:
    """Each server's whole process group: SIGTERM, SIGKILL after 30 s (a loaded machine), and any worker left."""
    stop_processes(*processes, timeout=30)


def wait_ready(port: int, path: str, process: subprocess.Popen, timeout: float = 120) -> None:
    wait_http_ready(port, path, process, timeout)


def get(port: int, path: str, headers: dict) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def login_cookie(port: int) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/login")
    response = conn.getresponse()
    body = response.read().decode()
    cookie = response.getheader("Set-Cookie").split(";", 1)[0]
    conn.close()
    token = re.search(r'name="csrf-token" content="([^"]+)"', body).group(1)
    from urllib.parse import urlencode
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", "/login", body=urlencode({"email": "bench@example.com", "password": PASSWORD,
                                                   "csrf_token": token}),
                 headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
    response = conn.getresponse()
    response.read()
    assert response.status == 302, response.status
    session = response.getheader("Set-Cookie").split(";", 1)[0]
    conn.close()
    return session


def percentile(samples, q) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=1500, help="measured requests per endpoint (default 1500)")
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    args = parser.parse_args()
    stop_children_on_sigterm()

    instance = tempfile.mkdtemp(prefix="bench-list-")
    recreate_database()
    seeded = seed(instance)
    env = app_env(instance)
    ports = {"real": free_port(), "bare": free_port()}
    bench_path = ("--pythonpath", os.path.join(ROOT, "bench"))
    servers = {"real": start_gunicorn("app:create_app()", ports["real"], args.workers, env),
               "bare": start_gunicorn("bench_vehicle_list:create_bare_app()", ports["bare"], args.workers, env,
                                      *bench_path)}
    sides = ("real", "bare")
    try:
        for side in sides:
            wait_ready(ports[side], "/bare/ping" if side == "bare" else "/healthz", servers[side])
        session = login_cookie(ports["real"])
        api_headers = {"X-API-Key": seeded["key"]}
        calls = {
            "API": {"real": (ports["real"], "/api/public/v1/vehicles?limit=50", api_headers)},
            "page": {"real": (ports["real"], "/veiculos?limit=50",
                              {"Cookie": session, "HX-Request": "true", "HX-Target": "results"})},
        }
        calls["API"]["bare"] = (ports["bare"], "/bare/vehicles?limit=50", api_headers)
        calls["page"]["bare"] = (ports["bare"], "/bare/vehicles.html?limit=50", {"Cookie": session})
        for name, by_side in calls.items():  # same answer everywhere before timing anything
            bodies = {}
            for side, (port, path, headers) in by_side.items():
                status, bodies[side] = get(port, path, headers)
                assert status == 200, (name, side, status)
            if name == "API":
                ids = {side: [r["id"] for r in json.loads(body)["data"]] for side, body in bodies.items()}
                assert ids["real"] == ids["bare"] and len(ids["real"]) == 50
            else:
                assert all(body.count(b"<tr data-id=") == 50 for body in bodies.values())
                if not same_html(bodies["real"], bodies["bare"]):
                    for side, body in bodies.items():
                        with open(os.path.join(instance, f"page-{side}.html"), "wb") as out:
                            out.write(body)
                    raise SystemExit(f"the bare page must send the real page's markup (both in {instance})")
        samples = {(name, side): [] for name in calls for side in sides}
        for round_ in range(args.rounds + 100):  # the first 100 rounds warm everything up and are not kept
            for name, by_side in calls.items():
                order = sides if round_ % 2 else sides[::-1]  # alternate which server goes first
                for side in order:
                    port, path, headers = by_side[side]
                    started = time.perf_counter()
                    status, _ = get(port, path, headers)
                    elapsed = time.perf_counter() - started
                    assert status == 200
                    if round_ >= 100:
                        samples[(name, side)].append(elapsed)
    finally:
        stop_servers(*servers.values())

    print(f"\n(a) vehicle list, 50 rows, gunicorn {args.workers} sync worker(s) each, {args.rounds} interleaved "
          f"requests per endpoint, loopback, one client")
    print(f"{'':<14}{'p50':>9}{'bare p50':>10}{'ratio':>8}   {'p99':>9}{'bare p99':>10}{'ratio':>8}")
    for name in calls:
        bare_s = samples[(name, "bare")]
        b50, b99 = statistics.median(bare_s), percentile(bare_s, 0.99)
        real_s = samples[(name, "real")]
        r50, r99 = statistics.median(real_s), percentile(real_s, 0.99)
        verdict = "OK" if r50 / b50 <= 1.5 and r99 / b99 <= 2 else "MISSED"
        print(f"{name:<14}{r50 * 1000:>7.2f}ms{b50 * 1000:>8.2f}ms{r50 / b50:>7.2f}x   "
              f"{r99 * 1000:>7.2f}ms{b99 * 1000:>8.2f}ms{r99 / b99:>7.2f}x   {verdict} (targets 1.5x / 2x)")

    print("\n(c) SQL statements per list request (same app, in-process), for limit=1 and limit=200")
    labels = sorted({label for label, _ in seeded["counts"]})
    for label in labels:
        one, many = seeded["counts"][(label, 1)], seeded["counts"][(label, 200)]
        print(f"    {label:<34} 1 row: {one}   200 rows: {many}   {'constant' if one == many else 'GROWS'}")


if __name__ == "__main__":
    main()
