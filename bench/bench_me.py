"""Cost of the API plumbing: an authenticated GET /api/public/v1/me against bare Flask endpoints.

    python bench/bench_me.py [iterations]        (default 2000; DATABASE_URL to use PostgreSQL)

All run in the same process through the same WSGI test client, interleaved call by call (the order rotates
every call) so that noise hits them alike:
  me     the real endpoint: key lookup (prefix index, joined with its company), constant-time hash compare,
         scope check, tenant scope, last-use bookkeeping, the JSON envelope;
  bare   the same work by hand: one SELECT of the key joined with its company on a raw DBAPI connection
         (autocommit, taken from the pool once and held: never one the app's requests use, checked before and
         after the timed calls), the hash compare, the scope check and jsonify() of the same fields — the
         baseline of the target (p50 <= 1.5x, p99 <= 2x);
  empty  jsonify() alone, no database (what this bench compared with before), for reference.
"""
import hashlib
import hmac
import json
import sys
import time

from _common import bench_app, check_separate_connections, held_raw_connection, quiet_request_log, report, save_seed

KEY_SQL = ("SELECT k.id, k.prefix, k.secret_hash, k.scopes, k.require_signature, c.id, c.cnpj, c.legal_name, "
           "c.modules, c.features, c.ciot_environment FROM api_keys k JOIN companies c ON c.id = k.company_id "
           "WHERE k.prefix = {p} AND k.revoked_at IS NULL")


def bare_me_view(app):
    """The hand-written /me: what an app without our pipeline would do for the same answer."""
    from flask import abort, jsonify, request

    held, raw = held_raw_connection(app)  # opened once, kept for the whole run, as a hand-written app would
    sql = KEY_SQL.format(p="%s" if raw.__class__.__module__.startswith("psycopg") else "?")

    def as_list(value):
        return value if isinstance(value, list) else json.loads(value)

    def as_id(value):
        return str(value) if not isinstance(value, str) or "-" in value else \
            f"{value[:8]}-{value[8:12]}-{value[12:16]}-{value[16:20]}-{value[20:]}"

    def view():
        prefix, _, secret = (request.headers.get("X-API-Key") or "").partition(".")
        row = raw.execute(sql, (prefix,)).fetchone()
        if row is None or not hmac.compare_digest(hashlib.sha256(secret.encode()).hexdigest(), row[2]):
            abort(401)
        scopes = as_list(row[3])
        if "read" not in scopes:
            abort(403)
        return jsonify({"data": {
            "company": {"id": as_id(row[5]), "cnpj": row[6], "legal_name": row[7], "modules": as_list(row[8]),
                        "features": as_list(row[9]), "ciot_environment": row[10]},
            "api_key": {"id": as_id(row[0]), "prefix": row[1], "scopes": scopes, "require_signature": bool(row[4])},
        }})
    view.held_connection, view.raw_connection = held, raw
    return view


def main(iterations: int) -> None:
    from flask import jsonify

    from core.db import db
    from core.tenancy import cross_tenant, tenant_scope
    from core.validators import cnpj_check_digits
    from domain.tenancy import services
    from domain.tenancy.models import Company

    app = bench_app()
    quiet_request_log()
    app.add_url_rule("/bench/empty", "bench_empty", lambda: jsonify({"data": {"ok": True}}))
    bare_view = bare_me_view(app)
    app.add_url_rule("/bench/me", "bench_me", bare_view)
    with app.app_context():
        base = f"{int(time.time() * 1000) % 10**12:012d}"
        company = services.create_company(name="Bench Ltda", cnpj=base + cnpj_check_digits(base))
        db.session.flush()
        with tenant_scope(company.id):
            _, key = services.create_api_key(company, scopes=["read"])
        save_seed()
        company_id = company.id

    client = app.test_client()
    headers = {"X-API-Key": key}
    calls = {"me": ("/api/public/v1/me", headers), "bare": ("/bench/me", headers), "empty": ("/bench/empty", {})}
    answers = {name: client.get(path, headers=h) for name, (path, h) in calls.items()}
    assert answers["me"].get_json() == answers["bare"].get_json(), (answers["me"].get_json(),
                                                                    answers["bare"].get_json())

    def warm_up():  # caches and the connection pool
        for _ in range(50):
            for path, h in calls.values():
                assert client.get(path, headers=h).status_code == 200
    check_separate_connections(app, bare_view.raw_connection, warm_up)

    samples = {name: [] for name in calls}
    names = list(calls)
    clock = time.perf_counter
    for i in range(iterations):
        for name in names[i % 3:] + names[:i % 3]:
            path, h = calls[name]
            start = clock()
            client.get(path, headers=h)
            samples[name].append(clock() - start)

    print(f"GET /api/public/v1/me vs bare endpoints, {iterations} calls each "
          f"({app.config['SQLALCHEMY_DATABASE_URI'].split(':')[0]})")
    report("me", samples["me"], "bare", samples["bare"])
    report("me", samples["me"], "empty", samples["empty"])
    check_separate_connections(app, bare_view.raw_connection, lambda: client.get(calls["me"][0], headers=headers))

    with app.app_context():  # leave a shared DATABASE_URL as it was: every row of the company (starter data too)
        for table in reversed(db.metadata.sorted_tables):
            if "company_id" in table.c:
                db.session.execute(cross_tenant(table.delete().where(table.c.company_id == company_id)))
        db.session.execute(db.delete(Company).where(Company.id == company_id))
        save_seed()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
