"""Tenancy sweep of the finance pages: every page route that takes an id, called by another company's financeiro
user with this company's REAL ids, is 404 and leaves this company's rows exactly as they were; the same calls by
this company's own user do reach them (so the 404 is the tenancy, not a wrong path)."""
import re

import pytest
import sqlalchemy as sa

from core.db import db
from core.models import JobProgress
from core.tenancy import tenant_scope
from domain.billing import xml_batch
from domain.billing.models import BillingDocument, Invoice, InvoiceLayout, Receivable
from domain.partners.models import Partner
from domain.payables.models import Payable
from tests.finance.conftest import access_key
from tests.finance.test_pages import make_payable
from tests.fixtures.core import csrf_from

# (method, path with {placeholders} of the victim's ids, form data): every id-taking finance page route
ROUTES = [
    ("POST", "/financeiro/documentos/{document}/descartar", {}),
    ("POST", "/financeiro/documentos/{document}/cadastrar-cliente", {}),
    ("GET", "/financeiro/faturas/{emitted}", {}),
    ("POST", "/financeiro/faturas/{draft}/emitir", {}),
    ("POST", "/financeiro/faturas/{emitted}/cancelar", {}),
    ("GET", "/financeiro/faturas/{emitted}/pdf", {}),
    ("POST", "/financeiro/receber/{receivable}/recebimento", {"valor": "1,00"}),
    ("POST", "/financeiro/pagar/{payable}/pagamento", {"valor": "1,00"}),
    ("POST", "/financeiro/pagar/{payable}/cancelar", {}),
    ("GET", "/financeiro/pagar/{payable}/editar", {}),
    ("POST", "/financeiro/pagar/{payable}/editar", {"descricao": "Invasor", "valor": "1,00",
                                                    "vencimento_at": "2030-01-01"}),
    ("GET", "/financeiro/clientes/{customer}/layout-fatura", {}),
    ("POST", "/financeiro/clientes/{customer}/layout-fatura", {"header_text": "Invasor", "blocks": ["instrucoes"]}),
    ("POST", "/financeiro/clientes/{customer}/layout-fatura/previa", {"header_text": "Invasor"}),
    ("GET", "/financeiro/documentos/xml/{upload}", {}),
    ("GET", "/financeiro/documentos/xml/{upload}/andamento", {}),
]
TABLES = (BillingDocument, Invoice, Receivable, Payable, Partner, InvoiceLayout)
# What each route answers its own company's user: a page (200) or, after a write, a redirect (302) to where it goes.
OWNER_ANSWERS = {
    ("POST", "/financeiro/documentos/{document}/descartar"): (302, "/financeiro/documentos"),
    ("POST", "/financeiro/documentos/{document}/cadastrar-cliente"): (302, "/financeiro/documentos"),
    ("GET", "/financeiro/faturas/{emitted}"): (200, None),
    ("POST", "/financeiro/faturas/{draft}/emitir"): (302, "/financeiro/faturas/{draft}"),
    ("POST", "/financeiro/faturas/{emitted}/cancelar"): (302, "/financeiro/faturas/{emitted}"),
    ("GET", "/financeiro/faturas/{emitted}/pdf"): (200, None),
    ("POST", "/financeiro/receber/{receivable}/recebimento"): (302, "/financeiro/receber"),
    ("POST", "/financeiro/pagar/{payable}/pagamento"): (302, "/financeiro/pagar"),
    ("POST", "/financeiro/pagar/{payable}/cancelar"): (302, "/financeiro/pagar"),
    ("GET", "/financeiro/pagar/{payable}/editar"): (200, None),
    ("POST", "/financeiro/pagar/{payable}/editar"): (302, "/financeiro/pagar"),
    ("GET", "/financeiro/clientes/{customer}/layout-fatura"): (200, None),
    ("POST", "/financeiro/clientes/{customer}/layout-fatura"): (302, "/financeiro/clientes/{customer}/layout-fatura"),
    ("POST", "/financeiro/clientes/{customer}/layout-fatura/previa"): (200, None),  # the preview: nothing saved
    ("GET", "/financeiro/documentos/xml/{upload}"): (200, None),
    ("GET", "/financeiro/documentos/xml/{upload}/andamento"): (200, None),
}


def test_the_sweep_covers_every_finance_page_route_that_takes_an_id(app):
    taking_an_id = {(method, rule.rule) for rule in app.url_map.iter_rules()
                    if rule.endpoint.split(".")[0] in ("billing", "payables", "finance_settings") and rule.arguments
                    for method in rule.methods - {"HEAD", "OPTIONS"}}
    swept = {(method, _as_rule(path)) for method, path, _ in ROUTES}
    assert taking_an_id == swept
    assert set(OWNER_ANSWERS) == {(method, path) for method, path, _ in ROUTES}


def _as_rule(path: str) -> str:
    names = {"document": "document_id", "emitted": "invoice_id", "draft": "invoice_id", "receivable":
             "receivable_id", "payable": "payable_id", "customer": "partner_id", "upload": "job_id"}
    return re.sub(r"\{(\w+)\}", lambda m: f"<{names[m.group(1)]}>", path)


@pytest.fixture
def victim(fin_api, fin_company, customer):
    """The company's real ids: a pending document from an XML with an unknown customer, a draft and an emitted
    invoice, the emitted one's receivable, a payable, a customer with a layout."""
    def document(**extra):
        body = {"kind": "cte", "customer_partner_id": str(customer.id), "chave": access_key("57"),
                "valor_centavos": 5000, **extra}
        return fin_api.post("/billing/documents", json=body).get_json()["data"]["id"]

    def invoice(emit):
        response = fin_api.post("/billing/invoices", json={"document_ids": [document()], "emit": emit})
        return response.get_json()["data"]["id"]
    pending = document(customer_partner_id=None, metadata={
        "xml_customer": {"cpf_cnpj": "11222333000181", "name": "Destinatário Desconhecido"}})
    ids = {"document": pending, "draft": invoice(False), "emitted": invoice(True), "customer": str(customer.id)}
    [payable] = make_payable(fin_company)
    ids["payable"] = str(payable.id)
    with tenant_scope(fin_company.id):
        ids["receivable"] = str(db.session.execute(sa.select(Receivable.id)).scalar_one())
        db.session.add(InvoiceLayout(company_id=fin_company.id, customer_partner_id=customer.id,
                                     header_text="Do dono", visible_columns=["numero"], blocks=[]))
        upload = JobProgress(company_id=fin_company.id, kind=xml_batch.JOB_KIND, label="Envio de 6 arquivo(s) XML",
                             total=6)  # a large XML upload waiting for its worker
        db.session.add(upload)
        db.session.commit()
        ids["upload"] = str(upload.id)
    return ids


def snapshot(company_id) -> dict:
    db.session.expire_all()
    with tenant_scope(company_id):
        return {model.__tablename__: sorted(tuple(row) for row in db.session.execute(
            sa.select(*[c for c in model.__table__.columns if c.name != "logo"])).all()) for model in TABLES}


def call(client, method, path, data, csrf):
    if method == "GET":
        return client.get(path)
    return client.post(path, data={"csrf_token": csrf, **data})


@pytest.mark.parametrize(("method", "path", "data"), ROUTES, ids=[f"{m} {p}" for m, p, _ in ROUTES])
def test_another_companys_ids_are_404_and_its_rows_stay_unchanged(login, make_user, make_company, fin_company,
                                                                  victim, method, path, data):
    intruder = login(make_user(make_company(modules=["billing", "financial"]), role="financeiro"))
    csrf = csrf_from(intruder.get("/financeiro/documentos").get_data(as_text=True))
    before = snapshot(fin_company.id)
    response = call(intruder, method, path.format(**victim), data, csrf)
    assert response.status_code == 404, response.get_data(as_text=True)[:300]
    assert snapshot(fin_company.id) == before


@pytest.mark.parametrize(("method", "path", "data"), ROUTES, ids=[f"{m} {p}" for m, p, _ in ROUTES])
def test_the_same_calls_by_the_companys_own_user_reach_its_records(login, make_user, fin_company, victim,
                                                                   method, path, data):
    owner = login(make_user(fin_company, role="financeiro"))
    csrf = csrf_from(owner.get("/financeiro/documentos").get_data(as_text=True))
    before = snapshot(fin_company.id)
    response = call(owner, method, path.format(**victim), data, csrf)
    status, location = OWNER_ANSWERS[(method, path)]
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert response.headers.get("Location") == (location and location.format(**victim))
    writes = method == "POST" and not path.endswith("/previa")
    assert (snapshot(fin_company.id) != before) == writes
