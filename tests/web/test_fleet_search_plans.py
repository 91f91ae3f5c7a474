"""The vehicles' and drivers' list search (pages and API: `vehicle_listing` / `driver_listing` through `paginate`)
takes a plan bounded by what it finds, not by the company's fleet, even when the statistics make walking the
company's list backwards look cheap. PostgreSQL only: the plans are read with EXPLAIN (ANALYZE) of the statements
the search sends.

The data: 20,000 vehicles and 20,000 drivers of one company (and 2,000 of a neighbour's, in the same tables and
indexes); the statistics are taken while one in twenty is named "Andorinha", then all but the oldest five renamed
(no new ANALYZE): the planner expects ~1,000 matches spread over the list, there are five, all at its far end. The
one ORDER BY ... LIMIT statement the lists sent before then walks every row of the company (checked first, so the
tests show the statistics tempt it)."""
import os

import pytest
import sqlalchemy as sa

from core.db import db
from core.pagination import paginate
from core.tenancy import tenant_scope
from domain.fleet import queries
from domain.fleet.models import Driver, Vehicle
from tests.fixtures.plans import compiled_plan, nodes, plan, scans, statements_sent, table_reads

pytestmark = pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL", "").startswith("postgresql"),
                                reason="needs PostgreSQL (TEST_DATABASE_URL): the plans are PostgreSQL's")

ROWS = 20_000
EVERY = 20  # one row in EVERY is "Andorinha" when the statistics are taken
KEPT = 5  # the oldest rows that keep the name
# Row i: created i minutes into 2025; plate <letter>BC<i % 10000> (unique per company), brand Andorinha or Volvo,
# model "FH <i % 500>"; driver "Motorista Andorinha|Silva <i>", CPF i padded to 11 digits.
SEED = {
    Vehicle: sa.text("""
        INSERT INTO vehicles (id, company_id, plate, brand, model, status, created_at, updated_at)
        SELECT md5(CAST(:company AS text) || 'v' || i)::uuid, :company,
               chr(65 + i / 10000) || 'BC' || lpad((i % 10000)::text, 4, '0'),
               CASE WHEN i % :every = 0 THEN 'Andorinha' ELSE 'Volvo' END, 'FH ' || (i % 500), 'ativo',
               timestamp '2025-01-01' + make_interval(mins => i), timestamp '2025-01-01' + make_interval(mins => i)
        FROM generate_series(1, :rows) AS i"""),
    Driver: sa.text("""
        INSERT INTO drivers (id, company_id, name, phone, cpf, has_mopp, status, created_at, updated_at)
        SELECT md5(CAST(:company AS text) || 'd' || i)::uuid, :company,
               'Motorista ' || CASE WHEN i % :every = 0 THEN 'Andorinha' ELSE 'Silva' END || ' ' || i,
               '+5511900000000', lpad(i::text, 11, '0'), false, 'ativo',
               timestamp '2025-01-01' + make_interval(mins => i), timestamp '2025-01-01' + make_interval(mins => i)
        FROM generate_series(1, :rows) AS i"""),
}
RENAME = {
    Vehicle: "UPDATE vehicles SET brand = 'Tucano' WHERE brand = 'Andorinha' AND created_at > :kept",
    Driver: "UPDATE drivers SET name = replace(name, 'Andorinha', 'Tucano') WHERE name LIKE 'Motorista Andorinha%' "
            "AND created_at > :kept",
}
LISTING = {Vehicle: (queries.vehicle_listing, queries.VEHICLE_LIST_COLUMNS),
           Driver: (queries.driver_listing, queries.DRIVER_LIST_COLUMNS)}
WINDOW_INDEX = {Vehicle: "ix_vehicles_company_created", Driver: "ix_drivers_company_created"}
TRIGRAM_INDEX = {Vehicle: "ix_vehicles_search_trgm", Driver: "ix_drivers_search_trgm"}


@pytest.fixture
def skewed(company, make_company):
    """Both lists of the company (and a tenth of a neighbour's) and the statistics that make the backward walk
    tempting."""
    with db.engine.begin() as conn:
        for owner, rows in ((company, ROWS), (make_company(), ROWS // 10)):
            for seed in SEED.values():
                conn.execute(seed, {"company": owner.id, "rows": rows, "every": EVERY})
    with db.engine.begin() as conn:  # the statistics taken, then the rows renamed behind them
        conn.execute(sa.text("ANALYZE vehicles"))
        conn.execute(sa.text("ANALYZE drivers"))
        for rename in RENAME.values():
            conn.execute(sa.text(rename), {"kept": _created(KEPT * EVERY)})
    with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:  # VACUUM: no transaction
        # What autovacuum does to a table after a bulk insert: the trigram indexes' pending lists merged (a GIN index
        # with millions of rows in its pending list is costed as the whole list read). No ANALYZE: the statistics
        # stay the tempting ones.
        conn.execute(sa.text("VACUUM vehicles"))
        conn.execute(sa.text("VACUUM drivers"))
    return company


def _created(i: int) -> str:
    return f"2025-01-01 {i // 60:02d}:{i % 60:02d}"


def _search(company, model, q: str, cursor: str | None = None):
    """The statements a page of the list's search `q` sends, and the page."""
    listing, _ = LISTING[model]

    def run():
        with tenant_scope(company.id):
            page = paginate(listing(company.id, q=q), model=model, limit=50, cursor=cursor, rows=True)
            db.session.rollback()
        return page
    return statements_sent(run, model.__tablename__)


def _bounded_window(model, root: dict) -> None:
    """The window read: the newest rows through the company's (created_at, id) index, never more than the window."""
    reads = table_reads(root)
    assert [(kind, index, direction) for kind, index, direction, _ in reads] == [
        ("Index Scan", WINDOW_INDEX[model], "Backward")], reads
    assert all(rows <= queries.SEARCH_WINDOW for *_, rows in reads), reads


def _through_trigrams(model, root: dict) -> None:
    """Every match from the trigram index (a bitmap), none by walking the company's rows."""
    found = scans(root)
    assert ("Bitmap Index Scan", TRIGRAM_INDEX[model]) in {(kind, index) for kind, index, _, _ in found}, found
    assert not any(kind in ("Seq Scan", "Index Scan", "Index Only Scan") for kind, *_ in found), found


@pytest.mark.parametrize("model", [Vehicle, Driver])
def test_the_statistics_tempt_the_single_statement_into_walking_the_whole_company(skewed, model):
    """The shape the lists had (ORDER BY created_at DESC, id DESC LIMIT 51 over the match) under these statistics:
    a read of every row of the company for five matches. The plans asserted below are meaningful because of this."""
    listing, _ = LISTING[model]
    with tenant_scope(skewed.id):
        search = listing(skewed.id, q="andorinha")
        stmt = search.stmt.order_by(model.created_at.desc(), model.id.desc()).limit(51)
        root = compiled_plan(stmt, search.params)
    reads = table_reads(root)
    assert sum(rows for *_, rows in reads) == KEPT, reads  # it found only the five
    scanned = [n for n in nodes(root) if n["Node Type"] in ("Index Scan", "Seq Scan")]
    assert scanned and scanned[0].get("Rows Removed by Filter", 0) >= ROWS - KEPT - 1, scanned


@pytest.mark.parametrize("model", [Vehicle, Driver])
def test_a_rare_term_reads_the_window_then_the_trigram_index(skewed, model):
    sent, page = _search(skewed, model, "andorinha")
    assert len(sent) == 2
    _bounded_window(model, plan(*sent[0]))
    _through_trigrams(model, plan(*sent[1]))
    assert [row.created_at.strftime("%Y-%m-%d %H:%M") for row in page.items] == [
        _created(i * EVERY) for i in range(KEPT, 0, -1)]
    assert not page.has_more


@pytest.mark.parametrize(("model", "term"), [(Vehicle, "volvo"), (Vehicle, "fh 4"), (Driver, "silva"),
                                             (Driver, "motorista")])
def test_a_common_term_fills_its_page_from_the_newest_rows_and_stops_there(skewed, model, term):
    sent, page = _search(skewed, model, term)
    assert len(sent) == 1, term
    _bounded_window(model, plan(*sent[0]))
    assert len(page.items) == 50 and page.has_more
    # the next page keeps the shape: the window after the cursor
    sent, second = _search(skewed, model, term, cursor=page.next_cursor)
    assert len(sent) == 1 and len(second.items) == 50, term
    _bounded_window(model, plan(*sent[0]))
    assert second.items[0].created_at < page.items[-1].created_at


def test_a_plate_part_is_found_through_the_trigram_index_and_a_cpf_start_too(skewed):
    sent, page = _search(skewed, Vehicle, "bc-0042")  # a plate as typed: hyphen ignored, any case
    assert [row.plate for row in page.items] == ["BBC0042", "ABC0042"]  # 10,042 and 42 (the newest first)
    assert len(sent) == 2
    _bounded_window(Vehicle, plan(*sent[0]))
    _through_trigrams(Vehicle, plan(*sent[1]))
    sent, page = _search(skewed, Driver, "000.000.123")  # the start of a CPF, as typed: 00000012300-12399
    assert sorted(row.cpf for row in page.items) == [f"{12_399 - i:011d}" for i in range(50)][::-1]
    assert page.has_more
    # the name's trigrams or the CPFs' range of the company's (company_id, cpf) index, as one bitmap: never every
    # driver (a LIKE prefix is no index range under a non-C collation)
    assert len(sent) == 2
    matched = plan(*sent[1])
    _through_trigrams(Driver, matched)
    assert ("Bitmap Index Scan", "uq_drivers_company_cpf") in {(kind, index) for kind, index, *_ in scans(matched)}
