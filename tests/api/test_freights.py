"""Freights API: create (IBGE resolution, public slug, registry references), read by id or code, list with
filters and pages, PATCH status with its history and assignment rules."""
import uuid
from datetime import timedelta

from core.clock import brasilia_today
from tests.fixtures.freights import freight_body
from tests.fixtures.partners import assert_invalid, walk_pages


def create(api, **overrides):
    response = api.post("/freights", json=freight_body(**overrides))
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]


def test_create_returns_the_contract_record_with_a_sequential_code(api):
    first, second = create(api), create(api)
    assert (first["code"], second["code"]) == ("FRT-000001", "FRT-000002")
    assert first["status"] == "draft" and first["visibility"] == "privado" and first["public_slug"] is None
    assert first["origin"] == {"city": "São Paulo", "state": "SP", "ibge_code": "3550308"}
    assert first["destination"] == {"city": "Curitiba", "state": "PR", "ibge_code": "4106902"}
    assert first["price"] == 4500.5 and first["weight_kg"] == 12000.0
    assert first["carrier"] is None and first["driver"] is None
    assert first["created_at"].endswith("Z")


def test_ibge_code_resolved_from_the_name_ignoring_accents_and_case_or_left_empty(api):
    data = create(api, origin={"city": "SAO JOSE DOS CAMPOS", "state": "sp"},
                  destination={"city": "Cidade Inventada", "state": "MG"})
    assert data["origin"]["ibge_code"] == "3549904" and data["origin"]["state"] == "SP"
    assert data["destination"]["ibge_code"] is None  # accepted all the same


def test_ibge_code_sent_must_exist_in_that_state(api):
    assert_invalid(api.post("/freights", json=freight_body(origin={"city": "São Paulo", "state": "RJ",
                                                                  "ibge_code": "3550308"})), "origin.ibge_code")
    assert_invalid(api.post("/freights", json=freight_body(origin={"city": "X", "state": "SP",
                                                                  "ibge_code": "9999999"})), "origin.ibge_code")
    assert_invalid(api.post("/freights", json=freight_body(origin={"city": "X", "state": "ZZ"})), "origin.state")
    ok = create(api, origin={"city": "Sampa", "state": "SP", "ibge_code": "3550308"})
    assert ok["origin"]["ibge_code"] == "3550308"


def test_bad_fields_are_400_naming_them(api):
    assert_invalid(api.post("/freights", json=freight_body(price=-1)), "price")
    assert_invalid(api.post("/freights", json=freight_body(visibility="aberto")), "visibility")
    assert_invalid(api.post("/freights", json={"origin": {"city": "Curitiba", "state": "PR"}}), "destination")
    assert_invalid(api.post("/freights", json=freight_body(pickup_at="2030-01-02T10:00:00Z",
                                                           delivery_at="2030-01-01T10:00:00Z")), "delivery_at")


def test_window_order_message_names_the_window_not_the_field(api):
    response = api.post("/freights", json=freight_body(pickup_at="2030-01-02T10:00:00Z",
                                                       pickup_until="2030-01-01T10:00:00Z"))
    detail = response.get_json()["error"]["details"][0]
    assert response.status_code == 400 and detail["field"] == "pickup_until" and detail["code"] == "date_order"
    assert detail["message"] == "Deve ser igual ou posterior ao início da coleta." and "pickup_at" not in str(detail)
    saved = create(api, delivery_at="2030-01-02T10:00:00Z")  # the stored start, checked against the sent end
    patched = api.patch(f"/freights/{saved['id']}", json={"delivery_until": "2030-01-01T10:00:00Z"})
    messages = [d["message"] for d in patched.get_json()["error"]["details"] if d["field"] == "delivery_until"]
    assert patched.status_code == 400 and "Deve ser igual ou posterior ao início da entrega." in messages


def test_public_freight_gets_a_readable_unique_slug(api):
    one = create(api, visibility="publico")
    two = create(api, visibility="publico")
    assert one["public_slug"].startswith("sao-paulo-sp-curitiba-pr-")
    assert one["public_slug"] != two["public_slug"]


def test_get_by_uuid_or_code_and_another_company_sees_404(api, make_company, make_api):
    data = create(api)
    assert api.get(f"/freights/{data['id']}").get_json()["data"]["code"] == data["code"]
    by_code = api.get(f"/freights/{data['code'].lower()}").get_json()["data"]
    assert by_code["id"] == data["id"] and by_code["status_history"][0]["to"] == "draft"
    other = make_api(make_company())
    for ref in (data["id"], data["code"]):
        response = other.get(f"/freights/{ref}")
        assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"
    assert api.get("/freights/FRT-999999").status_code == 404
    assert api.get("/freights/not-a-uuid").status_code == 404


def test_registry_references_must_be_of_the_company_and_assignable(api, make_partner, make_driver, make_vehicle,
                                                                   make_company):
    carrier, driver, vehicle = make_partner(), make_driver(), make_vehicle()
    data = create(api, carrier_id=str(carrier.id), driver_id=str(driver.id), vehicle_id=str(vehicle.id))
    assert data["carrier"]["id"] == str(carrier.id) and data["carrier"]["name"] == carrier.legal_name
    assert data["driver"] == {"id": str(driver.id), "name": driver.name, "phone": driver.phone}
    assert data["vehicle"]["plate"] == vehicle.plate
    foreign = make_driver(make_company())
    response = api.post("/freights", json=freight_body(driver_id=str(foreign.id)))
    assert response.status_code == 404 and response.get_json()["error"]["details"][0]["field"] == "driver_id"


def test_inactive_or_expired_cnh_driver_and_inactive_vehicle_cannot_be_assigned(api, make_driver, make_vehicle):
    expired = make_driver(cnh_expires_at=(brasilia_today() - timedelta(days=1)).isoformat())  # valid until yesterday
    inactive = make_driver(status="inativo")
    parked = make_vehicle(status="manutencao")
    cases = (("driver_id", expired, "driver_cnh_expired"), ("driver_id", inactive, "driver_inactive"),
             ("vehicle_id", parked, "vehicle_inactive"))
    for field, record, code in cases:
        response = api.post("/freights", json=freight_body(**{field: str(record.id)}))
        body = response.get_json()
        assert response.status_code == 422, (code, body)
        assert body["error"]["code"] == code and body["error"]["details"][0]["field"] == field
    valid = make_driver(cnh_expires_at=(brasilia_today() + timedelta(days=30)).isoformat())
    assert api.post("/freights", json=freight_body(driver_id=str(valid.id))).status_code == 201


def test_status_change_is_recorded_with_who_and_note(api):
    data = create(api)
    response = api.patch(f"/freights/{data['code']}/status", json={"status": "published", "note": "Liberado"})
    assert response.status_code == 200 and response.get_json()["data"]["status"] == "published"
    history = api.get(f"/freights/{data['id']}").get_json()["data"]["status_history"]
    assert [(h["from"], h["to"], h["note"]) for h in history] == [(None, "draft", "Frete criado."),
                                                                  ("draft", "published", "Liberado")]
    assert history[1]["actor"].startswith("api_key:")


def test_status_must_be_one_of_the_nine(api):
    data = create(api)
    assert_invalid(api.patch(f"/freights/{data['id']}/status", json={"status": "publicado"}), "status")
    assert api.patch(f"/freights/{data['id']}/status", json={"status": "aceito"}).status_code == 200


def test_out_of_delivered_or_cancelled_is_invalid_status(api):
    data = create(api)
    assert api.patch(f"/freights/{data['id']}/status", json={"status": "cancelled"}).status_code == 200
    response = api.patch(f"/freights/{data['id']}/status", json={"status": "published"})
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "invalid_status"


def test_assigned_needs_a_carrier_and_transit_a_driver_and_vehicle(api, make_partner, make_driver, make_vehicle):
    data = create(api)
    path = f"/freights/{data['id']}/status"
    response = api.patch(path, json={"status": "assigned"})
    body = response.get_json()
    assert response.status_code == 422 and body["error"]["code"] == "assignment_required"
    assert [d["field"] for d in body["error"]["details"]] == ["carrier_id"]
    response = api.patch(path, json={"status": "in_transit"})
    assert [d["field"] for d in response.get_json()["error"]["details"]] == ["driver_id", "vehicle_id"]
    api.patch(f"/freights/{data['id']}", json={"carrier_id": str(make_partner().id)})
    assert api.patch(path, json={"status": "assigned"}).status_code == 200
    api.patch(f"/freights/{data['id']}", json={"driver_id": str(make_driver().id),
                                               "vehicle_id": str(make_vehicle().id)})
    assert api.patch(path, json={"status": "picked_up"}).status_code == 200
    assert api.patch(path, json={"status": "in_transit"}).get_json()["data"]["status"] == "in_transit"


def test_a_whole_code_finds_that_freight_alone_and_a_part_of_one_searches(api, company):
    """`q=FRT-000001` (any case) is that freight, through the code index; a part of a code is still a text search. A
    longer code that contains the searched one (FRT-0000011, after a million freights) is not that freight."""
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.freights.models import Freight
    first, second = create(api), create(api)
    with tenant_scope(company.id):
        longer = db.session.get(Freight, uuid.UUID(second["id"]))
        longer.code, longer.search_text = "FRT-0000011", longer.search_text.replace("frt-000002", "frt-0000011")
        db.session.commit()
    found = [f["id"] for f in api.get("/freights?q=frt-000001").get_json()["data"]]
    assert found == [first["id"]]  # breaking: the text search finds FRT-0000011 too
    assert {f["id"] for f in api.get("/freights?q=frt-00000").get_json()["data"]} == {first["id"], second["id"]}

def test_list_filters_and_pages(api):
    made = [create(api, origin={"city": "Campinas", "state": "SP"}) for _ in range(3)]
    create(api, visibility="publico")
    api.patch(f"/freights/{made[0]['id']}/status", json={"status": "published"})
    ids = walk_pages(api, "/freights", limit=2)
    assert len(ids) == 4 and len(set(ids)) == 4
    assert [f["id"] for f in api.get("/freights?status=published").get_json()["data"]] == [made[0]["id"]]
    assert len(api.get("/freights?q=campinas").get_json()["data"]) == 3
    assert len(api.get("/freights?q=frt-000004").get_json()["data"]) == 1
    assert len(api.get("/freights?visibility=publico").get_json()["data"]) == 1
    assert len(api.get("/freights?created_from=2000-01-01T00:00:00Z&created_to=2001-01-01T00:00:00Z")
               .get_json()["data"]) == 0
    assert_invalid(api.get("/freights?status=voando"), "status", code="invalid_query")
    assert_invalid(api.get("/freights?limit=201"), "limit", code="invalid_query")


def test_status_change_emits_an_outbox_event(api, company):
    from core.db import db
    from core.models import OutboxEvent
    from core.tenancy import tenant_scope
    data = create(api)
    api.patch(f"/freights/{data['id']}/status", json={"status": "published"})
    with tenant_scope(company.id):
        events = db.session.execute(db.select(OutboxEvent).where(OutboxEvent.type == "freight.status_changed")
                                    ).scalars().all()
    assert [(e.payload["from"], e.payload["to"]) for e in events] == [("draft", "published")]


def test_pagination_walk_with_concurrent_inserts(api):
    original = {create(api)["id"] for _ in range(5)}
    seen = walk_pages(api, "/freights", limit=2, between=lambda page: create(api))
    assert len(seen) == len(set(seen)) and original <= set(seen)  # newer rows come before the cursor: never seen


def test_patch_changes_only_what_is_sent(api, make_partner):
    data = create(api, carrier_id=str(make_partner().id), notes="frágil")
    response = api.patch(f"/freights/{data['id']}", json={"price": 5000, "carrier_id": None,
                                                          "destination": {"city": "Londrina", "state": "PR"}})
    updated = response.get_json()["data"]
    assert response.status_code == 200 and updated["price"] == 5000.0 and updated["carrier"] is None
    assert updated["destination"] == {"city": "Londrina", "state": "PR", "ibge_code": "4113700"}
    assert updated["notes"] == "frágil" and updated["code"] == data["code"]
    assert_invalid(api.patch(f"/freights/{data['id']}", json={"status": "delivered"}), "status")
    assert_invalid(api.patch(f"/freights/{data['id']}", json={"origin": None}), "origin")
