"""Tenancy is structural: scoped reads, guarded writes, 404 for another company's ids."""
import contextlib
import re
import uuid

import pytest
import sqlalchemy as sa
from sqlalchemy.orm import aliased

from core.db import db
from core.errors import NotFound, TenancyViolation
from core.models import JobProgress
from core.pagination import Listing, paginate
from core.tenancy import (
    company_outerjoin,
    company_rows,
    company_select,
    cross_tenant,
    current_company_id,
    get_owned,
    read_rows,
    tenant_scope,
)
from domain.tenancy import services
from domain.tenancy.models import ApiKey, User


@pytest.fixture
def two(make_company):
    """Two companies with two keys and one key, and their key ids."""
    a, b = make_company(), make_company()
    ids = {}
    for company, count in ((a, 2), (b, 1)):
        with tenant_scope(company.id):
            ids[company.id] = [services.create_api_key(company, name=f"n{i}")[0].id for i in range(count)]
            db.session.commit()
    return a, b, ids


def names_and_companies() -> set:
    return set(db.session.execute(cross_tenant(db.select(ApiKey.name, ApiKey.company_id))).all())


def test_queries_inside_a_scope_see_only_own_rows(two):
    a, b, ids = two
    with tenant_scope(a.id):
        assert {k.id for k in db.session.execute(db.select(ApiKey)).scalars()} == set(ids[a.id])
        assert db.session.scalar(db.select(db.func.count(ApiKey.id))) == 2
    with tenant_scope(b.id):  # same statement shape, other company: no criteria cached from before
        assert [k.id for k in db.session.execute(db.select(ApiKey)).scalars()] == ids[b.id]
        assert db.session.scalar(db.select(db.func.count(ApiKey.id))) == 1


def test_joins_and_aliases_are_scoped_too(two, make_user):
    a, b, ids = two
    make_user(a)
    make_user(b)
    other = aliased(ApiKey)
    with tenant_scope(a.id):
        rows = db.session.execute(db.select(ApiKey.id, other.id).join(other, other.name == ApiKey.name)).all()
        assert set(rows) == {(i, i) for i in ids[a.id]}  # B's "n0" joins neither side
        users = db.session.execute(db.select(User.company_id).join(ApiKey, ApiKey.company_id == User.company_id)
                                   ).scalars().all()
        assert set(users) == {a.id}


def test_query_outside_a_scope_raises(two):
    with pytest.raises(TenancyViolation):
        db.session.execute(db.select(ApiKey)).all()
    with pytest.raises(TenancyViolation):
        db.session.scalar(db.select(db.func.count(ApiKey.id)))


def test_cross_tenant_is_the_explicit_way_out(two):
    _a, _b, _ids = two
    assert len(db.session.execute(cross_tenant(db.select(ApiKey))).all()) == 3


def test_bulk_update_and_delete_are_scoped(two):
    a, b, ids = two
    with tenant_scope(a.id):
        db.session.execute(db.update(ApiKey).values(name="renamed"))
        db.session.execute(db.delete(ApiKey).where(ApiKey.id == ids[b.id][0]))
        db.session.commit()
    assert names_and_companies() == {("renamed", a.id), ("n0", b.id)}


def test_bulk_write_outside_a_scope_raises(two):
    with pytest.raises(TenancyViolation):
        db.session.execute(db.update(ApiKey).values(name="x"))
    db.session.rollback()
    with pytest.raises(TenancyViolation):
        db.session.execute(db.delete(ApiKey))


def test_writing_another_company_row_inside_a_scope_raises(two):
    a, b, ids = two
    theirs = services.find_api_key(ids[b.id][0])  # platform lookup, outside any scope
    with tenant_scope(a.id):
        theirs.name = "hijacked"
        with pytest.raises(TenancyViolation):
            db.session.flush()
    db.session.rollback()
    assert ("hijacked", b.id) not in names_and_companies()


def test_moving_a_row_to_another_company_raises(two):
    a, b, ids = two
    with tenant_scope(a.id):
        mine = get_owned(ApiKey, ids[a.id][0])
        mine.company_id = b.id
        with pytest.raises(TenancyViolation):
            db.session.flush()


def test_deleting_another_company_row_inside_a_scope_raises(two):
    a, b, ids = two
    theirs = services.find_api_key(ids[b.id][0])
    with tenant_scope(a.id):
        db.session.delete(theirs)
        with pytest.raises(TenancyViolation):
            db.session.flush()


def test_new_rows_take_the_scope_company(two):
    a, _b, _ids = two
    with tenant_scope(a.id):
        progress = JobProgress(kind="x", label="y")
        db.session.add(progress)
        db.session.commit()
        assert progress.company_id == a.id


def test_get_owned_returns_own_and_hides_others(two):
    a, b, ids = two
    with tenant_scope(a.id):
        assert get_owned(ApiKey, ids[a.id][0]).company_id == a.id
        assert get_owned(ApiKey, str(ids[a.id][0])).company_id == a.id
        for missing in (ids[b.id][0], uuid.uuid4(), "not-a-uuid", None):
            with pytest.raises(NotFound):
                get_owned(ApiKey, missing)


def test_refreshing_a_held_row_outside_a_scope_is_allowed(two):
    a, _b, ids = two
    with tenant_scope(a.id):
        mine = get_owned(ApiKey, ids[a.id][0])
    db.session.expire(mine)
    assert mine.name == "n0"  # a column load of a row the caller holds


def test_scope_is_restored_after_the_block(two):
    a, b, _ids = two
    assert current_company_id() is None
    with tenant_scope(a.id):
        with tenant_scope(b.id):
            assert current_company_id() == b.id
        assert current_company_id() == a.id
    assert current_company_id() is None


def test_api_requests_are_scoped_to_the_key_company(two, make_probe):
    a, b, ids = two
    seen = {k["id"] for k in make_probe(a).get("/keys?limit=200").get_json()["data"]}
    assert {str(i) for i in ids[a.id]} <= seen
    assert not ({str(i) for i in ids[b.id]} & seen)


# --- Paths that send no filterable ORM query: identity map, raw SQL, bulk INSERT, company_select ----------

def test_get_from_the_identity_map_of_another_companys_row_raises(two):
    a, b, ids = two
    theirs = db.session.execute(cross_tenant(db.select(ApiKey).where(ApiKey.id == ids[b.id][0]))).scalar_one()
    with tenant_scope(a.id):
        with pytest.raises(TenancyViolation):
            db.session.get(ApiKey, theirs.id)  # in the identity map: no SELECT, no filter
        with pytest.raises(TenancyViolation):
            db.session.get_one(ApiKey, theirs.id)


def test_get_of_own_row_works_from_the_identity_map_and_the_database(two):
    a, b, ids = two
    with tenant_scope(a.id):
        first = db.session.get(ApiKey, ids[a.id][0])  # a SELECT (filtered)
        assert first.company_id == a.id
        assert db.session.get(ApiKey, ids[a.id][0]) is first  # the identity map
        assert db.session.get(ApiKey, ids[b.id][0]) is None  # not loaded: the filtered SELECT finds nothing


def _names_sql(where: str = ""):
    return sa.text(f"SELECT name FROM api_keys {where}").bindparams(sa.bindparam("company_id", type_=sa.Uuid)) \
        if ":company_id" in where else sa.text(f"SELECT name FROM api_keys {where}")


def test_raw_sql_on_a_tenant_table_must_filter_by_the_current_company(two):
    a, b, _ = two
    by_company = "WHERE company_id = :company_id"
    with tenant_scope(a.id):
        with pytest.raises(TenancyViolation):
            db.session.execute(_names_sql()).all()  # no filter at all
        with pytest.raises(TenancyViolation):
            db.session.execute(_names_sql(by_company), {"company_id": b.id}).all()  # another company's
        rows = db.session.execute(_names_sql(by_company), {"company_id": a.id}).scalars().all()
        assert sorted(rows) == ["n0", "n1"]
        assert db.session.execute(sa.text("SELECT 1")).scalar() == 1  # no tenant table: untouched
    with pytest.raises(TenancyViolation):
        db.session.execute(_names_sql(by_company), {"company_id": a.id}).all()  # outside a scope
    assert len(db.session.execute(cross_tenant(_names_sql())).all()) == 3  # the explicit way out


def _key_row(n: int, **extra) -> dict:
    return {"prefix": f"flk_bulk{n}", "secret_hash": "0" * 64, "secret_encrypted": "x", "scopes": ["read"],
            "name": f"bulk{n}", **extra}


def test_bulk_insert_rows_take_the_scope_company_and_refuse_another(two):
    a, b, _ = two
    with tenant_scope(a.id):
        with pytest.raises(TenancyViolation):
            db.session.execute(sa.insert(ApiKey), [_key_row(1), _key_row(2, company_id=b.id)])
        with pytest.raises(TenancyViolation):
            db.session.execute(sa.insert(ApiKey).values(**_key_row(3, company_id=b.id)))
        db.session.execute(sa.insert(ApiKey), [_key_row(4), _key_row(5, company_id=a.id)])
        db.session.commit()
    assert {("bulk4", a.id), ("bulk5", a.id)} <= names_and_companies()
    assert not any(name in ("bulk1", "bulk2", "bulk3") for name, _ in names_and_companies())
    with pytest.raises(TenancyViolation):
        db.session.execute(sa.insert(ApiKey), [_key_row(6, company_id=a.id)])  # outside a scope


@contextlib.contextmanager
def sent_sql():
    """The SQL statements sent while the block runs."""
    sent = []

    def capture(conn, cursor, statement, *args):
        sent.append(statement)
    sa.event.listen(db.engine, "before_cursor_execute", capture)
    try:
        yield sent
    finally:
        sa.event.remove(db.engine, "before_cursor_execute", capture)


def test_company_select_filters_once_and_only_for_the_scope_company(two):
    a, b, ids = two
    with tenant_scope(a.id):
        with sent_sql() as sent:
            assert set(db.session.execute(company_select(ApiKey, a.id, ApiKey.id)).scalars()) == set(ids[a.id])
        assert sent[-1].count("company_id =") == 1  # the scope does not add a second filter
        with pytest.raises(TenancyViolation):
            db.session.execute(company_select(ApiKey, b.id, ApiKey.id)).all()
        joined = company_select(ApiKey, a.id, ApiKey.id).join(User, User.company_id == ApiKey.company_id)
        assert set(db.session.execute(joined).scalars()) <= set(ids[a.id])  # another tenant table: filtered too
    with pytest.raises(TenancyViolation):
        db.session.execute(company_select(ApiKey, a.id)).all()  # outside a scope


def test_read_rows_runs_company_select_as_plain_sql_and_guards_the_rest(two):
    a, b, ids = two
    with tenant_scope(a.id):
        assert set(read_rows(company_select(ApiKey, a.id, ApiKey.id)).scalars()) == set(ids[a.id])
        with pytest.raises(TenancyViolation):
            read_rows(company_select(ApiKey, b.id, ApiKey.id))
        assert set(read_rows(db.select(ApiKey.id)).scalars()) == set(ids[a.id])  # unmarked: the scope filters
        joined = company_select(ApiKey, a.id, ApiKey.id).join(User, User.company_id == ApiKey.company_id)
        assert set(read_rows(joined).scalars()) <= set(ids[a.id])  # reads another tenant table: guarded path
    with pytest.raises(TenancyViolation):
        read_rows(company_select(ApiKey, a.id, ApiKey.id)).all()  # outside a scope


def test_company_rows_binds_the_company_and_refuses_any_but_the_scope_company(two):
    # A list statement of one filter shape (core.pagination.Listing): the company is an execution parameter,
    # checked against the scope on each run, through read_rows and through the session alike.
    a, b, ids = two
    stmt = company_rows(ApiKey, ApiKey.id)
    with tenant_scope(a.id):
        assert set(read_rows(stmt, {"company_id": a.id}).scalars()) == set(ids[a.id])
        assert set(db.session.execute(stmt, {"company_id": a.id}).scalars()) == set(ids[a.id])
        for params in ({"company_id": b.id}, {"company_id": str(b.id)}, {"company_id": None}, {}, None):
            with pytest.raises(TenancyViolation):
                read_rows(stmt, params)
            with pytest.raises(TenancyViolation):
                db.session.execute(stmt, params).all()
        joined = stmt.join(User, User.company_id == ApiKey.company_id)
        assert set(read_rows(joined, {"company_id": a.id}).scalars()) <= set(ids[a.id])  # guarded path
    with pytest.raises(TenancyViolation):
        read_rows(stmt, {"company_id": a.id}).all()  # outside a scope


def api_key_rows() -> sa.Select:
    return company_rows(ApiKey, ApiKey.id, ApiKey.created_at)


def test_a_listing_pages_only_the_scope_company(two):
    a, b, ids = two

    def listing_of(company):
        return Listing(api_key_rows, (), {"company_id": company.id})
    with tenant_scope(a.id):
        seen, cursor = [], None
        while True:
            page = paginate(listing_of(a), model=ApiKey, limit=1, cursor=cursor, rows=True)
            seen += [row.id for row in page.items]
            if not page.has_more:
                break
            cursor = page.next_cursor
        assert sorted(seen) == sorted(ids[a.id]) and len(seen) == len(set(seen))
        with pytest.raises(TenancyViolation):
            paginate(listing_of(b), model=ApiKey, limit=1, cursor=None, rows=True)


def test_company_outerjoin_filters_the_joined_table_by_the_same_company(two, make_user):
    a, b, ids = two
    mine, theirs = make_user(a), make_user(b)
    stmt = company_outerjoin(company_rows(ApiKey, ApiKey.id, User.email), User,
                             User.company_id == ApiKey.company_id)
    with tenant_scope(a.id):
        with sent_sql() as sent:
            rows = read_rows(stmt, {"company_id": a.id}).all()
        assert {row.id for row in rows} == set(ids[a.id]) and {row.email for row in rows} == {mine.email}
        assert theirs.email not in {row.email for row in rows}
        # The joined table is filtered in its ON clause, the listed one in WHERE, each once (plain SQL, no guard added).
        assert "AND users.company_id = " in sent[-1] and sent[-1].count("api_keys.company_id = ") == 1
        with pytest.raises(TenancyViolation):
            read_rows(stmt, {"company_id": b.id})
        with pytest.raises(TenancyViolation):  # only a company_rows statement can be extended
            company_outerjoin(company_select(ApiKey, a.id, ApiKey.id), User, User.company_id == ApiKey.company_id)


def test_a_list_statement_selects_its_tables_columns_and_still_needs_a_scope(two):
    """The listed model's own columns are selected as its table's columns (SQLAlchemy then matches a cached compiled
    statement's result columns by identity); another model's column stays as given. Outside a scope the statement
    is refused all the same: it is marked as reading its tenant table."""
    a, _, ids = two
    stmt = company_rows(ApiKey, ApiKey.id, ApiKey.name, User.email)
    selected = list(stmt.selected_columns)
    assert selected[0] is ApiKey.__table__.c.id and selected[1] is ApiKey.__table__.c.name
    assert selected[2] is not User.__table__.c.email
    with tenant_scope(a.id):
        assert set(read_rows(company_rows(ApiKey, ApiKey.id), {"company_id": a.id}).scalars()) == set(ids[a.id])
    with pytest.raises(TenancyViolation):
        db.session.execute(company_rows(ApiKey, ApiKey.id), {"company_id": a.id}).all()


def api_keys_joined_to_users() -> sa.Select:
    return company_rows(ApiKey, ApiKey.id, ApiKey.created_at).join(User, User.company_id == ApiKey.company_id)


def test_a_listing_shape_is_checked_once_and_one_reading_another_tenant_table_stays_guarded(two):
    """The guard's answer for a Listing's page statement is remembered under its shape (each request's statement is
    a new object): the same shape on the next page and the next request is not walked again, and a shape whose
    statement also reads another tenant-owned table keeps getting the scope's filter on that table."""
    from core import tenancy
    a, _b, ids = two
    tenancy._READS_ONLY_BY_KEY.clear()
    with tenant_scope(a.id):
        first = paginate(Listing(api_key_rows, (), {"company_id": a.id}), model=ApiKey, limit=1, cursor=None,
                         rows=True)
        paginate(Listing(api_key_rows, (), {"company_id": a.id}), model=ApiKey, limit=1, cursor=first.next_cursor,
                 rows=True)
        paginate(Listing(api_key_rows, (), {"company_id": a.id}), model=ApiKey, limit=1, cursor=None, rows=True)
        answers = {key[0].build: known[1] for key, known in tenancy._READS_ONLY_BY_KEY.items()}
        assert len(tenancy._READS_ONLY_BY_KEY) == 2 and answers == {api_key_rows: True}  # first page, next page
        for _ in range(2):  # the remembered answer for the joined shape is the guarded path, both times
            with sent_sql() as sent:
                page = paginate(Listing(api_keys_joined_to_users, (), {"company_id": a.id}), model=ApiKey,
                                limit=50, cursor=None, rows=True)
            assert {row.id for row in page.items} <= set(ids[a.id])
            assert re.search(r"users\.company_id = (\?|%\()", sent[-1]), sent[-1]  # the scope's filter on users
        assert {key[0].build: known[1] for key, known in tenancy._READS_ONLY_BY_KEY.items()}[
            api_keys_joined_to_users] is False
