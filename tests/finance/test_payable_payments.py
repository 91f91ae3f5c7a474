"""`POST /finance/payables/{id}/payments` (an addition, like the receivables' one: the contract records payments in
the pages; an integrator paying from its bank records them here): partial → `parcial`, the whole balance → `pago`;
the amount and the date checked on their fields; not open → 422; module, scope and tenancy."""
import uuid
from datetime import timedelta

import pytest

from core.clock import brasilia_today
from tests.finance.conftest import BAD_PAYMENTS
from tests.fixtures.core import ApiClient


@pytest.fixture
def payable(fin_api):
    due = (brasilia_today() + timedelta(days=5)).isoformat()
    response = fin_api.post("/finance/payables", json={"descricao": "Pneus", "valor_centavos": 10000,
                                                       "vencimento_at": due})
    return response.get_json()["ids"][0]


def pay(api, payable_id, **body):
    return api.post(f"/finance/payables/{payable_id}/payments", json=body)


def stored(api):
    (row,) = api.get("/finance/payables").get_json()["data"]
    return row


def test_a_partial_then_the_full_payment_settles_the_title(fin_api, payable):
    response = pay(fin_api, payable, valor_centavos=4000, pago_em="2026-02-01")
    assert response.status_code == 201
    data = response.get_json()["data"]
    assert (data["status"], data["pago_centavos"], data["saldo_centavos"], data["pago_em"]) == \
        ("parcial", 4000, 6000, "2026-02-01")
    assert data == stored(fin_api)
    data = pay(fin_api, payable, valor_centavos=6000).get_json()["data"]
    assert (data["status"], data["saldo_centavos"], data["pago_em"]) == ("pago", 0, brasilia_today().isoformat())
    response = pay(fin_api, payable, valor_centavos=1)  # nothing left to pay
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "invalid_status"


def test_an_overdue_title_takes_a_payment_and_still_shows_vencido(fin_api):
    overdue = fin_api.post("/finance/payables", json={"descricao": "Seguro", "valor_centavos": 500,
                                                      "vencimento_at": "2020-01-10"}).get_json()["ids"][0]
    data = pay(fin_api, overdue, valor_centavos=100).get_json()["data"]
    assert (data["status"], data["saldo_centavos"]) == ("vencido", 400)


@pytest.mark.parametrize("body, field", BAD_PAYMENTS)
def test_a_bad_payment_is_400_naming_the_field_and_changes_nothing(fin_api, payable, body, field):
    response = pay(fin_api, payable, **body)
    assert response.status_code == 400
    assert field in [d["field"] for d in response.get_json()["error"]["details"]]
    assert (stored(fin_api)["status"], stored(fin_api)["pago_centavos"]) == ("aberto", 0)


def test_a_cancelled_title_takes_no_payment(fin_api, fin_company, payable):
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.payables.models import Payable
    from domain.payables.services import cancel_payable
    with tenant_scope(fin_company.id):
        cancel_payable(db.session.get(Payable, uuid.UUID(payable)))
        db.session.commit()
    response = pay(fin_api, payable, valor_centavos=100)
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "invalid_status"


def test_another_companys_title_is_404(app, make_company, make_api_key, payable):
    _, key = make_api_key(make_company(modules=["financial"]))
    other = ApiClient(app.test_client(), key)
    assert pay(other, payable, valor_centavos=100).status_code == 404
    assert pay(other, "00000000-0000-4000-8000-000000000000", valor_centavos=100).status_code == 404
    assert pay(other, "not-a-uuid", valor_centavos=100).status_code == 404


def test_payments_need_the_financial_module_and_the_write_scope(app, make_company, make_api_key, fin_company,
                                                                 payable):
    _, key = make_api_key(make_company(modules=["billing"]))
    response = pay(ApiClient(app.test_client(), key), payable, valor_centavos=100)
    assert response.status_code == 403 and response.get_json()["error"]["code"] == "module_disabled"
    _, read_only = make_api_key(fin_company, scopes=["read"])
    assert pay(ApiClient(app.test_client(), read_only), payable, valor_centavos=100).status_code == 403
