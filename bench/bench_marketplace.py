"""The public showcase with many public freights: a deep page (keyset) against the first page.

    python bench/bench_marketplace.py [freights] [iterations]   (default 100000 and 300; DATABASE_URL for PostgreSQL)

Inserts `freights` public, published freights for one company plus half as many that are not on the showcase
(private, draft or delivered, of another company), in bulk (core INSERT), takes the cursor of a page in the middle of
the list, then calls GET /api/public/v1/marketplace/freights?limit=50 (first) and the same with that cursor (deep),
interleaved call by call, and the same two pages of /fretes (HTML). Target: deep / first p50 <= 1.2x. Prints the
plan of both statements (EXPLAIN ANALYZE on PostgreSQL, EXPLAIN QUERY PLAN on SQLite): both should read
ix_freights_showcase, the partial index of the public freights.
"""
import sys
import time
import uuid
from datetime import timedelta

from _common import bench_app, report, save_seed

HIDDEN = (("privado", "published"), ("publico", "draft"), ("publico", "delivered"))


def _company(db, cnpj: str, name: str):
    from domain.tenancy.models import Company

    company = Company(id=uuid.uuid4(), cnpj=cnpj, legal_name=name)
    db.session.add(company)
    save_seed()
    return company


def seed(app, count: int) -> None:
    import sqlalchemy as sa

    from core.db import db, utcnow
    from core.tenancy import cross_tenant
    from domain.freights.models import Freight

    with app.app_context():
        public, other = _company(db, "11222333000181", "Bench Transportes"), _company(db, "11444777000161", "Outra")
        now = utcnow()

        def row(n: int, company, visibility: str, status: str, prefix: str) -> dict:
            return {"id": uuid.uuid4(), "company_id": company.id, "code": f"{prefix}-{n:06d}", "status": status,
                    "visibility": visibility, "public_slug": f"{prefix.lower()}-sp-pr-{n}",
                    "origin_city": "São Paulo", "origin_state": "SP", "destination_city": "Curitiba",
                    "destination_state": "PR", "price": 1000 + n % 5000,
                    "search_text": f"{prefix.lower()}-{n:06d} sao paulo curitiba",
                    "created_at": now - timedelta(seconds=n), "updated_at": now}
        rows = [row(n, public, "publico", "published", "FRT") for n in range(count)]
        rows += [row(n, other, *HIDDEN[n % 3], "OUT") for n in range(count // 2)]
        for start in range(0, len(rows), 5000):
            db.session.execute(cross_tenant(sa.insert(Freight)), rows[start:start + 5000])
        save_seed()
        if db.engine.dialect.name == "postgresql":
            with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                conn.execute(sa.text("VACUUM ANALYZE freights"))


def captured_statement(app, client, url: str):
    """The showcase SELECT the app sends for `url`, with its parameters."""
    import sqlalchemy as sa

    from core.db import db

    with app.app_context():
        engine = db.engine
    seen = []

    def capture(conn, cursor, statement, parameters, context, executemany):
        if "FROM freights" in statement:
            seen.append((statement, parameters))
    sa.event.listen(engine, "before_cursor_execute", capture)
    try:
        client.get(url)
    finally:
        sa.event.remove(engine, "before_cursor_execute", capture)
    return seen[-1]


def print_plan(app, name: str, statement: str, parameters) -> None:
    from core.db import db

    with app.app_context():
        raw = db.engine.raw_connection()
        try:
            cursor = raw.cursor()
            postgres = db.engine.dialect.name == "postgresql"
            cursor.execute(("EXPLAIN (ANALYZE, BUFFERS) " if postgres else "EXPLAIN QUERY PLAN ") + statement,
                           parameters)
            lines = [" ".join(str(part) for part in row[-1:]) for row in cursor.fetchall()]
        finally:
            raw.close()
    print(f"plan of the {name} page:")
    for line in lines:
        print("   ", line)


def deep_cursor(client, url: str, pages: int) -> str:
    cursor = None
    for _ in range(pages):  # walk to the middle (capped) for a deep cursor
        cursor = client.get(url + (f"&cursor={cursor}" if cursor else "")).get_json()["page"]["next_cursor"]
    return cursor


def measure(client, first_url: str, deep_url: str, iterations: int) -> tuple[list, list]:
    first, deep = [], []
    for n in range(iterations):
        order = ((first_url, first), (deep_url, deep)) if n % 2 else ((deep_url, deep), (first_url, first))
        for target, samples in order:
            started = time.perf_counter()
            response = client.get(target)
            samples.append(time.perf_counter() - started)
            assert response.status_code == 200
    return first, deep


def main(count: int, iterations: int) -> None:
    app = bench_app()
    seed(app, count)
    client = app.test_client()
    api = "/api/public/v1/marketplace/freights?limit=50"
    pages = min(count // 50 // 2, 1000)
    cursor = deep_cursor(client, api, pages)
    deep_api = f"{api}&cursor={cursor}"
    assert len(client.get(deep_api).get_json()["data"]) == 50
    print(f"{count} public freights (+{count // 2} not public); deep page after {pages} pages")
    print_plan(app, "first", *captured_statement(app, client, api))
    print_plan(app, "deep", *captured_statement(app, client, deep_api))
    first, deep = measure(client, api, deep_api, iterations)
    print("API GET /api/public/v1/marketplace/freights?limit=50")
    report("deep", deep, "first", first)
    html = "/fretes?limit=50"
    first, deep = measure(client, html, f"{html}&cursor={cursor}", iterations)
    print("page GET /fretes?limit=50")
    report("deep", deep, "first", first)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000, int(sys.argv[2]) if len(sys.argv) > 2 else 300)
