"""Vehicles API: /vehicles (docs/api/partners-fleet.md; docs/decisions.md §4 "Vehicles and drivers")."""
import re
from datetime import date

import pytest

from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from domain.fleet import services
from domain.fleet.models import Vehicle
from tests.fixtures.partners import assert_invalid, unique_plate, walk_pages

NEXT_YEAR = date.today().year + 1
ISO_Z = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")


def body(**overrides):
    data = {"plate": unique_plate()}
    data.update(overrides)
    return data


def test_create_with_every_field(api):
    response = api.post("/vehicles", json={
        "plate": "abc-1d23", "vehicle_type": "carreta", "renavam": "79831854647", "brand": "Scania",
        "model": "R 450", "year": 2021, "capacity_kg": 32000.5, "axles": 3, "status": "manutencao",
        "notes": "Revisão em dia."})
    assert response.status_code == 201, response.get_json()
    data = response.get_json()["data"]
    assert data == {
        "id": data["id"], "plate": "ABC1D23", "vehicle_type": "carreta", "renavam": "79831854647",
        "brand": "Scania", "model": "R 450", "year": 2021, "capacity_kg": 32000.5, "axles": 3, "status": "manutencao",
        "notes": "Revisão em dia.", "created_at": data["created_at"], "updated_at": data["updated_at"],
    }
    assert ISO_Z.match(data["created_at"])



def test_list_item_detail_and_created_answer_are_one_serialisation(api):
    created = api.post("/vehicles", json={"plate": "ABC1D23", "brand": "Scania", "year": 2021, "capacity_kg": 32000.5,
                                          "axles": 3, "notes": "Revisão em dia."}).get_json()["data"]
    assert api.get(f"/vehicles/{created['id']}").get_json()["data"] == created
    assert api.get("/vehicles").get_json()["data"] == [created]

def test_create_minimal_is_ativo(api):
    data = api.post("/vehicles", json={"plate": "ABC1234"}).get_json()["data"]
    assert (data["status"], data["year"], data["capacity_kg"]) == ("ativo", None, None)


def test_plate_is_required(api):
    assert_invalid(api.post("/vehicles", json={"brand": "Volvo"}), "plate")


FIELD_RULES = [
    # field, good value, stored as, bad value
    ("plate", "abc-1234", "ABC1234", "AB-12345"),
    ("plate", "BRA2E19", "BRA2E19", "BRA2E1"),
    ("plate", "bra 2e19", "BRA2E19", "1BC1234"),
    ("plate", "ABC1234", "ABC1234", "ABCD123"),
    ("plate", "ABC1234", "ABC1234", "P" * 50),
    ("renavam", "79831854647", "79831854647", "79831854640"),   # check digit
    ("renavam", "639884962", "00639884962", "1234567890"),      # old 9-digit form is left-padded
    ("renavam", "35298206229", "35298206229", "11111111111"),
    ("renavam", "01234567897", "01234567897", "9" * 30),
    ("year", 1950, 1950, 1949),
    ("year", NEXT_YEAR, NEXT_YEAR, NEXT_YEAR + 1),
    ("year", 2020, 2020, 2020.5),
    ("year", 2020, 2020, "vinte"),
    ("capacity_kg", 0, 0.0, -1),
    ("capacity_kg", 1500.25, 1500.25, 1.234),
    ("capacity_kg", 27000, 27000.0, "muito"),
    ("capacity_kg", 27000, 27000.0, 10 ** 12),
    ("axles", 1, 1, 0),
    ("axles", 10, 10, 11),
    ("axles", 3, 3, "três"),
    ("status", "ativo", "ativo", "quebrado"),
    ("status", "inativo", "inativo", "ATIVO"),
    ("vehicle_type", "T" * 40, "T" * 40, "T" * 41),
    ("brand", "B" * 60, "B" * 60, "B" * 61),
    ("model", "M" * 60, "M" * 60, "M" * 61),
    ("notes", "N" * 2000, "N" * 2000, "N" * 2001),
]


@pytest.mark.parametrize("field,good,stored,bad", FIELD_RULES,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(FIELD_RULES)])
def test_field_rule(api, field, good, stored, bad):
    ok = api.post("/vehicles", json=body(**{field: good}))
    assert ok.status_code == 201, ok.get_json()
    assert ok.get_json()["data"][field] == stored
    assert_invalid(api.post("/vehicles", json=body(**{field: bad})), field)


def test_duplicate_plate_is_409_whatever_the_spelling(api, make_vehicle):
    existing = make_vehicle(plate="ABC1234")
    for spelling in ("ABC1234", "abc-1234", " abc 1234 "):
        response = api.post("/vehicles", json={"plate": spelling})
        assert response.status_code == 409
        error = response.get_json()["error"]
        assert (error["code"], error["existing_id"]) == ("vehicle_plate_exists", str(existing.id))


def test_inactive_vehicle_keeps_its_plate(api, make_vehicle):
    existing = make_vehicle(plate="ABC1234")
    api.delete(f"/vehicles/{existing.id}")
    response = api.post("/vehicles", json={"plate": "ABC1234"})
    assert response.status_code == 409 and response.get_json()["error"]["existing_id"] == str(existing.id)


def test_same_plate_in_another_company_is_allowed(api, make_company, make_vehicle):
    make_vehicle(make_company(), plate="ABC1234")
    assert api.post("/vehicles", json={"plate": "ABC1234"}).status_code == 201


def test_get(api, make_vehicle):
    vehicle = make_vehicle(capacity_kg="1000.50")
    data = api.get(f"/vehicles/{vehicle.id}").get_json()["data"]
    assert (data["id"], data["plate"], data["capacity_kg"]) == (str(vehicle.id), vehicle.plate, 1000.5)
    assert api.get("/vehicles/not-a-uuid").status_code == 404


def test_patch_changes_only_the_sent_fields(api, make_vehicle):
    vehicle = make_vehicle(brand="Volvo", model="FH", year=2019)
    before = api.get(f"/vehicles/{vehicle.id}").get_json()["data"]
    response = api.patch(f"/vehicles/{vehicle.id}", json={"plate": "xyz-9a87", "model": None, "status": "manutencao"})
    assert response.status_code == 200, response.get_json()
    after = response.get_json()["data"]
    assert (after["plate"], after["model"], after["status"]) == ("XYZ9A87", None, "manutencao")
    assert (after["brand"], after["year"], after["created_at"]) == ("Volvo", 2019, before["created_at"])
    assert after["updated_at"] > before["updated_at"]


@pytest.mark.parametrize("field,value", [("plate", None), ("status", None), ("plate", "XX"), ("year", 1800),
                                         ("status", "sucata"), ("capacity_kg", -5)])
def test_patch_rejects(api, make_vehicle, field, value):
    vehicle = make_vehicle()
    assert_invalid(api.patch(f"/vehicles/{vehicle.id}", json={field: value}), field)


def test_patch_to_a_plate_in_use_is_409(api, make_vehicle):
    taken, vehicle = make_vehicle(), make_vehicle()
    response = api.patch(f"/vehicles/{vehicle.id}", json={"plate": taken.plate})
    assert response.status_code == 409 and response.get_json()["error"]["existing_id"] == str(taken.id)
    assert api.patch(f"/vehicles/{vehicle.id}", json={"plate": vehicle.plate}).status_code == 200


def test_delete_is_a_soft_delete(api, make_vehicle):
    vehicle = make_vehicle()
    response = api.delete(f"/vehicles/{vehicle.id}")
    assert response.status_code == 200
    assert response.get_json()["data"]["status"] == "inativo"
    assert api.get(f"/vehicles/{vehicle.id}").get_json()["data"]["status"] == "inativo"
    again = api.delete(f"/vehicles/{vehicle.id}")
    assert again.status_code == 200 and again.get_json()["data"]["status"] == "inativo"
    assert [v["id"] for v in api.get("/vehicles").get_json()["data"]] == [str(vehicle.id)]
    reactivated = api.patch(f"/vehicles/{vehicle.id}", json={"status": "ativo"})
    assert reactivated.get_json()["data"]["status"] == "ativo"


# --- List --------------------------------------------------------------------------------------

def test_list_filters(api, make_vehicle):
    active = make_vehicle(plate="ABC1D23", brand="Scania")
    repair = make_vehicle(plate="DEF4567", status="manutencao", model="Constellation")
    gone = make_vehicle(plate="GHI8901")
    api.delete(f"/vehicles/{gone.id}")

    def ids(**params):
        response = api.get("/vehicles", query_string=params)
        assert response.status_code == 200, response.get_json()
        return [v["id"] for v in response.get_json()["data"]]

    assert ids() == [str(gone.id), str(repair.id), str(active.id)]
    assert ids(status="ativo") == [str(active.id)]
    assert ids(status="manutencao") == [str(repair.id)]
    assert ids(status="inativo") == [str(gone.id)]
    assert ids(q="abc-1d") == [str(active.id)]
    assert ids(q="scania") == [str(active.id)]
    assert ids(q="constell") == [str(repair.id)]
    assert ids(q="%") == []
    assert_invalid(api.get("/vehicles", query_string={"status": "sucata"}), "status", code="invalid_query")


@pytest.mark.parametrize("limit", ["0", "201"])
def test_list_limit_out_of_range(api, limit):
    assert_invalid(api.get("/vehicles", query_string={"limit": limit}), "limit", code="invalid_query")


def test_list_limit_200_is_accepted(api):
    assert api.get("/vehicles", query_string={"limit": 200}).status_code == 200


def test_invalid_cursor(api):
    assert_invalid(api.get("/vehicles", query_string={"cursor": "abc.def"}), "cursor", code="invalid_cursor")


def test_pagination_walk_with_concurrent_inserts(api, make_vehicle):
    existing = [str(make_vehicle().id) for _ in range(5)]
    inserted = []
    seen = walk_pages(api, "/vehicles", limit=2,
                      between=lambda n: inserted.append(str(make_vehicle().id)))
    assert len(seen) == len(set(seen))
    assert seen == existing[::-1]
    assert len(inserted) == 2


def test_list_query_count_does_not_grow_with_the_page(api, company, query_counter):
    with tenant_scope(company.id):
        result = services.bulk_create_vehicles(company, [{"plate": unique_plate(), "year": 2020} for _ in range(200)])
        assert len(result.created) == 200
        db.session.commit()
    api.get("/vehicles", query_string={"limit": 1})  # warm up (key last-use write)
    counts = {}
    for limit in (1, 200):
        with query_counter() as count:
            response = api.get("/vehicles", query_string={"limit": limit})
        assert len(response.get_json()["data"]) == limit
        counts[limit] = count()
    assert counts[1] == counts[200] <= 4, counts


# --- Authorisation and tenancy -----------------------------------------------------------------

def test_read_only_key_cannot_write(make_api, company, make_vehicle):
    vehicle = make_vehicle()
    reader = make_api(company, scopes=("read",))
    assert reader.get(f"/vehicles/{vehicle.id}").status_code == 200
    for response in (reader.post("/vehicles", json=body()),
                     reader.patch(f"/vehicles/{vehicle.id}", json={"brand": "X"}),
                     reader.delete(f"/vehicles/{vehicle.id}")):
        assert response.status_code == 403
        assert response.get_json()["error"]["code"] == "insufficient_scope"
    assert reader.get(f"/vehicles/{vehicle.id}").get_json()["data"]["status"] == "ativo"


@pytest.mark.parametrize("method,payload", [("GET", None), ("PATCH", {"brand": "Roubado", "status": "inativo"}),
                                            ("DELETE", None)])
def test_another_companys_vehicle_is_404_and_untouched(api, make_company, make_vehicle, method, payload):
    other = make_company()
    theirs = make_vehicle(other, brand="Deles")
    response = api.request(method, f"/vehicles/{theirs.id}", json_body=payload)
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"
    row = db.session.execute(cross_tenant(db.select(Vehicle).where(Vehicle.id == theirs.id))
                             .execution_options(populate_existing=True)).scalar_one()
    assert (row.brand, row.status, row.company_id) == ("Deles", "ativo", other.id)
    assert api.get("/vehicles").get_json()["data"] == []
    assert api.get("/vehicles", query_string={"q": theirs.plate}).get_json()["data"] == []
