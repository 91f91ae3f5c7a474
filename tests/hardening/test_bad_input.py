"""Every bad input a clear 4xx naming the field (never a 5xx), on the API and on the pages; on PostgreSQL too."""
import json

import pytest

from tests.fixtures.core import API
from tests.fixtures.partners import unique_partner_cnpj


def partner(**overrides):
    return {"person_kind": "pj", "cpf_cnpj": unique_partner_cnpj(), "legal_name": "Transportes Andorinha Ltda",
            **overrides}


def fields_of(response) -> list:
    return [d["field"] for d in response.get_json()["error"]["details"]]


@pytest.mark.parametrize("where", [{"legal_name": "Andorinha\u0000Ltda"}, {"notes": "a\u0000b"},
                                   {"address": {"street": "Rua\u0000A"}}])
def test_nul_byte_in_a_body_string_is_400_naming_the_field(api, where):
    response = api.post("/partners", json=partner(**where))
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["code"] == "invalid_body"
    [name] = list(where)
    assert fields_of(response)[0].startswith(name)


def test_nul_byte_in_a_body_key_is_400(api):
    response = api.post("/partners", json={**partner(), "le\u0000gal": "x"})
    assert response.status_code == 400


def test_nul_byte_in_a_query_is_400_naming_the_parameter(api):
    response = api.get("/partners?q=a%00b")
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "invalid_query" and fields_of(response) == ["q"]


def test_nul_byte_on_a_page_is_400(login, make_user, company):
    client = login(make_user(company))
    response = client.get("/parceiros?q=a%00b")
    assert response.status_code == 400
    assert "q" in response.get_data(as_text=True)


def test_deeply_nested_json_is_400_not_a_recursion_error(api):
    deep = '{"legal_name": ' + "[" * 1000 + "]" * 1000 + "}"
    response = api.client.post(API + "/partners", data=deep, content_type="application/json",
                               headers={"X-API-Key": api.key})
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "invalid_json" and fields_of(response) == ["body"]
    very_deep = "[" * 100_000 + "]" * 100_000
    response = api.client.post(API + "/partners", data=very_deep, content_type="application/json",
                               headers={"X-API-Key": api.key})
    assert response.status_code == 400


def test_dates_at_the_ends_of_the_range_are_normal_filters(api, login, make_user, company):
    assert api.get("/ciot/operations?to=9999-12-31").status_code == 200
    assert api.get("/ciot/operations?from=0001-01-01&to=9999-12-31").status_code == 200
    assert api.get("/partners?created_before=0001-01-01T00:00:00%2B14:00").status_code == 200
    assert api.get("/partners?created_before=9999-12-31T23:59:59-14:00").status_code == 200
    client = login(make_user(company))
    assert client.get("/parceiros?created_before=0001-01-01T00:00:00%2B14:00").status_code == 200
    assert client.get("/ciot/?to=9999-12-31").status_code == 200


def test_ciot_batch_pdf_at_the_end_of_the_range(api):
    response = api.get("/ciot/operations/pdf?status=emitido&to=9999-12-31")
    assert response.status_code < 500


def test_a_400_digit_timestamp_is_401_naming_the_header(app, company, make_api_key):
    _, full = make_api_key(company)
    response = app.test_client().get(API + "/me", headers={
        "X-API-Key": full, "X-Service-Timestamp": "9" * 400, "X-Service-Signature": "00" * 32})
    assert response.status_code == 401
    body = response.get_json()["error"]
    assert body["code"] == "invalid_signature" and [d["field"] for d in body["details"]] == ["X-Service-Timestamp"]


def test_json_with_a_nul_escape_in_a_list_item(api):
    payload = json.dumps(partner(roles=["contratado\u0000"]))
    response = api.client.post(API + "/partners", data=payload, content_type="application/json",
                               headers={"X-API-Key": api.key})
    assert response.status_code == 400


# --- Round two (docs/hardening.md): the last 5xx -------------------------------------------------------------------

def test_a_declaration_at_the_end_of_the_calendar_is_a_blocker_not_a_500(api):
    """DAT07 added 30 days to the declaration date: 9999-12-31 overflowed. Now it is DAT01's blocker."""
    from tests.fixtures.ciot import ciot_body
    created = api.post("/ciot/operations", json=ciot_body(data_declaracao="9999-12-31"))
    assert created.status_code == 201, created.get_json()
    op = created.get_json()["data"]
    assert op["status"] != "pronto_emissao"
    again = api.post("/ciot/operations", json=ciot_body(external_id="ERP-2"))
    op_id = again.get_json()["data"]["id"]
    patched = api.patch(f"/ciot/operations/{op_id}", json={"data_declaracao": "9999-12-31"})
    assert patched.status_code < 500, patched.get_json()
    validated = api.post(f"/ciot/operations/{op_id}/validate")
    assert validated.status_code < 500, validated.get_json()
    assert "DAT01" in json.dumps(validated.get_json())


PUBLIC_PATHS_WITH_A_SEGMENT = [
    ("GET", API + "/marketplace/freights/{}"), ("GET", API + "/messages/callbacks/whatsapp/{}"),
    ("POST", API + "/messages/callbacks/whatsapp/{}"), ("POST", API + "/messages/callbacks/sms/{}"),
    ("GET", "/f/{}"), ("GET", API + "/partners/{}"),
]


@pytest.mark.parametrize("segment", ["%00", "a%00b", "%00.json"])
@pytest.mark.parametrize("method,template", PUBLIC_PATHS_WITH_A_SEGMENT)
def test_a_nul_byte_in_a_path_segment_is_404(app, method, template, segment):
    """PostgreSQL refused the lookup's NUL parameter with an error (500): no slug, token or id holds one."""
    response = app.test_client().open(template.format(segment), method=method,
                                      json={} if method == "POST" else None)
    assert response.status_code == 404, (method, template, response.status_code)


def test_an_empty_patch_body_is_400_naming_the_body(api):
    created = api.post("/partners", json=partner()).get_json()["data"]
    response = api.client.patch(f"{API}/partners/{created['id']}", data=b"", content_type="application/json",
                                headers={"X-API-Key": api.key})
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "invalid_body" and fields_of(response) == ["body"]
    assert api.patch(f"/partners/{created['id']}", json={}).status_code == 200  # an empty object still changes nothing


# --- Strict numbers: JSON true/false is not a number ---------------------------------------------------------------

def test_a_boolean_is_not_a_number_anywhere(app, make_company, make_api_key, api):
    from tests.fixtures.core import ApiClient
    company = make_company(modules=["billing", "financial"])
    fin = ApiClient(app.test_client(), make_api_key(company)[1])
    payable = {"descricao": "Pneus", "valor_centavos": 10000, "vencimento_at": "2030-01-10"}
    for field in ("valor_centavos", "parcela_total"):
        for value in (True, False):
            response = fin.post("/finance/payables", json={**payable, field: value})
            assert response.status_code == 400, (field, value, response.get_json())
            assert fields_of(response) == [field]
    assert fin.get("/finance/payables").get_json()["data"] == []  # nothing half-written
    assert fin.post("/finance/payables", json=payable).status_code == 201  # a number still is one
    vehicle = api.post("/vehicles", json={"plate": "ABC1D23", "axles": True})
    assert vehicle.status_code == 400 and fields_of(vehicle) == ["axles"]
