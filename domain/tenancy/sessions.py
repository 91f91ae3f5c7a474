"""Logged-in browser sessions, ended on the server.

The session cookie (signed by Flask) carries Flask-Login's alternative id `<user id>:<session id>`; the session id is
a `user_sessions` row. A cookie is honoured only while its row is open: logout closes it, "sair de todos os
dispositivos" and a password change close the user's others, and a row idle for SESSION_IDLE_MINUTES or older than
SESSION_ABSOLUTE_HOURS is refused. So a cookie copied or replayed after any of these gets the login page."""
import hashlib
import uuid
from datetime import timedelta

import sqlalchemy as sa
from flask import current_app
from itsdangerous import BadData, URLSafeTimedSerializer
from limits import parse
from werkzeug.security import check_password_hash

from core.db import db, utcnow
from core.errors import AppError
from core.extensions import limiter
from core.signals import password_reset_asked, session_ended_for_guesses
from core.signing import secret_keys
from core.tenancy import cross_tenant
from domain.tenancy.inputs import Problems
from domain.tenancy.models import User, UserSession
from domain.tenancy.passwords import hash_password

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


# The session's times and its user (with its company, joined by the relationship) in one SELECT, platform-level:
# this read, before any tenant scope, is what tells the request its company.
_LOOKUP = cross_tenant(
    sa.select(User, UserSession.created_at.label("session_created_at"), UserSession.last_seen_at,
              UserSession.revoked_at)
    .join(UserSession, UserSession.user_id == User.id)
    .where(UserSession.id == sa.bindparam("session_id"), User.id == sa.bindparam("user_id")))


def load_session_user(alternative_id: str) -> User | None:
    """Flask-Login's user loader: the user of an open, unexpired session, else None (→ the login page)."""
    user_part, _, session_part = str(alternative_id or "").partition(":")
    try:
        user_id, session_id = uuid.UUID(user_part), uuid.UUID(session_part)
    except ValueError:
        return None
    row = db.session.execute(_LOOKUP, {"session_id": session_id, "user_id": user_id}).first()
    now = utcnow()
    idle, absolute = _limits()
    if (row is None or row.revoked_at is not None
            or now - row.last_seen_at > idle or now - row.session_created_at > absolute):
        return None
    if now - row.last_seen_at > TOUCH_EVERY:
        _touch(session_id, now)
    user = row.User
    user.session_id = session_id
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
    problems = Problems()
    problems.check_password("password", new_password)
    problems.raise_any()
    user.password_hash = hash_password(new_password)
    end_all_sessions(user, keep_session_id=keep_session_id)
    db.session.flush()
    return user


class TooManyPasswordGuesses(AppError):
    """The current password was guessed wrong too often: the session that tried has ended (kept although the answer
    is an error) and the user is told by e-mail."""
    status, code, keep_records = 429, "too_many_guesses", True
    message = ("Muitas tentativas com a senha atual incorreta: por segurança, esta sessão foi encerrada e avisamos "
               "você por e-mail. Entre de novo para continuar.")


def _guess_limits(user: User, session_id) -> list:
    """(limit, namespace, key) of the wrong-guess counts: this login session's and the account's (a stolen session
    that is ended and another one opened with the same stolen access still meet the account's)."""
    config = current_app.config
    return [(parse(config["PASSWORD_CHANGE_LIMIT_PER_SESSION"]), "password-change-session", str(session_id)),
            (parse(config["PASSWORD_CHANGE_LIMIT_PER_ACCOUNT"]), "password-change-account", str(user.id))]


def _guesses_left(limits_: list) -> bool:
    return all(limiter.limiter.test(limit, namespace, key) for limit, namespace, key in limits_)


def _count_wrong_guess(limits_: list) -> None:
    for limit, namespace, key in limits_:
        limiter.limiter.hit(limit, namespace, key)


def _end_guessing_session(user: User, session_id) -> TooManyPasswordGuesses:
    """Someone holding this session may be guessing the password to keep access once the session ends: end it now,
    and tell the user by e-mail (after the answer: the messages area answers `session_ended_for_guesses`)."""
    end_session(session_id)
    session_ended_for_guesses.send(user)
    return TooManyPasswordGuesses()


def change_own_password(user: User, current: str, new: str, confirmation: str, *, keep_session_id=None) -> User:
    """"Alterar senha": the current password proves it is the user; the new one follows the password rule and is
    typed twice alike. Every problem is reported at once (InvalidBody naming `current`, `password`, `confirmation`);
    the other sessions end (change_password). Wrong guesses of the current password are counted per session and per
    account (PASSWORD_CHANGE_LIMIT_PER_*): the wrong guess that reaches a limit ends this session
    (TooManyPasswordGuesses), and so does any try past it, without checking what was typed."""
    limits_ = _guess_limits(user, keep_session_id)
    if not _guesses_left(limits_):
        raise _end_guessing_session(user, keep_session_id)
    problems = Problems()
    if not check_password_hash(user.password_hash, current or ""):
        _count_wrong_guess(limits_)
        if not _guesses_left(limits_):
            raise _end_guessing_session(user, keep_session_id)
        problems.add("current", "wrong_password", "Senha atual incorreta.")
    problems.check_password("password", new)
    if new and new != confirmation:
        problems.add("confirmation", "mismatch", "As duas senhas não são iguais.")
    problems.raise_any()
    return change_password(user, new, keep_session_id=keep_session_id)


# --- "Esqueci minha senha": a signed, single-use, expiring link ------------------------------------------------

RESET_SALT = "password-reset"


def _password_fingerprint(user: User) -> str:
    """Changes whenever the password does: a link signed with it works once (the reset changes the password)."""
    return hashlib.sha256(user.password_hash.encode()).hexdigest()[:16]


def _reset_signer():
    return URLSafeTimedSerializer(secret_keys(), salt=RESET_SALT)


def password_reset_token(user: User) -> str:
    return _reset_signer().dumps({"u": str(user.id), "p": _password_fingerprint(user)})


def user_for_reset(token: str) -> User | None:
    """The active user a reset link was made for, while it is younger than PASSWORD_RESET_MINUTES and the password
    has not changed since (so it is used once); None otherwise (expired, tampered, used, user deactivated)."""
    try:
        data = _reset_signer().loads(token, max_age=current_app.config.get("PASSWORD_RESET_MINUTES", 60) * 60)
        user_id = uuid.UUID(data["u"])
    except (BadData, KeyError, TypeError, ValueError):
        return None
    user = db.session.execute(cross_tenant(sa.select(User).where(User.id == user_id))).scalar_one_or_none()
    if user is None or not user.is_active_user or data.get("p") != _password_fingerprint(user):
        return None
    return user


def reset_password(token: str, new: str, confirmation: str) -> User:
    """Set the password a reset link was made for; every session of the user ends. InvalidBody when the link no
    longer works (`token`) or the new password is refused."""
    user = user_for_reset(token)
    problems = Problems()
    if user is None:
        problems.add("token", "invalid_link", "Este link não vale mais: peça outro.")
        problems.raise_any()
    problems.check_password("password", new)
    if new and new != confirmation:
        problems.add("confirmation", "mismatch", "As duas senhas não são iguais.")
    problems.raise_any()
    return change_password(user, new)


def ask_password_reset(email: str, base_url: str) -> None:
    """"Esqueci minha senha": the link is looked up and mailed by a job, after the answer (the messages area answers
    `password_reset_asked`), so the request does the same work for a registered e-mail and an unknown one: its time
    does not tell them apart (mailing inside the request took 218 ms against 96 ms). `base_url` is where the link
    points: PUBLIC_BASE_URL, or the request's host where it is vouched for (core.public_urls.mail_link_base)."""
    password_reset_asked.send((email or "").strip().lower()[:254], base_url=base_url)


GUESSES_NOTICE = ("Alguém errou a senha atual várias vezes em \"Alterar senha\", numa sessão aberta da sua conta no "
                  "Fretes. Por segurança, essa sessão foi encerrada.\n\nSe foi você, basta entrar de novo. Se não "
                  "foi, crie uma nova senha (\"Esqueci minha senha\", na página de entrada) e use \"Sair de todos os "
                  "dispositivos\" no menu da sua conta.")


def reset_mail_text(link: str) -> str:
    minutes = int(current_app.config["PASSWORD_RESET_MINUTES"])
    return (f"Para criar uma nova senha no Fretes, abra o link abaixo em até {minutes} minutos. Ele funciona uma "
            f"vez.\n\n{link}\n\nSe você não pediu, ignore este e-mail: a sua senha continua a mesma.")


def user_by_email(email: str) -> User | None:
    """The active user of that e-mail (platform-wide: e-mails are unique), or None."""
    user = db.session.execute(cross_tenant(sa.select(User).where(
        User.email == (email or "").strip().lower()))).scalar_one_or_none()
    return user if user is not None and user.is_active_user else None
