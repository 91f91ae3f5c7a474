"""`POST /finance/receivables/{id}/payments` (an addition: the contract records payments in the pages; an
integrator reconciling its bank statement records them here): partial → `parcial`, the whole balance → `pago` and
the invoice `encerrada`; the amount and the date checked on their fields; module, scope and tenancy."""

import pytest

from core.clock import brasilia_today
from tests.finance.conftest import BAD_PAYMENTS
from tests.fixtures.core import ApiClient


@pytest.fixture
def receivable(fin_api, make_document):
    document = make_document(valor_centavos=10000)
    invoice = fin_api.post("/billing/invoices", json={"document_ids": [document["id"]], "emit": True}).get_json()
    (row,) = fin_api.get("/finance/receivables").get_json()["data"]
    return {**row, "invoice": invoice["data"]}


def pay(api, receivable_id, **body):
    return api.post(f"/finance/receivables/{receivable_id}/payments", json=body)


def test_a_partial_then_the_full_payment_closes_the_invoice(fin_api, receivable):
    response = pay(fin_api, receivable["id"], valor_centavos=4000, pago_em="2026-02-01")
    assert response.status_code == 201
    data = response.get_json()["data"]
    assert (data["status"], data["pago_centavos"], data["saldo_centavos"], data["pago_em"]) == \
        ("parcial", 4000, 6000, "2026-02-01")
    invoice_url = f"/billing/invoices/{receivable['invoice']['id']}"
    assert fin_api.get(invoice_url).get_json()["data"]["status"] == "emitida"

    data = pay(fin_api, receivable["id"], valor_centavos=6000).get_json()["data"]
    assert (data["status"], data["saldo_centavos"], data["pago_em"]) == ("pago", 0, brasilia_today().isoformat())
    assert fin_api.get(invoice_url).get_json()["data"]["status"] == "encerrada"
    # nothing left to receive
    response = pay(fin_api, receivable["id"], valor_centavos=1)
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "invalid_status"


@pytest.mark.parametrize("body, field", BAD_PAYMENTS)
def test_a_bad_payment_is_400_naming_the_field_and_changes_nothing(fin_api, receivable, body, field):
    response = pay(fin_api, receivable["id"], **body)
    assert response.status_code == 400
    assert field in [d["field"] for d in response.get_json()["error"]["details"]]
    (row,) = fin_api.get("/finance/receivables").get_json()["data"]
    assert (row["status"], row["pago_centavos"]) == ("aberto", 0)


def test_a_cancelled_invoices_receivable_takes_no_payment(fin_api, receivable):
    fin_api.post(f"/billing/invoices/{receivable['invoice']['id']}/cancel")
    response = pay(fin_api, receivable["id"], valor_centavos=100)
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "invalid_status"


def test_another_companys_receivable_is_404(app, make_company, make_api_key, receivable):
    _, key = make_api_key(make_company(modules=["billing", "financial"]))
    other = ApiClient(app.test_client(), key, header="x-service-key")
    assert pay(other, receivable["id"], valor_centavos=100).status_code == 404
    assert pay(other, "00000000-0000-4000-8000-000000000000", valor_centavos=100).status_code == 404


def test_payments_need_the_billing_module_and_the_write_scope(app, make_company, make_api_key, fin_company,
                                                              receivable):
    _, key = make_api_key(make_company(modules=["financial"]))
    response = pay(ApiClient(app.test_client(), key), receivable["id"], valor_centavos=100)
    assert response.status_code == 403 and response.get_json()["error"]["code"] == "module_disabled"
    _, read_only = make_api_key(fin_company, scopes=["read"])
    assert pay(ApiClient(app.test_client(), read_only), receivable["id"], valor_centavos=100).status_code == 403
