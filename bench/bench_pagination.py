"""Keyset pagination at depth: one company with 1,000,000 vehicles; a page after 900k rows against the first page.

    python bench/bench_pagination.py            # (re)creates database fretes_bench_pages on 127.0.0.1:5432
    python bench/bench_pagination.py --reuse    # keeps the seeded database if it already has the rows

Measures, in one run, interleaved and bounded (ROUNDS each):
  * GET /api/public/v1/vehicles?limit=50 through the real app (Flask test client, API key), first page vs the
    page after row 900,000 (the cursor is the one the app itself hands out: core.pagination.encode_cursor);
  * the same two pages as SQL only (the statement the app runs, timed at the driver);
  * OFFSET 900000 for comparison (the same ORDER BY / LIMIT with an offset).
Target: deep keyset page <= 1.2x the first page. Prints medians, p99 and ratios, plus the plans.
"""
import argparse
import os
import statistics
import sys
import tempfile
import time

import psycopg
import sqlalchemy as sa
from _common import save_seed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

DB_NAME = os.environ.get("BENCH_DB", "fretes_bench_pages")  # a scratch database: dropped and recreated
ADMIN_DSN = "host=127.0.0.1 port=5432 user=postgres dbname=postgres"
DB_URL = f"postgresql+psycopg://postgres@127.0.0.1:5432/{DB_NAME}"
ROWS = 1_000_000
DEPTH = 900_000
ROUNDS = 200
CNPJ = "11222333000181"


def recreate_database() -> None:
    with psycopg.connect(ADMIN_DSN, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")


def database_exists() -> bool:
    with psycopg.connect(ADMIN_DSN, autocommit=True) as conn:
        return conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (DB_NAME,)).fetchone() is not None


def make_app():
    from app import create_app
    return create_app({"SQLALCHEMY_DATABASE_URI": DB_URL, "SECRET_KEY": "bench-secret",
                       "INSTANCE_PATH": tempfile.mkdtemp(prefix="bench-pages-"), "REDIS_URL": "",
                       "JOBS_INLINE": True, "TESTING": False})


def seed(app) -> None:
    from core.db import db
    from core.tenancy import cross_tenant, tenant_scope
    from domain.tenancy import services
    with app.app_context():
        db.create_all()
        company = services.create_company(name="Frota Gigante Ltda", cnpj=CNPJ)
        save_seed()
        other = services.create_company(name="Outra Ltda", cnpj="11444777000161")
        save_seed()
        started = time.perf_counter()
        # One INSERT ... SELECT generate_series: plates AAA0000.. (3 letters from i / 10000, 4 digits from i % 10000),
        # created_at one second apart so the order is total and the cursor lands exactly at row DEPTH.
        insert = sa.text("""
            INSERT INTO vehicles (id, company_id, plate, vehicle_type, brand, model, year, capacity_kg, status,
                                  created_at, updated_at)
            SELECT gen_random_uuid(), :company,
                   chr(65 + (i / 10000 / 676) % 26) || chr(65 + (i / 10000 / 26) % 26) || chr(65 + (i / 10000) % 26)
                     || lpad((i % 10000)::text, 4, '0'),
                   (ARRAY['truck','toco','carreta','bitrem'])[1 + i % 4], 'Volvo', 'FH ' || (i % 7),
                   2000 + i % 25, 10000 + i % 20000, 'ativo',
                   timestamp '2026-01-01' - make_interval(secs => i), timestamp '2026-01-01' - make_interval(secs => i)
            FROM generate_series(0, :last) AS i
        """)
        db.session.execute(cross_tenant(insert), {"company": company.id, "last": ROWS - 1})
        db.session.execute(cross_tenant(insert), {"company": other.id, "last": 9_999})  # a neighbour, so filters matter
        save_seed()
        with tenant_scope(company.id):
            services.create_api_key(company, scopes=("read",), name="bench")
            save_seed()
        db.session.execute(cross_tenant(sa.text("ANALYZE vehicles")))
        save_seed()
        print(f"seeded {ROWS:,} vehicles (+10,000 of another company) in {time.perf_counter() - started:.1f}s")


def fresh_key(app) -> str:
    from core.db import db
    from core.tenancy import cross_tenant, tenant_scope
    from domain.tenancy import services
    from domain.tenancy.models import Company
    with app.app_context():
        company = db.session.execute(cross_tenant(db.select(Company).where(Company.cnpj == CNPJ))).scalar_one()
        with tenant_scope(company.id):
            _, full = services.create_api_key(company, scopes=("read",), name="bench run")
            save_seed()
        return full


def stats(samples) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reuse", action="store_true", help="reuse the seeded database when present")
    args = parser.parse_args()

    reuse = args.reuse and database_exists()
    if not reuse:
        recreate_database()
    app = make_app()
    if not reuse:
        seed(app)
    key = fresh_key(app)

    from core.db import db
    from core.pagination import encode_cursor
    from core.tenancy import cross_tenant
    from domain.tenancy.models import Company

    with app.app_context():
        company_id = db.session.execute(cross_tenant(db.select(Company.id).where(Company.cnpj == CNPJ))).scalar_one()
        total = db.session.execute(cross_tenant(sa.text("SELECT count(*) FROM vehicles WHERE company_id = :c")),
                                   {"c": company_id}).scalar_one()
        created_at, row_id = db.session.execute(cross_tenant(sa.text(
            "SELECT created_at, id FROM vehicles WHERE company_id = :c ORDER BY created_at DESC, id DESC "
            "OFFSET :n LIMIT 1")), {"c": company_id, "n": DEPTH - 1}).one()
        cursor = encode_cursor(created_at, row_id, "vehicles")

    client = app.test_client()
    headers = {"X-API-Key": key}
    first_url, deep_url = "/api/public/v1/vehicles?limit=50", f"/api/public/v1/vehicles?limit=50&cursor={cursor}"

    # The SQL the endpoint sends for each page, captured from the app itself.
    captured = {}

    def capture(name, url):
        statements = []

        def listener(conn, cursor_, statement, parameters, context, executemany):
            statements.append((statement, parameters))
        with app.app_context():
            sa.event.listen(db.engine, "before_cursor_execute", listener)
        try:
            response = client.get(url, headers=headers)
        finally:
            with app.app_context():
                sa.event.remove(db.engine, "before_cursor_execute", listener)
        assert response.status_code == 200, response.get_json()
        captured[name] = next(s for s in statements if "FROM vehicles" in s[0])
        return response.get_json()

    first_body = capture("first", first_url)
    deep_body = capture("deep", deep_url)
    assert len(first_body["data"]) == len(deep_body["data"]) == 50
    with app.app_context():
        position = db.session.execute(cross_tenant(sa.text(
            "SELECT count(*) FROM vehicles WHERE company_id = :c AND (created_at, id) > (:t, :i)")),
            {"c": company_id, "t": created_at, "i": row_id}).scalar_one()
    assert position == DEPTH - 1, position  # the deep page starts right after row DEPTH

    offset_sql = captured["first"][0].replace("LIMIT %(param_1)s::INTEGER", "LIMIT %(param_1)s::INTEGER OFFSET 900000")
    if offset_sql == captured["first"][0]:
        offset_sql = captured["first"][0] + " OFFSET 900000"

    raw = psycopg.connect(f"host=127.0.0.1 port=5432 user=postgres dbname={DB_NAME}", autocommit=True)

    def run_sql(statement, params):
        started = time.perf_counter()
        raw.execute(statement, params).fetchall()
        return time.perf_counter() - started

    def run_http(url):
        started = time.perf_counter()
        response = client.get(url, headers=headers)
        elapsed = time.perf_counter() - started
        assert response.status_code == 200
        return elapsed

    samples = {name: [] for name in ("http_first", "http_deep", "sql_first", "sql_deep", "sql_offset")}
    for _name, url in (("http_first", first_url), ("http_deep", deep_url)):
        for _ in range(20):  # warm-up
            run_http(url)
    for round_ in range(ROUNDS):  # interleaved, alternating which goes first
        order = [("http_first", first_url), ("http_deep", deep_url)]
        for name, url in (order if round_ % 2 == 0 else order[::-1]):
            samples[name].append(run_http(url))
        sql_order = [("sql_first", captured["first"]), ("sql_deep", captured["deep"])]
        for name, (statement, params) in (sql_order if round_ % 2 == 0 else sql_order[::-1]):
            samples[name].append(run_sql(statement, params))
        if round_ % 4 == 0:  # OFFSET is slow: a quarter as many samples keeps the run short
            samples["sql_offset"].append(run_sql(offset_sql, captured["first"][1]))

    print(f"\nvehicles in the company: {total:,}; deep page = the page after row {DEPTH:,}; rounds = {ROUNDS}")
    print(f"{'measure':<34}{'p50 ms':>10}{'p99 ms':>10}")
    for name, label in (("http_first", "API first page (keyset)"), ("http_deep", "API page after 900k (keyset)"),
                        ("sql_first", "SQL first page"), ("sql_deep", "SQL page after 900k (keyset)"),
                        ("sql_offset", "SQL OFFSET 900000 (comparison)")):
        p50, p99 = stats(samples[name])
        print(f"{label:<34}{p50 * 1000:>10.2f}{p99 * 1000:>10.2f}")
    http_ratio = stats(samples["http_deep"])[0] / stats(samples["http_first"])[0]
    sql_ratio = stats(samples["sql_deep"])[0] / stats(samples["sql_first"])[0]
    offset_ratio = stats(samples["sql_offset"])[0] / stats(samples["sql_first"])[0]
    verdict = "OK" if http_ratio <= 1.2 else "MISSED"
    print(f"\nratio deep/first, API  (p50): {http_ratio:.2f}x  (target <= 1.2x) {verdict}")
    print(f"ratio deep/first, SQL  (p50): {sql_ratio:.2f}x")
    print(f"ratio OFFSET/first, SQL (p50): {offset_ratio:.1f}x  (why keyset)")

    print("\nplan of the deep keyset page:")
    for (line,) in raw.execute("EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) " + captured["deep"][0], captured["deep"][1]):
        print("   ", line)
    raw.close()


if __name__ == "__main__":
    main()
