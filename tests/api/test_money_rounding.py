"""Money in reais is rounded half-up to the cent wherever the API accepts it (a JavaScript 3 × 33.1 sends
99.30000000000001); what is not a number is still a 400 naming the field."""
from decimal import Decimal

import pytest

from core.schemas import money_half_up
from tests.fixtures.agregado import agregado_body
from tests.fixtures.ciot import ciot_body
from tests.fixtures.freights import freight_body


@pytest.mark.parametrize(("sent", "stored"), [
    (3 * 33.1, Decimal("99.30")), (100.125, Decimal("100.13")), (100.124, Decimal("100.12")),
    (0.005, Decimal("0.01")), ("1800.125", Decimal("1800.13")), (7, Decimal("7.00")),
    (Decimal("2.675"), Decimal("2.68")), (1e-7, Decimal("0.00")),
])
def test_amounts_round_half_up_to_the_cent(sent, stored):
    assert money_half_up(sent) == stored


@pytest.mark.parametrize("sent", ["abc", "", True, None, [1], {"v": 1}, "NaN", "Infinity"])
def test_what_is_not_a_number_is_left_for_the_type_to_refuse(sent):
    assert money_half_up(sent) is sent


def test_a_freight_price_with_float_noise_is_stored_rounded(api):
    assert 3 * 33.1 == 99.30000000000001
    response = api.post("/freights", json=freight_body(price=3 * 33.1))
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["data"]["price"] == 99.3
    patched = api.patch(f"/freights/{response.get_json()['data']['id']}", json={"price": 100.125})
    assert patched.status_code == 200, patched.get_json()
    assert patched.get_json()["data"]["price"] == 100.13


@pytest.mark.parametrize(("price", "code"), [("cem", "decimal_parsing"), (True, "number_type"),
                                             ([100], "decimal_type"), ("NaN", "finite_number")])
def test_a_price_that_is_not_a_number_is_still_400(api, price, code):
    response = api.post("/freights", json=freight_body(price=price))
    assert response.status_code == 400, response.get_json()
    assert [(d["field"], d["code"]) for d in response.get_json()["error"]["details"]] == [("price", code)]


def test_rounding_does_not_lift_an_amount_over_its_bound(api):
    response = api.post("/freights", json=freight_body(price=99999999.995))
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "price"
    rounded_to_zero = api.post("/freights", json=freight_body(price=0.004))
    assert rounded_to_zero.status_code == 400  # a price must be positive: 0.004 is R$ 0,00
    assert rounded_to_zero.get_json()["error"]["details"][0]["field"] == "price"


def test_an_offer_and_its_counter_offer_round(api, make_freight):
    freight = make_freight(status="published")
    offer = api.post(f"/freights/{freight.id}/offers", json={"price": 1800.125})
    assert offer.status_code == 201, offer.get_json()
    assert offer.get_json()["data"]["price"] == 1800.13
    countered = api.post(f"/freights/{freight.id}/offers/{offer.get_json()['data']['id']}/counter",
                         json={"price": 1750.005, "valid_until": "2090-01-01T00:00:00Z"})
    assert countered.status_code == 200, countered.get_json()
    assert countered.get_json()["data"]["counter"]["price"] == 1750.01


def test_ciot_and_aggregate_amounts_round(api, make_tac):
    created = api.post("/ciot/operations", json=ciot_body(valor_frete=4999.995))
    assert created.status_code == 201, created.get_json()
    operation = api.get(f"/ciot/operations/{created.get_json()['data']['id']}").get_json()["data"]
    assert operation["valor_frete"] == 5000.0
    contract = api.post("/ciot-agregado/operations", json=agregado_body(make_tac(), valor_contratado=15000.555))
    assert contract.status_code == 201, contract.get_json()
    assert contract.get_json()["data"]["valor_contratado"] == 15000.56


def test_the_antt_floor_tolls_round(api):
    exact = api.get("/antt/floor?distance_km=100&loaded_axles=5&cargo_type=carga_geral&tolls=88.10").get_json()
    noisy = api.get("/antt/floor?distance_km=100&loaded_axles=5&cargo_type=carga_geral&tolls=88.1000000001")
    assert noisy.status_code == 200, noisy.get_json()
    assert noisy.get_json()["data"]["value"] == exact["data"]["value"]


@pytest.mark.parametrize("sent", [1e30, "1e40", Decimal("123456789012345678901234567890.125")])
def test_an_amount_too_long_to_round_is_left_for_the_digit_bound(sent):
    """Rounding 1e30 to the cent needs more digits than the decimal context holds (InvalidOperation): the amount is
    passed on unrounded, for the field's digit bound to refuse (400), never a 500."""
    assert money_half_up(sent) == Decimal(str(sent))


@pytest.mark.parametrize("price", [1e30, "1e40"])
def test_a_price_too_long_to_round_is_400_naming_the_field(api, make_freight, price):
    """Found by the API fuzzer: a counter-offer of 1e30 reais answered 500. Breaking case of the rounding above."""
    created = api.post("/freights", json=freight_body(price=price))
    assert created.status_code == 400, created.get_json()
    assert [d["field"] for d in created.get_json()["error"]["details"]] == ["price"]
    freight = make_freight(status="published")
    offer = api.post(f"/freights/{freight.id}/offers", json={"price": 1800})
    assert offer.status_code == 201, offer.get_json()
    countered = api.post(f"/freights/{freight.id}/offers/{offer.get_json()['data']['id']}/counter",
                         json={"price": price, "valid_until": "2090-01-01T00:00:00Z"})
    assert countered.status_code == 400, countered.get_json()
    assert [d["field"] for d in countered.get_json()["error"]["details"]] == ["price"]
