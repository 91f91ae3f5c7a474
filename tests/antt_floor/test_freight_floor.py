"""The ANTT floor on freights and offers: computed from the freight's optional inputs, flagged, never refused."""
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from core.db import utcnow
from domain.antt_floor.services import floor_for
from domain.freights.floor import floor_cargo_type
from tests.fixtures.freights import freight_body

PICKUP = datetime(2026, 10, 5, 12, 0, tzinfo=UTC)
INPUTS = {"cargo_type": "Carga geral", "distance_km": 430, "loaded_axles": 6,
          "pickup_at": PICKUP.isoformat().replace("+00:00", "Z")}


def expected_floor(table="A", day=None, axles=6):
    return floor_for(on_date=day or PICKUP.date(), table=table, cargo_type="carga_geral", loaded_axles=axles,
                     distance_km=430)


def create(api, **overrides):
    response = api.post("/freights", json=freight_body(**{**INPUTS, **overrides}))
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def test_a_freight_priced_below_the_floor_is_flagged_not_refused(api):
    floor = expected_floor()
    data = create(api, price=float(floor.value - Decimal("0.01")))
    assert data["antt_floor"] == {"value": float(floor.value), "act": "Portaria SUROC 22/2026", "below": True}
    assert (data["distance_km"], data["loaded_axles"], data["antt_table"]) == (430.0, 6, None)


def test_a_freight_at_the_floor_is_not_below(api):
    data = create(api, price=float(expected_floor().value))
    assert data["antt_floor"]["below"] is False


def test_the_floor_follows_the_table_and_the_pickup_day(api):
    data = create(api, antt_table="C", pickup_at="2026-08-01T12:00:00Z", price=100)
    floor = expected_floor(table="C", day=datetime(2026, 8, 1).date())
    assert data["antt_floor"] == {"value": float(floor.value), "act": "Resolução ANTT 6.084/2026", "below": True}


@pytest.mark.parametrize("missing", [{"distance_km": None}, {"loaded_axles": None}, {"cargo_type": "Carga seca"}])
def test_no_floor_when_an_input_is_unknown(api, missing):
    assert create(api, **missing)["antt_floor"] is None


def test_no_floor_when_the_tables_have_no_figure_and_the_freight_is_still_saved(api):
    data = create(api, antt_table="B", loaded_axles=3)  # tables B/D have no 3-axle figure
    assert data["antt_floor"] is None and data["loaded_axles"] == 3


def test_patch_recomputes_the_floor(api):
    data = create(api, price=100)
    response = api.patch(f"/freights/{data['id']}", json={"distance_km": 100})
    floor = floor_for(on_date=PICKUP.date(), table="A", cargo_type=5, loaded_axles=6, distance_km=100)
    assert response.get_json()["data"]["antt_floor"]["value"] == float(floor.value)
    cleared = api.patch(f"/freights/{data['id']}", json={"distance_km": None}).get_json()["data"]
    assert cleared["antt_floor"] is None


@pytest.mark.parametrize(("field", "value"), [("loaded_axles", 1), ("loaded_axles", 10), ("antt_table", "E"),
                                              ("distance_km", 0)])
def test_bad_floor_inputs_are_400_naming_the_field(api, field, value):
    response = api.post("/freights", json=freight_body(**{**INPUTS, field: value}))
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == field


def test_offers_and_counter_offers_are_compared_with_the_freights_floor(api):
    floor = expected_floor()
    freight = create(api, price=float(floor.value + 500))
    low = api.post(f"/freights/{freight['id']}/offers",
                   json={"price": float(floor.value - 1), "carrier_name": "Transportes Rápido"}).get_json()["data"]
    assert low["antt_floor"] == {"value": float(floor.value), "act": floor.act.name, "below": True,
                                 "counter_below": None}
    valid_until = (utcnow() + timedelta(days=1)).isoformat() + "Z"
    countered = api.post(f"/freights/{freight['id']}/offers/{low['id']}/counter",
                         json={"price": float(floor.value), "valid_until": valid_until}).get_json()["data"]
    assert countered["antt_floor"]["below"] is True and countered["antt_floor"]["counter_below"] is False
    listed = api.get(f"/freights/{freight['id']}/offers").get_json()["data"]
    assert listed[0]["antt_floor"]["counter_below"] is False
    accepted = api.post(f"/freights/{freight['id']}/offers/{low['id']}/accept").get_json()["data"]
    assert accepted["antt_floor"]["value"] == float(floor.value)
    assert api.get(f"/freights/{freight['id']}").get_json()["data"]["antt_floor"]["below"] is False


def test_offers_on_a_freight_without_floor_say_null(api):
    freight = create(api, distance_km=None)
    offer = api.post(f"/freights/{freight['id']}/offers", json={"price": 1}).get_json()["data"]
    assert offer["antt_floor"] is None


@pytest.mark.parametrize(("text", "key"), [("Carga geral", "carga_geral"), ("CARGA_GERAL", "carga_geral"),
                                           ("granel solido", "granel_solido"), ("5", "carga_geral"),
                                           ("Perigosa (granel líquido)", "perigosa_granel_liquido"),
                                           ("Carga seca", None), ("", None), (None, None)])
def test_the_free_text_cargo_type_names_a_floor_cargo_type(text, key):
    assert floor_cargo_type(text) == key


def test_the_floor_is_a_decimal_rounded_to_centavos(api):
    data = create(api, distance_km=123.45)
    floor = floor_for(on_date=PICKUP.date(), table="A", cargo_type=5, loaded_axles=6, distance_km=Decimal("123.45"))
    assert data["antt_floor"]["value"] == float(floor.value) and floor.value == floor.value.quantize(Decimal("0.01"))


def test_a_full_freight_with_registry_references_and_its_floor(api, make_partner, make_driver, make_vehicle):
    """Also the richest recorded example of the freight and offer answers (blueprints/api/examples.json)."""
    carrier, driver, vehicle = make_partner(), make_driver(), make_vehicle()
    data = create(api, carrier_id=str(carrier.id), driver_id=str(driver.id), vehicle_id=str(vehicle.id),
                  antt_table="A", visibility="privado", notes="Coleta agendada.", price=3000,
                  delivery_at="2026-10-07T12:00:00Z", pickup_until="2026-10-05T18:00:00Z",
                  delivery_until="2026-10-07T18:00:00Z")
    assert data["antt_floor"]["below"] is True and data["vehicle"]["plate"] == vehicle.plate
    shown = api.get(f"/freights/{data['code']}").get_json()["data"]
    assert shown["antt_floor"] == data["antt_floor"]
    listed = api.get("/freights").get_json()["data"]
    assert listed[0]["antt_floor"] == data["antt_floor"]
    valid_until = (utcnow() + timedelta(days=1)).isoformat() + "Z"
    offer = api.post(f"/freights/{data['id']}/offers",
                     json={"price": 2900, "carrier_id": str(carrier.id), "valid_until": valid_until,
                           "message": "Posso coletar amanhã."}).get_json()["data"]
    countered = api.post(f"/freights/{data['id']}/offers/{offer['id']}/counter",
                         json={"price": 3950, "valid_until": valid_until, "message": "Fecho por 3.950."})
    assert countered.get_json()["data"]["antt_floor"]["counter_below"] is False
    rejected = api.post(f"/freights/{data['id']}/offers/{offer['id']}/reject", json={"reason": "Sem acordo."})
    assert rejected.get_json()["data"]["antt_floor"]["below"] is True
    status = api.patch(f"/freights/{data['id']}/status", json={"status": "published", "note": "Liberado"})
    assert status.get_json()["data"]["antt_floor"] == data["antt_floor"]


# --- the marketplace refuses a price below the floor; the cargo type names the reason when there is no floor --------

def test_a_public_freight_below_the_floor_is_refused_and_says_why(api):
    floor = expected_floor()
    response = api.post("/freights", json=freight_body(**{**INPUTS, "visibility": "publico",
                                                          "price": float(floor.value - Decimal("0.01"))}))
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == "below_antt_floor" and error["details"][0]["field"] == "price"
    assert "R$ 3.911,84" in error["message"] and "Portaria SUROC 22/2026" in error["message"]
    assert error["antt_floor"] == float(floor.value)
    assert api.get("/freights").get_json()["data"] == []  # nothing was saved


def test_a_public_freight_at_the_floor_and_a_private_one_below_it_are_saved(api):
    floor = expected_floor()
    public = api.post("/freights", json=freight_body(**{**INPUTS, "visibility": "publico",
                                                        "price": float(floor.value)}))
    assert public.status_code == 201 and public.get_json()["data"]["antt_floor"]["below"] is False
    private = create(api, price=100)
    assert private["antt_floor"]["below"] is True
    published = api.patch(f"/freights/{private['id']}", json={"visibility": "publico"})
    assert published.status_code == 422 and published.get_json()["error"]["code"] == "below_antt_floor"
    raised = api.patch(f"/freights/{private['id']}", json={"visibility": "publico", "price": float(floor.value)})
    assert raised.status_code == 200 and raised.get_json()["data"]["visibility"] == "publico"


@pytest.mark.parametrize("cargo_type, pending", [
    ("Carga seca", "piso não calculado: informe o tipo de carga (um dos 12 tipos das tabelas da ANTT)"),
    ("5", None), ("carga geral", None), ("Carga geral", None),
])
def test_the_cargo_type_is_a_code_or_an_exact_name_and_an_unknown_one_says_so(api, cargo_type, pending):
    data = create(api, cargo_type=cargo_type)
    assert data["antt_floor_pendencia"] == pending
    assert (data["antt_floor"] is None) is (pending is not None)


def test_missing_inputs_are_named_in_the_pending_reason(api):
    assert create(api, distance_km=None)["antt_floor_pendencia"] == "piso não calculado: informe a distância"
    assert create(api, distance_km=None, loaded_axles=None)["antt_floor_pendencia"] == (
        "piso não calculado: informe a distância e os eixos carregados")
