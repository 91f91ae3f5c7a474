"""Billing inbox: documents created, listed, read and discarded; customer and key rules; module gate."""
import hashlib
import hmac
import time
import uuid

import pytest

from core.db import db, utcnow
from core.errors import Conflict
from core.tenancy import tenant_scope
from domain.billing import services as billing
from domain.billing.models import BillingDocument
from domain.billing.schemas import DocumentCreate
from tests.finance.conftest import access_key
from tests.fixtures.partners import assert_invalid, walk_pages


def test_document_created_with_customer_by_formatted_cnpj(fin_api, customer):
    formatted = f"{customer.cpf_cnpj[:2]}.{customer.cpf_cnpj[2:5]}.{customer.cpf_cnpj[5:8]}/" \
                f"{customer.cpf_cnpj[8:12]}-{customer.cpf_cnpj[12:]}"
    key = access_key("55")
    response = fin_api.post("/billing/documents", json={"kind": "nfe", "customer_cpf_cnpj": formatted, "chave": key,
                                                        "valor_centavos": 1999, "metadata": {"origem": "erp"}})
    assert response.status_code == 201, response.get_json()
    data = response.get_json()["data"]
    assert data["status"] == "pendente" and data["customer_partner_id"] == str(customer.id)
    assert data["chave"] == key and data["valor_centavos"] == 1999 and data["metadata"] == {"origem": "erp"}
    assert fin_api.get(f"/billing/documents/{data['id']}").get_json()["data"] == data
    assert fin_api.get("/billing/documents").get_json()["data"] == [data]  # the list row answers the same


def test_all_fields_optional_kind_defaults_to_outro(fin_api):
    response = fin_api.post("/billing/documents", json={})
    assert response.status_code == 201
    assert response.get_json()["data"]["kind"] == "outro"


def test_customer_not_of_the_company_is_404(fin_api, make_company, make_partner):
    other = make_partner(make_company())
    assert fin_api.post("/billing/documents", json={"customer_partner_id": str(other.id)}).status_code == 404
    response = fin_api.post("/billing/documents", json={"customer_cpf_cnpj": other.cpf_cnpj})
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"


def test_freight_must_be_the_company_s(fin_api):
    response = fin_api.post("/billing/documents", json={"freight_id": "00000000-0000-4000-8000-000000000000"})
    assert response.status_code == 404


def test_chave_rules_for_cte_and_nfe(fin_api):
    good = access_key("57")
    assert_invalid(fin_api.post("/billing/documents", json={"kind": "cte", "chave": good[:43]}), "chave")
    bad_digit = good[:43] + str((int(good[43]) + 1) % 10)
    body = assert_invalid(fin_api.post("/billing/documents", json={"kind": "cte", "chave": bad_digit}), "chave")
    assert body["error"]["details"][0]["code"] == "invalid_check_digit"
    body = assert_invalid(fin_api.post("/billing/documents", json={"kind": "nfe", "chave": good}), "chave")
    assert body["error"]["details"][0]["code"] == "model_mismatch"
    assert fin_api.post("/billing/documents", json={"kind": "cte", "chave": good}).status_code == 201
    # other kinds keep whatever reference they carry
    assert fin_api.post("/billing/documents", json={"kind": "pdf", "chave": "boleto-77"}).status_code == 201


@pytest.mark.parametrize("kind", ["outro", "pdf", "xlsx"])
def test_any_chave_is_at_most_44_characters(fin_api, kind):
    """The contract's limit for every kind (the column holds 44): 45 is a 400 naming `chave` on SQLite and on
    PostgreSQL alike (it was PostgreSQL's 500), and nothing is stored."""
    body = assert_invalid(fin_api.post("/billing/documents", json={"kind": kind, "chave": "r" * 45}), "chave")
    assert body["error"]["details"][0]["code"] == "string_too_long"
    assert fin_api.get("/billing/documents").get_json()["data"] == []
    response = fin_api.post("/billing/documents", json={"kind": kind, "chave": "r" * 44})
    assert response.status_code == 201 and response.get_json()["data"]["chave"] == "r" * 44


def test_duplicate_chave_is_409_with_the_existing_id(fin_api, make_document):
    first = make_document()
    response = fin_api.post("/billing/documents", json={"kind": "cte", "chave": first["chave"]})
    assert response.status_code == 409
    error = response.get_json()["error"]
    assert error["code"] == "billing_document_exists" and error["existing_id"] == first["id"]


def test_list_filters_by_status_and_pages(fin_api, make_document):
    ids = [make_document()["id"] for _ in range(5)]
    fin_api.post(f"/billing/documents/{ids[0]}/discard")
    assert sorted(walk_pages(fin_api, "/billing/documents", limit=2)) == sorted(ids)
    pending = fin_api.get("/billing/documents", query_string={"status": "pendente"}).get_json()["data"]
    assert {d["id"] for d in pending} == set(ids[1:])
    assert_invalid(fin_api.get("/billing/documents", query_string={"status": "novo"}), "status",
                   code="invalid_query")
    assert_invalid(fin_api.get("/billing/documents", query_string={"limit": 201}), "limit", code="invalid_query")


def test_discard_only_pending(fin_api, make_document):
    doc = make_document()
    response = fin_api.post(f"/billing/documents/{doc['id']}/discard")
    assert response.status_code == 200 and response.get_json()["data"]["status"] == "descartado"
    again = fin_api.post(f"/billing/documents/{doc['id']}/discard")
    assert again.status_code == 422 and again.get_json()["error"]["code"] == "invalid_status"


def test_billing_needs_the_billing_module(app, make_company, make_api_key):
    from tests.fixtures.core import ApiClient
    company = make_company(modules=["financial"])
    _, key = make_api_key(company)
    api = ApiClient(app.test_client(), key, header="x-service-key")
    response = api.get("/billing/documents")
    assert response.status_code == 403 and response.get_json()["error"]["code"] == "module_disabled"
    assert api.post("/billing/invoices", json={"document_ids": []}).status_code == 403


def _signed_post(app, key: str, body: bytes, signature: str | None = None):
    """POST /billing/documents signed as the contract says, with a fresh timestamp (inside the window): only the
    signature decides. `signature` replaces the right one."""
    timestamp = str(int(time.time() * 1000))
    secret = key.split(".", 1)[1]
    right = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return app.test_client().post("/api/public/v1/billing/documents", data=body, content_type="application/json",
                                  headers={"x-service-key": key, "x-service-timestamp": timestamp,
                                           "x-service-signature": signature or right})


def test_billing_bad_hmac_is_401_and_the_right_one_passes(app, fin_company, make_api_key):
    from tests.fixtures.core import ApiClient
    _, key = make_api_key(fin_company)
    body = b'{"kind": "outro", "numero": "HMAC-1"}'
    response = _signed_post(app, key, body, signature="0" * 64)
    assert response.status_code == 401
    error = response.get_json()["error"]
    assert error["code"] == "invalid_signature" and error["details"][0]["field"] == "X-Service-Signature"
    response = _signed_post(app, key, body)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["data"]["numero"] == "HMAC-1"
    assert ApiClient(app.test_client(), None).get("/billing/documents").status_code == 401


# --- The same chave stored by a concurrent request between our check and our insert ---------------

def _stored_chaves(company_id) -> list:
    with tenant_scope(company_id):
        return db.session.execute(db.select(BillingDocument.chave, BillingDocument.numero)
                                  .order_by(BillingDocument.numero)).all()


def _insert_document(company_id, chave, numero):
    def insert(conn):
        conn.execute(BillingDocument.__table__.insert().values(
            id=uuid.uuid4(), company_id=company_id, kind="cte", status="pendente", chave=chave, numero=numero,
            valor_centavos=1, created_at=utcnow(), updated_at=utcnow(), metadata={}))
    return insert


def test_a_chave_stored_concurrently_after_the_check_is_409_naming_it_and_nothing_of_ours_is_stored(
        fin_company, race):
    key = access_key("57")
    fired = race("billing_documents.chave =", _insert_document(fin_company.id, key, "venceu"))
    with tenant_scope(fin_company.id), pytest.raises(Conflict) as caught:
        billing.create_document(fin_company, DocumentCreate(kind="cte", chave=key, numero="perdeu"))
    db.session.rollback()
    assert fired and caught.value.status == 409 and caught.value.code == "billing_document_exists"
    with tenant_scope(fin_company.id):
        winner = db.session.execute(db.select(BillingDocument.id).where(BillingDocument.chave == key)).scalar_one()
    assert caught.value.extra == {"existing_id": str(winner)}
    assert _stored_chaves(fin_company.id) == [(key, "venceu")]


def test_the_api_answers_the_lost_race_with_the_contract_409(fin_api, fin_company, race):
    """Through the API (PostgreSQL only: on SQLite the request's earlier write holds the database lock, so no
    other writer can win the race there)."""
    if db.engine.dialect.name == "sqlite":
        pytest.skip("SQLite serialises writers: the race cannot happen after a write")
    key = access_key("57")
    fired = race("billing_documents.chave =", _insert_document(fin_company.id, key, "venceu"))
    response = fin_api.post("/billing/documents", json={"kind": "cte", "chave": key, "numero": "perdeu"})
    assert fired and response.status_code == 409, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == "billing_document_exists" and error["existing_id"]
    db.session.expire_all()
    assert _stored_chaves(fin_company.id) == [(key, "venceu")]


def test_another_chave_stored_concurrently_does_not_stop_ours(fin_company, race):
    mine, theirs = access_key("57"), access_key("57")
    fired = race("billing_documents.chave =", _insert_document(fin_company.id, theirs, "a-outra"))
    with tenant_scope(fin_company.id):
        billing.create_document(fin_company, DocumentCreate(kind="cte", chave=mine, numero="b-minha"))
        db.session.commit()
    assert fired and _stored_chaves(fin_company.id) == [(theirs, "a-outra"), (mine, "b-minha")]
