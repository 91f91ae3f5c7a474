"""Finance tests: a company with the billing and financial modules, an API client for it (billing calls send the
key in `x-service-key`, as the contract shows), and builders of valid CT-e/NF-e keys."""
import itertools
from datetime import timedelta

import pytest

from core.clock import brasilia_today
from core.validators import access_key_check_digit
from tests.fixtures.core import ApiClient

_keys = itertools.count(1)

# Bad payment bodies on a title of R$ 100,00 (receivables and payables), with the field each must name.
BAD_PAYMENTS = [
    ({"valor_centavos": 10001}, "valor_centavos"),      # more than the balance
    ({"valor_centavos": 0}, "valor_centavos"),
    ({}, "valor_centavos"),
    ({"valor_centavos": "100,00"}, "valor_centavos"),
    ({"valor_centavos": 100, "pago_em": "ontem"}, "pago_em"),
    ({"valor_centavos": 100, "pago_em": (brasilia_today() + timedelta(days=1)).isoformat()}, "pago_em"),
]


def access_key(model: str = "57", number: int | None = None) -> str:
    """A valid 44-digit key of this model (57 CT-e, 55 NF-e)."""
    n = number if number is not None else next(_keys)
    first43 = f"35260111222333000181{model}001{n:09d}1{n % 10 ** 8:08d}"
    assert len(first43) == 43
    return first43 + str(access_key_check_digit(first43))


@pytest.fixture
def fin_company(make_company):
    return make_company(modules=["billing", "financial"])


@pytest.fixture
def fin_api(app, fin_company, make_api_key):
    _, full = make_api_key(fin_company)
    return ApiClient(app.test_client(), full, header="x-service-key")


@pytest.fixture
def customer(make_partner, fin_company):
    return make_partner(fin_company, legal_name="Cliente Atacadista Ltda")


@pytest.fixture
def make_document(fin_api, customer):
    def make(**overrides):
        body = {"kind": "cte", "customer_partner_id": str(customer.id), "chave": access_key("57"),
                "numero": "123", "serie": "1", "valor_centavos": 150000, "emissao_at": "2026-01-10"}
        body.update(overrides)
        response = fin_api.post("/billing/documents", json=body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()["data"]
    return make


@pytest.fixture
def fin_client(login, make_user, fin_company):
    """A logged-in `financeiro` user of fin_company."""
    return login(make_user(fin_company, role="financeiro"))
