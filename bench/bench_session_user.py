"""The browser session's user loader: the ORM load against the former hand-built `User`, at volume.

    python bench/bench_session_user.py [iterations] [users]     (default 3000 and 5000; DATABASE_URL for PostgreSQL)

Flask-Login calls the loader on every page a logged-in user opens. It used to read the session row and the user's
columns with Core and build the `User` by hand, adding it to the session as if loaded ("no second SELECT"); it now
loads `select(User, <session times>)` the ordinary ORM way (the user's company comes joined, by its relationship).
One company, `users` users each with an open session; then, in this process, interleaved call by call (the order
rotating), each in a fresh app context and database session, as a request starts:
  orm     domain.tenancy.sessions.load_session_user;
  former  the removed fast path (kept here only to compare: the same Core SELECT and hand-built user).
Each timed twice per call: the loader alone, and the loader then `user.company.legal_name` (a page's header shows
the company: the former path loads it by a second SELECT). Prints both, the former/orm ratios and the SQL statements
each sends.
"""
import random
import sys
import time
import uuid
from datetime import timedelta

import sqlalchemy as sa
from _common import bench_app, report, save_seed


def former_loader():
    """The hand-built user of before (domain/tenancy/sessions.py until December 2026), for the comparison only."""
    from sqlalchemy.orm import make_transient_to_detached
    from sqlalchemy.orm.util import identity_key

    from core.db import db, utcnow
    from domain.tenancy.models import User, UserSession
    from domain.tenancy.sessions import TOUCH_EVERY, _limits, _touch

    sessions, users = UserSession.__table__, User.__table__
    lookup = (sa.select(sessions.c.created_at.label("session_created_at"), sessions.c.last_seen_at,
                        sessions.c.revoked_at, *users.c)
              .join(users, users.c.id == sessions.c.user_id)
              .where(sessions.c.id == sa.bindparam("session_id"), sessions.c.user_id == sa.bindparam("user_id")))

    def load(alternative_id: str):
        user_part, _, session_part = alternative_id.partition(":")
        user_id, session_id = uuid.UUID(user_part), uuid.UUID(session_part)
        row = db.session.connection().execute(lookup, {"session_id": session_id, "user_id": user_id}).first()
        now = utcnow()
        idle, absolute = _limits()
        if (row is None or row.revoked_at is not None
                or now - row.last_seen_at > idle or now - row.session_created_at > absolute):
            return None
        if now - row.last_seen_at > TOUCH_EVERY:
            _touch(session_id, now)
        user = db.session.identity_map.get(identity_key(User, row.id))
        if user is None:
            user = User(**{column.key: row._mapping[column] for column in users.c})
            make_transient_to_detached(user)
            db.session.add(user)
        user.session_id = session_id
        return user

    return load


def seed(app, count: int) -> list[str]:
    """One company, `count` users, one open session each (seen "now", so no call writes last_seen_at); their
    Flask-Login ids `<user id>:<session id>`."""
    from core.db import db, utcnow
    from core.validators import cnpj_check_digits
    from domain.tenancy import services
    from domain.tenancy.models import User, UserSession

    with app.app_context():
        base = f"{int(time.time() * 1000) % 10**12:012d}"
        company = services.create_company(name="Bench Sessões Ltda", cnpj=base + cnpj_check_digits(base))
        db.session.flush()
        now, ids = utcnow(), []
        users = [{"id": uuid.uuid4(), "company_id": company.id, "email": f"u{i}-{base}@bench.example",
                  "name": f"Usuário {i}", "password_hash": "x", "role": "operador", "is_active_user": True,
                  "created_at": now, "updated_at": now} for i in range(count)]
        sessions = [{"id": uuid.uuid4(), "user_id": user["id"], "created_at": now,
                     "last_seen_at": now + timedelta(minutes=30)} for user in users]
        db.session.execute(sa.insert(User.__table__), users)
        db.session.execute(sa.insert(UserSession.__table__), sessions)
        save_seed()
        ids = [f"{user['id']}:{session['id']}" for user, session in zip(users, sessions, strict=True)]
    return ids


def statements(app, load, alternative_id: str) -> int:
    from core.db import db
    seen = []

    def count(*_):
        seen.append(1)
    with app.app_context():
        sa.event.listen(db.engine, "before_cursor_execute", count)
        try:
            assert load(alternative_id).company.legal_name
        finally:
            sa.event.remove(db.engine, "before_cursor_execute", count)
            db.session.remove()
    return len(seen)


def main(iterations: int, count: int) -> None:
    from core.db import db
    from domain.tenancy.sessions import load_session_user

    app = bench_app()
    ids = seed(app, count)
    loaders = {"orm": load_session_user, "former": former_loader()}
    for name, load in loaders.items():
        print(f"{name}: {statements(app, load, ids[0])} SQL statement(s) per page's user (with its company)")
    loaded, with_company = {name: [] for name in loaders}, {name: [] for name in loaders}
    order = list(loaders)
    rng = random.Random(7)
    for i in range(iterations):
        alternative_id = rng.choice(ids)
        for name in order[i % 2:] + order[:i % 2]:
            with app.app_context():
                started = time.perf_counter()
                user = loaders[name](alternative_id)
                loaded[name].append(time.perf_counter() - started)
                assert user.company.legal_name
                with_company[name].append(time.perf_counter() - started)
                db.session.remove()
    with app.app_context():
        backend = db.engine.url.get_backend_name()
    print(f"{count} users with open sessions, {iterations} loads each, {backend}")
    print("the loader alone (the user; its company not used yet):")
    report("former", loaded["former"], "orm", loaded["orm"])
    print("the loader, then the company's name (what a page does):")
    report("former", with_company["former"], "orm", with_company["orm"])


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000, int(sys.argv[2]) if len(sys.argv) > 2 else 5000)
