"""Logged-in browser sessions, ended on the server.

The session cookie (signed by Flask) carries Flask-Login's alternative id `<user id>:<session id>`; the session id is
a `user_sessions` row. A cookie is honoured only while its row is open: logout closes it, "sair de todos os
dispositivos" and a password change close the user's others, and a row idle for SESSION_IDLE_MINUTES or older than
SESSION_ABSOLUTE_HOURS is refused. So a cookie copied or replayed after any of these gets the login page."""
import uuid
from datetime import timedelta

import sqlalchemy as sa
from flask import current_app
from werkzeug.security import generate_password_hash

from core.db import db, utcnow
from core.errors import InvalidBody
from core.tenancy import cross_tenant
from domain.tenancy.models import User, UserSession

TOUCH_EVERY = timedelta(seconds=60)  # last_seen_at is written at most once a minute per session


def open_session(user: User) -> UserSession:
    now = utcnow()
    row = UserSession(user_id=user.id, created_at=now, last_seen_at=now)
    db.session.add(row)
    db.session.flush()
    user.session_id = row.id
    return row


def _limits() -> tuple[timedelta, timedelta]:
    config = current_app.config
    return (timedelta(minutes=float(config.get("SESSION_IDLE_MINUTES", 120))),
            timedelta(hours=float(config.get("SESSION_ABSOLUTE_HOURS", 12))))


def load_session_user(alternative_id: str) -> User | None:
    """Flask-Login's user loader: the user of an open, unexpired session, else None (→ the login page)."""
    user_part, _, session_part = str(alternative_id or "").partition(":")
    try:
        user_id, session_id = uuid.UUID(user_part), uuid.UUID(session_part)
    except ValueError:
        return None
    row = db.session.get(UserSession, session_id)
    now = utcnow()
    idle, absolute = _limits()
    if (row is None or row.user_id != user_id or row.revoked_at is not None
            or now - row.last_seen_at > idle or now - row.created_at > absolute):
        return None
    user = db.session.execute(cross_tenant(sa.select(User).where(User.id == user_id))).scalar_one_or_none()
    if user is None:
        return None
    if now - row.last_seen_at > TOUCH_EVERY:
        _touch(row.id, now)
    user.session_id = row.id
    return user


def _touch(session_id, now) -> None:
    # Own connection: a GET page commits nothing, and the request's transaction must not carry this write.
    table = UserSession.__table__
    with db.engine.begin() as conn:
        conn.execute(sa.update(table).where(table.c.id == session_id).values(last_seen_at=now))


def end_session(session_id) -> None:
    if session_id is None:
        return
    db.session.execute(sa.update(UserSession).where(UserSession.id == session_id, UserSession.revoked_at.is_(None))
                       .values(revoked_at=utcnow()))


def end_all_sessions(user: User, *, keep_session_id=None) -> int:
    """"Sair de todos os dispositivos": close every open session of the user (but `keep_session_id`)."""
    stmt = sa.update(UserSession).where(UserSession.user_id == user.id, UserSession.revoked_at.is_(None))
    if keep_session_id is not None:
        stmt = stmt.where(UserSession.id != keep_session_id)
    return db.session.execute(stmt.values(revoked_at=utcnow())).rowcount or 0


def change_password(user: User, new_password: str, *, keep_session_id=None) -> User:
    """A new password ends the user's other sessions (the one making the change may stay)."""
    if len(new_password or "") < 8:
        raise InvalidBody.for_field("password", "A senha precisa de pelo menos 8 caracteres.")
    user.password_hash = generate_password_hash(new_password)
    end_all_sessions(user, keep_session_id=keep_session_id)
    db.session.flush()
    return user
