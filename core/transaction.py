"""One owner for every transaction: the unit of work (docs/CONTRIBUTING.md, "Transactions (one rule)").

A request, a job and a command-line command each run as ONE unit of work, and nothing else commits:

- A request's work is committed by the app once the view has answered below 400 without raising, and rolled back
  otherwise (`register_unit_of_work`, set up by app.py). Views, services and pages only flush.
- A GET or HEAD request only reads: a write raises (and the request answers 500) instead of being half-committed.
  On PostgreSQL every connection of the app starts read-only by default (`default_transaction_read_only`) and a
  unit of work's transaction begins `READ WRITE`; a read runs its statements in autocommit, each read-only, with no
  BEGIN nor COMMIT round trip (core.db.autocommit_reads). On SQLite a read is a transaction with
  `PRAGMA query_only`. Bookkeeping a read must do (an API key's last use, a login session's "seen") is written on a
  short connection of its own (`own_connection`).
- A refusal whose records must be kept (`AppError(keep_records=True)`: the timeline event of an emission the
  authority refused) is committed although the answer is an error: the unit of work decides, not the service.
  A view may catch such a refusal to render it (a 422 page): the records are kept all the same.
- Jobs commit through `core.jobs.job_context`, command-line commands through `unit_of_work()`; both are this
  module's unit of work.
- `commit_phase(reason)` is the one way to commit part of the work before the rest: a claim another process must
  see before this one goes on (a CIOT emission claim, an idempotency key, an attempt count kept before a retry).

After every commit the jobs the work enqueued (core.queue.enqueue_after_commit) are handed to the queue, or run
inline; inline jobs of AFTER_RESPONSE_QUEUES enqueued by a request run once its answer has been sent.
"""
import functools
import logging
from contextlib import contextmanager
from functools import wraps

import click
from flask import Flask, current_app, g, has_request_context, request
from flask.cli import ScriptInfo
from sqlalchemy import event
from sqlalchemy.orm import Session
from sqlalchemy.pool import Pool

from core import queue
from core.config import pgbouncer
from core.db import db

log = logging.getLogger("fretes.transaction")

READ_ONLY_METHODS = ("GET", "HEAD")


# --- Committing -------------------------------------------------------------------------------------------------

def _commit() -> None:
    """Commit the session's work, then hand its jobs over (queue or inline)."""
    db.session.commit()
    dispatch_ready()


def commit_phase(reason: str) -> None:
    """Commit the work done so far, before the rest of the unit of work: a claim another process (the worker, a
    retry of this call) must see now. `reason` names the phase, for the reader and the debug log. With
    core.api.interim_response declared first, a failure after the phase answers "accepted", never a 500."""
    log.debug("phase committed: %s", reason)
    _commit()


def end_with_error(exc: BaseException) -> None:
    """A unit of work ends on an error: a refusal that keeps its records (`AppError.keep_records`) is committed,
    anything else rolled back (`unit_of_work`; the request's: `end_request_with_error`)."""
    if getattr(exc, "keep_records", False):
        _commit()
    else:
        _safe_rollback()


def end_request_with_error(exc: BaseException) -> None:
    """The app's error handlers: the request's unit of work ends here (`end_with_error`), before the error page is
    rendered; its after-request hook then has nothing left to do."""
    g._work_ended = True
    end_with_error(exc)


def _safe_rollback() -> None:
    try:
        db.session.rollback()
    except Exception:  # the connection is gone: nothing to roll back
        log.debug("rollback failed", exc_info=True)


@contextmanager
def unit_of_work():
    """A job's or command's unit of work (also a decorator): committed when the block ends cleanly, else rolled
    back (a refusal that keeps its records is committed) and the error goes on."""
    try:
        yield
    except BaseException as exc:
        if _clean_exit(exc):  # a command that ends with `ctx.exit(0)` / `sys.exit(0)` ended cleanly
            _commit()
        else:
            end_with_error(exc)
        raise
    _commit()


def _clean_exit(exc: BaseException) -> bool:
    return getattr(exc, "code", getattr(exc, "exit_code", None)) in (0, None) and type(exc).__name__ in (
        "SystemExit", "Exit")


def commands_as_units_of_work(group) -> None:
    """Every command of this click group (and its subgroups) runs as one unit of work; a command that must keep one
    item's work while another fails opens a `unit_of_work()` per item."""
    for command in group.commands.values():
        if isinstance(command, click.Group):
            commands_as_units_of_work(command)
        elif command.callback is not None and not getattr(command.callback, "unit_of_work", False):
            command.callback = _as_unit(command.callback)


def _as_unit(callback):
    @wraps(callback)
    def run(*args, **kwargs):
        if not current_app:  # as flask.cli.with_appcontext does (the callback's own wrapper then finds it)
            ctx = click.get_current_context()
            ctx.with_resource(ctx.ensure_object(ScriptInfo).load_app().app_context())
        with unit_of_work():
            return callback(*args, **kwargs)
    run.unit_of_work = True
    return run


# --- The request's unit of work -------------------------------------------------------------------------------

def register_unit_of_work(app: Flask) -> None:
    """First before-request hook: a GET/HEAD reads read-only. Registered last among the app's after-request hooks,
    so the commit runs first, before any hook reads the answer, and before the answer is sent. On PostgreSQL the
    app's connections are read-only but in a unit of work's transaction (`guard_connections`)."""
    app.before_request_funcs.setdefault(None, []).insert(0, _begin_request)
    app.after_request(_end_request)
    app.teardown_request(_end_read)


def _begin_request() -> None:
    # The request's marks start clean even when requests share an app context (and so `g` and the session: a
    # test client inside an app context, a script serving requests in its own).
    g._work_ended = g.kept_refusal = False
    # Lazy: the mark costs no statement (a view may answer without the database); `_read_only_when_marked`
    # applies it when the session's transaction begins.
    if request.method in READ_ONLY_METHODS:
        db.session.info["read_only"] = True


def _end_request(response):
    if g.get("_work_ended"):  # an error handler ended it (end_request_with_error), or this hook ran already
        return _after_response_jobs(response)
    g._work_ended = True
    if db.session.info.get("read_only"):
        # A read has nothing to commit (nor jobs: enqueueing raises); its transaction ends when the session closes
        # at the app context's teardown, so the objects it loaded stay loaded for the hooks after this one.
        return _after_response_jobs(response)
    if response.status_code < 400 or g.get("kept_refusal"):
        try:
            commit_request()
        except Exception as exc:  # noqa: BLE001  any failure of the commit: rolled back, answered below
            _safe_rollback()
            interim = _interim_answer(exc)
            if interim is None:  # the app's error page (500): the client never sees a success for lost work
                interim = current_app.make_response(current_app.handle_user_exception(exc))
            return _after_response_jobs(interim)
    else:
        _safe_rollback()
    return _after_response_jobs(response)


def _end_read(exc) -> None:
    """Teardown: a read ends once every after-request hook has run (they may read what it loaded). It has nothing to
    commit: its session's transaction is rolled back (what it loaded stays in the session, expired), so the next unit
    of work in the same session (a test's, a script's) begins anew on a connection of its own kind. On PostgreSQL
    that sends nothing (the read ran in autocommit: psycopg has no ROLLBACK to send, and keeps the connection's
    prepared statements); on SQLite it ends the read's transaction."""
    if db.session.info.pop("read_only", None):
        _safe_rollback()


def commit_request() -> None:
    """The request's final commit (then its jobs are handed over)."""
    _commit()


def _interim_answer(exc: Exception):
    """When a phase committed with an interim answer declared (core.api.interim_response: g.interim) and the final
    commit failed, the work that matters is on record: the answer is that interim one ("accepted"), never a 500
    that invites a second try."""
    if not g.get("interim_committed") or g.get("interim") is None:
        return None
    log.error("the final commit failed after a committed phase (request %s); answering as accepted",
              g.get("request_id"), exc_info=exc)
    body, status = g.interim
    response = current_app.json.response(body)
    response.status_code = status
    return response


# --- Reads that cannot write -----------------------------------------------------------------------------------

# PostgreSQL's own guard for every statement outside a unit of work's transaction: sent in the connection's startup
# packet (libpq's `options`), so it costs no statement and `RESET` comes back to it. Not with DB_PGBOUNCER=1: a
# transaction-mode pooler refuses startup options; there the role carries it (docs/deploy.md).
READ_ONLY_STARTUP_OPTION = "-c default_transaction_read_only=on"


def guard_connections(app: Flask) -> None:
    """Right after the database is set up (app.py), before any connection is opened: on PostgreSQL each connection
    of the app starts read-only by default and the transactions the app begins are READ WRITE."""
    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "postgresql":
        event.listen(engine, "do_connect", _read_only_by_default)
        event.listen(engine, "connect", _transactions_read_write)


def _read_only_by_default(dialect, connection_record, cargs, cparams) -> None:
    if pgbouncer():
        return
    options = cparams.get("options", "")
    if READ_ONLY_STARTUP_OPTION not in options:
        cparams["options"] = f"{options} {READ_ONLY_STARTUP_OPTION}".strip()


def _transactions_read_write(dbapi_connection, connection_record) -> None:
    """A transaction the app begins (a unit of work's, `own_connection`'s) is `BEGIN READ WRITE`: psycopg's flag,
    part of the BEGIN it sends anyway. A read's statements (autocommit) keep the read-only default."""
    dbapi_connection.read_only = False
    if pgbouncer():
        _warn_if_writable(dbapi_connection)


def _warn_if_writable(dbapi_connection) -> None:
    """Behind PgBouncer the read-only default must come from the role (docs/deploy.md): a new connection that starts
    writable is reported (once per process, `_report_writable_role`), since a GET that wrote would then commit its own
    statement."""
    if _report_writable_role.cache_info().currsize:  # said already: no SHOW on each new connection
        return
    if dbapi_connection.info.transaction_status != 0:  # not idle (the dialect's first statements): end that first
        dbapi_connection.rollback()
    dbapi_connection.autocommit = True  # a SHOW needs no transaction (and leaves none open)
    try:
        value = dbapi_connection.execute("SHOW default_transaction_read_only").fetchone()[0]
    finally:
        dbapi_connection.autocommit = False
    if value != "on":
        _report_writable_role()


@functools.cache
def _report_writable_role() -> None:
    log.error("DB_PGBOUNCER=1 and the database role does not start read-only: a GET that writes would not be "
              "refused. Run ALTER ROLE <app role> SET default_transaction_read_only = on (docs/deploy.md).")


@event.listens_for(Session, "after_begin")
def _read_only_when_marked(session, transaction, connection) -> None:
    """SQLite: a session marked read-only (a GET) reads in a transaction with `PRAGMA query_only` (checked per
    statement, raises on INSERT/UPDATE/DELETE), set back when the connection returns to the pool. PostgreSQL needs
    nothing here: the marked session reads on autocommit connections, read-only by default (core.db.GuardedSession)."""
    if not session.info.get("read_only") or transaction.nested or connection.dialect.name != "sqlite":
        return
    record = connection.connection  # the pooled connection (its `info` lives as long as the DBAPI connection)
    if not record.info.get("read_only"):
        record.dbapi_connection.execute("PRAGMA query_only = ON")
        record.info["read_only"] = True


@event.listens_for(Pool, "checkin")
def _writable_again(dbapi_connection, connection_record) -> None:
    if connection_record is not None and connection_record.info.pop("read_only", None) and dbapi_connection:
        dbapi_connection.execute("PRAGMA query_only = OFF")


def read_only_violation(exc: BaseException) -> bool:
    """Whether `exc` is the database refusing a write in a read-only transaction (a GET that wrote): a bug to fix
    (make the request a write, or write the bookkeeping on `own_connection`), never an outage."""
    orig = getattr(exc, "orig", None)
    if getattr(orig, "sqlstate", None) == "25006":  # PostgreSQL: read_only_sql_transaction
        return True
    return "attempt to write a readonly database" in str(orig or "")


def leave_read_only(reason: str) -> None:
    """For a GET that must write (the API's `Prefer: respond-async`, which starts a job): the read-only transaction
    ends (nothing was written; loaded objects are expired and reload on use) and the rest of the request is a write,
    committed by the unit of work like a POST's. `reason` says why, for the reader."""
    log.debug("read-only request turned into a write: %s", reason)
    session = db.session()
    session.info.pop("read_only", None)
    session.rollback()


@contextmanager
def own_connection():
    """A short transaction of its own, committed at the block's end, for the bookkeeping a read must write (an API
    key's last use): it stands whatever the request does next, and a read-only request can write it."""
    with db.engine.begin() as conn:
        yield conn


# --- Handing the committed work's jobs over -------------------------------------------------------------------

def dispatch_ready() -> None:
    ready = db.session.info.pop("ready_jobs", [])
    sent = []
    for job in ready:
        if current_app.config.get("JOBS_INLINE") and job.outbox_id is None:
            if not defer_to_after_response(job):
                queue.run_inline(job)
        elif queue.send_or_keep(job):
            sent.append(job.outbox_id)
        else:
            db.session.info.setdefault("undelivered_jobs", []).append(job)
    if sent:
        queue.forget_outbox(sent)
        queue.retry_outbox_if_due()


# Inline jobs of these queues, enqueued by a request, run after its answer has been sent (a webhook receiver that
# takes 3 s must not make the API call take 3 s). Others (a CIOT emission the request waits for) run at the commit.
AFTER_RESPONSE_QUEUES = ("webhooks",)


def defer_to_after_response(job) -> bool:
    """Keep an inline job for after the response; False outside a request or for a queue whose jobs the request
    itself needs (unless the job was enqueued `after_response`)."""
    if not (job.queue in AFTER_RESPONSE_QUEUES or job.after_response) or not has_request_context():
        return False
    g.setdefault("after_response_jobs", []).append(job)
    return True


def _after_response_jobs(response):
    """The request's deferred inline jobs run once the server has sent the answer and closes it (WSGI `close()`,
    werkzeug's `call_on_close`), in an app context of their own. If this process stops first, the periodic job
    finds the undispatched event (domain.webhooks.jobs.redeliver_overdue)."""
    jobs = g.pop("after_response_jobs", None)
    if jobs:
        app = current_app._get_current_object()
        response.call_on_close(lambda: _run_jobs(app, jobs))
    return response


def _run_jobs(app, jobs) -> None:
    try:
        with app.app_context():
            for job in jobs:
                queue.run_inline(job)
    except Exception:  # the answer is sent: nothing to fail; the periodic job retries what is owed
        log.exception("jobs after the response failed")
