"""The finance settings' customers (`/financeiro/configuracoes` without a search: `layout_customers()`) are looked
up by primary key, one probe per candidate, never by reading the partners table. PostgreSQL only: the plans are
read with EXPLAIN (ANALYZE) of the statement the page sends.

The data: 20,000 partners of one company (and 2,000 of a neighbour's, with a layout for one of its own), the
company's newest 1,000 billing documents each for another customer. An IN list of those 1,000 ids (the shape the
page had) is a sequential scan of every partner (checked first)."""
import os

import pytest
import sqlalchemy as sa

from core.db import db
from core.tenancy import tenant_scope
from domain.billing import queries
from domain.partners.models import Partner
from tests.fixtures.plans import nodes, plan, statements_sent, table_reads

pytestmark = pytest.mark.skipif(not os.environ.get("TEST_DATABASE_URL", "").startswith("postgresql"),
                                reason="needs PostgreSQL (TEST_DATABASE_URL): the plans are PostgreSQL's")

PARTNERS = 20_000
CUSTOMERS = 1_000  # = RECENT_DOCUMENTS_FOR_CUSTOMERS: every document of the window for another customer
PARTNER = "md5(CAST(:company AS text) || 'p' || i)::uuid"
SEED = (
    sa.text(f"""INSERT INTO partners (id, company_id, person_kind, cpf_cnpj, legal_name, ie_isento, roles,
                                      role_cliente_frete, role_tomador, is_active, search_text, created_at,
                                      updated_at)
                SELECT {PARTNER}, :company, 'pj', lpad((:base + i)::text, 14, '0'), 'Cliente ' || lpad(i::text, 6, '0'),
                       false, '["cliente_frete","tomador"]'::json, true, true, true, 'cliente ' || i,
                       timestamp '2025-01-01', timestamp '2025-01-01'
                FROM generate_series(1, :partners) AS i"""),
    sa.text("""INSERT INTO billing_documents (id, company_id, kind, status, chave, numero, valor_centavos, metadata,
                                               customer_partner_id, created_at, updated_at)
                SELECT md5(CAST(:company AS text) || 'b' || i)::uuid, :company, 'cte', 'pendente',
                       lpad((:base + i)::text, 44, '0'), i::text, 10000, '{}'::json,
                       md5(CAST(:company AS text) || 'p' || (1 + i * 7 % :partners))::uuid,
                       timestamp '2025-01-01' + make_interval(mins => i),
                       timestamp '2025-01-01' + make_interval(mins => i)
                FROM generate_series(1, :documents) AS i"""),
)


@pytest.fixture
def customers(company, make_company):
    neighbour = make_company()
    with db.engine.begin() as conn:
        for owner, partners, base in ((company, PARTNERS, 10 ** 12), (neighbour, PARTNERS // 10, 2 * 10 ** 12)):
            for seed in SEED:
                conn.execute(seed, {"company": owner.id, "partners": partners, "documents": 3 * CUSTOMERS,
                                    "base": base})
        conn.execute(sa.text(f"""INSERT INTO invoice_layouts (id, company_id, customer_partner_id, visible_columns,
                                                              blocks, created_at, updated_at)
                                 SELECT gen_random_uuid(), :company, {PARTNER}, '[]'::json, '[]'::json,
                                        timestamp '2025-01-01', timestamp '2025-01-01'
                                 FROM generate_series(1, 1) AS i"""), {"company": neighbour.id})
    with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        for table in ("partners", "billing_documents", "invoice_layouts"):
            conn.execute(sa.text(f"VACUUM ANALYZE {table}"))
    return company


def _newest_customers(company) -> list:
    """The ids of the customers of the company's newest CUSTOMERS documents (document i is partner 1 + 7i mod N)."""
    with tenant_scope(company.id):
        return list(db.session.scalars(sa.text(
            "SELECT DISTINCT customer_partner_id FROM (SELECT customer_partner_id FROM billing_documents "
            "WHERE company_id = :company_id ORDER BY created_at DESC, id DESC LIMIT :n) AS newest"),
            {"company_id": company.id, "n": CUSTOMERS}))


def test_an_in_list_of_the_ids_reads_every_partner(customers):
    ids = _newest_customers(customers)
    assert len(ids) == CUSTOMERS
    stmt = (sa.select(Partner.id, Partner.legal_name, Partner.cpf_cnpj)
            .where(Partner.company_id == customers.id, Partner.id.in_(ids)).order_by(Partner.legal_name).limit(100))
    compiled = stmt.compile(db.engine, compile_kwargs={"render_postcompile": True})
    reads = table_reads(plan(str(compiled), compiled.params))
    assert ("Seq Scan", None, None, CUSTOMERS) in reads, reads


def test_the_customers_are_looked_up_by_primary_key_one_probe_each(customers):
    def run():
        with tenant_scope(customers.id):
            found = queries.layout_customers()
            db.session.rollback()
        return found
    sent, found = statements_sent(run, "partners")
    assert len(sent) == 1
    root = plan(*sent[0])
    reads = table_reads(root)
    probes = [n for n in nodes(root) if n.get("Relation Name") == "partners"]
    assert {(n["Node Type"], n.get("Index Name")) for n in probes} == {("Index Scan", "pk_partners")}, reads
    # the name for each candidate, the document only for the 100 listed
    assert sorted(n["Actual Loops"] for n in probes) == [queries.CUSTOMERS_LISTED, CUSTOMERS], probes
    assert all(n["Actual Rows"] <= 1 for n in probes), probes
    documents = [read for read in reads if read[1] == "ix_billing_documents_company_created"]
    assert documents == [("Index Scan", "ix_billing_documents_company_created", "Backward", CUSTOMERS)], reads
    # the page: the first 100 by name among the company's 1,000, none of the neighbour's (its layout's customer)
    expected = sorted(f"Cliente {1 + i * 7 % PARTNERS:06d}" for i in range(3 * CUSTOMERS - CUSTOMERS + 1,
                                                                         3 * CUSTOMERS + 1))[:queries.CUSTOMERS_LISTED]
    assert [row.legal_name for row in found] == expected
    assert all(row.cpf_cnpj.startswith("01") for row in found)
