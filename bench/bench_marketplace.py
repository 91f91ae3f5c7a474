"""The public showcase with many public freights: a deep page (keyset) against the first page.

    python bench/bench_marketplace.py [freights] [iterations]   (default 100000 and 300; DATABASE_URL for PostgreSQL)

Inserts `freights` public, published freights for one company (bulk, core INSERT), takes the cursor of a page in
the middle of the list, then calls GET /api/public/v1/marketplace/freights?limit=50 (first) and the same with that
cursor (deep), interleaved call by call. Target: deep / first p50 <= 1.2x (the cursor is an index range).
"""
import sys
import time
import uuid
from datetime import timedelta

from _common import bench_app, report


def seed(app, count: int):
    import sqlalchemy as sa

    from core.db import db, utcnow
    from core.tenancy import cross_tenant
    from domain.freights.models import Freight
    from domain.tenancy.models import Company

    with app.app_context():
        company = Company(id=uuid.uuid4(), cnpj="11222333000181", legal_name="Bench Transportes")
        db.session.add(company)
        db.session.commit()
        now = utcnow()
        rows = [{"id": uuid.uuid4(), "company_id": company.id, "code": f"FRT-{n:06d}", "status": "published",
                 "visibility": "publico", "public_slug": f"sp-pr-{n}", "origin_city": "São Paulo",
                 "origin_state": "SP", "destination_city": "Curitiba", "destination_state": "PR",
                 "price": 1000 + n % 5000, "search_text": f"frt-{n:06d} sao paulo curitiba",
                 "created_at": now - timedelta(seconds=n), "updated_at": now} for n in range(count)]
        for start in range(0, count, 5000):
            db.session.execute(cross_tenant(sa.insert(Freight)), rows[start:start + 5000])
        db.session.commit()


def main(count: int, iterations: int) -> None:
    app = bench_app()
    seed(app, count)
    client = app.test_client()
    url = "/api/public/v1/marketplace/freights?limit=50"
    cursor = None
    for _ in range(min(count // 50 // 2, 1000)):  # walk to the middle (capped) for a deep cursor
        cursor = client.get(url + (f"&cursor={cursor}" if cursor else "")).get_json()["page"]["next_cursor"]
    deep_url = f"{url}&cursor={cursor}"
    assert len(client.get(deep_url).get_json()["data"]) == 50
    first, deep = [], []
    for n in range(iterations):
        order = ((url, first), (deep_url, deep)) if n % 2 else ((deep_url, deep), (url, first))
        for target, samples in order:
            started = time.perf_counter()
            response = client.get(target)
            samples.append(time.perf_counter() - started)
            assert response.status_code == 200
    print(f"{count} public freights; deep page after {min(count // 50 // 2, 1000)} pages")
    report("deep", deep, "first", first)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000, int(sys.argv[2]) if len(sys.argv) > 2 else 300)
