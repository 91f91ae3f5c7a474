"""Cost of the API plumbing: an authenticated GET /api/public/v1/me against a bare Flask endpoint.

    python bench/bench_me.py [iterations]        (default 2000; DATABASE_URL to use PostgreSQL)

Both run in the same process through the same WSGI test client, interleaved call by call so that
noise hits both alike. /me does the key lookup (prefix index, constant-time hash compare), scope
check, tenant scope, last-use bookkeeping, commit and JSON envelope; the bare endpoint only jsonify().
"""
import sys
import time

from _common import bench_app, report


def main(iterations: int) -> None:
    from flask import jsonify

    from core.db import db
    from core.tenancy import cross_tenant, tenant_scope
    from core.validators import cnpj_check_digits
    from domain.tenancy import services
    from domain.tenancy.models import ApiKey, Company

    app = bench_app()
    app.add_url_rule("/bench/bare", "bench_bare", lambda: jsonify({"data": {"ok": True}}))
    with app.app_context():
        base = f"{int(time.time() * 1000) % 10**12:012d}"
        company = services.create_company(name="Bench Ltda", cnpj=base + cnpj_check_digits(base))
        db.session.flush()
        with tenant_scope(company.id):
            _, key = services.create_api_key(company, scopes=["read"])
        db.session.commit()
        company_id = company.id

    client = app.test_client()
    headers = {"X-API-Key": key}
    for _ in range(50):  # warm up caches and the connection pool
        assert client.get("/api/public/v1/me", headers=headers).status_code == 200
        assert client.get("/bench/bare").status_code == 200

    me, bare = [], []
    clock = time.perf_counter
    for _ in range(iterations):
        start = clock()
        client.get("/api/public/v1/me", headers=headers)
        me.append(clock() - start)
        start = clock()
        client.get("/bench/bare")
        bare.append(clock() - start)

    dialect = app.config["SQLALCHEMY_DATABASE_URI"].split(":")[0]
    print(f"GET /api/public/v1/me vs a bare endpoint, {iterations} calls each ({dialect})")
    report("me", me, "bare", bare)

    with app.app_context():  # leave a shared DATABASE_URL as it was
        db.session.execute(cross_tenant(db.delete(ApiKey).where(ApiKey.company_id == company_id)))
        db.session.execute(db.delete(Company).where(Company.id == company_id))
        db.session.commit()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
