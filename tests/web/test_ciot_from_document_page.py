"""The page "Nova operação a partir do CT-e" with the logged-in test client: every refusal is the page again (4xx)
naming the file, with nothing created; roles; the billing inbox's documents offered are the company's own."""
import io

import pytest
import sqlalchemy as sa

from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from domain.billing import xml_import
from domain.billing.xml import MAX_XML_BYTES
from domain.ciot.models import CiotOperation
from tests.fixtures.ciot import CONTRATADO_CPF, CONTRATADO_RNTRC, CONTRATANTE_CNPJ, DESTINATARIO_CNPJ
from tests.fixtures.committing import commit
from tests.fixtures.core import csrf_from, unique_cnpj
from tests.fixtures.trip_cte import trip_cte

PAGE = "/ciot/nova/a-partir-do-documento"


@pytest.fixture
def operador(login, make_user, company):
    client = login(make_user(company, role="operador"))
    client.csrf = csrf_from(client.get(PAGE).get_data(as_text=True))
    return client


def _post(client, files=(), **fields):
    data = {"csrf_token": client.csrf, **fields,
            "arquivos": [(io.BytesIO(content), name) for name, content in files]}
    return client.post(PAGE, data=data, content_type="multipart/form-data")


def _operations() -> int:
    return db.session.execute(cross_tenant(sa.select(sa.func.count()).select_from(CiotOperation))).scalar()


@pytest.fixture
def carrier(make_partner, make_bank_account):
    partner = make_partner(person_kind="pf", cpf_cnpj=CONTRATADO_CPF, legal_name="João da Silva",
                           rntrc=CONTRATADO_RNTRC, rntrc_categoria="TAC")
    make_bank_account(partner, bank_code="001", agency="1234", account="56789-0")
    return partner


def test_a_cte_becomes_an_operation_opened_in_the_correction_form(operador, company, carrier, make_operation):
    make_operation(company)
    _, data = trip_cte(emitter=company.cnpj, shipper=CONTRATANTE_CNPJ, recipient=DESTINATARIO_CNPJ)
    response = _post(operador, [("cte.xml", data)], contratado_cpf_cnpj="529.982.247-25")
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/corrigir")
    page = operador.get(response.headers["Location"]).get_data(as_text=True)
    assert "criada a partir de 1 documento(s): pronto para emissão" in page
    assert "hx-trigger=\"load, change from:#ciot-form" in page  # the live panel validates the saved operation


@pytest.mark.parametrize(("files", "fields", "status", "words"), [
    ((), {}, 422, "Escolha o XML do CT-e"),
    ((("latin1.xml", "<?xml version='1.0'?><a>ação</a>".encode("latin-1")),), {}, 422, "latin1.xml: o arquivo "
     "não é um XML em UTF-8"),
    ((("grande.xml", b"<a>" + b"x" * MAX_XML_BYTES + b"</a>"),), {}, 400, "grande.xml: Arquivo XML grande demais"),
    ((("hostil.xml", b'<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'),), {}, 400,
     "hostil.xml: Arquivo XML inválido ou não permitido (DTD e entidades são recusados)."),
    ((("nota.txt", b"nada"),), {}, 400, "nota.txt: Arquivo XML inválido ou não permitido"),
])
def test_bad_files_are_named_on_the_page_and_nothing_is_created(operador, files, fields, status, words):
    response = _post(operador, files, **fields)
    assert response.status_code == status
    page = response.get_data(as_text=True)
    assert "A operação não foi criada" in page and words in page, page[page.find("flash-error"):][:600]
    assert _operations() == 0


def test_another_companys_cte_is_refused_on_the_page(operador, company, carrier):
    key, data = trip_cte(emitter=unique_cnpj(), shipper=CONTRATANTE_CNPJ, recipient=DESTINATARIO_CNPJ)
    response = _post(operador, [("outra.xml", data)], contratado_cpf_cnpj=CONTRATADO_CPF)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert f"outra.xml: Documento de outra empresa (chave {key})." in page
    assert _operations() == 0


def test_the_companys_own_cte_without_a_carrier_asks_for_it(operador, company, carrier):
    _, data = trip_cte(emitter=company.cnpj, shipper=CONTRATANTE_CNPJ, recipient=DESTINATARIO_CNPJ)
    response = _post(operador, [("cte.xml", data)])
    assert response.status_code == 422
    assert "CPF/CNPJ do contratado: Escolha o contratado." in response.get_data(as_text=True)
    assert _operations() == 0


def test_the_inbox_documents_offered_are_the_companys_own(operador, company, make_company, tmp_path):
    other = make_company()
    mine_key, mine = trip_cte(emitter=company.cnpj, shipper=CONTRATANTE_CNPJ, recipient=DESTINATARIO_CNPJ)
    theirs_key, theirs = trip_cte(emitter=other.cnpj, shipper=CONTRATANTE_CNPJ, recipient=DESTINATARIO_CNPJ)
    for owner, data in ((company, mine), (other, theirs)):
        with tenant_scope(owner.id):
            xml_import.import_xml_files(owner, [("cte.xml", data)], tmp_path)
            commit()
    page = operador.get(PAGE).get_data(as_text=True)
    digits = page.replace(" ", "")
    assert mine_key in digits and theirs_key not in digits


def test_reading_roles_do_not_see_or_post_the_page(login, make_user, company):
    reader = login(make_user(company, role="leitura"))
    assert reader.get(PAGE).status_code == 403
    token = csrf_from(reader.get("/ciot/").get_data(as_text=True))  # a valid post: only the role refuses it
    assert reader.post(PAGE, data={"csrf_token": token}).status_code == 403
    assert _operations() == 0


def test_a_subcontract_cte_of_an_unregistered_carrier_is_offered_for_registration(operador, company):
    """The carrier issued the CT-e to the company: it is the contratado, from the document; never hired before, its
    vehicle's plate is typed, and the correction form offers to register it ("Salvar como parceiro")."""
    carrier = unique_cnpj()
    _, data = trip_cte(emitter=carrier, shipper=company.cnpj, recipient=DESTINATARIO_CNPJ, rntrc="87654321")
    response = _post(operador, [("sub.xml", data)], placas="xyz-1a23")
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    page = operador.get(response.headers["Location"]).get_data(as_text=True)
    assert "não é um parceiro cadastrado" in page and "Salvar como parceiro" in page
    op = db.session.execute(cross_tenant(sa.select(CiotOperation))).scalar_one()
    with tenant_scope(company.id):
        assert (op.contratado_cpf_cnpj, op.contratado_rntrc) == (carrier, "87654321")
        assert [(v.plate, v.vehicle_kind) for v in op.vehicles] == [("XYZ1A23", "automotor")]


def test_a_plate_too_long_is_named_on_the_page(operador, company):
    _, data = trip_cte(emitter=unique_cnpj(), shipper=company.cnpj, recipient=DESTINATARIO_CNPJ)
    response = _post(operador, [("sub.xml", data)], placas="ABCDEFGHIJKL")
    assert response.status_code == 400
    assert "Veículo 1 · Placa" in response.get_data(as_text=True)
    assert _operations() == 0
