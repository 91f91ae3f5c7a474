"""Every list, search and menu page at a large carrier's volume: a company at 100 % and a neighbour at 10 % in the
same tables, the same requests interleaved for both, p50/p95/p99 per page and the growth ratio (100 % / 10 %).

    python bench/bench_volume.py --scale 0.05            # (re)creates BENCH_DB (default fretes_bench_volume)
    python bench/bench_volume.py --scale 1 --rounds 40   # the full volume (1,000,000 CIOT operations...)
    python bench/bench_volume.py --reuse --rounds 40     # measure again on the seeded database
    python bench/bench_volume.py --reuse --explain       # also print the plans of the statements that matter
    python bench/bench_volume.py --reuse --searches      # only issue 38's searches (add --explain for their plans)
    python bench/bench_volume.py --reuse --mixed 30      # the mixed load through gunicorn (bench/_volume_mixed.py)
    python bench/bench_volume.py --reuse --mixed 30 --clients 8 --pages-under-mix   # and the pages' latency meanwhile

Scale 1 is, for the big company: 1,000,000 CIOT operations with 10 child rows each (1 contracting party, 2 vehicles,
2 payments, 2 documents, 3 timeline events), 500,000 freights, 50,000 partners, 5,000 vehicles and 5,000 drivers,
300,000 billing documents, 50,000 invoices with their receivables, 50,000 payables, 50,000 leads. The neighbour gets
10 % of each. The schema is built by the migrations (`flask db upgrade`: the indexes a deployment has), the companies,
users and API keys by the app's services, the rest by one `INSERT ... SELECT generate_series` per table in the
shapes the app writes (codes, search texts folded as the app folds them, statuses, roles). Then ANALYZE.

Requests go through the real app in-process (Flask test client: a logged-in admin with its session cookie, or the
API key), one at a time, each page for the big company then the neighbour (the order alternates per round); the
first `--warmup` rounds are not kept. Figures are ms. "growth" is p50(100 %) / p50(10 %): the goal is <= 1.2x, and
p95 <= 150 ms at 100 %.
"""
import argparse
import os
import re
import sys
import tempfile
import time
import uuid

import psycopg

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import percentile, quiet_request_log, save_seed
from _volume_seed import CHILDREN_OF_OPERATIONS, NEIGHBOUR_SHARE, SEED, VOLUME

DB_NAME = os.environ.get("BENCH_DB", "fretes_bench_volume")  # a scratch database: dropped and recreated
ADMIN_DSN = "host=127.0.0.1 port=5432 user=postgres dbname=postgres"
DB_URL = f"postgresql+psycopg://postgres@127.0.0.1:5432/{DB_NAME}"
PASSWORD = "senha-volume-1"


def recreate_database() -> None:
    with psycopg.connect(ADMIN_DSN, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")


def make_app():
    from app import create_app
    app = create_app({"SQLALCHEMY_DATABASE_URI": DB_URL, "SECRET_KEY": "bench-volume-secret",
                      "INSTANCE_PATH": tempfile.mkdtemp(prefix="bench-volume-"), "REDIS_URL": "",
                      "JOBS_INLINE": True, "TESTING": False})
    quiet_request_log()
    return app


def _table_columns(conn, table: str) -> set[str]:
    return {r[0] for r in conn.execute("SELECT column_name FROM information_schema.columns WHERE table_name = %s",
                                       (table,))}


def _run_seed(conn, table: str, sql: str, params: dict) -> None:
    # Only the columns this tree has (the bench also runs on older trees, where a table may lack a column).
    missing = [c for c in re.findall(r"\b([a-z_]+)\b", sql.split("(", 1)[1].split(")", 1)[0])
               if c not in _table_columns(conn, table)]
    if missing:
        raise SystemExit(f"{table}: columns {missing} not in this schema")
    psycopg_sql = re.sub(r"(?<![:\w]):([a-z_]+)\b", r"%(\1)s", sql.replace("%", "%%"))
    conn.execute(psycopg_sql, params)


def seed(app, scale: float) -> dict:
    """Companies, users and keys through the services; the volume with one INSERT ... SELECT per table."""
    from flask_migrate import upgrade

    from core.db import db
    from core.tenancy import tenant_scope
    from domain.tenancy import services
    started = time.perf_counter()
    with app.app_context():
        upgrade()
        tenants = {}
        for label, cnpj, share, base in (("big", "11222333000181", 1.0, 10_000_000),
                                         ("small", "11444777000161", NEIGHBOUR_SHARE, 50_000_000)):
            company = services.create_company(name=f"Transportadora {label}", cnpj=cnpj,
                                              modules=("billing", "financial"))
            save_seed()
            with tenant_scope(company.id):
                services.create_user(company, email=f"admin@{label}.example.com", password=PASSWORD, role="admin")
                _, key = services.create_api_key(company, scopes=("read", "write"))
                save_seed()
            counts = {t: max(20, int(n * scale * share)) for t, n in VOLUME.items()}
            tenants[label] = {"id": str(company.id), "key": key, "email": f"admin@{label}.example.com",
                              "counts": counts, "base": base}
        db.engine.dispose()
    with psycopg.connect(DB_URL.replace("+psycopg", ""), autocommit=True) as conn:
        for label, tenant in tenants.items():
            counts = tenant["counts"]
            for table, sql in SEED.items():
                rows_of = "ciot_operations" if table in CHILDREN_OF_OPERATIONS else (
                    "invoices" if table == "receivables" else table)
                params = {"c": uuid.UUID(tenant["id"]), "n": counts.get(rows_of), "base": tenant["base"], "slug": label,
                          "operations": counts["ciot_operations"],
                          "partners": counts["partners"], "drivers": counts["drivers"],
                          "invoices": counts["invoices"], "freights": counts["freights"]}
                t0 = time.perf_counter()
                _run_seed(conn, table, sql, params)
                print(f"  seeded {label:5} {table:20} {time.perf_counter() - t0:7.1f} s", flush=True)
        conn.execute("VACUUM ANALYZE")
    print(f"seed: {time.perf_counter() - started:.0f} s", flush=True)
    return tenants


def tenants_of_seeded_database() -> dict:
    from domain.tenancy import services
    with psycopg.connect(DB_URL.replace("+psycopg", ""), autocommit=True) as conn:
        rows = conn.execute("SELECT id::text, legal_name FROM companies ORDER BY legal_name").fetchall()
    tenants = {}
    app = make_app()
    with app.app_context():
        from core.db import db
        from core.tenancy import tenant_scope
        from domain.tenancy.models import Company
        for company_id, name in rows:
            label = name.split()[-1]
            company = db.session.get(Company, company_id)
            with tenant_scope(company.id):
                _, key = services.create_api_key(company, scopes=("read", "write"))
                save_seed()
            tenants[label] = {"id": company_id, "key": key, "email": f"admin@{label}.example.com"}
    return tenants


# --- measuring ----------------------------------------------------------------------------------------------------

# Issue 38 items 1-2: every search that once grew with the table (`--searches` measures only these).
SEARCHES = r"CIOT search|vehicles search|drivers search|in transit|finance settings"
# (name, path, kind): kind "page" as the logged-in admin, "api" with the key. `{code}`, `{name}`, `{ciot}`, `{doc}` are
# filled per company from its own rows (a search that finds one row of each company).
REQUESTS = (
    ("dashboard", "/", "page"),
    ("CIOT list page", "/ciot/", "page"),
    ("CIOT search code", "/ciot/?q={op_code}", "page"),
    ("CIOT search CIOT number", "/ciot/?q={ciot_number}", "page"),
    ("CIOT search name", "/ciot/?q={name}", "page"),
    # Issue 38's searches: a rare name (one partner's: 20 operations at 100 %, 2 at 10 %), a common one (a surname
    # on one operation in twenty: a page from the newest rows), a full name, a document's digits (a part of it).
    ("CIOT search rare name", "/ciot/?q={rare_name}", "page"),
    ("CIOT search common name", "/ciot/?q=oliveira", "page"),
    ("CIOT search full name", "/ciot/?q={full_name}", "page"),
    ("CIOT search digits", "/ciot/?q={doc}", "page"),
    ("CIOT search CNPJ as typed", "/ciot/?q={doc_typed}", "page"),
    ("CIOT search doc part", "/ciot/?q={doc_part}", "page"),
    ("CIOT list API", "/api/public/v1/ciot/operations", "api"),
    ("CIOT new form", "/ciot/nova", "page"),
    ("freight board (list)", "/fretes-operacao/", "page"),
    ("freight board (quadro)", "/fretes-operacao/?view=quadro", "page"),
    ("freight board in transit", "/fretes-operacao/?status=in_transit", "page"),
    ("freight search page", "/fretes-operacao/?q={freight_code}", "page"),
    ("freights API", "/api/public/v1/freights", "api"),
    ("freights API q=code", "/api/public/v1/freights?q={freight_code}", "api"),
    ("freights API q=city", "/api/public/v1/freights?q=chapeco", "api"),
    ("new freight form", "/fretes-operacao/novo", "page"),
    ("leads page", "/leads", "page"),
    ("leads API", "/api/public/v1/leads", "api"),
    ("partners page", "/parceiros", "page"),
    ("partners search", "/parceiros?q={partner_name}", "page"),
    ("partners API role", "/api/public/v1/partners?role=cliente_frete", "api"),
    # The rare role has 100 partners at 100 % and 10 at 10 %: a page of 10 for both, so the growth compares the
    # same answer at both sizes (a full page of 50 against 10 rows measured the serialisation of 40 more rows).
    ("partners API rare role", "/api/public/v1/partners?role=remetente&limit=10", "api"),
    ("partners page role", "/parceiros?role=cliente_frete", "page"),
    ("partners page rare role", "/parceiros?role=remetente&limit=10", "page"),
    ("vehicles page", "/veiculos", "page"),
    ("vehicles search plate", "/veiculos?q={vehicle_model}", "page"),
    ("vehicles search common", "/veiculos?q=volvo", "page"),  # every vehicle's brand: a page from the newest
    ("drivers page", "/motoristas", "page"),
    ("drivers search", "/motoristas?q={driver_name}", "page"),
    ("drivers search common", "/motoristas?q=silva", "page"),  # one driver in twenty
    ("billing inbox", "/financeiro/documentos", "page"),
    ("invoices page", "/financeiro/faturas", "page"),
    ("receivables board", "/financeiro/receber", "page"),
    ("payables board", "/financeiro/pagar", "page"),
    ("finance settings", "/financeiro/configuracoes", "page"),
    ("billing documents API", "/api/public/v1/billing/documents", "api"),
    ("invoices API", "/api/public/v1/billing/invoices", "api"),
    ("receivables API", "/api/public/v1/finance/receivables", "api"),
    ("payables API", "/api/public/v1/finance/payables", "api"),
    ("showcase /fretes", "/fretes", "public"),
    ("sitemap.xml", "/sitemap.xml", "public"),
)


def _search_terms(tenant: dict) -> dict:
    """Values that find one row of this company (near the middle of its history)."""
    counts = tenant.get("counts")
    with psycopg.connect(DB_URL.replace("+psycopg", ""), autocommit=True) as conn:
        def one(sql):
            return conn.execute(sql, {"c": tenant["id"]}).fetchone()[0]
        ops = counts["ciot_operations"] if counts else one(  # the seeded ones: later writes (--mixed) move nothing
            "SELECT count(*) FROM ciot_operations WHERE company_id = %(c)s AND created_by = 'user:bench'")
        i = ops // 2
        op_code, ciot_number, name, doc = conn.execute(
            "SELECT code, codigo_ciot, contratado_nome, contratado_cpf_cnpj FROM ciot_operations "
            "WHERE company_id = %(c)s AND code = %(code)s",
            {"c": tenant["id"], "code": f"CIOT-{i // 2 * 2 + 1:06d}"}).fetchone()
        freight_code = one("SELECT code FROM freights WHERE company_id = %(c)s ORDER BY code DESC LIMIT 1 OFFSET "
                           "(SELECT count(*) / 3 FROM freights WHERE company_id = %(c)s)")
        partner_name = one("SELECT legal_name FROM partners WHERE company_id = %(c)s ORDER BY cpf_cnpj LIMIT 1 "
                           "OFFSET (SELECT count(*) / 3 FROM partners WHERE company_id = %(c)s)")
        vehicle_model = one("SELECT substr(plate, 2, 5) FROM vehicles WHERE company_id = %(c)s ORDER BY plate LIMIT 1 "
                            "OFFSET (SELECT count(*) / 3 FROM vehicles WHERE company_id = %(c)s)")
        driver_name = one("SELECT name FROM drivers WHERE company_id = %(c)s ORDER BY cpf LIMIT 1 "
                          "OFFSET (SELECT count(*) / 3 FROM drivers WHERE company_id = %(c)s)")
    # The seed names an operation's contracted party "<Surname> Transportes <n> Ltda": "<n> Ltda" is one partner's
    # (rare), the whole name the same partner's as typed.
    rare_name = name.split(" Transportes ")[-1] if name else name
    return {"op_code": op_code, "ciot_number": ciot_number or op_code, "name": name, "doc": doc,
            "rare_name": f"transportes {rare_name}".lower(), "full_name": name, "doc_part": doc[2:11],
            "doc_typed": f"{doc[:2]}.{doc[2:5]}.{doc[5:8]}/{doc[8:12]}-{doc[12:]}",
            "freight_code": freight_code, "partner_name": partner_name, "vehicle_model": vehicle_model,
            "driver_name": driver_name}


def _logged_in_client(app, email: str):
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page) or re.search(
        r'name="csrf-token" content="([^"]+)"', page)
    response = client.post("/login", data={"email": email, "password": PASSWORD, "csrf_token": token.group(1)})
    assert response.status_code == 302, response.status_code
    return client


def measure(app, tenants: dict, rounds: int, warmup: int, only: str | None) -> None:
    from urllib.parse import quote
    clients = {label: _logged_in_client(app, t["email"]) for label, t in tenants.items()}
    terms = {label: {k: quote(str(v)) for k, v in _search_terms(t).items()} for label, t in tenants.items()}
    requests = [r for r in REQUESTS if not only or re.search(only, r[0])]
    samples = {(name, label): [] for name, _, _ in requests for label in tenants}
    sizes = {}
    labels = list(tenants)
    for round_no in range(rounds + warmup):
        order = labels if round_no % 2 == 0 else labels[::-1]
        for name, path, kind in requests:
            for label in order:
                url = path.format(**terms[label])
                headers = {"X-API-Key": tenants[label]["key"]} if kind == "api" else {}
                started = time.perf_counter()
                response = clients[label].get(url, headers=headers)
                elapsed = time.perf_counter() - started
                if response.status_code != 200:
                    raise SystemExit(f"{name} ({label}) {url}: {response.status_code}\n"
                                     f"{response.get_data(as_text=True)[:2000]}")
                if round_no >= warmup:
                    samples[(name, label)].append(elapsed * 1000)
                sizes[(name, label)] = len(response.get_data())
    print(f"\n{rounds} rounds kept (+{warmup} warm-up), load average {os.getloadavg()[0]:.1f} "
          f"{os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f}")
    print(f"{'request':26} {'100 % p50':>9} {'p95':>7} {'p99':>7} {'KB':>6} | {'10 % p50':>8} {'p95':>7} "
          f"{'p99':>7} | growth p50")
    for name, _, _ in requests:
        big, small = samples[(name, "big")], samples[(name, "small")]
        line = [percentile(big, p) for p in (50, 95, 99)], [percentile(small, p) for p in (50, 95, 99)]
        print(f"{name:26} {line[0][0]:9.1f} {line[0][1]:7.1f} {line[0][2]:7.1f} {sizes[(name, 'big')] / 1024:6.0f} |"
              f" {line[1][0]:8.1f} {line[1][1]:7.1f} {line[1][2]:7.1f} | {line[0][0] / line[1][0]:5.2f}x", flush=True)


def explain(tenants: dict, only: str | None = None) -> None:
    """The plans of the statements behind the searches and counters, for the big company (EXPLAIN ANALYZE)."""
    from sqlalchemy import event

    app = make_app()
    seen = []
    with app.app_context():
        from core.db import db

        @event.listens_for(db.engine, "before_cursor_execute")
        def keep(conn, cursor, statement, parameters, context, executemany):
            seen.append((statement, parameters))
        client = _logged_in_client(app, tenants["big"]["email"])
        terms = _search_terms(tenants["big"])
        for name, path, kind in REQUESTS:
            if kind != "page" or (only and not re.search(only, name)):
                continue
            seen.clear()
            client.get(path.format(**terms))
            slowest = []
            raw = db.engine.raw_connection()
            try:
                cur = raw.cursor()
                for statement, parameters in seen:
                    if not statement.lstrip().upper().startswith("SELECT"):
                        continue
                    cur.execute("EXPLAIN (ANALYZE, BUFFERS) " + statement, parameters)
                    plan = [r[0] for r in cur.fetchall()]
                    took = float(re.search(r"Execution Time: ([\d.]+)", plan[-1]).group(1))
                    slowest.append((took, statement, plan))
                raw.rollback()
            finally:
                raw.close()
            slowest.sort(key=lambda s: -s[0])
            for took, statement, plan in slowest[:1]:
                print(f"\n=== {name}: slowest statement {took:.1f} ms of {len(slowest)}\n{statement[:600]}")
                tail = [line for line in plan[25:] if re.search(r"JIT|Timing|Functions|Execution Time", line)]
                print("\n".join(plan[:25] + (["  ..."] if len(plan) > 25 else []) + tail))


# The indexes this tree added for the volume (migration d2f4a6b8c0e1), whose cost every insert pays.
NEW_INDEXES = {"ciot_operations": ("ix_ciot_operations_company_created", "ix_ciot_operations_search_trgm"),
               "freights": ("ix_freights_search_trgm",)}


def write_cost(rows: int, repeats: int = 3) -> None:
    """What the new indexes cost the writes: `rows` operations (and as many freights) inserted by the seed's
    statements for a company made in the same transaction, with the indexes and with them dropped (DROP INDEX is
    transactional here: every run is rolled back, nothing changes), alternately; the median of `repeats` each."""
    import statistics
    samples = {(table, dropped): [] for table in NEW_INDEXES for dropped in (False, True)}
    with psycopg.connect(DB_URL.replace("+psycopg", "")) as conn:
        for _ in range(repeats):
            for dropped in (False, True):
                for table, indexes in NEW_INDEXES.items():
                    with conn.transaction(force_rollback=True):
                        conn.execute("CREATE TEMP TABLE extra ON COMMIT DROP AS SELECT * FROM companies LIMIT 1")
                        company = uuid.uuid4()
                        conn.execute("UPDATE extra SET id = %s, cnpj = '99888777000100'", (company,))
                        conn.execute("INSERT INTO companies SELECT * FROM extra")
                        if dropped:
                            for name in indexes:
                                conn.execute(f"DROP INDEX IF EXISTS {name}")
                        params = {"c": company, "n": rows, "base": 90_000_000, "slug": "write", "partners": 1000,
                                  "drivers": 100, "invoices": 100, "freights": rows}
                        for parent in ("drivers", "vehicles"):  # the freights name some
                            _run_seed(conn, parent, SEED[parent], {**params, "n": 100})
                        started = time.perf_counter()
                        _run_seed(conn, table, SEED[table], params)
                        samples[(table, dropped)].append(time.perf_counter() - started)
    load = os.getloadavg()
    print(f"\nwrite cost, {rows} rows per insert, median of {repeats} (load average {load[0]:.1f} {load[1]:.1f})")
    for table, indexes in NEW_INDEXES.items():
        with_them = statistics.median(samples[(table, False)]) * 1000
        without = statistics.median(samples[(table, True)]) * 1000
        print(f"{table:16} with {', '.join(indexes)}: {with_them:8.0f} ms   without: {without:8.0f} ms   "
              f"= {with_them / without:.2f}x ({(with_them - without) / rows * 1000:.0f} µs per row)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the full volume (1 = 1M operations)")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--reuse", action="store_true", help="measure the database seeded by an earlier run")
    parser.add_argument("--seed-only", action="store_true")
    parser.add_argument("--only", help="regular expression: only the requests whose name matches")
    parser.add_argument("--searches", action="store_true", help=f"only the issue's searches (--only '{SEARCHES}')")
    parser.add_argument("--explain", action="store_true")
    parser.add_argument("--write-cost", type=int, metavar="ROWS", help="time inserts with and without the new indexes")
    parser.add_argument("--mixed", type=float, metavar="SECONDS",
                        help="the mixed load (70 %% reads, 20 %% creates, 10 %% CIOT create+validate), per step")
    parser.add_argument("--clients", default="8,16", help="--mixed: concurrent clients per step (comma-separated)")
    parser.add_argument("--pages-under-mix", action="store_true",
                        help="--mixed: also read the main pages as the big company's admin during each step")
    args = parser.parse_args()
    if args.reuse:
        tenants = tenants_of_seeded_database()
    else:
        recreate_database()
        tenants = seed(make_app(), args.scale)
    if args.seed_only:
        return
    only = SEARCHES if args.searches else args.only
    if args.explain:
        explain(tenants, only)
        return
    if args.write_cost:
        write_cost(args.write_cost)
        return
    if args.mixed:
        from _volume_mixed import mixed_load
        pages = (tenants["big"]["email"], PASSWORD) if args.pages_under_mix else None
        mixed_load(DB_URL, tenants["big"], [int(n) for n in args.clients.split(",")], args.mixed, pages)
        return
    measure(make_app(), tenants, args.rounds, args.warmup, only)


if __name__ == "__main__":
    main()
