"""The freight board filtered by one status (`/fretes-operacao/?status=in_transit`, the API's `status=`) reads a page
of that status's newest freights, and joins the driver and vehicle of those rows only, whatever the company's
volume. PostgreSQL only: the plans are read with EXPLAIN (ANALYZE) of the statement the list sends.

The data: 20,000 freights of one company (and 2,000 of a neighbour's), one in five in transit among the older
19,000, none among the newest 1,000 (drafts and published ones: a carrier's week of new freights); one in four
has a driver and a vehicle. With only a (company_id, status) index, the planner either walks the company's list
backwards past every newer freight or reads every in-transit one and sorts them (checked first, so the test shows
the index is what bounds the read)."""
import os

import pytest
import sqlalchemy as sa

from core.db import db
from core.pagination import paginate
from core.tenancy import tenant_scope
from domain.freights.models import Freight
from domain.freights.queries import freight_listing
from tests.fixtures.plans import nodes, plan, statements_sent, table_reads

pytestmark = pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL", "").startswith("postgresql"),
                                reason="needs PostgreSQL (TEST_DATABASE_URL): the plans are PostgreSQL's")

ROWS = 20_000
NEWEST_WITHOUT = 1_000  # the newest freights, none in transit
FLEET = 100
STATUS_INDEX = "ix_freights_company_status_created"
SEED = (
    sa.text("""INSERT INTO drivers (id, company_id, name, phone, cpf, has_mopp, status, created_at, updated_at)
               SELECT md5(CAST(:company AS text) || 'd' || i)::uuid, :company, 'Motorista ' || i, '+5511900000000',
                      lpad(i::text, 11, '0'), false, 'ativo', timestamp '2025-01-01', timestamp '2025-01-01'
               FROM generate_series(1, :fleet) AS i"""),
    sa.text("""INSERT INTO vehicles (id, company_id, plate, status, created_at, updated_at)
               SELECT md5(CAST(:company AS text) || 'v' || i)::uuid, :company, 'ABC' || lpad(i::text, 4, '0'),
                      'ativo', timestamp '2025-01-01', timestamp '2025-01-01'
               FROM generate_series(1, :fleet) AS i"""),
    sa.text("""INSERT INTO freights (id, company_id, code, status, visibility, origin_city, origin_state,
                                     destination_city, destination_state, cargo_type, weight_kg, vehicle_type, price,
                                     driver_id, vehicle_id, search_text, created_at, updated_at)
               SELECT md5(CAST(:company AS text) || 'f' || i)::uuid, :company, 'FRT-' || lpad(i::text, 6, '0'),
                      CASE WHEN i > :rows - :newest THEN (ARRAY['draft', 'published'])[1 + i % 2]
                           ELSE (ARRAY['delivered', 'delivered', 'delivered', 'cancelled', 'in_transit'])[1 + i % 5]
                      END,
                      'privado', 'Chapecó', 'SC', 'Curitiba', 'PR', 'Carga geral', 1000, 'carreta', 1000,
                      CASE WHEN i % 4 = 0 THEN md5(CAST(:company AS text) || 'd' || (1 + i % :fleet))::uuid END,
                      CASE WHEN i % 4 = 0 THEN md5(CAST(:company AS text) || 'v' || (1 + i % :fleet))::uuid END,
                      'frt-' || lpad(i::text, 6, '0') || ' chapeco curitiba',
                      timestamp '2025-01-01' + make_interval(mins => i),
                      timestamp '2025-01-01' + make_interval(mins => i)
               FROM generate_series(1, :rows) AS i"""),
)


@pytest.fixture
def board(company, make_company):
    with db.engine.begin() as conn:
        for owner, rows in ((company, ROWS), (make_company(), ROWS // 10)):
            for seed in SEED:
                conn.execute(seed, {"company": owner.id, "rows": rows, "newest": NEWEST_WITHOUT // 10 if rows < ROWS
                                    else NEWEST_WITHOUT, "fleet": FLEET})
    with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        for table in ("freights", "drivers", "vehicles"):
            conn.execute(sa.text(f"VACUUM ANALYZE {table}"))
    return company


def _in_transit_page(company):
    def run():
        with tenant_scope(company.id):
            page = paginate(freight_listing(company.id, statuses=["in_transit"]), model=Freight, limit=50,
                            cursor=None, rows=True)
            db.session.rollback()
        return page
    sent, page = statements_sent(run, "freights")
    assert len(sent) == 1
    return sent[0], page


def _freights_read(root: dict) -> int:
    """The rows the plan read from freights: those a scan produced plus those its filter removed."""
    return sum(n["Actual Rows"] * n["Actual Loops"] + n.get("Rows Removed by Filter", 0) * n["Actual Loops"]
               for n in nodes(root) if n.get("Relation Name") == "freights")


def test_with_only_a_company_and_status_index_the_in_transit_page_reads_far_more_than_a_page(board):
    """The index this table had: the same statement reads thousands of freights for a page of 50."""
    (statement, parameters), _ = _in_transit_page(board)
    raw = db.engine.raw_connection()
    try:
        cursor = raw.cursor()
        cursor.execute(f"DROP INDEX {STATUS_INDEX}")
        cursor.execute("CREATE INDEX ix_freights_company_status ON freights (company_id, status)")
        cursor.execute("ANALYZE freights")
        cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + statement, parameters)
        root = cursor.fetchone()[0][0]["Plan"]
    finally:
        raw.rollback()
        raw.close()
    assert _freights_read(root) > NEWEST_WITHOUT, root


def test_the_in_transit_page_reads_a_page_of_that_status_and_joins_only_those_rows(board):
    (statement, parameters), page = _in_transit_page(board)
    root = plan(statement, parameters)
    reads = table_reads(root)
    freights = [read for read in reads if read[1] == STATUS_INDEX]
    assert freights == [("Index Scan", STATUS_INDEX, "Backward", 51)], reads
    assert _freights_read(root) == 51, reads
    # the driver and the vehicle by primary key, for those rows only (never a scan of either table)
    assert {(kind, index) for kind, index, *_ in reads} - {("Index Scan", STATUS_INDEX)} <= {
        ("Index Scan", "pk_drivers"), ("Index Scan", "pk_vehicles")}, reads
    assert all(rows <= 51 for kind, index, _, rows in reads), reads
    assert len(page.items) == 50 and page.has_more
    assert {row.status for row in page.items} == {"in_transit"}
    assert page.items[0].code == f"FRT-{ROWS - NEWEST_WITHOUT - 1:06d}"  # 18,999: the newest in transit (i % 5 == 4)
    assert any(row.driver_name and row.vehicle_plate for row in page.items)
