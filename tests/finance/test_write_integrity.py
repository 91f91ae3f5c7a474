"""Finance writes never end in a database integrity error (a 500): a record a write checked and refers to (the
document's customer or freight, the payable's supplier, freight or vehicle, the layout's customer) removed before
its insert is the 404 naming the field, as if it had been gone at the check, and nothing of the write is stored;
values a column cannot hold (an XML's número or total, a chave of another kind over 44 characters, installments
past the year 9999) are 400 naming them; a cancellation and a receipt on the same invoice queue instead of both
writing. The races are forced on PostgreSQL with a second connection (tests/fixtures/core.py `race`) right after the
check; on SQLite, whose single writer makes them impossible after the first write, they are skipped."""
import io
import re
import uuid

import pytest
import sqlalchemy as sa

from core.clock import brasilia_today
from core.db import db
from core.errors import NotFound
from core.tenancy import tenant_scope
from domain.billing import services as billing
from domain.billing.layout import save_layout
from domain.billing.models import BillingDocument, InvoiceLayout, Receivable
from domain.billing.schemas import DocumentCreate, InvoiceLayoutUpdate
from domain.payables import services as payables
from domain.payables.models import Payable
from domain.payables.schemas import PayableCreate
from tests.finance.conftest import access_key
from tests.finance.test_pages import cte_xml, token

pytestmark = pytest.mark.usefixtures("fin_company")


def postgresql_only():
    if db.engine.dialect.name != "postgresql":
        pytest.skip("SQLite serialises writers and enforces no foreign keys here: the race is PostgreSQL's")


def remove(table_name: str, record_id):
    """What `race` runs on its own connection: the record removed (with the rows that point at it) and committed."""
    def run(conn):
        target = db.metadata.tables[table_name]
        for table in db.metadata.sorted_tables:
            for fk in table.foreign_keys:
                if fk.column.table is target and table is not target:
                    conn.execute(sa.delete(table).where(fk.parent == record_id))
        conn.execute(sa.delete(target).where(target.c.id == record_id))
    return run


def count(company, model) -> int:
    db.session.rollback()
    with tenant_scope(company.id):
        return db.session.execute(sa.select(sa.func.count()).select_from(model)).scalar()


def assert_not_found(caught, field: str):
    error = caught.value
    assert error.status == 404 and [d.field for d in error.details] == [field], (error.message, error.details)
    assert field in error.message


# --- Billing documents -------------------------------------------------------------------------------

def test_a_document_s_freight_removed_after_the_check_is_404_naming_freight_id(fin_company, make_freight, race):
    postgresql_only()
    freight = make_freight(fin_company)
    fired = race("FROM freights", remove("freights", freight.id))
    with tenant_scope(fin_company.id), pytest.raises(NotFound) as caught:
        billing.create_document(fin_company, DocumentCreate(kind="cte", chave=access_key("57"),
                                                            freight_id=freight.id))
    assert fired
    assert_not_found(caught, "freight_id")
    assert count(fin_company, BillingDocument) == 0


def test_a_document_s_customer_removed_after_the_check_is_404_naming_the_field_sent(fin_company, make_partner,
                                                                                    race):
    postgresql_only()
    for field in ("customer_partner_id", "customer_cpf_cnpj"):
        partner = make_partner(fin_company)
        fired = race("FROM partners", remove("partners", partner.id))
        value = partner.id if field == "customer_partner_id" else partner.cpf_cnpj
        with tenant_scope(fin_company.id), pytest.raises(NotFound) as caught:
            billing.create_document(fin_company, DocumentCreate(kind="nfe", chave=access_key("55"), **{field: value}))
        assert fired
        assert_not_found(caught, field)
        assert count(fin_company, BillingDocument) == 0


def test_the_api_answers_a_removed_freight_with_404_naming_it(fin_api, fin_company, make_freight, race):
    postgresql_only()
    freight = make_freight(fin_company)
    fired = race("FROM freights", remove("freights", freight.id))
    response = fin_api.post("/billing/documents", json={"kind": "cte", "chave": access_key("57"),
                                                        "freight_id": str(freight.id)})
    assert fired and response.status_code == 404, response.get_json()
    assert [d["field"] for d in response.get_json()["error"]["details"]] == ["freight_id"]
    assert count(fin_company, BillingDocument) == 0


def test_a_freight_of_another_company_is_the_same_404_naming_freight_id(fin_api, make_company, make_freight):
    response = fin_api.post("/billing/documents", json={"freight_id": str(make_freight(make_company()).id)})
    assert response.status_code == 404
    assert [d["field"] for d in response.get_json()["error"]["details"]] == ["freight_id"]


@pytest.mark.parametrize("kind", ["outro", "pdf"])
def test_a_chave_longer_than_the_column_is_400_naming_it(fin_api, kind):
    """The schema reads up to 60 characters; cte/nfe keys are 44 digits, any other kind's was sent to the
    44-character column (PostgreSQL: a 500)."""
    response = fin_api.post("/billing/documents", json={"kind": kind, "chave": "X" * 45})
    assert response.status_code == 400, response.get_json()
    assert [d["field"] for d in response.get_json()["error"]["details"]] == ["chave"]
    assert fin_api.post("/billing/documents", json={"kind": kind, "chave": "X" * 44}).status_code == 201


# --- XML import ------------------------------------------------------------------------------------

@pytest.fixture
def client(login, make_user, fin_company):
    return login(make_user(fin_company, role="financeiro"))


def upload(client, *files, csrf=None):
    csrf = csrf or token(client, "/financeiro/documentos")
    return client.post("/financeiro/documentos/xml", data={
        "csrf_token": csrf, "arquivos": [(io.BytesIO(data), name) for name, data in files]},
        content_type="multipart/form-data")


TAKER = "11222333000181"


@pytest.mark.parametrize(("xml", "expected"), [
    # the official schema refuses these first, naming the element (docs/fiscal-xml.md)
    (lambda key: cte_xml(key, TAKER).replace(b"<nCT>4567", b"<nCT>" + b"9" * 40), "&lt;nCT&gt;"),
    (lambda key: cte_xml(key, TAKER, value="-10.00"), "&lt;vTPrest&gt;"),
    (lambda key: cte_xml(key, TAKER, value="999999999999999"), "&lt;vTPrest&gt;"),
    (lambda key: cte_xml(key, TAKER, value="NaN"), "&lt;vTPrest&gt;"),
    (lambda key: cte_xml(key, TAKER, value="Infinity"), "&lt;vTPrest&gt;"),
    # one it allows but the inbox document cannot hold: 10^13 centavos and more
    (lambda key: cte_xml(key, TAKER, value="999999999999.99"), "Valor total"),
])
def test_an_xml_value_the_document_cannot_hold_is_400_naming_the_file_and_nothing_is_stored(
        client, fin_company, app, tmp_path, monkeypatch, xml, expected):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    response = upload(client, ("boa.xml", cte_xml(access_key("57"), TAKER)), ("ruim.xml", xml(access_key("57"))))
    html = response.get_data(as_text=True)
    assert response.status_code == 400, html[:500]
    assert "ruim.xml" in html and expected in html and "Nenhum arquivo foi registrado" in html
    assert count(fin_company, BillingDocument) == 0 and not list(tmp_path.rglob("*.xml"))


def test_the_same_document_twice_in_one_upload_is_400_naming_both_files(client, fin_company, app, tmp_path,
                                                                        monkeypatch):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    key = access_key("57")
    response = upload(client, ("a.xml", cte_xml(key, TAKER)), ("b.xml", cte_xml(key, TAKER)))
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "b.xml" in html and "a.xml" in html and key in html
    assert count(fin_company, BillingDocument) == 0


def test_an_xml_s_known_customer_removed_during_the_import_is_404_and_nothing_is_stored(
        client, fin_company, make_partner, race, app, tmp_path, monkeypatch):
    postgresql_only()
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    partner = make_partner(fin_company, cpf_cnpj="11444777000161")
    csrf = token(client, "/financeiro/documentos")
    fired = race("FROM partners", remove("partners", partner.id), skip=1)  # the import's lookup, then the check
    response = upload(client, ("cte.xml", cte_xml(access_key("57"), partner.cpf_cnpj)), csrf=csrf)
    assert fired and response.status_code == 404, response.get_data(as_text=True)[:500]
    assert "cte.xml" in response.get_data(as_text=True)
    assert count(fin_company, BillingDocument) == 0 and not list(tmp_path.rglob("*.xml"))


# --- Payables ----------------------------------------------------------------------------------------

def payable_body(**fields) -> dict:
    return {"descricao": "Pneus", "valor_centavos": 30000, "parcela_total": 3,
            "vencimento_at": brasilia_today().isoformat(), **fields}


@pytest.mark.parametrize(("table", "field"), [("partners", "supplier_partner_id"), ("partners", "supplier_cpf_cnpj"),
                                              ("freights", "freight_id"), ("vehicles", "vehicle_id")])
def test_a_payable_s_reference_removed_after_the_check_is_404_naming_it_and_no_installment_is_stored(
        fin_company, make_partner, make_freight, make_vehicle, race, table, field):
    postgresql_only()
    record = {"partners": make_partner, "freights": make_freight, "vehicles": make_vehicle}[table](fin_company)
    value = record.cpf_cnpj if field == "supplier_cpf_cnpj" else str(record.id)
    fired = race(f"FROM {table}", remove(table, record.id))
    with tenant_scope(fin_company.id), pytest.raises(NotFound) as caught:
        payables.create_payables(fin_company, PayableCreate.model_validate(payable_body(**{field: value})))
    assert fired
    assert_not_found(caught, field)
    assert count(fin_company, Payable) == 0


def test_the_api_answers_a_removed_vehicle_with_404_naming_it(app, fin_api, fin_company, make_vehicle, race):
    postgresql_only()
    vehicle = make_vehicle(fin_company)
    fired = race("FROM vehicles", remove("vehicles", vehicle.id))
    response = fin_api.post("/finance/payables", json=payable_body(vehicle_id=str(vehicle.id)))
    assert fired and response.status_code == 404, response.get_json()
    assert [d["field"] for d in response.get_json()["error"]["details"]] == ["vehicle_id"]
    assert count(fin_company, Payable) == 0


def test_installments_past_the_year_9999_are_400_naming_vencimento_at(fin_api, fin_company):
    response = fin_api.post("/finance/payables", json=payable_body(vencimento_at="9999-11-30"))
    assert response.status_code == 400, response.get_json()
    assert [d["field"] for d in response.get_json()["error"]["details"]] == ["vencimento_at"]
    assert count(fin_company, Payable) == 0
    ok = fin_api.post("/finance/payables", json=payable_body(vencimento_at="9999-10-31"))
    assert ok.status_code == 201  # the last one on 31/12/9999


def test_an_unknown_supplier_or_reference_names_its_field(fin_api, make_company, make_freight):
    for field, value in (("supplier_partner_id", str(uuid.uuid4())), ("supplier_cpf_cnpj", "11222333000181"),
                         ("freight_id", str(make_freight(make_company()).id)), ("vehicle_id", str(uuid.uuid4()))):
        response = fin_api.post("/finance/payables", json=payable_body(**{field: value}))
        assert response.status_code == 404, (field, response.get_json())
        assert [d["field"] for d in response.get_json()["error"]["details"]] == [field]


# --- Layouts -----------------------------------------------------------------------------------------

def test_a_customer_removed_before_its_first_layout_is_stored_is_404(fin_company, make_partner, race):
    postgresql_only()
    customer = make_partner(fin_company)
    fired = race("FROM invoice_layouts", remove("partners", customer.id))
    with tenant_scope(fin_company.id), pytest.raises(NotFound) as caught:
        save_layout(fin_company, customer, InvoiceLayoutUpdate(header_text="Olá", visible_columns=["tipo"]))
    assert fired
    assert_not_found(caught, "customer_partner_id")
    assert count(fin_company, InvoiceLayout) == 0


def test_the_layout_page_answers_a_removed_customer_with_404(client, fin_company, make_partner, race):
    postgresql_only()
    customer = make_partner(fin_company)
    url = f"/financeiro/clientes/{customer.id}/layout-fatura"
    csrf = token(client, url)
    fired = race("FROM invoice_layouts", remove("partners", customer.id))
    response = client.post(url, data={"csrf_token": csrf, "header_text": "Olá", "visible_columns": ["tipo"]})
    assert fired and response.status_code == 404, response.get_data(as_text=True)[:500]
    assert count(fin_company, InvoiceLayout) == 0


# --- Billing defaults ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("term", "condition", "status"), [
    ("-1", "", 422), ("366", "", 422), ("99999999999999999999", "", 422), ("1e3", "", 422), ("abc", "", 422),
    ("30", "x" * 201, 422), ("30", "a\x00b", 400)])  # a NUL byte: every page refuses it (PostgreSQL cannot store it)
def test_odd_billing_defaults_are_refused_on_their_input_never_a_500(client, fin_company, term, condition, status):
    url = "/financeiro/configuracoes"
    response = client.post(url, data={"csrf_token": token(client, url), "billing_term_days": term,
                                      "billing_payment_condition": condition})
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    db.session.rollback()
    assert db.session.get(type(fin_company), fin_company.id).billing_term_days == 30


# --- A cancellation and a receipt on the same invoice --------------------------------------------------

def emitted(fin_api, customer) -> tuple[str, str]:
    document = fin_api.post("/billing/documents", json={"kind": "cte", "customer_partner_id": str(customer.id),
                                                        "chave": access_key("57"), "valor_centavos": 10000})
    invoice = fin_api.post("/billing/invoices", json={"document_ids": [document.get_json()["data"]["id"]],
                                                      "emit": True}).get_json()["data"]
    receivable = fin_api.get("/finance/receivables").get_json()["data"][0]
    return invoice["id"], receivable["id"]


def test_a_receipt_cannot_slip_in_while_an_invoice_is_being_cancelled(fin_api, fin_company, customer, race):
    """The cancellation read the receivable (nothing received) and will cancel it; a receipt arriving then must
    wait for it (and find the title cancelled), not be written in between and then cancelled with the money in it.
    The receipt's second connection asks for the receivable's lock without waiting: it must not get it."""
    postgresql_only()
    invoice_id, receivable_id = emitted(fin_api, customer)
    got_in = []

    def receipt(conn):
        try:
            conn.execute(sa.text("SELECT id FROM receivables WHERE id = :id FOR UPDATE NOWAIT"), {"id": receivable_id})
        except sa.exc.OperationalError:  # the lock is held by the cancellation: a real receipt waits for it
            conn.rollback()
            return
        conn.execute(sa.text("UPDATE receivables SET pago_centavos = 4000, status = 'parcial' WHERE id = :id"),
                     {"id": receivable_id})
        got_in.append(True)

    fired = race("FROM receivables", receipt)
    response = fin_api.post(f"/billing/invoices/{invoice_id}/cancel")
    assert fired and response.status_code == 200, response.get_json()
    db.session.rollback()
    with tenant_scope(fin_company.id):
        stored = db.session.get(Receivable, uuid.UUID(receivable_id))
        assert not got_in and (stored.status, stored.pago_centavos) == ("cancelado", 0)
    late = fin_api.post(f"/finance/receivables/{receivable_id}/payments", json={"valor_centavos": 4000})
    assert late.status_code == 422 and late.get_json()["error"]["code"] == "invalid_status"


def test_a_receipt_locks_the_invoice_before_the_receivable(app, fin_api, customer):
    """The order a cancellation takes (invoice, then receivable): two requests locking in opposite orders can
    deadlock (PostgreSQL aborts one: a 503 to its user)."""
    _, receivable_id = emitted(fin_api, customer)
    locks = []

    def record(conn, cursor, statement, parameters, context, executemany):
        if "FOR UPDATE" in statement:
            locks.append(re.search(r"FROM\s+(\w+)", statement).group(1))

    sa.event.listen(db.engine, "before_cursor_execute", record)
    try:
        response = fin_api.post(f"/finance/receivables/{receivable_id}/payments", json={"valor_centavos": 10000})
    finally:
        sa.event.remove(db.engine, "before_cursor_execute", record)
    assert response.status_code == 201, response.get_json()
    if db.engine.dialect.name == "postgresql":
        assert locks[:2] == ["invoices", "receivables"], locks
