"""Drivers API: /drivers and /drivers/bulk (docs/api/partners-fleet.md; docs/decisions.md §4)."""
import pytest

from core.db import db
from core.tenancy import cross_tenant
from domain.fleet.models import Driver
from tests.fixtures.partners import assert_invalid, unique_cpf, walk_pages

CPF = "52998224725"


def body(**overrides):
    data = {"name": "João da Silva", "phone": "+5511987654321", "cpf": unique_cpf()}
    data.update(overrides)
    return data


def test_create_with_every_field(api):
    response = api.post("/drivers", json={
        "name": " João da Silva ", "phone": "+5511987654321", "cpf": CPF, "cnh_number": "12345678901",
        "cnh_category": "AE", "cnh_expires_at": "2030-01-31", "has_mopp": True, "status": "ativo"})
    assert response.status_code == 201, response.get_json()
    data = response.get_json()["data"]
    assert data == {
        "id": data["id"], "name": "João da Silva", "phone": "+5511987654321", "cpf": CPF,
        "cnh_number": "12345678901", "cnh_category": "AE", "cnh_expires_at": "2030-01-31", "has_mopp": True,
        "status": "ativo", "created_at": data["created_at"], "updated_at": data["updated_at"],
    }



def test_list_item_detail_bulk_and_created_answer_are_one_serialisation(api):
    fields = {"name": "Ana", "phone": "+5511987654321", "cnh_category": "E", "cnh_expires_at": "2030-01-31",
              "has_mopp": True}
    created = api.post("/drivers", json={**fields, "cpf": CPF}).get_json()["data"]
    assert api.get(f"/drivers/{created['id']}").get_json()["data"] == created
    bulk = api.post("/drivers/bulk", json={"items": [{**fields, "cpf": "11144477735"}]}).get_json()["data"]
    listed = api.get("/drivers").get_json()["data"]
    assert listed == [*bulk["created"], created]

def test_create_minimal_defaults(api):
    data = api.post("/drivers", json=body()).get_json()["data"]
    assert (data["status"], data["has_mopp"], data["cnh_category"]) == ("ativo", False, None)


@pytest.mark.parametrize("field", ["name", "phone", "cpf"])
def test_create_requires(api, field):
    data = body()
    del data[field]
    assert_invalid(api.post("/drivers", json=data), field)


FIELD_RULES = [
    # field, good value, stored as, bad value
    ("cpf", CPF, CPF, "529.982.247-25"),          # digits only: punctuation is a 400
    ("cpf", CPF, CPF, "52998224724"),             # check digit
    ("cpf", CPF, CPF, "11111111111"),             # repeated digits
    ("cpf", CPF, CPF, "5299822472"),
    ("cpf", CPF, CPF, 52998224725),               # a number is not a string
    ("phone", "+5511987654321", "+5511987654321", "11987654321"),      # E.164 only
    ("phone", "+5521998765432", "+5521998765432", "+55 11 98765-4321"),
    ("phone", "+14155552671", "+14155552671", "+123"),
    ("phone", "+5511987654321", "+5511987654321", "+5500000000000"),   # not a real number
    ("name", "N" * 200, "N" * 200, "N" * 201),
    ("name", "Zé", "Zé", "  "),
    ("cnh_number", "12345678901", "12345678901", "1234567890"),
    ("cnh_number", "123 456 789 01", "12345678901", "1" * 30),
    ("cnh_category", "A", "A", "F"),
    ("cnh_category", "E", "E", "ab"),
    ("cnh_category", "AD", "AD", "ABC"),
    ("cnh_expires_at", "2030-01-31", "2030-01-31", "31/01/2030"),
    ("cnh_expires_at", "2028-02-29", "2028-02-29", "2030-02-30"),
    ("has_mopp", True, True, "talvez"),
    ("status", "inativo", "inativo", "manutencao"),
]


@pytest.mark.parametrize("field,good,stored,bad", FIELD_RULES,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(FIELD_RULES)])
def test_field_rule(api, field, good, stored, bad):
    ok = api.post("/drivers", json=body(**{field: good}))
    assert ok.status_code == 201, ok.get_json()
    assert ok.get_json()["data"][field] == stored
    assert_invalid(api.post("/drivers", json=body(**{field: bad})), field)


@pytest.mark.parametrize("category", ["A", "B", "C", "D", "E", "AB", "AC", "AD", "AE"])
def test_every_cnh_category(api, category):
    assert api.post("/drivers", json=body(cnh_category=category)).status_code == 201


def test_duplicate_cpf_is_409_with_existing_id(api, make_driver):
    existing = make_driver(cpf=CPF)
    response = api.post("/drivers", json=body(cpf=CPF))
    assert response.status_code == 409
    error = response.get_json()["error"]
    assert (error["code"], error["existing_id"]) == ("driver_cpf_exists", str(existing.id))


def test_same_cpf_in_another_company_is_allowed(api, make_company, make_driver):
    make_driver(make_company(), cpf=CPF)
    assert api.post("/drivers", json=body(cpf=CPF)).status_code == 201


def test_get_and_404(api, make_driver):
    driver = make_driver(cnh_expires_at="2031-12-31")
    data = api.get(f"/drivers/{driver.id}").get_json()["data"]
    assert (data["id"], data["cnh_expires_at"]) == (str(driver.id), "2031-12-31")
    assert api.get("/drivers/00000000-0000-0000-0000-000000000000").status_code == 404


def test_patch_changes_only_the_sent_fields(api, make_driver):
    driver = make_driver(name="Antigo", cnh_category="E", has_mopp=True)
    before = api.get(f"/drivers/{driver.id}").get_json()["data"]
    response = api.patch(f"/drivers/{driver.id}", json={"name": "Novo Nome", "cnh_category": None})
    assert response.status_code == 200, response.get_json()
    after = response.get_json()["data"]
    assert (after["name"], after["cnh_category"], after["has_mopp"]) == ("Novo Nome", None, True)
    assert (after["cpf"], after["phone"], after["created_at"]) == (before["cpf"], before["phone"], before["created_at"])


@pytest.mark.parametrize("field,value", [("name", None), ("phone", None), ("cpf", None), ("has_mopp", None),
                                         ("status", None), ("phone", "11987654321"), ("cpf", "529.982.247-25"),
                                         ("cnh_category", "Z")])
def test_patch_rejects(api, make_driver, field, value):
    driver = make_driver()
    assert_invalid(api.patch(f"/drivers/{driver.id}", json={field: value}), field)


def test_patch_to_a_cpf_in_use_is_409(api, make_driver):
    taken, driver = make_driver(), make_driver()
    response = api.patch(f"/drivers/{driver.id}", json={"cpf": taken.cpf})
    assert response.status_code == 409 and response.get_json()["error"]["existing_id"] == str(taken.id)


def test_delete_is_a_soft_delete(api, make_driver):
    driver = make_driver()
    response = api.delete(f"/drivers/{driver.id}")
    assert response.status_code == 200 and response.get_json()["data"]["status"] == "inativo"
    assert api.get(f"/drivers/{driver.id}").get_json()["data"]["status"] == "inativo"
    assert api.delete(f"/drivers/{driver.id}").status_code == 200
    assert api.post("/drivers", json=body(cpf=driver.cpf)).status_code == 409


# --- Bulk --------------------------------------------------------------------------------------

def test_bulk_reports_created_conflicts_and_errors(api, make_driver, make_company):
    registered = make_driver(cpf=CPF)
    other_companys = make_driver(make_company())
    fresh = unique_cpf()
    items = [
        body(name="Novo 1", cpf=fresh),                    # 0 created
        body(cpf=CPF),                                     # 1 conflict: already registered
        body(name="Repetido", cpf=fresh),                  # 2 conflict: repeated in the batch
        {"name": "Sem telefone", "cpf": unique_cpf()},     # 3 error
        body(cpf=other_companys.cpf),                      # 4 created: another company's CPF is not seen
        "não é objeto",                                    # 5 error
        body(phone="11987654321"),                         # 6 error
    ]
    response = api.post("/drivers/bulk", json={"items": items})
    assert response.status_code == 200, response.get_json()
    data = response.get_json()["data"]
    assert [d["cpf"] for d in data["created"]] == [fresh, other_companys.cpf]
    first_id = data["created"][0]["id"]
    assert data["conflicts"] == [{"index": 1, "cpf": CPF, "existing_id": str(registered.id)},
                                 {"index": 2, "cpf": fresh, "existing_id": first_id}]
    assert [e["index"] for e in data["errors"]] == [3, 5, 6]
    error = data["errors"][0]["error"]
    assert error["code"] == "invalid_body" and error["message"]
    assert [d["field"] for d in error["details"]] == ["phone"]
    assert [d["field"] for d in data["errors"][2]["error"]["details"]] == ["phone"]
    created = api.get(f"/drivers/{first_id}").get_json()["data"]
    assert created["name"] == "Novo 1" and created["status"] == "ativo"
    assert len(api.get("/drivers").get_json()["data"]) == 3


def test_bulk_of_200_is_accepted_and_201_is_refused(api):
    items = [body() for _ in range(200)]
    response = api.post("/drivers/bulk", json={"items": items})
    assert response.status_code == 200
    assert len(response.get_json()["data"]["created"]) == 200
    assert_invalid(api.post("/drivers/bulk", json={"items": [body() for _ in range(201)]}), "items")
    assert len(api.get("/drivers", query_string={"limit": 200}).get_json()["data"]) == 200


@pytest.mark.parametrize("payload", [{}, {"items": []}, {"items": "x"}, {"items": {"cpf": CPF}}])
def test_bulk_needs_a_list_of_items(api, payload):
    assert_invalid(api.post("/drivers/bulk", json=payload), "items")


def test_bulk_where_every_item_conflicts_still_answers_200(api, make_driver):
    driver = make_driver()
    response = api.post("/drivers/bulk", json={"items": [body(cpf=driver.cpf)]})
    assert response.status_code == 200
    assert response.get_json()["data"] == {"created": [], "errors": [],
                                           "conflicts": [{"index": 0, "cpf": driver.cpf,
                                                          "existing_id": str(driver.id)}]}


def test_bulk_statement_count_does_not_grow_with_the_batch(api, query_counter):
    api.get("/me")  # warm up (key last-use write)
    counts = {}
    for size in (2, 200):
        items = [body() for _ in range(size)]
        with query_counter() as count:
            response = api.post("/drivers/bulk", json={"items": items})
        assert len(response.get_json()["data"]["created"]) == size
        counts[size] = count()
    # Key lookup, one read of existing CPFs, the inserts (one executemany / insertmanyvalues batch), savepoint.
    assert counts[2] == counts[200] <= 8, counts


def test_bulk_is_idempotent_with_a_key(api):
    payload = {"items": [body()]}
    first = api.post("/drivers/bulk", json=payload, headers={"Idempotency-Key": "lote-1"})
    again = api.post("/drivers/bulk", json=payload, headers={"Idempotency-Key": "lote-1"})
    assert first.status_code == again.status_code == 200
    assert first.get_json() == again.get_json()
    assert len(api.get("/drivers").get_json()["data"]) == 1


# --- List --------------------------------------------------------------------------------------

def test_list_filters(api, make_driver):
    ana = make_driver(name="Ana Souza", cpf=CPF)
    bruno = make_driver(name="Bruno Lima")
    api.delete(f"/drivers/{bruno.id}")

    def ids(**params):
        response = api.get("/drivers", query_string=params)
        assert response.status_code == 200, response.get_json()
        return [d["id"] for d in response.get_json()["data"]]

    assert ids() == [str(bruno.id), str(ana.id)]
    assert ids(status="ativo") == [str(ana.id)]
    assert ids(status="inativo") == [str(bruno.id)]
    assert ids(q="souza") == [str(ana.id)]
    assert ids(q="529.982") == [str(ana.id)]
    assert_invalid(api.get("/drivers", query_string={"status": "manutencao"}), "status", code="invalid_query")


@pytest.mark.parametrize("params,field,code", [({"limit": "0"}, "limit", "invalid_query"),
                                               ({"limit": "201"}, "limit", "invalid_query"),
                                               ({"cursor": "bad.cursor"}, "cursor", "invalid_cursor")])
def test_list_bad_query(api, params, field, code):
    assert_invalid(api.get("/drivers", query_string=params), field, code=code)


def test_pagination_walk_with_concurrent_inserts(api, make_driver):
    existing = [str(make_driver().id) for _ in range(5)]
    inserted = []
    seen = walk_pages(api, "/drivers", limit=2, between=lambda n: inserted.append(str(make_driver().id)))
    assert seen == existing[::-1] and len(inserted) == 2


# --- Authorisation and tenancy -----------------------------------------------------------------

def test_read_only_key_cannot_write(make_api, company, make_driver):
    driver = make_driver()
    reader = make_api(company, scopes=("read",))
    assert reader.get("/drivers").status_code == 200
    for response in (reader.post("/drivers", json=body()),
                     reader.post("/drivers/bulk", json={"items": [body()]}),
                     reader.patch(f"/drivers/{driver.id}", json={"name": "X"}),
                     reader.delete(f"/drivers/{driver.id}")):
        assert response.status_code == 403
        assert response.get_json()["error"]["code"] == "insufficient_scope"
    assert len(reader.get("/drivers").get_json()["data"]) == 1


@pytest.mark.parametrize("method,payload", [("GET", None), ("PATCH", {"name": "Roubado", "status": "inativo"}),
                                            ("DELETE", None)])
def test_another_companys_driver_is_404_and_untouched(api, make_company, make_driver, method, payload):
    other = make_company()
    theirs = make_driver(other, name="Motorista Deles")
    response = api.request(method, f"/drivers/{theirs.id}", json_body=payload)
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"
    row = db.session.execute(cross_tenant(db.select(Driver).where(Driver.id == theirs.id))
                             .execution_options(populate_existing=True)).scalar_one()
    assert (row.name, row.status, row.company_id) == ("Motorista Deles", "ativo", other.id)
    assert api.get("/drivers").get_json()["data"] == []
