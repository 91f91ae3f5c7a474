"""Tenancy sweep over every id a body or a query names: another company's record there is 404 `not_found` naming
the field, exactly like a missing one (never 422, never a 400, never an empty 200, never stored verbatim).

The fields are enumerated from the OpenAPI document, so a new `*_id` field in any body or query fails
`test_every_body_and_query_id_field_has_a_case` until it gets a case here."""
import re
from datetime import timedelta

import pytest

from core.clock import brasilia_today
from core.db import db
from core.openapi import build_document
from core.tenancy import tenant_scope
from domain.ciot.models import CiotOperation
from tests.finance.conftest import access_key
from tests.fixtures.agregado import agregado_body
from tests.fixtures.ciot import ciot_body
from tests.fixtures.freights import freight_body
from tests.simulations.conftest import COST_INPUTS

P = "/api/public/v1"

# Fields whose other-company answer the product decided otherwise, with the reason.
EXEMPT = {
    ("POST", f"{P}/ciot/operations", "external_id"): "the caller's own reference, not a record of ours",
    ("PATCH", f"{P}/ciot/operations/{{operation_id}}", "external_id"): "the caller's own reference",
    ("POST", f"{P}/ciot/operations/from-document", "external_id"): "the caller's own reference",
    ("POST", f"{P}/simulations", "methodology_id"): "the contract's exception: 403 for another company's methodology",
}


def _walk(schema: dict, components: dict, path: str = "", seen: tuple = ()):
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        if name not in seen:
            yield from _walk(components[name], components, path, seen + (name,))
        return
    for key in ("anyOf", "oneOf", "allOf"):
        for option in schema.get(key, []):
            yield from _walk(option, components, path, seen)
    if "items" in schema:
        yield from _walk(schema["items"], components, path + "[]", seen)
    for name, prop in schema.get("properties", {}).items():
        here = f"{path}.{name}" if path else name
        if name.endswith(("_id", "_ids")):
            yield here
        yield from _walk(prop, components, here, seen)


def id_fields_in_the_document() -> set:
    document = build_document()
    schemas, parameters = document["components"]["schemas"], document["components"].get("parameters", {})
    found = set()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            for declared in operation.get("parameters", []):
                parameter = parameters[declared["$ref"].rsplit("/", 1)[-1]] if "$ref" in declared else declared
                if parameter["in"] == "query" and parameter["name"].endswith(("_id", "_ids")):
                    found.add((method.upper(), path, parameter["name"]))
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            if body:
                found |= {(method.upper(), path, field) for field in _walk(body, schemas)}
    return found


@pytest.fixture
def world(app, make_company, make_api, make_partner, make_vehicle, make_driver, make_freight, make_tac):
    """Ours: a company with every module, its client and the records a valid body needs. Theirs: one record of
    each kind another company owns."""
    ours = make_company(modules=["billing", "financial"])
    theirs = make_company(modules=["billing", "financial"])
    api, their_api = make_api(ours, scopes=("read", "write", "webhooks")), make_api(theirs)
    simulation = their_api.post("/simulations", json={
        "methodology_id": _methodology(theirs), "inputs": COST_INPUTS, "save": True,
        "tax_context": {"origin_state": "SP", "destination_state": "SP"}}).get_json()["data"]["id"]
    operation = api.post("/ciot/operations", json=ciot_body()).get_json()["data"]["id"]
    return {
        "api": api,
        "mine": {"partner": str(make_partner(ours).id), "freight": make_freight(ours), "tac": make_tac(ours),
                 "operation": operation},
        "other": {"partner": str(make_partner(theirs).id), "freight": str(make_freight(theirs).id),
                  "vehicle": str(make_vehicle(theirs).id), "driver": str(make_driver(theirs).id),
                  "simulation": simulation, "tac": str(make_tac(theirs).id), "endpoint": _endpoint(theirs),
                  "document": _their_document(their_api, theirs, make_partner)},
    }


def _methodology(company) -> str:
    from domain.simulations.models import Methodology
    with tenant_scope(company.id):
        return str(db.session.execute(db.select(Methodology.id).where(Methodology.template == "cost_model"))
                   .scalar_one())


def _endpoint(company) -> str:
    from domain.webhooks import services
    with tenant_scope(company.id):
        endpoint, _ = services.create_endpoint(company, url="https://erp.example.com/hooks")
        db.session.commit()
        return str(endpoint.id)


def _document(w, **fields) -> dict:
    return {"kind": "cte", "customer_partner_id": w["mine"]["partner"], "chave": access_key("57"), "numero": "1",
            "serie": "1", "valor_centavos": 1000, "emissao_at": "2026-01-10", **fields}


def _their_document(their_api, theirs, make_partner) -> str:
    body = {"kind": "cte", "customer_partner_id": str(make_partner(theirs).id), "chave": access_key("57")}
    return their_api.post("/billing/documents", json=body).get_json()["data"]["id"]


def _payable(**fields) -> dict:
    return {"descricao": "Pneus", "valor_centavos": 1000,
            "vencimento_at": (brasilia_today() + timedelta(days=5)).isoformat(), **fields}


def _invoice(w, **fields) -> dict:
    document = w["api"].post("/billing/documents", json=_document(w)).get_json()["data"]["id"]
    return {"document_ids": [document], **fields}


def _freight(w) -> str:
    return str(w["mine"]["freight"].id)


# A freight's references and the kind of record each names.
FREIGHT_REFERENCES = {"carrier": "partner", "driver": "driver", "vehicle": "vehicle", "simulation": "simulation"}


def _freight_create(kind: str):
    return lambda w, o: ("POST", "/freights", freight_body(**{f"{kind}_id": o[FREIGHT_REFERENCES[kind]]}))


def _freight_patch(kind: str):
    return lambda w, o: ("PATCH", f"/freights/{_freight(w)}", {f"{kind}_id": o[FREIGHT_REFERENCES[kind]]})


# (method, path in the document, field) → request(world) → (method, path, body): the field holds another company's id.
CASES = {
    ("POST", f"{P}/billing/documents", "customer_partner_id"):
        lambda w, o: ("POST", "/billing/documents", _document(w, customer_partner_id=o["partner"])),
    ("POST", f"{P}/billing/documents", "freight_id"):
        lambda w, o: ("POST", "/billing/documents", _document(w, freight_id=o["freight"])),
    ("POST", f"{P}/ciot/operations/from-document", "documents[].billing_document_id"):
        lambda w, o: ("POST", "/ciot/operations/from-document",
                      {"documents": [{"billing_document_id": o["document"]}]}),
    ("POST", f"{P}/billing/invoices", "document_ids"):
        lambda w, o: ("POST", "/billing/invoices", {"document_ids": [o["document"]]}),
    ("POST", f"{P}/billing/invoices", "customer_partner_id"):
        lambda w, o: ("POST", "/billing/invoices", _invoice(w, customer_partner_id=o["partner"])),
    ("POST", f"{P}/ciot/operations", "freight_id"):
        lambda w, o: ("POST", "/ciot/operations", ciot_body(freight_id=o["freight"])),
    ("PATCH", f"{P}/ciot/operations/{{operation_id}}", "freight_id"):
        lambda w, o: ("PATCH", f"/ciot/operations/{w['mine']['operation']}", {"freight_id": o["freight"]}),
    ("POST", f"{P}/ciot-agregado/operations", "partner_id"):
        lambda w, o: ("POST", "/ciot-agregado/operations", {**agregado_body(w["mine"]["tac"]),
                                                            "partner_id": o["tac"]}),
    ("GET", f"{P}/ciot-agregado/operations", "partner_id"):
        lambda w, o: ("GET", f"/ciot-agregado/operations?partner_id={o['tac']}", None),
    **{("POST", f"{P}/freights", f"{kind}_id"): _freight_create(kind) for kind in FREIGHT_REFERENCES},
    **{("PATCH", f"{P}/freights/{{freight_id}}", f"{kind}_id"): _freight_patch(kind) for kind in FREIGHT_REFERENCES},
    ("POST", f"{P}/freights/{{freight_id}}/offers", "carrier_id"):
        lambda w, o: ("POST", f"/freights/{_freight(w)}/offers", {"price": 100, "carrier_id": o["partner"]}),
    ("GET", f"{P}/leads", "freight_id"): lambda w, o: ("GET", f"/leads?freight_id={o['freight']}", None),
    ("POST", f"{P}/messages", "freight_id"):
        lambda w, o: ("POST", "/messages", {"channel": "sms", "to": "+5541999998888", "body": "x",
                                            "freight_id": o["freight"]}),
    ("GET", f"{P}/messages", "freight_id"): lambda w, o: ("GET", f"/messages?freight_id={o['freight']}", None),
    ("POST", f"{P}/finance/payables", "supplier_partner_id"):
        lambda w, o: ("POST", "/finance/payables", _payable(supplier_partner_id=o["partner"])),
    ("POST", f"{P}/finance/payables", "freight_id"):
        lambda w, o: ("POST", "/finance/payables", _payable(freight_id=o["freight"])),
    ("GET", f"{P}/webhooks/deliveries", "endpoint_id"):
        lambda w, o: ("GET", f"/webhooks/deliveries?endpoint_id={o['endpoint']}", None),
    ("POST", f"{P}/finance/payables", "vehicle_id"):
        lambda w, o: ("POST", "/finance/payables", _payable(vehicle_id=o["vehicle"])),
}


def test_every_body_and_query_id_field_has_a_case():
    found = id_fields_in_the_document()
    assert found - set(CASES) - set(EXEMPT) == set(), "a new id field: add its case to CASES (404 for others' ids)"
    assert set(CASES) | set(EXEMPT) <= found, "a case for a field the document no longer has"


def list_item(field: str) -> str:
    """`documents[0].billing_document_id` as the document names the field: `documents[].billing_document_id`."""
    return re.sub(r"\[\d+\]", "[]", field)


@pytest.mark.parametrize("case", sorted(CASES), ids=lambda c: f"{c[0]} {c[1].removeprefix(P)} {c[2]}")
def test_another_companys_id_is_404_naming_the_field(world, case):
    method, path, body = CASES[case](world, world["other"])
    response = world["api"].request(method, path, json_body=body)
    answer = response.get_json()
    assert response.status_code == 404, answer
    assert answer["error"]["code"] == "not_found", answer
    assert [list_item(d["field"]) for d in answer["error"]["details"]] == [case[2]], answer


@pytest.mark.parametrize("case", sorted(CASES), ids=lambda c: f"{c[0]} {c[1].removeprefix(P)} {c[2]}")
def test_a_missing_id_answers_the_same(world, case):
    missing = dict.fromkeys(world["other"], "0b7c3c1e-9f1d-4a51-8a8e-1c2d3e4f5a6b")
    method, path, body = CASES[case](world, missing)
    response = world["api"].request(method, path, json_body=body)
    assert response.status_code == 404, response.get_json()
    assert [list_item(d["field"]) for d in response.get_json()["error"]["details"]] == [case[2]]


def test_the_callers_own_ids_are_accepted(world, make_partner, make_freight):
    """The passing side of the sweep: the same fields with the caller's own records."""
    api, mine = world["api"], world["mine"]
    created = api.post("/ciot/operations", json=ciot_body(freight_id=_freight(world)))
    assert created.status_code == 201, created.get_json()
    stored = api.get(f"/ciot/operations/{created.get_json()['data']['id']}").get_json()["data"]
    assert stored["freight_id"] == _freight(world)
    assert api.patch(f"/ciot/operations/{mine['operation']}", json={"freight_id": _freight(world)}).status_code == 200
    assert api.get(f"/leads?freight_id={_freight(world)}").status_code == 200
    assert api.get(f"/ciot-agregado/operations?partner_id={mine['tac'].id}").status_code == 200
    offer = api.post(f"/freights/{_freight(world)}/offers", json={"price": 100, "carrier_id": mine["partner"]})
    assert offer.status_code == 201, offer.get_json()


def test_nothing_is_stored_for_a_refused_id(world):
    api, other = world["api"], world["other"]
    before = _operation_count(world)
    assert api.post("/ciot/operations", json=ciot_body(freight_id=other["freight"])).status_code == 404
    assert _operation_count(world) == before


def _operation_count(world) -> int:
    company_id = world["mine"]["freight"].company_id
    with tenant_scope(company_id):
        return db.session.execute(db.select(db.func.count()).select_from(CiotOperation)).scalar()
