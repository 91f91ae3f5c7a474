"""Tenancy is structural: every ORM query on a tenant-owned table is filtered by the current company.

`tenant_scope(company_id)` sets the company for a block of code (a request, a job). Inside it, every
ORM SELECT (relationship loads included), bulk UPDATE and bulk DELETE gets `company_id = :current`
added automatically, and every new, changed or deleted tenant-owned row must carry the current
company, so a forgotten filter cannot leak or move data. Outside a scope, querying tenant-owned tables
raises `TenancyViolation`, unless the statement is wrapped in `cross_tenant(stmt)`, which only
platform-level code (API-key lookup, CLI, idempotency housekeeping) does.

The paths that send no filterable ORM query are guarded too: `session.get()` answered from the identity map
raises for another company's row; ORM bulk `insert(Model)` rows take the current company or must carry it;
`text()` SQL naming a tenant-owned table must bind `:company_id` to the current company. Not covered (do not
use for tenant data): statements run on `session.connection()` or the engine directly, and Core statements on
`Table` objects.
"""
import contextlib
import contextvars
import re
import uuid
import weakref
from functools import lru_cache

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.orm import Mapper, Session, with_loader_criteria
from sqlalchemy.sql.elements import TextClause
from sqlalchemy.sql.util import find_tables

from core.db import GET_GUARDS, TenantMixin, db
from core.errors import FieldError, NotFound, TenancyViolation

_current_company: contextvars.ContextVar[uuid.UUID | None] = contextvars.ContextVar("current_company", default=None)
# The last company a scope was entered for, kept after the scope ends: a job's log line names it (jobs/worker.py).
_last_scoped: contextvars.ContextVar[uuid.UUID | None] = contextvars.ContextVar("last_scoped_company", default=None)


def current_company_id() -> uuid.UUID | None:
    return _current_company.get()


@contextlib.contextmanager
def tenant_scope(company_id):
    token = _current_company.set(_as_uuid(company_id))
    _last_scoped.set(_current_company.get())
    try:
        yield
    finally:
        _current_company.reset(token)


def enter_tenant(company_id) -> None:
    """For request handlers: scope the rest of the request (reset by `leave_tenant` at teardown)."""
    company = _as_uuid(company_id)
    _current_company.set(company)
    _last_scoped.set(company)


def last_scoped_company(forget: bool = False) -> uuid.UUID | None:
    """The company of the last scope entered in this context (None after `forget=True`)."""
    company = _last_scoped.get()
    if forget:
        _last_scoped.set(None)
    return company


def leave_tenant() -> None:
    _current_company.set(None)


def _as_uuid(value) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))


def get_owned(model, record_id, *, for_update: bool = False):
    """The current company's record with this id, or NotFound (another company's id looks missing)."""
    try:
        key = _as_uuid(record_id)
    except (ValueError, TypeError, AttributeError):
        raise NotFound() from None
    stmt = db.select(model).where(model.id == key)
    if for_update:
        stmt = stmt.with_for_update()
    record = db.session.execute(stmt).scalar_one_or_none()
    if record is None:
        raise NotFound()
    return record


def get_referenced(model, record_id, field: str, label: str):
    """`get_owned` for a record a body names by `field` (a freight, a vehicle, a partner): missing or another
    company's is 404 naming the field and what it refers to."""
    try:
        return get_owned(model, record_id)
    except NotFound:
        raise reference_not_found(field, label) from None


def reference_not_found(field: str, label: str) -> NotFound:
    message = f"{label} não encontrado: {field} não é um registro da empresa."
    return NotFound(message, details=[FieldError(field, "not_found", message)])


def missing_reference(references) -> NotFound | None:
    """The 404 of the first of `references` — (field, model, id, label), id None for a field not sent — that no
    longer exists in the company, or None. What a write answers when its insert failed a foreign key: a record it
    checked was removed before the write (core.db.flush_unique's `on_conflict`)."""
    for field, model, record_id, label in references:
        if record_id is not None and db.session.execute(
                db.select(model.id).where(model.id == record_id)).scalar() is None:
            return reference_not_found(field, label)
    return None


def company_select(model, company_id, *columns):
    """SELECT of `model` (or of these columns of it) for `company_id`, with the company filter written once,
    explicitly, in the statement: the scope's automatic filter is not added a second time (the SQL would say
    `company_id = …` twice, and the planner misjudges the rows). Runs only inside that company's scope."""
    company_id = _as_uuid(company_id)
    return (_base_select(model, columns).where(model.company_id == company_id)
            .execution_options(tenant_filtered=(model.__table__, company_id)))


# The company of a `company_rows` statement is this execution parameter, not a value written in the statement.
BOUND_COMPANY = "company_id"


def company_rows(model, *columns):
    """`company_select` with the company as a bound parameter (a list statement of one filter shape, see
    core.pagination.Listing): the filter is `company_id = :company_id`, and each execution passes the value
    (`read_rows(stmt, {"company_id": …})`), which must be the current scope's company."""
    return (_base_select(model, columns).where(model.company_id == _bound_company(model))
            .execution_options(tenant_filtered=(model.__table__, BOUND_COMPANY)))


def company_outerjoin(stmt, model, onclause):
    """LEFT OUTER JOIN another tenant-owned `model` to a `company_rows` statement, on `onclause` and the same
    `:company_id` (what the scope's filter would add to the ON clause), so the statement still runs as plain SQL."""
    tables, company = stmt.get_execution_options()["tenant_filtered"]
    if company != BOUND_COMPANY:
        raise TenancyViolation("company_outerjoin extends a company_rows statement")
    tables = tables if isinstance(tables, tuple) else (tables,)
    return (stmt.outerjoin(model, sa.and_(onclause, model.company_id == _bound_company(model)))
            .execution_options(tenant_filtered=((*tables, model.__table__), BOUND_COMPANY)))


def with_values(stmt, params: dict):
    """A `company_rows` statement with `params` written in (`Select.params`), marked with that company like a
    `company_select`, for callers that refine it (options, order) and run it through the session."""
    tables, _ = stmt.get_execution_options()["tenant_filtered"]
    company_id = _as_uuid(params[BOUND_COMPANY])
    return stmt.params(**{**params, BOUND_COMPANY: company_id}).execution_options(
        tenant_filtered=(tables, company_id))


def _bound_company(model):
    return sa.bindparam(BOUND_COMPANY, type_=model.__table__.c.company_id.type)


def _base_select(model, columns: tuple) -> sa.Select:
    return db.select(*(tuple(_table_column(model, column) for column in columns) or (model,)))


def _table_column(model, column):
    """A column of `model` itself selected as its table's column (under the attribute's name), anything else as
    given. The table is the one the statement filters by the company in WHERE, so nothing of the guard depends on the
    ORM's annotation; and a cached compiled statement's result columns are those table columns, so SQLAlchemy adapts
    them to a new statement object by identity, where an annotated column compares as a SQL expression, one per
    column and request (issue 38, bench/README.md)."""
    prop = getattr(column, "property", None)
    mapped = getattr(prop, "columns", None)
    if getattr(column, "class_", None) is not model or not mapped or len(mapped) != 1:
        return column
    table_column = mapped[0]
    if not isinstance(table_column, sa.Column) or table_column.table is not model.__table__:
        return column
    return table_column if table_column.key == column.key else table_column.label(column.key)


def read_rows(stmt, params: dict | None = None):
    """The result of a `company_select` (or `company_rows` with its `params`) of columns, run as plain SQL on the
    session's connection: no ORM layer (no entities, no loader options), for read-only lists. Its company filter is
    the explicit one, so it must be the current scope's and the statement must read no other tenant-owned table;
    anything else goes through the session and its guard as usual."""
    company_id = _current_company.get()
    marked = stmt.get_execution_options().get("tenant_filtered")
    if company_id is None or marked is None or not _only_filtered_table(stmt, marked, company_id, params):
        return db.session.execute(stmt, params)
    return db.session.connection().execute(stmt, params)


def cross_tenant(stmt):
    """Mark a statement as deliberately platform-wide (no tenant filter)."""
    return stmt.execution_options(cross_tenant=True)


def _touches_tenant_tables(orm_execute_state) -> bool:
    # A company_select / company_rows statement reads its tenant table by construction, even when it selects only
    # that table's columns (no mapper among them: see _table_column).
    if orm_execute_state.execution_options.get("tenant_filtered") is not None:
        return True
    return any(issubclass(mapper.class_, TenantMixin) for mapper in orm_execute_state.all_mappers)


@event.listens_for(Session, "do_orm_execute")
def _scope_orm_queries(orm_execute_state):
    # Bulk UPDATE and DELETE are scoped like SELECT: `update(Vehicle).values(...)` inside a request
    # must not reach another company's rows.
    if orm_execute_state.execution_options.get("cross_tenant"):
        return
    if isinstance(orm_execute_state.statement, TextClause):
        return _guard_raw_sql(orm_execute_state)
    if orm_execute_state.is_insert:
        return _guard_bulk_insert(orm_execute_state)
    is_bulk = orm_execute_state.is_update or orm_execute_state.is_delete
    if not (orm_execute_state.is_select or is_bulk):
        return
    company_id = _current_company.get()
    if company_id is None:
        # Refreshing an already-loaded object, or following its relationships, starts from a row the
        # caller legitimately holds; only fresh queries need a scope.
        if orm_execute_state.is_column_load or orm_execute_state.is_relationship_load:
            return
        if _touches_tenant_tables(orm_execute_state):
            raise TenancyViolation("tenant-owned query outside tenant_scope; use cross_tenant() if deliberate")
        return
    if _filtered_by_hand(orm_execute_state, company_id):
        return
    orm_execute_state.statement = orm_execute_state.statement.options(
        with_loader_criteria(TenantMixin, lambda cls: cls.company_id == company_id, include_aliases=True)
    )


def _filtered_by_hand(orm_execute_state, company_id) -> bool:
    """A `company_select` of the current company that reads no other tenant-owned table needs no second filter."""
    marked = orm_execute_state.execution_options.get("tenant_filtered")
    if marked is None or not orm_execute_state.is_select:
        return False
    params = orm_execute_state.parameters
    return _only_filtered_table(orm_execute_state.statement, marked, company_id,
                                params if isinstance(params, dict) else None)


def _only_filtered_table(statement, marked, company_id, params) -> bool:
    tables, filtered_for = marked
    if filtered_for == BOUND_COMPANY:
        filtered_for = (params or {}).get(BOUND_COMPANY)
    if not _is_company(filtered_for, company_id):
        raise TenancyViolation("company_select of another company inside a tenant scope")
    return _reads_only(statement, tables if isinstance(tables, tuple) else (tables,))


_READS_ONLY: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
# The same answer for statements built from one hashable shape (`reads_key` execution option: core.pagination's page
# statements, a new lambda element per request whose tables are its shape's), as many as there are list shapes.
_READS_ONLY_BY_KEY: dict = {}
READS_KEYS_KEPT = 1024


def _reads_only(statement, tables: tuple) -> bool:
    """`statement` reads no tenant-owned table but `tables` (those it filters by the company itself); remembered per
    statement object while it lives (the guard and read_rows ask about the same statement), or per `reads_key`."""
    mapper_count = _mapper_generation()
    reads_key = statement.get_execution_options().get("reads_key")
    memo, key = (_READS_ONLY, statement) if reads_key is None else (_READS_ONLY_BY_KEY, (reads_key, tables))
    known = memo.get(key)
    if known is None or known[0] != mapper_count:
        if memo is _READS_ONLY_BY_KEY and len(memo) >= READS_KEYS_KEPT:
            memo.clear()
        tenant_tables = _tenant_tables(mapper_count)
        known = memo[key] = (mapper_count, all(
            t in tables or t.name not in tenant_tables for t in find_tables(statement, include_aliases=True)))
    return known[1]


_MAPPERS_ADDED = [0]


@event.listens_for(Mapper, "after_mapper_constructed")
def _count_new_mapper(mapper, class_) -> None:
    _MAPPERS_ADDED[0] += 1


def _mapper_generation() -> int:
    """Changes whenever a model is mapped: the key of what is derived from the set of tenant-owned tables (counting
    `registry.mappers` builds a set of every mapper, a tenth of a millisecond per statement)."""
    return _MAPPERS_ADDED[0]


@lru_cache(maxsize=4)
def _tenant_tables(mapper_count: int) -> frozenset:  # recomputed when a model is added
    return frozenset(mapper.local_table.name for mapper in db.Model.registry.mappers
                     if issubclass(mapper.class_, TenantMixin))


def _guard_raw_sql(orm_execute_state) -> None:
    """`text()` SQL naming a tenant-owned table must filter by a `:company_id` parameter holding the current
    company (no filter can be added to text); outside a scope it must be `cross_tenant`."""
    statement = orm_execute_state.statement
    tables = _tenant_tables_named(statement.text, _mapper_generation())
    if not tables:
        return
    company_id = _current_company.get()
    if company_id is None:
        raise TenancyViolation(f"raw SQL on {tables[0]} outside tenant_scope; use cross_tenant() if deliberate")
    bound = statement._bindparams.get("company_id")  # present when the text says `:company_id`
    params = orm_execute_state.parameters
    if bound is not None and isinstance(params, dict) and "company_id" in params:
        value = params["company_id"]
    else:
        value = getattr(bound, "value", None)
    if not _is_company(value, company_id):
        raise TenancyViolation(f"raw SQL on {tables[0]} inside a tenant scope must filter by :company_id of the "
                               "current company")


def _guard_bulk_insert(orm_execute_state) -> None:
    """ORM `insert(Model)` of tenant-owned rows: each row takes the current company, or must already carry it."""
    if not _touches_tenant_tables(orm_execute_state):
        return
    company_id = _current_company.get()
    if company_id is None:
        raise TenancyViolation("tenant-owned INSERT outside tenant_scope; use cross_tenant() if deliberate")
    for key, value in (getattr(orm_execute_state.statement, "_values", None) or {}).items():
        if getattr(key, "key", key) == "company_id" and not _is_company(getattr(value, "value", value), company_id):
            raise TenancyViolation("INSERT of another company's row inside a tenant scope")
    params = orm_execute_state.parameters
    if not params:
        return
    rows = [_own_row(row, company_id) for row in (params if isinstance(params, list) else [params])]
    orm_execute_state.parameters = rows if isinstance(params, list) else rows[0]


def _own_row(row: dict, company_id) -> dict:
    if row.get("company_id") is None:
        return {**row, "company_id": company_id}
    if not _is_company(row["company_id"], company_id):
        raise TenancyViolation("INSERT of another company's row inside a tenant scope")
    return row


def _is_company(value, company_id) -> bool:
    try:
        return value is not None and _as_uuid(value) == company_id
    except (ValueError, TypeError, AttributeError):
        return False


_WORD = re.compile(r"\w+")


@lru_cache(maxsize=512)
def _tenant_tables_named(text: str, mapper_count: int) -> tuple:
    """The tenant-owned tables `text` names (whole words, any case), in order; remembered per SQL text, so a
    statement built once is read once (an alternation of every table name over the text cost milliseconds)."""
    tenant_tables = _tenant_tables(mapper_count)
    return tuple(word for word in _WORD.findall(text.lower()) if word in tenant_tables)


def _guard_identity_map_hit(found) -> None:
    """`session.get()` of another company's row inside a scope raises, even when no query is sent."""
    company_id = _current_company.get()
    if company_id is not None and isinstance(found, TenantMixin) and found.company_id != company_id:
        raise TenancyViolation(f"{type(found).__name__} of another company read inside a tenant scope")


GET_GUARDS.append(_guard_identity_map_hit)


@event.listens_for(Session, "before_flush")
def _guard_tenant_writes(session, flush_context, instances):
    company_id = _current_company.get()
    if company_id is None:
        return
    for obj in [*session.new, *session.dirty, *session.deleted]:
        if not isinstance(obj, TenantMixin):
            continue
        if obj.company_id is None:
            obj.company_id = company_id
        elif obj.company_id != company_id:
            raise TenancyViolation(f"{type(obj).__name__} of another company written inside a tenant scope")
