"""Invoices: creation rules and errors, FAT-000001 numbering (gapless, also under 32 concurrent creations on
PostgreSQL), draft → emit → receivable → paid → encerrada, cancel, and the branded PDF read back."""
import io
import threading

import pytest
from pypdf import PdfReader

from core.db import db
from core.tenancy import tenant_scope
from domain.billing import services
from domain.billing.models import Invoice, Receivable
from tests.fixtures.partners import assert_invalid


def create(api, document_ids, **extra):
    response = api.post("/billing/invoices", json={"document_ids": document_ids, **extra})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def statuses(api, ids):
    return [api.get(f"/billing/documents/{i}").get_json()["data"]["status"] for i in ids]


def test_draft_invoice_sums_documents_and_links_them(fin_api, make_document):
    docs = [make_document(valor_centavos=v)["id"] for v in (100050, 20025)]
    data = create(fin_api, docs, vencimento_at="2026-03-10")
    assert set(data) == {"id", "numero", "valor_centavos", "vencimento_at", "status", "items_count"}
    assert data == {"id": data["id"], "numero": "FAT-000001", "valor_centavos": 120075,
                    "vencimento_at": "2026-03-10", "status": "rascunho", "items_count": 2}
    assert statuses(fin_api, docs) == ["vinculado", "vinculado"]
    assert create(fin_api, [make_document()["id"]])["numero"] == "FAT-000002"


def test_get_invoice_reads_it_back_and_404s_an_unknown_id(fin_api, make_document):
    data = create(fin_api, [make_document()["id"]])
    response = fin_api.get(f"/billing/invoices/{data['id']}")
    assert response.status_code == 200 and response.get_json()["data"] == data
    assert fin_api.get("/billing/invoices/00000000-0000-4000-8000-000000000000").status_code == 404


def test_default_due_date_is_today_plus_the_default_term_of_30_days(fin_api, make_document):
    from datetime import timedelta

    from core.clock import brasilia_today
    data = create(fin_api, [make_document()["id"]])
    assert data["vencimento_at"] == (brasilia_today() + timedelta(days=30)).isoformat()


def test_emit_true_issues_and_creates_the_receivable(fin_api, fin_company, make_document):
    doc = make_document(valor_centavos=5000)["id"]
    data = create(fin_api, [doc], emit=True)
    assert data["status"] == "emitida" and statuses(fin_api, [doc]) == ["faturado"]
    receivables = fin_api.get("/finance/receivables").get_json()["data"]
    assert [(r["invoice_numero"], r["valor_centavos"], r["status"]) for r in receivables] == \
        [(data["numero"], 5000, "aberto")]


def test_errors_not_found_not_pending_customer_mismatch(fin_api, make_document, make_partner, fin_company,
                                                        make_company):
    doc = make_document()["id"]
    missing = "00000000-0000-4000-8000-000000000000"
    response = fin_api.post("/billing/invoices", json={"document_ids": [doc, missing]})
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"
    assert response.get_json()["error"]["document_ids"] == [missing]
    other_customer = make_partner(fin_company)
    other_doc = make_document(customer_partner_id=str(other_customer.id))["id"]
    response = fin_api.post("/billing/invoices", json={"document_ids": [doc, other_doc]})
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "documents_customer_mismatch"
    response = fin_api.post("/billing/invoices", json={"document_ids": [doc],
                                                       "customer_partner_id": str(other_customer.id)})
    assert response.get_json()["error"]["code"] == "documents_customer_mismatch"
    create(fin_api, [doc])
    response = fin_api.post("/billing/invoices", json={"document_ids": [doc]})
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "documents_not_pending"
    assert_invalid(fin_api.post("/billing/invoices", json={"document_ids": []}), "document_ids")
    assert_invalid(fin_api.post("/billing/invoices", json={"document_ids": [missing] * 201}), "document_ids")
    # nothing was numbered by the refused calls
    assert create(fin_api, [make_document()["id"]])["numero"] == "FAT-000002"


def test_another_company_s_documents_are_not_found(fin_api, make_company, make_api_key, make_partner, app):
    from tests.finance.conftest import access_key
    from tests.fixtures.core import ApiClient
    other = make_company(modules=["billing"])
    _, key = make_api_key(other)
    other_api = ApiClient(app.test_client(), key)
    partner = make_partner(other)
    theirs = other_api.post("/billing/documents", json={"customer_partner_id": str(partner.id), "kind": "cte",
                                                        "chave": access_key()}).get_json()["data"]["id"]
    response = fin_api.post("/billing/invoices", json={"document_ids": [theirs]})
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"
    assert fin_api.get(f"/billing/documents/{theirs}").status_code == 404
    assert fin_api.post(f"/billing/documents/{theirs}/discard").status_code == 404
    invoice = create(other_api, [theirs], emit=True)
    for path in (f"/billing/invoices/{invoice['id']}", f"/billing/invoices/{invoice['id']}/pdf"):
        assert fin_api.get(path).status_code == 404
    for path in (f"/billing/invoices/{invoice['id']}/emit", f"/billing/invoices/{invoice['id']}/cancel"):
        assert fin_api.post(path).status_code == 404
    assert fin_api.get("/finance/receivables").get_json()["data"] == []
    assert fin_api.get("/billing/invoices").get_json()["data"] == []


def test_emit_then_cancel_returns_documents_to_pending(fin_api, make_document):
    docs = [make_document()["id"] for _ in range(2)]
    invoice = create(fin_api, docs)
    emitted = fin_api.post(f"/billing/invoices/{invoice['id']}/emit")
    assert emitted.status_code == 200 and emitted.get_json()["data"]["status"] == "emitida"
    assert statuses(fin_api, docs) == ["faturado", "faturado"]
    again = fin_api.post(f"/billing/invoices/{invoice['id']}/emit")
    assert again.status_code == 422 and again.get_json()["error"]["code"] == "invalid_status"
    cancelled = fin_api.post(f"/billing/invoices/{invoice['id']}/cancel")
    assert cancelled.get_json()["data"]["status"] == "cancelada"
    assert statuses(fin_api, docs) == ["pendente", "pendente"]
    assert fin_api.get("/finance/receivables").get_json()["data"][0]["status"] == "cancelado"
    assert fin_api.get("/finance/receivables", query_string={"status": "aberto"}).get_json()["data"] == []
    assert_invalid(fin_api.get("/finance/receivables", query_string={"status": "x"}), "status", code="invalid_query")
    assert fin_api.post(f"/billing/invoices/{invoice['id']}/cancel").status_code == 422
    assert create(fin_api, docs)["numero"] == "FAT-000002"  # pending again: they can be invoiced anew


def test_paid_receivable_closes_the_invoice_and_blocks_cancel(fin_api, fin_company, make_document):
    invoice = create(fin_api, [make_document(valor_centavos=10000)["id"]], emit=True)
    with tenant_scope(fin_company.id):
        receivable = db.session.execute(db.select(Receivable)).scalar_one()
        from datetime import date
        services.record_receipt(receivable, 4000, date(2026, 2, 1))
        assert receivable.status == "parcial"
        with pytest.raises(Exception, match="saldo"):
            services.record_receipt(receivable, 6001, date(2026, 2, 1))
        db.session.commit()
    assert fin_api.post(f"/billing/invoices/{invoice['id']}/cancel").status_code == 422
    with tenant_scope(fin_company.id):
        receivable = db.session.execute(db.select(Receivable)).scalar_one()
        services.record_receipt(receivable, 6000, date(2026, 2, 2))
        db.session.commit()
        assert receivable.status == "pago" and db.session.get(Invoice, receivable.invoice_id).status == "encerrada"


def test_pdf_only_for_issued_and_reads_back(fin_api, make_document, customer):
    draft = create(fin_api, [make_document(numero="7788", valor_centavos=123456)["id"]],
                   observacoes="Pagamento por boleto")
    response = fin_api.get(f"/billing/invoices/{draft['id']}/pdf")
    assert response.status_code == 409 and response.get_json()["error"]["code"] == "invalid_status"
    fin_api.post(f"/billing/invoices/{draft['id']}/emit")
    response = fin_api.get(f"/billing/invoices/{draft['id']}/pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    for expected in ("Fatura FAT-000001", "Cliente Atacadista Ltda", "R$ 1.234,56", "7788", "Pagamento por boleto"):
        assert expected in text, text
    fin_api.post(f"/billing/invoices/{draft['id']}/cancel")
    cancelled = fin_api.get(f"/billing/invoices/{draft['id']}/pdf")
    assert "FATURA CANCELADA" in "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(cancelled.data)).pages)


def test_32_concurrent_creations_get_gapless_distinct_numbers(app, fin_api, make_document):
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("row locks are what is tested: PostgreSQL only (TEST_DATABASE_URL)")
    docs = [make_document()["id"] for _ in range(32)]
    barrier, responses, lock = threading.Barrier(32, timeout=60), [], threading.Lock()

    def call(doc_id):
        barrier.wait()
        response = fin_api.post("/billing/invoices", json={"document_ids": [doc_id]})
        with lock:
            responses.append(response)

    threads = [threading.Thread(target=call, args=(d,), daemon=True) for d in docs]
    [t.start() for t in threads]
    [t.join(120) for t in threads]
    assert [r.status_code for r in responses] == [201] * 32, [r.get_json() for r in responses if r.status_code != 201]
    numbers = sorted(int(r.get_json()["data"]["numero"][4:]) for r in responses)
    assert len(numbers) == len(set(numbers)) == max(numbers) == 32 and numbers == list(range(1, 33))


def test_the_stored_invoice_and_documents_are_what_create_invoice_returned(app, fin_company, make_document):
    """The object handed back and the loaded documents (updated by one UPDATE, not one by one) must match the rows,
    read again from the database."""
    import uuid

    from domain.billing.models import BillingDocument
    from domain.billing.schemas import InvoiceCreate
    ids = [uuid.UUID(make_document(valor_centavos=v)["id"]) for v in (700, 300)]
    with app.app_context(), tenant_scope(fin_company.id):
        invoice = services.create_invoice(fin_company, InvoiceCreate(document_ids=ids))
        documents = services.invoice_documents(invoice)
        returned = {k: getattr(invoice, k) for k in ("numero", "status", "valor_centavos", "items_count",
                                                      "vencimento_at", "customer_partner_id", "created_at")}
        loaded = sorted((d.id, d.status, d.invoice_id) for d in documents)
        invoice_id = invoice.id
        db.session.commit()
        db.session.expunge_all()
        stored = db.session.get(Invoice, invoice_id)
        assert {k: getattr(stored, k) for k in returned} == returned and returned["numero"] == "FAT-000001"
        rows = db.session.execute(db.select(BillingDocument).where(BillingDocument.id.in_(ids))).scalars()
        assert sorted((d.id, d.status, d.invoice_id) for d in rows) == loaded == \
            sorted((i, "vinculado", invoice_id) for i in ids)


def test_creating_an_invoice_for_another_company_inside_a_scope_is_refused(app, fin_company, make_company,
                                                                           make_document):
    """The tenancy guard holds on the invoice's INSERT: nothing is written."""
    import uuid

    from core.errors import TenancyViolation
    from domain.billing.schemas import InvoiceCreate
    other = make_company(modules=["billing"])
    doc = uuid.UUID(make_document()["id"])
    with app.app_context(), tenant_scope(fin_company.id):
        with pytest.raises(TenancyViolation):
            services.create_invoice(other, InvoiceCreate(document_ids=[doc]))
        db.session.rollback()
        assert db.session.execute(db.select(Invoice)).scalars().all() == []
        assert services.create_invoice(fin_company, InvoiceCreate(document_ids=[doc])).numero == "FAT-000001"
        db.session.rollback()


def test_an_invoice_creation_and_the_company_refresh_after_it_reuse_compiled_statements(app, fin_company,
                                                                                       make_document):
    """Every statement of a creation, and of refreshing the company expired by the commit, comes from the engine's
    compiled cache from the second creation on (none is rebuilt with literals or new lambdas): the breaking case is
    any statement compiled again."""
    import uuid

    import sqlalchemy as sa
    from sqlalchemy.engine.interfaces import CacheStats

    from domain.billing.schemas import InvoiceCreate
    from domain.tenancy.models import Company
    docs = [uuid.UUID(make_document()["id"]) for _ in range(3)]
    with app.app_context(), tenant_scope(fin_company.id):
        outcomes = []

        def record(conn, cursor, statement, parameters, context, executemany):
            outcomes.append((context.cache_hit, statement.split()[0]))

        def one(doc):
            company = db.session.get(Company, fin_company.id)
            services.create_invoice(company, InvoiceCreate(document_ids=[doc]))
            db.session.commit()
            assert company.legal_name  # refreshed after the commit
            db.session.close()

        one(docs[0])
        sa.event.listen(db.engine, "before_cursor_execute", record)
        try:
            for doc in docs[1:]:
                one(doc)
        finally:
            sa.event.remove(db.engine, "before_cursor_execute", record)
        # BEGIN/COMMIT are not statements; everything else must be a hit (not a miss, nor uncacheable)
        assert all(hit is CacheStats.CACHE_HIT for hit, _ in outcomes), outcomes


def test_an_emission_for_a_named_customer_is_numbered_next_and_its_documents_are_then_refused(
        app, fin_api, fin_company, make_document, customer):
    """emit=True with a named customer takes the next number; the documents it invoiced are refused by name."""
    create(fin_api, [make_document()["id"]])
    doc = make_document(valor_centavos=5000)["id"]
    data = create(fin_api, [doc], emit=True, customer_partner_id=str(customer.id))
    assert (data["numero"], data["status"], data["valor_centavos"]) == ("FAT-000002", "emitida", 5000)
    assert statuses(fin_api, [doc]) == ["faturado"]
    receivables = fin_api.get("/finance/receivables").get_json()["data"]
    assert [(r["invoice_numero"], r["valor_centavos"]) for r in receivables] == [("FAT-000002", 5000)]
    response = fin_api.post("/billing/invoices", json={"document_ids": [doc]})
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "documents_not_pending"
    assert create(fin_api, [make_document()["id"]])["numero"] == "FAT-000003"


def test_concurrent_creations_over_the_same_document_give_one_invoice(app, fin_api, make_document):
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("row locks are what is tested: PostgreSQL only (TEST_DATABASE_URL)")
    create(fin_api, [make_document()["id"]])
    doc = make_document()["id"]
    barrier, responses, lock = threading.Barrier(6, timeout=60), [], threading.Lock()

    def call():
        barrier.wait()
        response = fin_api.post("/billing/invoices", json={"document_ids": [doc]})
        with lock:
            responses.append(response)

    threads = [threading.Thread(target=call, daemon=True) for _ in range(6)]
    [t.start() for t in threads]
    [t.join(120) for t in threads]
    codes = sorted((r.status_code, (r.get_json().get("error") or {}).get("code")) for r in responses)
    assert codes == [(201, None)] + [(422, "documents_not_pending")] * 5, codes
    assert create(fin_api, [make_document()["id"]])["numero"] == "FAT-000003"  # the refused took no number


def _while_listening(app, event: str, listener, action) -> None:
    """Run `action()` with `listener` on the app engine's `event` (removed afterwards, also on failure)."""
    import sqlalchemy as sa
    with app.app_context():
        engine = db.engine
    sa.event.listen(engine, event, listener)
    try:
        action()
    finally:
        sa.event.remove(engine, event, listener)


def _statements_of(app, action) -> list[str]:
    """The SQL statements `action()` sends, each as its first word and the table after its first FROM."""
    sent = []

    def record(conn, cursor, statement, parameters, context, executemany):
        words = statement.split()
        table = words[words.index("FROM") + 1] if "FROM" in words else ""
        sent.append(f"{words[0]} {table}".strip())
    _while_listening(app, "before_cursor_execute", record, action)
    return sent


def test_a_refused_first_creation_takes_no_number_and_the_next_one_is_fat_000001(app, fin_company, make_document):
    """The number is taken last: a creation refused by its checks leaves no counter row behind (the breaking case:
    a number taken before the checks, then FAT-000002 for the first invoice)."""
    import uuid

    from core.counters import COUNTERS, INVOICE
    from domain.billing.schemas import InvoiceCreate
    doc = uuid.UUID(make_document()["id"])
    counters = db.select(db.func.count()).select_from(COUNTERS).where(COUNTERS.c.name == INVOICE)
    with app.app_context(), tenant_scope(fin_company.id):
        with pytest.raises(Exception, match="não encontrados"):
            services.create_invoice(fin_company, InvoiceCreate(document_ids=[uuid.uuid4()]))
        assert db.session.execute(counters).scalar() == 0
        db.session.rollback()
        assert services.create_invoice(fin_company, InvoiceCreate(document_ids=[doc])).numero == "FAT-000001"
        assert db.session.execute(counters).scalar() == 1
        db.session.rollback()


# --- What the body leaves out: the company's billing defaults (domain.billing.layout) --------------------------------

def _created_with(app, company, document_id, term_days: int, condition: str, **body):
    """The invoice's (due date, payment condition) created for `document_id` with the company's billing defaults
    set to `term_days` / `condition` and `body` as the rest of the request; today in Brasília beside them."""
    import uuid

    from core.clock import brasilia_today
    from domain.billing.schemas import InvoiceCreate
    from domain.tenancy.models import Company
    with app.app_context(), tenant_scope(company.id):
        stored = db.session.get(Company, company.id)
        stored.billing_term_days, stored.billing_payment_condition = term_days, condition
        invoice = services.create_invoice(stored, InvoiceCreate(document_ids=[uuid.UUID(document_id)], **body))
        outcome = (invoice.vencimento_at, invoice.condicao_pagamento, brasilia_today())
        db.session.rollback()
    return outcome


def test_without_a_due_date_the_invoice_is_due_after_the_company_s_term(app, fin_company, make_document):
    from datetime import date, timedelta
    due, _, today = _created_with(app, fin_company, make_document()["id"], 12, "")
    assert due == today + timedelta(days=12)  # breaking: the 30 days' default term, or the server's UTC date
    due, _, _ = _created_with(app, fin_company, make_document()["id"], 12, "", vencimento_at=date(2031, 5, 4))
    assert due == date(2031, 5, 4)  # breaking: the default overriding the date sent


def test_without_a_condition_the_invoice_takes_the_company_s_or_its_term_in_days(app, fin_company, make_document):
    document = make_document()["id"]
    assert _created_with(app, fin_company, document, 12, "Boleto bancário")[1] == "Boleto bancário"
    assert _created_with(app, fin_company, document, 12, "")[1] == "12 dias"  # no condition set: the term
    assert _created_with(app, fin_company, document, 12, "Boleto bancário",
                         condicao_pagamento="PIX à vista")[1] == "PIX à vista"  # breaking: the default overriding it
