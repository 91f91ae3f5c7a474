"""GET /api/public/v1/antt/floor: the calculator without a key; 422 naming the field and the valid axles."""
from datetime import date

import pytest

from domain.antt_floor.services import floor_for


def test_the_floor_with_each_piece_and_its_act(api):
    response = api.get("/antt/floor?distance_km=430&loaded_axles=5&cargo_type=carga_geral&table=A&date=2026-10-01"
                       "&empty_return=true&return_distance_km=200&tolls=88.10")
    assert response.status_code == 200, response.get_json()
    data = response.get_json()["data"]
    floor = floor_for(on_date=date(2026, 10, 1), table="A", cargo_type=5, loaded_axles=5, distance_km=430,
                      empty_return=True, return_distance_km=200, tolls="88.10")
    assert data["value"] == float(floor.value) and data["ccd"] == float(floor.ccd)
    assert data["act"] == {"name": "Portaria SUROC 22/2026", "starts_on": "2026-09-30"}
    assert [p["key"] for p in data["pieces"]] == ["displacement", "loading", "empty_return", "tolls"]
    assert data["cargo_label"] == "Carga geral" and data["table_label"].startswith("Tabela A")


def test_the_cargo_type_by_number_and_the_default_table(api):
    data = api.get("/antt/floor?distance_km=100&loaded_axles=4&cargo_type=4&date=2026-08-01").get_json()["data"]
    assert (data["table"], data["cargo_type"], data["empty_return"]) == ("A", "conteinerizada", True)
    assert data["act"]["name"] == "Resolução ANTT 6.084/2026"


def test_axles_without_coefficient_are_422_naming_the_valid_ones(api):
    response = api.get("/antt/floor?distance_km=100&loaded_axles=3&cargo_type=carga_geral&table=B")
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "antt_floor_unavailable" and error["valid_axles"] == [4, 5, 6, 7, 9]
    assert error["details"] == [{"field": "loaded_axles", "code": "invalid_axles", "message": error["message"]}]


@pytest.mark.parametrize(("query", "status", "field"), [
    ("loaded_axles=5&cargo_type=carga_geral", 400, "distance_km"),
    ("distance_km=-1&loaded_axles=5&cargo_type=carga_geral", 400, "distance_km"),
    ("distance_km=10&loaded_axles=x&cargo_type=carga_geral", 400, "loaded_axles"),
    ("distance_km=10&loaded_axles=5&cargo_type=areia", 422, "cargo_type"),
    ("distance_km=10&loaded_axles=5&cargo_type=5&table=E", 422, "table"),
    ("distance_km=10&loaded_axles=5&cargo_type=5&date=2020-01-01", 422, "date"),
])
def test_bad_queries_name_their_field(api, query, status, field):
    response = api.get(f"/antt/floor?{query}")
    assert response.status_code == status, response.get_json()
    assert response.get_json()["error"]["details"][0]["field"] == field


def test_no_key_is_needed(app):
    response = app.test_client().get("/api/public/v1/antt/floor?distance_km=10&loaded_axles=5&cargo_type=5")
    assert response.status_code == 200 and response.get_json()["data"]["loaded_axles"] == 5
