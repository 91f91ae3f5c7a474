"""POST /ciot/operations/from-document: a CIOT operation prefilled from the trip's CT-e (docs/api/ciot.md,
"Operação a partir do CT-e ou da NF-e"). The CT-e files are the repository's sample with this trip's values, signed
with the test certificate (tests/fixtures/trip_cte.py); they go through the billing inbox's reader."""
import uuid

import pytest
import sqlalchemy as sa

from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from domain.billing import services as billing
from domain.ciot.models import CiotOperation
from tests.fixtures.ciot import (
    CONTRATADO_CPF,
    CONTRATADO_RNTRC,
    CONTRATANTE_CNPJ,
    DESTINATARIO_CNPJ,
    events_of,
    load_op,
)
from tests.fixtures.core import unique_cnpj
from tests.fixtures.fiscal import event
from tests.fixtures.trip_cte import BELO_HORIZONTE, CAMPINAS, RIO, SAO_PAULO, cte_key, trip_cte

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
