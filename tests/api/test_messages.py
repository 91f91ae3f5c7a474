"""Messages API: validation (E.164, e-mail, template xor body, unknown template, missing variable), 202 queued,
GET by id, list by freight; delivery through the development adapter (jobs inline in tests)."""
from core.db import db
from core.tenancy import tenant_scope
from domain.messages.templates import save_template
from tests.fixtures.partners import assert_invalid


def test_post_answers_202_queued_and_the_worker_sends_it(api, make_freight):
    freight = make_freight(status="published", pickup_at="2030-12-01T11:00:00Z")
    response = api.post("/messages", json={"channel": "whatsapp", "to": "+5541999998888", "freight_id": freight.code,
                                           "template": "carga_disponivel"})
    assert response.status_code == 202, response.get_json()
    data = response.get_json()["data"]
    assert data["status"] == "queued" and data["channel"] == "whatsapp" and data["created_at"].endswith("Z")
    assert "São Paulo/SP" in data["body"] and freight.code in data["body"]  # variables from the freight
    shown = api.get(f"/messages/{data['id']}").get_json()["data"]
    assert shown["status"] == "sent" and shown["provider"] == "development"  # the default adapter


def test_free_text_email(api):
    response = api.post("/messages", json={"channel": "email", "to": "Motorista@Example.com", "body": "Olá",
                                           "subject": "Aviso"})
    assert response.status_code == 202
    assert response.get_json()["data"]["to"] == "motorista@example.com"


def test_validation_names_the_field(api):
    assert_invalid(api.post("/messages", json={"channel": "whatsapp", "to": "41999998888", "body": "x"}), "to")
    assert_invalid(api.post("/messages", json={"channel": "sms", "to": "+55", "body": "x"}), "to")
    assert_invalid(api.post("/messages", json={"channel": "email", "to": "nada", "body": "x"}), "to")
    assert_invalid(api.post("/messages", json={"channel": "telegram", "to": "+5541999998888", "body": "x"}), "channel")
    assert_invalid(api.post("/messages", json={"channel": "sms", "to": "+5541999998888"}), "body")
    assert_invalid(api.post("/messages", json={"channel": "sms", "to": "+5541999998888", "body": "x",
                                               "template": "frete_aceito"}), "template")


def test_unknown_template_and_missing_variable_are_422(api):
    response = api.post("/messages", json={"channel": "sms", "to": "+5541999998888", "template": "nao_existe"})
    body = response.get_json()
    assert response.status_code == 422 and body["error"]["code"] == "unknown_template"
    assert body["error"]["details"][0]["field"] == "template"
    response = api.post("/messages", json={"channel": "sms", "to": "+5541999998888", "template": "coleta_agendada",
                                           "variables": {"codigo": "FRT-000001", "origem": "Curitiba/PR"}})
    body = response.get_json()
    assert response.status_code == 422 and body["error"]["code"] == "missing_variable"
    assert {d["field"] for d in body["error"]["details"]} == {"variables.motorista", "variables.data_coleta",
                                                              "variables.destino"}
    ok = api.post("/messages", json={"channel": "sms", "to": "+5541999998888", "template": "coleta_agendada",
                                     "variables": {"codigo": "FRT-1", "origem": "A", "destino": "B",
                                                   "motorista": "Ana", "data_coleta": "01/12"}})
    assert ok.status_code == 202 and ok.get_json()["data"]["body"].startswith("Olá, Ana!")


def test_company_edited_template_replaces_the_default(api, company):
    with tenant_scope(company.id):
        save_template(company, "frete_aceito", name="Aceito", subject=None, body="Fechado, {codigo}!")
        db.session.commit()
    response = api.post("/messages", json={"channel": "sms", "to": "+5541999998888", "template": "frete_aceito",
                                           "variables": {"codigo": "FRT-9"}})
    assert response.get_json()["data"]["body"] == "Fechado, FRT-9!"


def test_list_by_freight_and_tenancy(api, make_freight, make_company, make_api):
    freight, other = make_freight(), make_freight()
    for target in (freight, freight, other):
        api.post("/messages", json={"channel": "sms", "to": "+5541999998888", "body": "x",
                                    "freight_id": str(target.id)})
    listed = api.get(f"/messages?freight_id={freight.code}").get_json()["data"]
    assert len(listed) == 2 and all(m["freight_id"] == str(freight.id) for m in listed)
    assert len(api.get("/messages?limit=2").get_json()["data"]) == 2
    stranger = make_api(make_company())
    assert stranger.get(f"/messages/{listed[0]['id']}").status_code == 404
    assert stranger.get(f"/messages?freight_id={freight.id}").status_code == 404
    response = stranger.post("/messages", json={"channel": "sms", "to": "+5541999998888", "body": "x",
                                                "freight_id": str(freight.id)})
    assert response.status_code == 404 and response.get_json()["error"]["details"][0]["field"] == "freight_id"
    assert api.get("/messages/not-a-uuid").status_code == 404
