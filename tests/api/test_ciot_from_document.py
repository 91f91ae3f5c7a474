"""POST /ciot/operations/from-document: a CIOT operation prefilled from the trip's CT-e (docs/api/ciot.md,
"Operação a partir do CT-e ou da NF-e"). The CT-e files are the repository's sample with this trip's values, signed
with the test certificate (tests/fixtures/trip_cte.py); they go through the billing inbox's reader."""
import json
import threading
import uuid

import pytest
import sqlalchemy as sa

from core.db import db
from core.errors import AppError
from core.tenancy import cross_tenant, tenant_scope
from domain.billing import xml_import
from domain.billing.xml import parse_fiscal_xml
from domain.ciot.models import CiotOperation
from tests.fixtures.ciot import (
    CONTRATADO_CPF,
    CONTRATADO_RNTRC,
    CONTRATANTE_CNPJ,
    DESTINATARIO_CNPJ,
    events_of,
    load_op,
)
from tests.fixtures.committing import commit
from tests.fixtures.core import unique_cnpj
from tests.fixtures.fiscal import event
from tests.fixtures.trip_cte import CAMPINAS, RIO, SAO_PAULO, cte_key, trip_cte, trip_nfe

PATH = "/ciot/operations/from-document"


def _xml(data: bytes) -> str:
    return data.decode()


@pytest.fixture
def registered(company, make_partner, make_bank_account, make_operation):
    """The carrier (a TAC with a bank account), the shipper and the receiver as partners, and one earlier operation
    of that carrier on the route São Paulo → Rio (its vehicles, cargo codes and informed distance, 430 km)."""
    carrier = make_partner(person_kind="pf", cpf_cnpj=CONTRATADO_CPF, legal_name="João da Silva",
                           rntrc=CONTRATADO_RNTRC, rntrc_categoria="TAC")
    make_bank_account(carrier, bank_code="001", agency="1234", account="56789-0")
    make_partner(cpf_cnpj=CONTRATANTE_CNPJ, legal_name="Embarcadora Contratante SA", roles=["contratante"])
    make_partner(cpf_cnpj=DESTINATARIO_CNPJ, legal_name="Comercial Destino Ltda", roles=["destinatario"])
    return make_operation(company)


def _own_cte(company, **overrides):
    return trip_cte(emitter=company.cnpj, shipper=CONTRATANTE_CNPJ, recipient=DESTINATARIO_CNPJ, **overrides)


def _count_operations() -> int:
    return db.session.execute(cross_tenant(sa.select(sa.func.count()).select_from(CiotOperation))).scalar()


def test_the_companys_own_cte_and_the_chosen_carrier_make_a_ready_operation(api, company, registered):
    nfe_key = cte_key(unique_cnpj(), 77, model="55")
    key, data = _own_cte(company, nfe_key=nfe_key)
    response = api.post(PATH, json={"documents": [{"xml": _xml(data)}], "contratado_cpf_cnpj": CONTRATADO_CPF})
    assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    assert answer["data"]["status"] == "pronto_emissao", answer["validation"]
    assert answer["documentos"] == [key]
    assert answer["contratado_nao_cadastrado"] is None
    sources = {item["campo"]: item["origem"] for item in answer["derivados"]}
    assert sources["valor_frete"] == "valor da prestação (vTPrest)"
    assert sources["distancia_km"] == "última operação com a mesma origem e destino"
    assert sources["bank_code"] == "conta cadastrada do parceiro"
    op = load_op(answer["data"]["id"])
    with tenant_scope(company.id):
        assert (op.tipo_operacao, op.contratado_cpf_cnpj, op.contratado_rntrc, op.contratado_tipo) == (
            "lotacao", CONTRATADO_CPF, CONTRATADO_RNTRC, "TAC")
        assert (op.origem["codigo_municipio"], op.destino["codigo_municipio"]) == (SAO_PAULO[0], RIO[0])
        assert (op.valor_frete, op.peso_carga, op.distancia_km) == (5000, 20000, 430)
        assert [c.cpf_cnpj for c in op.contratantes] == [CONTRATANTE_CNPJ]
        assert op.destinatario_cpf_cnpj == DESTINATARIO_CNPJ
        assert [(d.kind, d.access_key) for d in op.documents] == [("cte", key), ("nfe", nfe_key)]
        assert [v.plate for v in op.vehicles] == ["ABC1D23", "DEF4567"]
        assert (op.bank_code, op.agency, op.account_number) == ("001", "1234", "56789-0")
    assert events_of(op.id) == ["created", "validated", "from_document"]


def test_a_subcontract_cte_names_the_carrier_and_offers_it_for_registration(api, company):
    """The carrier issued the CT-e to the company (tomador): it is the contratado; not a partner yet, the answer
    gives what registering it needs, and its RNTRC comes from the CT-e's road modal."""
    carrier = unique_cnpj()
    _, data = trip_cte(emitter=carrier, shipper=company.cnpj, recipient=DESTINATARIO_CNPJ, rntrc="87654321")
    # nothing is made up: no vehicle is known for a carrier never hired, so the creation needs them
    _refused(api, {"documents": [{"xml": _xml(data)}]}, 422, "document_incomplete", "vehicles")
    response = api.post(PATH, json={"documents": [{"xml": _xml(data)}],
                                    "vehicles": [{"plate": "XYZ1A23", "vehicle_kind": "automotor", "axles": 3}]})
    assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    assert answer["contratado_nao_cadastrado"] == {"cpf_cnpj": carrier, "nome": "TRANSPORTADORA EXEMPLO LTDA",
                                                   "rntrc": "87654321"}
    op = load_op(answer["data"]["id"])
    assert (op.contratado_cpf_cnpj, op.contratado_rntrc) == (carrier, "87654321")
    with tenant_scope(company.id):
        assert [c.cpf_cnpj for c in op.contratantes] == [company.cnpj]  # the company hired the carrier
        assert [v.plate for v in op.vehicles] == ["XYZ1A23"]


def test_three_ctes_of_one_trip_make_a_fracionada(api, company, registered, make_partner):
    shippers = [CONTRATANTE_CNPJ, unique_cnpj(), unique_cnpj()]
    legs = [(SAO_PAULO, CAMPINAS, "1500.00", "5000.0000"), (SAO_PAULO, RIO, "1700.00", "7000.0000"),
            (CAMPINAS, RIO, "1800.00", "8000.0000")]
    files, keys = [], []
    for shipper, (origin, destination, value, weight) in zip(shippers, legs, strict=True):
        key, data = _own_cte(company, origin=origin, destination=destination, value=value, weight_kg=weight) \
            if shipper == CONTRATANTE_CNPJ else trip_cte(
                emitter=company.cnpj, shipper=shipper, recipient=DESTINATARIO_CNPJ, origin=origin,
                destination=destination, value=value, weight_kg=weight, shipper_name=f"Embarcador {shipper[:4]}")
        files.append({"xml": _xml(data)})
        keys.append(key)
    response = api.post(PATH, json={"documents": files, "contratado_cpf_cnpj": CONTRATADO_CPF})
    assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    assert answer["documentos"] == keys
    op = load_op(answer["data"]["id"])
    with tenant_scope(company.id):
        assert op.tipo_operacao == "fracionada"
        assert [(c.cpf_cnpj, c.valor_frete) for c in op.contratantes] == [
            (shippers[0], 1500), (shippers[1], 1700), (shippers[2], 1800)]
        assert (op.valor_frete, op.peso_carga) == (5000, 20000)
        assert (op.origem["codigo_municipio"], op.destino["codigo_municipio"]) == (SAO_PAULO[0], RIO[0])
        assert [(d.kind, d.access_key) for d in op.documents][:3] == [("cte", k) for k in keys]
    assert answer["data"]["status"] == "pronto_emissao", answer["validation"]


def test_a_document_read_from_the_billing_inbox(api, app, company, registered, tmp_path, monkeypatch):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    key, data = _own_cte(company)
    with tenant_scope(company.id):
        [document] = xml_import.import_xml_files(company, [("cte.xml", data)], tmp_path).documents
        commit()
    response = api.post(PATH, json={"documents": [{"billing_document_id": str(document.id)}],
                                    "contratado_cpf_cnpj": CONTRATADO_CPF})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["documentos"] == [key]


# --- bad input: a clear refusal naming the document, and nothing created ---------------------------------------------

def _refused(api, body: dict, status: int, code: str, field: str) -> dict:
    before = _count_operations()
    response = api.post(PATH, json=body)
    assert response.status_code == status, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == code, error
    assert field in [d["field"] for d in error["details"]], error
    assert _count_operations() == before
    return error


def _inbox_refusal(data: bytes) -> str:
    with pytest.raises(AppError) as refused:
        parse_fiscal_xml(data)
    return refused.value.details[0].message


def test_an_off_schema_cte_is_refused_as_the_inbox_refuses_it(api, company, registered):
    _, data = _own_cte(company, value="12,50", signed=False)
    error = _refused(api, {"documents": [{"xml": _xml(data)}], "contratado_cpf_cnpj": CONTRATADO_CPF}, 400,
                     "invalid_body", "documents[0].xml")
    assert error["details"][0] == {"field": "documents[0].xml", "code": "invalid_xml",
                                   "message": _inbox_refusal(data)}
    assert "vTPrest" in error["details"][0]["message"]


def test_a_cte_edited_after_its_signature_is_refused_as_the_inbox_refuses_it(api, company, registered):
    _, signed = _own_cte(company, value="5000.00")
    edited = signed.replace(b"<vTPrest>5000.00</vTPrest>", b"<vTPrest>9000.00</vTPrest>")
    assert edited != signed
    error = _refused(api, {"documents": [{"xml": _xml(edited)}], "contratado_cpf_cnpj": CONTRATADO_CPF}, 400,
                     "invalid_body", "documents[0].xml")
    assert error["details"][0]["message"] == _inbox_refusal(edited)
    assert "Assinatura digital (XML-DSig) do CT-e inválida" in error["message"]


def test_a_hostile_file_is_refused_before_any_parser_reads_it(api, company, registered):
    hostile = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'
    _refused(api, {"documents": [{"xml": hostile}], "contratado_cpf_cnpj": CONTRATADO_CPF}, 400, "invalid_body",
             "documents[0].xml")


def test_another_companys_cte_is_refused_naming_its_key(api, company, registered):
    key, data = trip_cte(emitter=unique_cnpj(), shipper=CONTRATANTE_CNPJ, recipient=DESTINATARIO_CNPJ)
    error = _refused(api, {"documents": [{"xml": _xml(data)}], "contratado_cpf_cnpj": CONTRATADO_CPF}, 422,
                     "document_other_company", "documents[0].xml")
    assert error["chave"] == key and key in error["message"]


def test_a_cte_with_its_cancellation_is_refused_naming_its_key(api, company, registered):
    key, data = _own_cte(company)
    error = _refused(api, {"documents": [{"xml": _xml(data)}, {"xml": _xml(event("cte", "110111", key))}],
                           "contratado_cpf_cnpj": CONTRATADO_CPF}, 422, "document_cancelled", "documents[0].xml")
    assert error["chave"] == key and error["cancelamento"]["protocolo"] == "135260000001234"


def test_a_cte_cancelled_in_the_billing_inbox_is_refused(api, company, registered, tmp_path):
    key, data = _own_cte(company)
    with tenant_scope(company.id):
        xml_import.import_xml_files(company, [("cte.xml", data), ("canc.xml", event("cte", "110111", key))], tmp_path)
        commit()
    error = _refused(api, {"documents": [{"xml": _xml(data)}], "contratado_cpf_cnpj": CONTRATADO_CPF}, 422,
                     "document_cancelled", "documents[0].xml")
    assert key in error["message"]


def test_a_cte_already_in_another_operation_is_a_conflict_naming_the_key(api, company, registered):
    key, data = _own_cte(company)
    body = {"documents": [{"xml": _xml(data)}], "contratado_cpf_cnpj": CONTRATADO_CPF}
    first = api.post(PATH, json=body)
    assert first.status_code == 201
    error = _refused(api, body, 409, "document_in_use", "documents[0].xml")
    assert error["chave"] == key and error["existing_id"] == first.get_json()["data"]["id"]
    assert first.get_json()["data"]["code"] in error["message"]


def test_a_document_of_a_cancelled_operation_can_be_declared_again(api, company, registered):
    _, data = _own_cte(company)
    body = {"documents": [{"xml": _xml(data)}], "contratado_cpf_cnpj": CONTRATADO_CPF}
    first = api.post(PATH, json=body).get_json()["data"]["id"]
    assert api.delete(f"/ciot/operations/{first}").status_code == 200
    assert api.post(PATH, json=body).status_code == 201


def test_the_companys_own_cte_needs_the_contratado(api, company, registered):
    _, data = _own_cte(company)
    _refused(api, {"documents": [{"xml": _xml(data)}]}, 422, "contratado_required", "contratado_cpf_cnpj")


def test_an_unknown_contratado_without_rntrc_creates_nothing(api, company, registered):
    _, data = _own_cte(company)
    _refused(api, {"documents": [{"xml": _xml(data)}], "contratado_cpf_cnpj": unique_cnpj()}, 422,
             "document_incomplete", "contratado_rntrc")


BODY_LIMIT = 1024 * 1024  # MAX_BODY_BYTES's default (docs/api/versioning.md)


def _of_size(size: int) -> str:
    """A body of exactly `size` bytes: one document whose xml is filler."""
    head, tail = '{"documents": [{"xml": "', '"}]}'
    return head + "x" * (size - len(head) - len(tail)) + tail


@pytest.mark.parametrize(("raw", "field", "detail"), [
    ("{}", "documents", "missing"),
    ('{"documents": []}', "documents", "too_short"),
    ('{"documents": "x"}', "documents", "list_type"),
    ('{"documents": [{}]}', "documents[0]", "one_of"),
    (json.dumps({"documents": [{"xml": "<a/>", "billing_document_id": str(uuid.uuid4())}]}), "documents[0]", "one_of"),
    ('{"documents": [{"xml": 5}]}', "documents[0].xml", "string_type"),
    (json.dumps({"documents": [{"xml": "<a/>"}] * 21}), "documents", "too_long"),
    ('{"documents": [{"xml": "<a/>"}], "tipo_operacao": "mudanca"}', "tipo_operacao", "literal_error"),
    ("[1]", "body", "dict_type"),
    (_of_size(BODY_LIMIT), "documents[0].xml", "invalid_xml"),  # at the limit: read, and the reader refuses it
], ids=["empty", "no-documents", "not-a-list", "neither", "both", "xml-not-text", "21-documents", "tipo", "array",
        "at-the-limit"])
def test_malformed_bodies_are_400_invalid_body_naming_the_field(api, raw, field, detail):
    response = _post_raw(api, raw)
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    error = response.get_json()["error"]
    assert error["code"] == "invalid_body" and (error["details"][0]["field"], error["details"][0]["code"]) == (
        field, detail), error


def test_a_body_that_is_not_json_is_400_invalid_json_naming_the_body(api):
    response = _post_raw(api, '{"documents": [')
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == "invalid_json" and [(d["field"], d["code"]) for d in error["details"]] == [
        ("body", "invalid_json")]


def test_only_a_body_over_the_limit_is_413(api):
    response = _post_raw(api, _of_size(BODY_LIMIT + 1))
    assert response.status_code == 413
    assert response.get_json()["error"]["code"] == "payload_too_large"
    assert _count_operations() == 0


def _post_raw(api, raw: str):
    """The body as given, byte for byte (its size is part of the case)."""
    return api.request("POST", PATH, data=raw, content_type="application/json")


def test_another_companys_inbox_document_is_not_found(api, company, make_company, tmp_path):
    other = make_company()
    _, data = trip_cte(emitter=other.cnpj, shipper=CONTRATANTE_CNPJ, recipient=DESTINATARIO_CNPJ)
    with tenant_scope(other.id):
        [document] = xml_import.import_xml_files(other, [("cte.xml", data)], tmp_path).documents
        commit()
    response = api.post(PATH, json={"documents": [{"billing_document_id": str(document.id)}],
                                    "contratado_cpf_cnpj": CONTRATADO_CPF})
    assert response.status_code == 404
    assert response.get_json()["error"]["details"][0]["field"] == "documents[0].billing_document_id"


def test_an_nfe_of_a_company_without_cte_fills_what_it_says_and_makes_nothing_up(api, company, registered):
    """A shipper hiring the TAC itself declares from its NF-e: the route from the emitter's to the recipient's
    municipality, the cargo nature from the NCM; this NF-e carries no freight value (vFrete 0) nor weight (no
    `vol/pesoB`), so neither is declared and the validation asks for both (CRG02, VAL03)."""
    key, data = trip_nfe(emitter=company.cnpj, recipient=DESTINATARIO_CNPJ)
    response = api.post(PATH, json={"documents": [{"xml": _xml(data)}], "contratado_cpf_cnpj": CONTRATADO_CPF})
    assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    assert answer["data"]["status"] == "com_divergencia"
    assert sorted((i["code"], i["field"]) for i in answer["validation"]["items"] if i["severity"] == "blocker") == [
        ("CRG02", "peso_carga"), ("VAL03", "valor_frete")]
    op = load_op(answer["data"]["id"])
    with tenant_scope(company.id):
        assert (op.codigo_natureza_carga, op.valor_frete, op.origem["codigo_municipio"]) == ("8471", None, "4118402")
        assert [c.cpf_cnpj for c in op.contratantes] == [company.cnpj]  # CIF: the emitter pays the freight
        assert [(d.kind, d.access_key) for d in op.documents] == [("nfe", key)]


def test_concurrent_declarations_of_one_cte_make_one_operation(app, api, company, registered):
    """The check runs once the new operation holds the company's CIOT counter row: a concurrent declaration waits
    for it, then sees the first one committed (PostgreSQL's row locks are what is tested)."""
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("row locks are what is tested: PostgreSQL only (TEST_DATABASE_URL)")
    _, data = _own_cte(company)
    body = {"documents": [{"xml": _xml(data)}], "contratado_cpf_cnpj": CONTRATADO_CPF}
    before = _count_operations()
    barrier, statuses, lock = threading.Barrier(4, timeout=60), [], threading.Lock()

    def call():
        barrier.wait()
        response = api.post(PATH, json=body)
        with lock:
            statuses.append(response.status_code)

    threads = [threading.Thread(target=call, daemon=True) for _ in range(4)]
    [t.start() for t in threads]
    [t.join(120) for t in threads]
    assert sorted(statuses) == [201, 409, 409, 409]
    assert _count_operations() == before + 1


def test_another_companys_operations_and_partners_fill_nothing(api, company, make_company, make_operation,
                                                             make_partner, make_bank_account):
    """The same carrier hired by another company: its last operation (vehicles, cargo codes, distance) and its
    partner record (RNTRC, account) there are not this company's to read."""
    other = make_company()
    carrier = make_partner(other, person_kind="pf", cpf_cnpj=CONTRATADO_CPF, legal_name="João da Silva",
                           rntrc=CONTRATADO_RNTRC, rntrc_categoria="TAC")
    make_bank_account(carrier, bank_code="001", agency="1234", account="56789-0")
    make_operation(other)
    _, data = _own_cte(company)
    error = _refused(api, {"documents": [{"xml": _xml(data)}], "contratado_cpf_cnpj": CONTRATADO_CPF}, 422,
                     "document_incomplete", "vehicles")
    assert {d["field"] for d in error["details"]} == {"contratado_rntrc", "vehicles"}
