"""Keyset pagination with opaque, tamper-evident cursors (docs/decisions.md §3).

A cursor carries the last row's sort value and id, signed with the app secret (itsdangerous, HMAC-SHA256). Pages are
`ORDER BY sort, id` (descending by default) and continue strictly after the cursor row, so rows
inserted meanwhile never make a page repeat or skip another row.
"""
import base64
import hashlib
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from itsdangerous import BadSignature, Signer

from core.db import db
from core.errors import AppError, FieldError
from core.signing import secret_keys
from core.tenancy import read_rows, with_values


class InvalidCursor(AppError):
    status, code, message = 400, "invalid_cursor", "Cursor de paginação inválido."


@dataclass
class Page:
    items: list
    next_cursor: str | None
    has_more: bool

    def envelope(self, serialize) -> dict:
        return {"data": [serialize(item) for item in self.items],
                "page": {"next_cursor": self.next_cursor, "has_more": self.has_more}}


# A text search's steps past its window (`search_in_steps`): the matches it takes from the trigram index at most
# before it knows the term is common, and how far back it then walks the list's own order.
SEARCH_MATCHES_CAP = 5000
SEARCH_WALK = 20_000


def search_in_steps(read_window: Callable[[int], list], read_matches: Callable[[int | None], tuple[list, bool]],
                    window: int, limit: int) -> list:
    """The first `limit` + 1 rows of a text search, newest first, in steps whose reads are each bounded, so that no
    plan reads a company's whole table and no term costs what its matches in all history cost:

    1. `read_window(window)`: the newest `window` rows of the list (a backward range of its (company_id, created_at,
       id) index), filtered; it stops at a page, so a term on the newest rows costs a page of them.
    2. Fewer than a page there: `read_matches(SEARCH_MATCHES_CAP)`, the matches through the trigram index in a set
       with no order and at most that many rows, sorted; (rows, complete). A rare term ends here, with all its
       matches in order.
    3. More matches than that: the term is common, but not on the newest rows (a carrier that stopped working with
       the company): `read_window(SEARCH_WALK)` walks further back in the list's order, stopping at a page.
    4. Still less than a page: every match, sorted (`read_matches(None)`): more than SEARCH_MATCHES_CAP matches and
       fewer than a page in the newest SEARCH_WALK rows, the one case whose cost is its matches'.

    Before, steps 2 and 4 were one: every match of a term sorted, half a second for a name on 50,000 old operations
    (bench/README.md, issue 38)."""
    found = read_window(window)
    if len(found) > limit:
        return found
    found, complete = read_matches(SEARCH_MATCHES_CAP)
    if complete:
        return found
    found = read_window(SEARCH_WALK)
    if len(found) > limit:
        return found
    return read_matches(None)[0]


def matched_page(matches: sa.Select, cap: int | None, page_of: Callable) -> sa.Select:
    """`matches` (a list's columns where its search matches) as a materialized set of at most `cap` + 1 rows with no
    order (all of them when `cap` is None), the page of them by `page_of(set)` and the set's size in column
    `matched_count`: step 2 and 4 of `search_in_steps`."""
    if cap is not None:
        matches = matches.limit(cap + 1)
    every = matches.cte("matched").prefix_with("MATERIALIZED", dialect="postgresql")
    return page_of(every).add_columns(sa.select(sa.func.count()).select_from(every).scalar_subquery()
                                      .label("matched_count"))


def complete_matches(rows: list, cap: int | None) -> tuple[list, bool]:
    """(rows, whether they are every match) of a `matched_page` read."""
    return rows, cap is None or not rows or rows[0].matched_count <= cap


@dataclass(frozen=True, slots=True)
class TextSearch:
    """A list's text search, read by `paginate` in the steps of `search_in_steps`, so that no plan reads the
    company's whole table: the newest `window` rows of `base` (the list without the search: a bounded backward range
    of its (company_id, created_at, id) index), which fill the page of a common term; then the matches of `base`
    and `match` (through the search's trigram index on PostgreSQL) in a materialized set with no order, so a
    backward walk has nothing to stop early for, and only that set is sorted. One ORDER BY ... LIMIT over the match
    left the choice to the planner, which walked the company's every row whenever its statistics promised matches
    soon and they were few, or old.

    `match(columns)` is the search's condition on `columns` (the model, or a subquery's `.c` of the list's
    columns), with bound parameters (the Listing's); `matched` is `base` with its match on the model (what
    `Listing.select()` gives)."""
    base: sa.Select
    match: Callable[[object], sa.ColumnElement]
    window: int
    matched: sa.Select


@dataclass(frozen=True, slots=True)
class Listing:
    """A list statement of one filter shape, with bound parameters instead of values (its company filter from
    core.tenancy.company_rows), and this request's values for them. `build` is the area's list builder, a plain
    function of the shape alone (which filters are set, which columns: `shape` is its arguments) returning a Select;
    `params` the values. `paginate` adds the cursor and the limit as parameters too, and runs the page as a
    SQLAlchemy lambda statement keyed by the builder, its shape and the page's order: SQLAlchemy builds each page
    statement once and compiles it once, instead of every request building it and adapting the compiled form to the
    new statement object (bench/README.md, issue 38). With a text `search`, `paginate` reads it as TextSearch says
    (two statements, built per request) and `stmt` is the search's `matched`."""
    build: Callable[..., sa.Select]
    shape: tuple
    params: dict
    search: TextSearch | None = None

    @property
    def stmt(self) -> sa.Select:
        """The statement of this shape, values still bound (run it with `params`)."""
        return self.search.matched if self.search is not None else self.build(*self.shape)

    def select(self) -> sa.Select:
        """The statement with this request's values written in: a plain Select to add options or an order to and run
        through the session (the company it filters by is the marked one, core.tenancy.with_values)."""
        return with_values(self.stmt, self.params)


@dataclass(frozen=True, slots=True)
class _PageShape:
    """What a Listing's page statement is made of, and all it is made of: the key SQLAlchemy's lambda cache keeps
    the built statement under (`lambda_stmt(..., track_on=[shape])`)."""
    build: Callable[..., sa.Select]
    shape: tuple
    model: type
    sort_column: Any
    descending: bool
    after_cursor: bool

    def statement(self) -> sa.Select:
        # The shape is also what the tenancy guard remembers its answer under (core.tenancy `reads_key`): the tables
        # a page statement reads are its shape's, and each request's lambda element is a new object.
        return _page_statement(self.build(*self.shape), self.model, self.sort_column, self.descending,
                               self.after_cursor).execution_options(reads_key=self)


def _page_of_listing(page: _PageShape) -> sa.StatementLambdaElement:
    # The lambda runs only when SQLAlchemy has no statement for this key yet. Its values are all bound parameters
    # (the builder sees the shape alone), so nothing in it is a per-request value to track. A lambda, not the bound
    # method: SQLAlchemy keys its cache by the lambda's code.
    return sa.lambda_stmt(lambda: page.statement(), track_on=[page],  # noqa: PLW0108
                          track_closure_variables=False, track_bound_values=False)


@lru_cache(maxsize=4)
def _signer(secret_keys: tuple[str, ...]) -> Signer:
    # itsdangerous (ships with Flask): HMAC-SHA256 over the token with a key derived for this use only. It signs with
    # the last key (SECRET_KEY) and verifies with every one (SECRET_KEY_FALLBACKS too: core/signing.py).
    return Signer(list(secret_keys), salt="fretes.cursor", digest_method=hashlib.sha256)


def _cursor_signer() -> Signer:
    return _signer(secret_keys())


def _encode_value(value):
    if isinstance(value, datetime):
        return {"t": "dt", "v": value.isoformat()}
    if isinstance(value, date):
        return {"t": "d", "v": value.isoformat()}
    return {"t": "s", "v": value}


def _decode_value(raw):
    kind, value = raw["t"], raw["v"]
    if kind == "dt":
        return datetime.fromisoformat(value)
    if kind == "d":
        return date.fromisoformat(value)
    return value


def encode_cursor(sort_value, record_id, scope: str) -> str:
    payload = json.dumps({"k": _encode_value(sort_value), "id": str(record_id), "s": scope},
                         separators=(",", ":")).encode()
    token = base64.urlsafe_b64encode(payload).decode().rstrip("=")
    return _cursor_signer().sign(token).decode()


def decode_cursor(cursor: str, scope: str):
    try:
        token = _cursor_signer().unsign(cursor).decode()
        payload = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        data = json.loads(payload)
        if data.get("s") != scope:
            raise ValueError("scope")
        return _decode_value(data["k"]), uuid.UUID(data["id"])
    except (BadSignature, ValueError, KeyError, TypeError, json.JSONDecodeError):
        detail = FieldError("cursor", "invalid_cursor", "Cursor inválido ou adulterado.")
        raise InvalidCursor("Cursor de paginação inválido ou adulterado.", details=[detail]) from None


def paginate(stmt, *, model, limit: int, cursor: str | None, sort_column=None, descending: bool = True,
             scope: str | None = None, rows: bool = False) -> Page:
    """Run `stmt` (a select of `model`, or a Listing) one page at a time, keyed on (sort_column, id).

    `rows=True`: `stmt` selects columns of `model` (it must include `id` and the sort column) and the page's
    items are the result rows, not ORM objects: no identity map, no instance state, for read-only lists
    (a `company_select` runs as plain SQL, see core.tenancy.read_rows)."""
    sort_column = sort_column if sort_column is not None else model.created_at
    scope = scope or model.__tablename__
    # An empty `cursor=` is a malformed cursor (400 invalid_cursor), not the first page: a client that sends one has
    # lost the cursor it meant to send. Pages leave empty query values out before they get here.
    after = decode_cursor(cursor, scope) if cursor is not None else None
    if isinstance(stmt, Listing):
        params = {**stmt.params, "page_limit": limit + 1}
        if after is not None:
            params["after_sort"], params["after_id"] = after
        if stmt.search is not None:
            return _search_page(stmt.search, params, model, sort_column, descending, limit, scope)
        stmt = _page_of_listing(_PageShape(stmt.build, stmt.shape, model, sort_column, descending, after is not None))
    else:
        params = None
        if after is not None:
            stmt = stmt.where(_after(model, sort_column, descending, after))
        stmt = stmt.order_by(*_order(model, sort_column, descending)).limit(limit + 1)
    found = read_rows(stmt, params).all() if rows else list(db.session.execute(stmt, params).unique().scalars())
    return page_of_rows(found, limit, sort_column.key, scope)


def page_of_rows(found: list, limit: int, sort_key: str, scope: str) -> Page:
    """The page of `found` (up to `limit` + 1 rows or objects in the page's order, read after the cursor): the next
    cursor is the last kept one's `sort_key` and id."""
    has_more = len(found) > limit
    items = found[:limit]
    next_cursor = None
    if has_more:
        last = items[-1]
        next_cursor = encode_cursor(getattr(last, sort_key), last.id, scope)
    return Page(items=items, next_cursor=next_cursor, has_more=has_more)


def _after(model, sort_column, descending: bool, cursor_key):
    # A row-value comparison, not `a < x OR (a = x AND id < y)`: PostgreSQL turns it into an index range
    # (company_id, sort, id), so a page deep in the list costs what the first page costs.
    key = sa.tuple_(sort_column, model.id)
    return key < cursor_key if descending else key > cursor_key


def _order(model, sort_column, descending: bool) -> tuple:
    return (sort_column.desc(), model.id.desc()) if descending else (sort_column.asc(), model.id.asc())


def _page_statement(stmt, model, sort_column, descending: bool, after_cursor: bool) -> sa.Select:
    """The page of a Listing's statement: the cursor and the limit are bound parameters too."""
    if after_cursor:
        stmt = _after_bound_cursor(stmt, model, sort_column, descending)
    return stmt.order_by(*_order(model, sort_column, descending)).limit(sa.bindparam("page_limit", type_=sa.Integer))


def _after_bound_cursor(stmt, model, sort_column, descending: bool) -> sa.Select:
    return stmt.where(_after(model, sort_column, descending, sa.tuple_(
        sa.bindparam("after_sort", type_=sort_column.type), sa.bindparam("after_id", type_=model.id.type))))


def _search_page(search: TextSearch, params: dict, model, sort_column, descending: bool, limit: int,
                 scope: str) -> Page:
    """A page of a Listing's text search (see TextSearch and `search_in_steps`)."""
    base = search.base
    if "after_id" in params:
        base = _after_bound_cursor(base, model, sort_column, descending)
    marked = base.get_execution_options()
    newest = (base.order_by(*_order(model, sort_column, descending))
              .limit(sa.bindparam("search_window", type_=sa.Integer)).subquery("newest"))
    window_page = _page_of(newest, sort_column, descending).where(search.match(newest.c)).execution_options(**marked)

    def read_window(size: int) -> list:
        return read_rows(window_page, {**params, "search_window": size}).all()

    def read_matches(cap: int | None) -> tuple[list, bool]:
        stmt = matched_page(base.where(search.match(model)), cap,
                            lambda every: _page_of(every, sort_column, descending))
        return complete_matches(read_rows(stmt.execution_options(**marked), params).all(), cap)

    found = search_in_steps(read_window, read_matches, search.window, limit)
    return page_of_rows(found, limit, sort_column.key, scope)


def _page_of(rows, sort_column, descending: bool) -> sa.Select:
    """The first `page_limit` of `rows` (a subquery or CTE of a list's columns) in the list's order."""
    key = (rows.c[sort_column.key], rows.c.id)
    order = [column.desc() if descending else column.asc() for column in key]
    return sa.select(*rows.c).order_by(*order).limit(sa.bindparam("page_limit", type_=sa.Integer))
