"""Database handle, base columns and the naming convention Alembic needs on SQLite."""
import uuid
import weakref
from datetime import UTC, datetime

import sqlalchemy as sa
from flask_sqlalchemy import SQLAlchemy
from flask_sqlalchemy.session import Session as FlaskSession
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = sa.MetaData(naming_convention=NAMING_CONVENTION)


class GuardedSession(FlaskSession):
    """`get()` (and `get_one()`, which calls it) answers from the identity map without a query, so no query-time
    filter can see it: the checks in `GET_GUARDS` (core.tenancy registers one) look at what it returns.

    A session marked read-only (a GET's, core.transaction) reads PostgreSQL on autocommit connections
    (`autocommit_reads`)."""

    def get_bind(self, mapper=None, clause=None, bind=None, **kwargs):
        engine = super().get_bind(mapper=mapper, clause=clause, bind=bind, **kwargs)
        if self.info.get("read_only") and engine.dialect.name == "postgresql":
            return autocommit_reads(engine)
        return engine

    def get(self, entity, ident, **kwargs):
        found = super().get(entity, ident, **kwargs)
        for guard in GET_GUARDS:
            guard(found)
        return found


GET_GUARDS: list = []
_AUTOCOMMIT_READS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def autocommit_reads(engine):
    """`engine` for a read on PostgreSQL: the same pool, each connection checked out in autocommit (psycopg's flag, set
    without a round trip, and set back when the connection is checked in). A read then sends its statements alone,
    no BEGIN before them nor COMMIT after; each statement is a transaction of its own, read-only by the connection's
    default (core.transaction: every connection of the app starts `default_transaction_read_only=on`, and only a
    unit of work's `BEGIN READ WRITE` writes). One option engine per engine, kept as long as it is."""
    reads = _AUTOCOMMIT_READS.get(engine)
    if reads is None:
        reads = _AUTOCOMMIT_READS[engine] = engine.execution_options(isolation_level="AUTOCOMMIT")
    return reads


db = SQLAlchemy(model_class=Base, session_options={"class_": GuardedSession})


def utcnow() -> datetime:
    """Naive UTC timestamp: stored the same way on SQLite and PostgreSQL."""
    return datetime.now(UTC).replace(tzinfo=None)


def iso(ts: datetime | None) -> str | None:
    """ISO 8601 UTC with a Z, as the contract asks."""
    if ts is None:
        return None
    if ts.tzinfo is not None:
        ts = ts.astimezone(UTC).replace(tzinfo=None)
    return ts.isoformat(timespec="microseconds") + "Z"


def flush_unique(apply, on_conflict) -> None:
    """Run `apply()` (add or change records) and flush it inside a SAVEPOINT.

    When a unique constraint fails (a concurrent request inserted the same key after our pre-check), only the
    savepoint is rolled back, the caller's other work stays, and the exception returned by `on_conflict()` is
    raised instead (the IntegrityError itself when it returns None). Mutations must happen inside `apply`:
    `begin_nested()` flushes whatever is already pending before opening the savepoint.
    """
    session = db.session
    connection = session.connection()
    if connection.dialect.name == "sqlite" and not connection.connection.dbapi_connection.in_transaction:
        # pysqlite only BEGINs before DML: a SAVEPOINT sent first would open, and on RELEASE commit, a
        # transaction of its own, so a later rollback could not undo the work.
        connection.exec_driver_sql("BEGIN")
    try:
        with session.begin_nested():
            apply()
            session.flush()
    except IntegrityError:
        exc = on_conflict()
        if exc is None:
            raise
        raise exc from None


class IdMixin:
    id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, primary_key=True, default=uuid.uuid4)


class TimestampMixin:
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False, index=True)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, onupdate=utcnow, nullable=False)


class TimelineEventMixin:
    """A record's timeline entry (CIOT operations, aggregate contracts): what happened, a pt-BR message, its data and
    who did it. The table adds its own foreign key to the record and its (record, created_at) index."""
    type: Mapped[str] = mapped_column(sa.String(40), nullable=False)
    message: Mapped[str] = mapped_column(sa.String(1000), default="", nullable=False)
    data: Mapped[dict] = mapped_column(sa.JSON, default=dict, nullable=False)
    actor: Mapped[str | None] = mapped_column(sa.String(120))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False)


def listed_created_at():
    """`created_at` of a table listed through its (company_id, created_at, id) index: no index of its own. A second
    index on created_at alone lures the planner off the composite one (a deep page then filters by company
    instead of seeking), and costs every insert."""
    return mapped_column(sa.DateTime, default=utcnow, nullable=False)


def listed_company_id():
    """`company_id` of a tenant table whose composite indexes all start with it ((company_id, created_at, id) and its
    unique ones): no single-column index of its own. A btree on (company_id, …) serves every lookup by company_id
    (the companies foreign key's checks included), and each index more is written by every insert and every update
    that moves the row (a billing document linked to an invoice writes all of its indexes)."""
    return mapped_column(sa.Uuid, sa.ForeignKey("companies.id"), nullable=False)


class TenantMixin:
    """Marks a table as owned by a company. Queries on it are scoped by core.tenancy."""

    company_id: Mapped[uuid.UUID] = mapped_column(
        sa.Uuid, sa.ForeignKey("companies.id"), nullable=False, index=True
    )
