"""Drivers: one POST /drivers/bulk of 200 items against 200 single POST /drivers in a loop, through the API
(Flask test client, real app, API key), on PostgreSQL.

    python bench/bench_drivers_bulk.py             # (re)creates database fretes_bench_bulk on 127.0.0.1:5432
    python bench/bench_drivers_bulk.py --rounds 5

Each round creates 200 new drivers both ways (fresh CPFs), alternating which way goes first; prints the
median round time of each way, the ratio singles/bulk, and the statements each way sends.
"""
import argparse
import itertools
import json
import os
import statistics
import sys
import tempfile
import time

import psycopg
import sqlalchemy as sa

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from _common import save_seed  # noqa: E402

from core.validators import cpf_check_digits  # noqa: E402

DB_NAME = os.environ.get("BENCH_DB", "fretes_bench_bulk")  # a scratch database: dropped and recreated
ADMIN_DSN = "host=127.0.0.1 port=5432 user=postgres dbname=postgres"
DB_URL = f"postgresql+psycopg://postgres@127.0.0.1:5432/{DB_NAME}"
ITEMS = 200
_numbers = itertools.count(100_000_000)


def cpf() -> str:
    digits = f"{next(_numbers):09d}"
    return digits + cpf_check_digits(digits)


def driver() -> dict:
    return {"name": "Motorista de Teste da Silva", "phone": "+5511987654321", "cpf": cpf(),
            "cnh_number": "12345678901", "cnh_category": "E", "cnh_expires_at": "2030-01-31", "has_mopp": True}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    with psycopg.connect(ADMIN_DSN, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")

    from app import create_app
    from core.db import db
    from core.tenancy import cross_tenant, tenant_scope
    from domain.tenancy import services

    app = create_app({"SQLALCHEMY_DATABASE_URI": DB_URL, "SECRET_KEY": "bench-secret", "REDIS_URL": "",
                      "INSTANCE_PATH": tempfile.mkdtemp(prefix="bench-bulk-"), "JOBS_INLINE": True})
    with app.app_context():
        db.create_all()
        company = services.create_company(name="Transportadora Bulk Ltda", cnpj="11222333000181")
        save_seed()
        with tenant_scope(company.id):
            _, key = services.create_api_key(company, scopes=("read", "write"), name="bench")
            save_seed()
    client = app.test_client()
    headers = {"X-API-Key": key}

    def post(path, body):
        response = client.post("/api/public/v1" + path, data=json.dumps(body), headers=headers,
                               content_type="application/json")
        return response

    statements = []

    def count(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    def bulk() -> tuple[float, int]:
        items = [driver() for _ in range(ITEMS)]
        statements.clear()
        started = time.perf_counter()
        response = post("/drivers/bulk", {"items": items})
        elapsed = time.perf_counter() - started
        body = response.get_json()
        assert response.status_code == 200 and len(body["data"]["created"]) == ITEMS, body
        return elapsed, len(statements)

    def singles() -> tuple[float, int]:
        items = [driver() for _ in range(ITEMS)]
        statements.clear()
        started = time.perf_counter()
        for item in items:
            response = post("/drivers", item)
            assert response.status_code == 201, response.get_json()
        return time.perf_counter() - started, len(statements)

    with app.app_context():
        sa.event.listen(db.engine, "before_cursor_execute", count)
    bulk(), singles()  # warm-up round (connections, caches, prepared statements)
    times = {"bulk": [], "singles": []}
    counts = {}
    for round_ in range(args.rounds):
        order = [("bulk", bulk), ("singles", singles)]
        for name, run in (order if round_ % 2 == 0 else order[::-1]):
            elapsed, statements_sent = run()
            times[name].append(elapsed)
            counts[name] = statements_sent
    with app.app_context():
        sa.event.remove(db.engine, "before_cursor_execute", count)
        total = db.session.execute(cross_tenant(sa.text("SELECT count(*) FROM drivers"))).scalar_one()
    assert total == (args.rounds + 1) * 2 * ITEMS, total

    bulk_t, single_t = statistics.median(times["bulk"]), statistics.median(times["singles"])
    print(f"\n(d) {ITEMS} drivers, PostgreSQL, API through the Flask test client, {args.rounds} rounds (median)")
    print(f"    POST /drivers/bulk (1 request)    {bulk_t * 1000:8.1f} ms   {bulk_t / ITEMS * 1000:6.2f} ms/driver   "
          f"{counts['bulk']} statements")
    print(f"    POST /drivers x {ITEMS} (loop)       {single_t * 1000:8.1f} ms   "
          f"{single_t / ITEMS * 1000:6.2f} ms/driver   "
          f"{counts['singles']} statements")
    print(f"    ratio singles / bulk: {single_t / bulk_t:.1f}x  (bulk is {single_t / bulk_t:.1f} times faster)")


if __name__ == "__main__":
    main()
