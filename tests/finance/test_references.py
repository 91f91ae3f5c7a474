"""Customer and supplier references: both the partner id and the CPF/CNPJ may be sent, but they must name the same
partner (400 naming both otherwise, nothing stored); an invoice's documents without a customer are listed in
documents_customer_mismatch."""
import pytest

from tests.finance.test_invoices import create


@pytest.fixture
def other_customer(make_partner, fin_company):
    return make_partner(fin_company, legal_name="Outro Cliente SA")


def _assert_conflict(response, prefix: str):
    body = response.get_json()
    assert response.status_code == 400 and body["error"]["code"] == "invalid_body", body
    named = {d["field"] for d in body["error"]["details"]}
    assert named == {f"{prefix}_partner_id", f"{prefix}_cpf_cnpj"}
    assert {d["code"] for d in body["error"]["details"]} == {"conflicting_reference"}


def test_an_invoice_with_two_customers_named_is_400_and_nothing_is_numbered(fin_api, make_document, customer,
                                                                            other_customer):
    doc = make_document()["id"]
    _assert_conflict(fin_api.post("/billing/invoices", json={
        "document_ids": [doc], "customer_partner_id": str(customer.id),
        "customer_cpf_cnpj": other_customer.cpf_cnpj}), "customer")
    assert fin_api.get("/billing/invoices").get_json()["data"] == []
    formatted = f"{customer.cpf_cnpj[:2]}.{customer.cpf_cnpj[2:5]}.{customer.cpf_cnpj[5:8]}/" \
                f"{customer.cpf_cnpj[8:12]}-{customer.cpf_cnpj[12:]}"
    invoice = create(fin_api, [doc], customer_partner_id=str(customer.id), customer_cpf_cnpj=formatted)
    assert invoice["numero"] == "FAT-000001"


def test_a_document_with_two_customers_named_is_400(fin_api, customer, other_customer):
    _assert_conflict(fin_api.post("/billing/documents", json={
        "customer_partner_id": str(customer.id), "customer_cpf_cnpj": other_customer.cpf_cnpj}), "customer")
    assert fin_api.get("/billing/documents").get_json()["data"] == []
    response = fin_api.post("/billing/documents", json={"customer_partner_id": str(customer.id),
                                                        "customer_cpf_cnpj": customer.cpf_cnpj})
    assert response.status_code == 201 and response.get_json()["data"]["customer_partner_id"] == str(customer.id)


def test_a_payable_with_two_suppliers_named_is_400(fin_api, customer, other_customer):
    base = {"descricao": "Pedágio", "valor_centavos": 1000, "vencimento_at": "2026-03-10"}
    _assert_conflict(fin_api.post("/finance/payables", json={
        **base, "supplier_partner_id": str(customer.id), "supplier_cpf_cnpj": other_customer.cpf_cnpj}), "supplier")
    assert fin_api.get("/finance/payables").get_json()["data"] == []
    response = fin_api.post("/finance/payables", json={**base, "supplier_partner_id": str(customer.id),
                                                       "supplier_cpf_cnpj": customer.cpf_cnpj})
    assert response.status_code == 201
    [title] = fin_api.get("/finance/payables").get_json()["data"]
    assert title["supplier_partner_id"] == str(customer.id)


def test_a_cpf_cnpj_of_no_partner_next_to_an_id_is_the_same_400(fin_api, customer):
    _assert_conflict(fin_api.post("/billing/documents", json={
        "customer_partner_id": str(customer.id), "customer_cpf_cnpj": "11222333000181"}), "customer")


@pytest.mark.parametrize("order", ["with_first", "without_first", "only_without"])
def test_documents_without_a_customer_are_named_in_the_mismatch(fin_api, make_document, order):
    with_customer, without = make_document()["id"], make_document(customer_partner_id=None)["id"]
    ids = {"with_first": [with_customer, without], "without_first": [without, with_customer],
           "only_without": [without]}[order]
    response = fin_api.post("/billing/invoices", json={"document_ids": ids})
    error = response.get_json()["error"]
    assert response.status_code == 422 and error["code"] == "documents_customer_mismatch"
    assert error["document_ids"] == [without]


def test_the_mismatch_names_the_documents_of_another_customer(fin_api, make_document, other_customer):
    first, second = make_document()["id"], make_document(customer_partner_id=str(other_customer.id))["id"]
    error = fin_api.post("/billing/invoices", json={"document_ids": [first, second]}).get_json()["error"]
    assert error["document_ids"] == [second]
    error = fin_api.post("/billing/invoices", json={"document_ids": [second, first]}).get_json()["error"]
    assert error["document_ids"] == [first]
