"""The sidebar badge of new leads, polled by every open dispatcher tab, against bare Flask endpoints.

    python bench/bench_badge.py [iterations]      (default 3000)
    BENCH_REDIS_URL=redis://127.0.0.1:6379/<n> python bench/bench_badge.py   (the count in Redis, as in production)

Builds the real app on a throwaway SQLite file (DATABASE_URL for another database), creates a company, an
operador and one `novo` lead's stored count, logs in through the login form and takes the badge's URL from the
leads page, as htmx would. Then, through the same WSGI test client, interleaved call by call (order rotating):
  badge-nocache  GET /leads/badge?t=<token> with MARKETPLACE_BADGE_CACHE_SECONDS = 0: the signed token and the
          session cookie checked, one read of the stored count (Redis GET; without BENCH_REDIS_URL one SELECT by
          primary key), the fragment — compared like for like with `bare`, target badge-nocache / bare p50 <= 1.5x;
  bare    a bare Flask app (its own test client, same secret key, the browser's session cookie) whose one route
          checks that the session names the token's user, reads the same stored count (a Redis client opened once,
          or the same SELECT on a DBAPI connection taken once and held: checked never to be one the app's requests
          get) and formats the same fragment by hand: none of our request hooks;
  badge   the production setting (the count reused for MARKETPLACE_BADGE_CACHE_SECONDS = 1 s: every open tab of a
          company polls the same figure), reported separately against the same `bare` (which reads every call);
  empty   a route of that bare app returning a constant string (Flask alone), for reference.
Also prints the SQL statements one badge poll sends (0 expected with Redis).
"""
import os
import re
import sys
import tempfile
import time
import uuid
from html import unescape

from _common import check_separate_connections, held_raw_connection, percentile, quiet_request_log, report, save_seed

FRAGMENT = ('<span id="leads-badge" hx-get="{url}" hx-trigger="every 30s, leads-changed from:body" '
            'hx-swap="outerHTML" data-testid="leads-badge" class="badge badge-warn" '
            'aria-label="{count} leads novos">{count}</span>')


def make_app(redis_url: str):
    from app import create_app
    from core.db import db

    tmp = tempfile.mkdtemp(prefix="fretes-bench-")
    app = create_app({"SQLALCHEMY_DATABASE_URI": os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/bench.db",
                      "INSTANCE_PATH": tmp, "JOBS_INLINE": True, "REDIS_URL": redis_url,
                      "RATELIMIT_STORAGE_URI": "memory://"})
    with app.app_context():
        db.create_all()
    return app


def seed(app) -> tuple[uuid.UUID, str, str]:
    """A company with an operador and a stored count of 1 new lead; (company id, e-mail, password)."""
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.marketplace.badge import _redis_key
    from domain.marketplace.models import LeadCount
    from domain.tenancy import services

    with app.app_context():
        company = services.create_company(name="Transportadora Badge Ltda", cnpj="11222333000181")
        save_seed()
        email, password = f"op{uuid.uuid4().hex[:6]}@example.com", "senha-segura-1"
        with tenant_scope(company.id):
            services.create_user(company, email=email, password=password, role="operador")
            db.session.add(LeadCount(company_id=company.id, novo=1))
            save_seed()
        if app.config["REDIS_URL"]:
            from core.queue import redis_connection
            redis_connection().set(_redis_key(company.id), 1)
        return company.id, email, password


def logged_in_client(app, email: str, password: str):
    client = app.test_client()
    token = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/login").get_data(as_text=True)).group(1)
    answer = client.post("/login", data={"email": email, "password": password, "csrf_token": token})
    assert answer.status_code == 302, "login failed"
    return client


def bare_app(app, company_id, user_id: str):
    """A bare Flask app: the hand-written badge (`bare`) and a constant answer (`empty`). `bare` does per call what
    the badge does with its cache off: Flask's signed session cookie (same secret) must name the user, then one read
    of the stored count (Redis GET, or the SELECT on a connection held for the run) and the fragment."""
    from flask import Flask, abort, session

    from domain.marketplace.badge import _redis_key

    held = None
    if app.config["REDIS_URL"]:
        from redis import Redis
        client, key = Redis.from_url(app.config["REDIS_URL"]), _redis_key(company_id)

        def read_count():
            return int(client.get(key) or 0)
    else:
        held, raw = held_raw_connection(app)  # opened once, kept for the whole run
        if raw.__class__.__module__.startswith("psycopg"):
            sql, param = "SELECT novo FROM marketplace_lead_counts WHERE company_id = %s", company_id
        else:
            sql, param = "SELECT novo FROM marketplace_lead_counts WHERE company_id = ?", company_id.hex

        def read_count():
            row = raw.execute(sql, (param,)).fetchone()
            return int(row[0] if row else 0)

    def bare():
        if session.get("_user_id") != user_id:
            abort(403)
        return FRAGMENT.format(url="/bare/badge", count=read_count())

    plain = Flask("bare")
    plain.secret_key = app.secret_key
    plain.add_url_rule("/bare/badge", "bare", bare)
    plain.add_url_rule("/bare/empty", "empty", lambda: "0")
    plain.held_connection = held
    plain.raw_connection = held.driver_connection if held is not None else None
    return plain


def statements_per_poll(app, client, url: str) -> int:
    import sqlalchemy as sa

    from core.db import db

    with app.app_context():
        engine = db.engine
    app.config["MARKETPLACE_BADGE_CACHE_SECONDS"] = 0
    seen = []

    def count(*_args):
        seen.append(1)
    sa.event.listen(engine, "before_cursor_execute", count)
    try:
        client.get(url)
    finally:
        sa.event.remove(engine, "before_cursor_execute", count)
    return len(seen)


def main(iterations: int) -> None:
    app = make_app(os.environ.get("BENCH_REDIS_URL", ""))
    quiet_request_log()
    company_id, email, password = seed(app)
    client = logged_in_client(app, email, password)
    page = client.get("/leads").get_data(as_text=True)
    badge_url = unescape(re.search(r'id="leads-badge" hx-get="([^"]+)"', page).group(1))
    from urllib.parse import parse_qs, urlsplit

    from blueprints.web.marketplace import _read_badge_token
    with app.test_request_context():  # what the session cookie must name: the token's session (the user's id)
        session_id = _read_badge_token(parse_qs(urlsplit(badge_url).query)["t"][0])[0]
    bare = bare_app(app, company_id, session_id)
    bare_client = bare.test_client()
    cookie = app.config["SESSION_COOKIE_NAME"]
    bare_client.set_cookie(cookie, client.get_cookie(cookie).value)  # the browser's session, as the badge gets it
    if bare.raw_connection is not None:  # the count in the database: the two paths must not share a connection
        def nocache_polls():
            app.config["MARKETPLACE_BADGE_CACHE_SECONDS"] = 0
            for _ in range(20):
                assert client.get(badge_url).status_code == 200
        check_separate_connections(app, bare.raw_connection, nocache_polls)
    assert ">1</span>" in client.get(badge_url).get_data(as_text=True)
    assert ">1</span>" in bare_client.get("/bare/badge").get_data(as_text=True)
    targets = {"badge": (client, badge_url), "badge-nocache": (client, badge_url),
               "bare": (bare_client, "/bare/badge"), "empty": (bare_client, "/bare/empty")}
    samples = {name: [] for name in targets}
    names = list(targets)
    for n in range(iterations + 200):
        for name in names[n % 4:] + names[:n % 4]:
            app.config["MARKETPLACE_BADGE_CACHE_SECONDS"] = 0 if name == "badge-nocache" else 1
            target_client, url = targets[name]
            started = time.perf_counter()
            response = target_client.get(url)
            elapsed = time.perf_counter() - started
            assert response.status_code == 200
            if n >= 200:  # the first 200 rounds warm up
                samples[name].append(elapsed)
    store = "Redis" if app.config["REDIS_URL"] else "the database (embedded default)"
    print(f"count stored in {store}; SQL statements per badge poll (cache off): "
          f"{statements_per_poll(app, client, badge_url)}")
    print("like for like (one stored-count read per poll on both sides):")
    report("badge-nocache", samples["badge-nocache"], "bare", samples["bare"])
    print("production (the badge reuses the count for 1 s; `bare` still reads it every call):")
    report("badge", samples["badge"], "bare", samples["bare"])
    print(f"empty p50 {percentile(samples['empty'], 50) * 1000:.3f} ms; badge / empty p50 "
          f"{percentile(samples['badge'], 50) / percentile(samples['empty'], 50):.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
