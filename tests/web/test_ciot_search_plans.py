"""The CIOT pages' text search takes its intended plan even when the statistics make walking the company's history
backwards look cheap (issue 38: a name with twenty matches read every row of a company whose statistics promised
hundreds). PostgreSQL only: the plans are read with EXPLAIN (ANALYZE) of the statements the search sends.

The data: 60,000 operations of one company; the statistics are taken while one row in twenty is named
"Andorinha Cargas", then all but the oldest five are renamed (no new ANALYZE): the planner expects ~3,000 matches
spread over the history, there are five, all at its far end. The unbounded backward scan is then the planner's
choice for the old single statement (checked first, so the test shows the statistics tempt it)."""
import os

import pytest
import sqlalchemy as sa

from core.db import db
from core.tenancy import tenant_scope
from domain.ciot import queries
from domain.ciot.models import CiotOperation
from tests.fixtures import plans as plan_reading

pytestmark = pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL", "").startswith("postgresql"),
                                reason="needs PostgreSQL (TEST_DATABASE_URL): the plans are PostgreSQL's")

ROWS = 60_000  # a company large enough that reading all its rows is no cheaper than the index
RARE = "Andorinha Cargas"
EVERY = 20  # one operation in EVERY is named RARE when the statistics are taken
KEPT = 5  # the oldest rows that keep the rare name
WINDOW_INDEX = "ix_ciot_operations_company_created"
TRIGRAM_INDEX = "ix_ciot_operations_search_document"


def _document(i: int) -> str:
    return f"{(i * 982451653) % 10 ** 14:014d}"


def _ciot_number(i: int) -> str:
    return f"{(i * 7919) % 10 ** 12:012d}"


# One INSERT ... SELECT per company (as bench/_volume_seed.py): row i is CIOT-i, i minutes into 2025; the names of
# _document and _ciot_number in SQL.
SEED = sa.text("""
    INSERT INTO ciot_operations (id, company_id, code, environment, mode, status, tipo_operacao, contratado_cpf_cnpj,
                                 contratado_rntrc, contratado_nome, codigo_ciot, external_id, contingencia,
                                 retificacoes, created_at, updated_at)
    SELECT md5(CAST(:company AS text) || i)::uuid, :company, 'CIOT-' || lpad(i::text, 6, '0'), 'homolog', 'normal',
           'emitido', 'lotacao', lpad(((i::bigint * 982451653) % 100000000000000)::text, 14, '0'),
           lpad(i::text, 9, '0'),
           CASE WHEN i % :every = 0 THEN :rare || ' ' || i ELSE 'Silva Transportes ' || (i % 500) || ' Ltda' END,
           lpad(((i::bigint * 7919) % 1000000000000)::text, 12, '0'), 'PED-' || i, false, 0,
           timestamp '2025-01-01' + make_interval(mins => i), timestamp '2025-01-01' + make_interval(mins => i)
    FROM generate_series(1, :rows) AS i""")


@pytest.fixture
def skewed(company, make_company):
    """The company's operations (and a tenth as many of a neighbour's, in the same table and indexes) and the
    statistics that make the backward scan tempting."""
    with db.engine.begin() as conn:
        for owner, rows in ((company, ROWS), (make_company(), ROWS // 10)):
            conn.execute(SEED, {"company": owner.id, "rows": rows, "rare": RARE, "every": EVERY})
    with db.engine.begin() as conn:  # the statistics taken, then the rows renamed behind them
        conn.execute(sa.text("ANALYZE ciot_operations"))
        conn.execute(sa.text("UPDATE ciot_operations SET contratado_nome = 'Tucano ' || code "
                             "WHERE contratado_nome LIKE :rare AND code > :kept"),
                     {"rare": f"{RARE}%", "kept": f"CIOT-{KEPT * EVERY:06d}"})
    return company


def _common_names(count: int) -> list[str]:
    """The codes of the newest `count` operations named "Silva Transportes ..." (all but one in EVERY)."""
    return [f"CIOT-{i:06d}" for i in range(ROWS, 0, -1) if i % EVERY][:count]


def _statements(company, **search) -> tuple[list, object]:
    """The statements `list_operations(**search)` sends (SQL, parameters) and its page (only those naming
    ciot_operations: not the company's own row, reloaded after the previous rollback)."""
    def run():
        with tenant_scope(company.id):
            page = queries.list_operations(limit=50, **search)
            db.session.rollback()
        return page
    return plan_reading.statements_sent(run, "ciot_operations")


def _bounded_window(plan: dict) -> None:
    """The window read: the newest rows through the company's (created_at, id) index, never more than the window."""
    scans = plan_reading.scans(plan)
    assert [(kind, index, direction) for kind, index, direction, _ in scans if kind != "Subquery Scan"] == [
        ("Index Scan", WINDOW_INDEX, "Backward")], scans
    assert all(rows <= queries.SEARCH_WINDOW for *_, rows in scans), scans


def _through_trigrams(plan: dict) -> None:
    """Every match from the trigram index (a bitmap), none by walking the company's rows."""
    scans = plan_reading.scans(plan)
    kinds = {(kind, index) for kind, index, _, _ in scans}
    assert ("Bitmap Index Scan", TRIGRAM_INDEX) in kinds, scans
    assert not any(kind in ("Seq Scan", "Index Scan", "Index Only Scan") for kind, *_ in scans), scans


def test_the_statistics_tempt_the_single_statement_into_a_backward_scan_of_the_whole_company(skewed):
    """The old shape (ORDER BY ... LIMIT over the match) under these statistics: the backward walk, which reads
    every row younger than the five matches. The plans asserted below are meaningful because of this one."""
    with tenant_scope(skewed.id):
        match = queries._part_match(RARE, CiotOperation)
        stmt = (sa.select(*queries.LIST_COLUMNS).where(CiotOperation.company_id == skewed.id, match)
                .order_by(*queries.NEWEST_FIRST).limit(51))
        compiled = stmt.compile(db.engine)
    scans = plan_reading.scans(plan_reading.plan(str(compiled), compiled.params))
    assert scans[0][:3] == ("Index Scan", WINDOW_INDEX, "Backward"), scans
    assert scans[0][3] == KEPT and sum(rows for *_, rows in scans) == KEPT  # and it found only five at the end

    # Each search of the pages under the same statistics: (term, reads, codes found).
    rare = [f"CIOT-{i * EVERY:06d}" for i in range(KEPT, 0, -1)]
    for term, shape, codes in ((RARE, "window+trigrams", rare), ("andorinha", "window+trigrams", rare),
                               (f"{RARE.upper()} 60", "window+trigrams", ["CIOT-000060"]),
                               (_document(12_345)[2:11], "window+trigrams", ["CIOT-012345"]),
                               ("silva transportes", "window", None),
                               (_ciot_number(777), "codigo_ciot", ["CIOT-000777"]),
                               ("ciot-000042", "code", ["CIOT-000042"]),
                               (_document(4_321), "document", ["CIOT-004321"]),
                               (_cnpj_as_typed(_document(4_322)), "document", ["CIOT-004322"])):
        sent, page = _statements(skewed, q=term)
        plans = [plan_reading.plan(*statement) for statement in sent]
        if shape == "window+trigrams":
            assert len(plans) == 2, term
            _bounded_window(plans[0])
            _through_trigrams(plans[1])
        elif shape == "window":  # a term on every row fills its page from the newest rows and stops there
            assert len(plans) == 1, term
            _bounded_window(plans[0])
            # 1 in 20 is "Tucano"
            assert max(rows for *_, rows in plan_reading.scans(plans[0])) <= 51 * EVERY // (EVERY - 1) + 1
            assert [row.code for row in page.items] == _common_names(50)
            assert page.has_more and len(page.items) == 50
        else:  # one read of the company's index of the code, number or document, without the part search
            unique = f"uq_ciot_operations_company_{shape}"
            expected = "ix_ciot_operations_company_document" if shape == "document" else unique
            assert [(kind, index, rows) for kind, index, _, rows in plan_reading.scans(plans[0])] == [
                ("Index Scan", expected, 1)], term
            assert len(plans) == 1, term
        if codes is not None:
            assert [row.code for row in page.items] == codes, term


def _cnpj_as_typed(digits: str) -> str:
    return f"{digits[:2]}.{digits[2:5]}.{digits[5:8]}/{digits[8:12]}-{digits[12:]}"


def test_eleven_digits_no_contracted_party_has_are_searched_as_a_part_of_the_documents(skewed):
    """A CPF's shape first: the document index (nothing), then the part search finds the CNPJ that holds them."""
    sent, page = _statements(skewed, q=_document(12_345)[1:12])
    assert len(sent) == 3 and [row.code for row in page.items] == ["CIOT-012345"]
    assert [(kind, index, rows) for kind, index, _, rows in plan_reading.scans(plan_reading.plan(*sent[0]))] == [
        ("Index Scan", "ix_ciot_operations_company_document", 0)]
    _bounded_window(plan_reading.plan(*sent[1]))
    _through_trigrams(plan_reading.plan(*sent[2]))


def test_a_number_no_operation_has_is_searched_as_a_part_and_the_next_page_keeps_both_reads(skewed):
    document = _document(4_242)
    sent, page = _statements(skewed, q=document[:12])  # 12 digits: a CIOT number at first, then a part of documents
    assert len(sent) == 3 and "CIOT-004242" in [row.code for row in page.items]
    sent, page = _statements(skewed, q="silva", cursor=None)
    assert len(sent) == 1 and page.has_more
    sent, second = _statements(skewed, q="silva", cursor=page.next_cursor)
    assert len(sent) == 1 and [row.code for row in second.items] == _common_names(100)[50:]
    _bounded_window(plan_reading.plan(*sent[0]))


OLD_NAME = "Gaivota Fretes"  # a carrier with many operations, none among the newest (see `left_long_ago`)
OLD_EVERY = 7


@pytest.fixture
def left_long_ago(skewed):
    """Operations 40,000-49,999 of one in OLD_EVERY named OLD_NAME (1,428): many matches, all older than the newest
    10,000 rows, the last at 49,994 (nothing in the search window)."""
    with db.engine.begin() as conn:
        conn.execute(sa.text("UPDATE ciot_operations SET contratado_nome = :name || ' ' || code "
                             "WHERE company_id = :company AND code BETWEEN 'CIOT-040000' AND 'CIOT-049999' "
                             "AND CAST(substr(code, 6) AS integer) % :every = 0"),
                     {"name": OLD_NAME, "company": skewed.id, "every": OLD_EVERY})
    return skewed


def _old_names(start: int, count: int) -> list[str]:
    return [f"CIOT-{i:06d}" for i in range(start, 39_999, -1) if i % OLD_EVERY == 0][:count]


def test_a_common_term_absent_from_the_newest_rows_reads_a_bounded_set_of_matches_then_walks_back(
        left_long_ago, monkeypatch):
    """More matches than the search takes from the trigram index (a cap of 500 here, for a small table): it stops
    there, and walks back in time, stopping at a page. Every match sorted (1,428 rows here; 50,000 at a million
    operations: half a second) is not read."""
    from core import pagination
    monkeypatch.setattr(pagination, "SEARCH_MATCHES_CAP", 500)
    sent, page = _statements(left_long_ago, q=OLD_NAME.lower())
    assert [row.code for row in page.items] == _old_names(49_999, 50) and page.has_more
    plans = [plan_reading.plan(*statement) for statement in sent]
    assert len(plans) == 3
    _bounded_window(plans[0])
    _through_trigrams(plans[1])
    assert max(rows for *_, rows in plan_reading.table_reads(plans[1])) <= 501  # the cap, plus one to tell it
    walk = plan_reading.scans(plans[2])
    assert [(kind, index, direction) for kind, index, direction, _ in walk] == [
        ("Index Scan", WINDOW_INDEX, "Backward")], walk
    # from the newest row back to the 51st match: 60,000 - 49,994 rows, and 50 more matches seven rows apart
    assert walk[0][3] <= ROWS - 49_994 + 51 * OLD_EVERY, walk


def test_the_next_page_of_a_term_absent_from_the_newest_rows_continues_in_order(left_long_ago, monkeypatch):
    from core import pagination
    monkeypatch.setattr(pagination, "SEARCH_MATCHES_CAP", 500)
    _, first = _statements(left_long_ago, q=OLD_NAME)
    _, second = _statements(left_long_ago, q=OLD_NAME, cursor=first.next_cursor)
    assert [row.code for row in first.items + second.items] == _old_names(49_999, 100)


def test_more_matches_than_the_cap_and_none_in_the_walk_are_all_read_and_sorted(left_long_ago, monkeypatch):
    """The one unbounded step, and only after the others: more matches than the cap, fewer than a page within the
    walk (shortened to 5,000 rows here: none of OLD_NAME there)."""
    from core import pagination
    monkeypatch.setattr(pagination, "SEARCH_MATCHES_CAP", 500)
    monkeypatch.setattr(pagination, "SEARCH_WALK", 5_000)
    sent, page = _statements(left_long_ago, q=OLD_NAME)
    assert len(sent) == 4 and [row.code for row in page.items] == _old_names(49_999, 50)
    plans = [plan_reading.plan(*statement) for statement in sent]
    assert max(rows for *_, rows in plan_reading.table_reads(plans[3])) == len(_old_names(49_999, 10_000))
