"""Lenient inputs, third round: an amount under its floor is refused as sent (before rounding: -0.001 was stored as
R$ 0,00), an empty `cursor=` is a malformed cursor, a date sent as a number is not a date (it was read as seconds
since 1970), and another company's `document_ids` are 404 `not_found` like every foreign id."""
import pytest
import sqlalchemy as sa

from core.db import db
from domain.ciot.models import CiotOperation
from domain.freights.models import Freight
from tests.fixtures.ciot import ciot_body
from tests.fixtures.core import ApiClient
from tests.fixtures.freights import freight_body
from tests.fixtures.partners import assert_invalid
from tests.web.test_ciot_pages import form_data, operador, post  # noqa: F401  (operador: a fixture)


def stored(model) -> int:
    db.session.expire_all()
    return db.session.execute(sa.select(sa.func.count()).select_from(model)).scalar_one()


# --- Money under its floor, before rounding ---------------------------------------------------------------------

@pytest.mark.parametrize("sent", [-0.001, "-0.004", -0.005, -1])
def test_a_negative_freight_value_is_refused_before_rounding(api, sent):
    assert_invalid(api.post("/ciot/operations", json=ciot_body(valor_frete=sent)), "valor_frete")
    assert stored(CiotOperation) == 0


def test_zero_and_a_value_that_rounds_up_to_a_cent_are_still_accepted(api):
    for sent, kept in ((0, 0.0), (0.004, 0.0), (0.005, 0.01), (-0.0, 0.0)):
        created = api.post("/ciot/operations", json=ciot_body(valor_frete=sent))
        assert created.status_code == 201, created.get_json()
        operation = api.get(f"/ciot/operations/{created.get_json()['data']['id']}").get_json()["data"]
        assert operation["valor_frete"] == kept


def test_a_negative_value_is_refused_on_a_patch_and_on_the_floor_s_tolls(api, make_operation):
    op = make_operation(status="rascunho")
    assert_invalid(api.patch(f"/ciot/operations/{op.id}", json={"valor_frete": -0.001}), "valor_frete")
    assert api.get(f"/ciot/operations/{op.id}").get_json()["data"]["valor_frete"] == 5000.0
    query = "/antt/floor?distance_km=100&loaded_axles=5&cargo_type=carga_geral&tolls="
    assert_invalid(api.get(query + "-0.001"), "tolls", code="invalid_query")
    assert api.get(query + "0").status_code == 200


def test_the_ciot_page_refuses_a_negative_freight_value(operador):  # noqa: F811
    data = form_data(ciot_body()) | {"valor_frete": "-0,001", "csrf_token": operador.csrf}
    response = operador.post("/ciot/nova", data=data)
    assert response.status_code == 422
    assert stored(CiotOperation) == 0


def test_a_freight_price_rounding_to_zero_was_and_is_refused(api):
    assert_invalid(api.post("/freights", json=freight_body(price=-0.001)), "price")
    assert stored(Freight) == 0


# --- Malformed queries ----------------------------------------------------------------------------------------------

LISTS = ["/billing/invoices", "/billing/documents", "/leads", "/messages", "/freights", "/partners", "/vehicles",
         "/drivers", "/ciot/operations", "/ciot-agregado/operations", "/finance/payables", "/finance/receivables",
         "/webhooks/endpoints", "/webhooks/deliveries", "/methodologies", "/marketplace/freights"]


@pytest.fixture
def every_module_api(app, make_company, make_api_key):
    _, key = make_api_key(make_company(modules=["billing", "financial"]), scopes=("read", "write", "webhooks"))
    return ApiClient(app.test_client(), key)


@pytest.mark.parametrize("path", LISTS)
def test_an_empty_cursor_is_an_invalid_cursor(every_module_api, path):
    assert_invalid(every_module_api.get(f"{path}?cursor="), "cursor", code="invalid_cursor")
    assert every_module_api.get(path).status_code == 200  # no cursor at all: the first page


@pytest.mark.parametrize("query", ["/ciot/operations?to=0", "/ciot/operations?from=0",
                                   "/ciot/operations?from=1700000000", "/marketplace/freights?pickupFrom=0",
                                   "/ciot/operations/pdf?from=0"])
def test_a_date_given_as_a_number_is_refused_naming_it(api, query):
    field = query.rsplit("?", 1)[1].split("=")[0]
    body = assert_invalid(api.get(query), field, code="invalid_query")
    assert body["error"]["details"][0]["code"] == "date_parsing"


def test_dates_as_written_still_filter(api, make_operation):
    make_operation(status="rascunho")
    listed = api.get("/ciot/operations?from=2000-01-01&to=9999-12-31")
    assert listed.status_code == 200 and len(listed.get_json()["data"]) == 1
    assert api.get("/marketplace/freights?pickupFrom=2026-12-07").status_code == 200
    assert api.get("/marketplace/freights?pickupFrom=").status_code == 200  # empty: no filter, as documented


def test_a_date_in_a_body_given_as_a_number_is_refused(api):
    assert_invalid(api.post("/ciot/operations", json=ciot_body(data_declaracao=0)), "data_declaracao")
    assert_invalid(api.post("/ciot/operations", json=ciot_body(data_declaracao="20261207")), "data_declaracao")
    assert stored(CiotOperation) == 0


# Foreign ids in a body: an invoice's document_ids of another company, or unknown, are 404 not_found naming the field
# (tests/api/test_tenancy_ids.py, the sweep over every id field, and tests/finance/test_invoices.py).
