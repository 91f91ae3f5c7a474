"""Keyset pagination with opaque signed cursors (docs/decisions.md §3)."""
import base64
import hashlib
import hmac
import json
import uuid
from datetime import date, datetime, timedelta

import pytest
import sqlalchemy as sa
from itsdangerous import Signer

from core.db import db, utcnow
from core.pagination import InvalidCursor, Listing, decode_cursor, encode_cursor, paginate
from core.tenancy import company_rows, tenant_scope
from domain.tenancy import services
from domain.tenancy.models import ApiKey


def make_keys(company, count, *, created_at=None):
    ids = []
    with tenant_scope(company.id):
        for i in range(count):
            key, _ = services.create_api_key(company, name=f"k{i}")
            if created_at is not None:
                key.created_at = created_at
            ids.append(str(key.id))
        db.session.commit()
    return ids


@pytest.mark.parametrize("value", [datetime(2026, 11, 21, 23, 59, 59, 123456), datetime(2026, 1, 1),
                                   date(2026, 2, 28), "texto", 42])
def test_cursor_roundtrip(app, value):
    record_id = uuid.uuid4()
    assert decode_cursor(encode_cursor(value, record_id, "api_keys"), "api_keys") == (value, record_id)


def _tamper(cursor: str) -> str:
    token, sig = cursor.rsplit(".", 1)
    payload = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    payload["id"] = str(uuid.uuid4())
    forged = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")
    return f"{forged}.{sig}"


@pytest.mark.parametrize("bad", ["", "abc", "abc.def", "....", "é.ü", "x" * 100])
def test_garbage_cursor_is_rejected(app, bad):
    with pytest.raises(InvalidCursor):
        decode_cursor(bad, "api_keys")


def test_tampered_cursor_is_rejected(app):
    cursor = encode_cursor(utcnow(), uuid.uuid4(), "api_keys")
    decode_cursor(cursor, "api_keys")
    with pytest.raises(InvalidCursor):
        decode_cursor(_tamper(cursor), "api_keys")


def test_cursor_signed_with_another_secret_is_rejected(app, monkeypatch):
    cursor = encode_cursor(utcnow(), uuid.uuid4(), "api_keys")
    monkeypatch.setitem(app.config, "SECRET_KEY", "another-secret")
    with pytest.raises(InvalidCursor):
        decode_cursor(cursor, "api_keys")


def test_cursor_is_signed_by_itsdangerous_with_a_full_hmac(app):
    cursor = encode_cursor(utcnow(), uuid.uuid4(), "api_keys")
    signer = Signer(app.config["SECRET_KEY"], salt="fretes.cursor", digest_method=hashlib.sha256)
    assert signer.validate(cursor)
    assert len(cursor.rsplit(".", 1)[1]) == 43  # 32 bytes of HMAC-SHA256, not a truncated hex


def test_cursor_in_the_former_truncated_hmac_format_is_rejected(app):
    token = encode_cursor(utcnow(), uuid.uuid4(), "api_keys").rsplit(".", 1)[0]
    payload = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    former = hmac.new(("cursor:" + app.config["SECRET_KEY"]).encode(), payload, hashlib.sha256).hexdigest()[:24]
    with pytest.raises(InvalidCursor):
        decode_cursor(f"{token}.{former}", "api_keys")


def test_cursor_from_another_list_is_rejected(app):
    cursor = encode_cursor(utcnow(), uuid.uuid4(), "partners")
    with pytest.raises(InvalidCursor) as caught:
        decode_cursor(cursor, "api_keys")
    assert caught.value.details[0].field == "cursor"


def test_tampered_cursor_over_http_is_400(probe, company):
    make_keys(company, 3)
    first = probe.get("/keys?limit=1").get_json()
    response = probe.get(f"/keys?cursor={_tamper(first['page']['next_cursor'])}")
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "invalid_cursor"


@pytest.mark.parametrize("limit", ["0", "201", "-1", "dez"])
def test_limit_out_of_range_is_400(probe, limit):
    response = probe.get(f"/keys?limit={limit}")
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "invalid_query"


def test_list_envelope_and_default_order(probe, company):
    base = utcnow() - timedelta(hours=1)
    with tenant_scope(company.id):
        for minutes, name in ((1, "old"), (3, "new"), (2, "mid")):
            key, _ = services.create_api_key(company, name=name)
            key.created_at = base + timedelta(minutes=minutes)
        db.session.commit()
    body = probe.get("/keys").get_json()
    assert [k["name"] for k in body["data"] if k["name"]] == ["new", "mid", "old"]  # "" is the probe's key
    assert body["page"] == {"next_cursor": None, "has_more": False}


def walk(probe, limit, between=None) -> list[str]:
    seen, cursor = [], None
    while True:
        response = probe.get(f"/keys?limit={limit}" + (f"&cursor={cursor}" if cursor else ""))
        assert response.status_code == 200, response.get_data(as_text=True)
        body = response.get_json()
        seen += [k["id"] for k in body["data"]]
        cursor = body["page"]["next_cursor"]
        assert body["page"]["has_more"] == (cursor is not None)
        if cursor is None:
            return seen
        if between:
            between()


def test_pages_neither_repeat_nor_skip_when_rows_are_inserted(probe, company):
    make_keys(company, 7)
    before = set(walk(probe, 100))
    seen = walk(probe, 2, between=lambda: make_keys(company, 2))
    assert len(seen) == len(set(seen)), "a row was repeated"
    assert set(seen) == before, "a row that existed before was skipped, or a newer one slipped in"


def test_rows_with_the_same_sort_value_are_split_by_id(probe, company):
    make_keys(company, 9, created_at=datetime(2026, 5, 1, 12, 0, 0))
    everything = walk(probe, 100)
    seen = walk(probe, 2)
    assert seen == everything
    assert len(set(seen)) == len(seen)


def test_other_company_rows_never_appear(probe, company, make_company):
    other = make_company()
    theirs = set(make_keys(other, 3))
    ours = set(make_keys(company, 2))
    seen = set(walk(probe, 1))
    assert ours <= seen
    assert not (theirs & seen)


def test_paginate_ascending(app, company):
    make_keys(company, 5)
    with tenant_scope(company.id):
        page1 = paginate(db.select(ApiKey), model=ApiKey, limit=3, cursor=None, descending=False)
        page2 = paginate(db.select(ApiKey), model=ApiKey, limit=3, cursor=page1.next_cursor, descending=False)
    stamps = [k.created_at for k in page1.items + page2.items]
    assert stamps == sorted(stamps)
    assert len(page2.items) == 2 and page2.has_more is False


# --- A Listing's page statement: built by SQLAlchemy once per shape and order (sqlalchemy.lambda_stmt) -----------

BUILT = []


def named_keys(named: bool) -> sa.Select:
    """A list builder of one filter shape (whether the name is filtered), counting its calls."""
    BUILT.append(named)
    stmt = company_rows(ApiKey, ApiKey.id, ApiKey.name, ApiKey.created_at)
    return stmt.where(ApiKey.name == sa.bindparam("name")) if named else stmt


def keys_listing(company, name=None) -> Listing:
    return Listing(named_keys, (name is not None,), {"company_id": company.id, "name": name})


def test_a_listing_page_statement_is_built_once_per_shape_and_order(app, company):
    make_keys(company, 3)

    def pages():  # the first page, the next one, and the first in ascending order: three statements
        first = paginate(keys_listing(company), model=ApiKey, limit=2, cursor=None, rows=True)
        paginate(keys_listing(company), model=ApiKey, limit=2, cursor=first.next_cursor, rows=True)
        paginate(keys_listing(company), model=ApiKey, limit=2, cursor=None, rows=True, descending=False)
    with tenant_scope(company.id):
        pages()  # built here (SQLAlchemy runs a lambda a second time when it first analyses its code)
        BUILT.clear()
        pages()
        pages()
    assert BUILT == []


def test_each_shape_of_a_listing_has_its_own_statement_and_its_own_values(app, company):
    """Breaking case of the above: another shape (the name filtered) is built apart, and each request's values are
    its own, never the first request's."""
    make_keys(company, 3)
    with tenant_scope(company.id):
        every = paginate(keys_listing(company), model=ApiKey, limit=10, cursor=None, rows=True).items
        for name in ("k0", "k2", "none such"):
            found = paginate(keys_listing(company, name), model=ApiKey, limit=10, cursor=None, rows=True).items
            assert [row.name for row in found] == [row.name for row in every if row.name == name]
    assert len(every) == 3
