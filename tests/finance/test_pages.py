"""Finance pages: XML upload (CT-e tomador / NF-e destinatário, hostile XML refused with nothing stored), the
composer → draft → emit → PDF, receivable and payable payments, boards grouped by due date, CSV exports safe
against formula injection, roles and tenancy."""
import io
from datetime import timedelta

import pytest
from pypdf import PdfReader

from core.clock import brasilia_today
from core.db import db
from core.tenancy import tenant_scope
from domain.billing.models import BillingDocument
from domain.payables import services as payables
from domain.payables.schemas import PayableCreate
from tests.finance.conftest import access_key
from tests.fixtures import fiscal
from tests.fixtures.core import csrf_from


def cte_xml(key, taker_cnpj, value="1500.50", name="Tomador Ltda", *, signed=True):
    """A schema-valid, signed CT-e 4.00 (tests/samples/fiscal/cte_4.00.xml) with this key, taker and total."""
    return fiscal.cte(key, taker_cnpj, value, name, signed=signed)


def nfe_xml(key, dest_cnpj, value="99.90", *, signed=True):
    """A schema-valid, signed NF-e 4.00 (tests/samples/fiscal/nfe_4.00.xml, re-signed)."""
    return fiscal.nfe(key, dest_cnpj, value, signed=signed)


BILLION_LAUGHS = b"""<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;">]><cteProc xmlns="http://www.portalfiscal.inf.br/cte">&lol3;</cteProc>"""
XXE = b"""<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"><NFe><infNFe Id="NFe1">&xxe;</infNFe></NFe></nfeProc>"""


@pytest.fixture
def fin_user(make_user, fin_company):
    return make_user(fin_company, role="financeiro")


@pytest.fixture
def client(login, fin_user):
    return login(fin_user)


def token(client, path="/financeiro/documentos"):
    return csrf_from(client.get(path).get_data(as_text=True))


def upload(client, *files):
    data = {"csrf_token": token(client), "arquivos": [(io.BytesIO(content), name) for name, content in files]}
    return client.post("/financeiro/documentos/xml", data=data, content_type="multipart/form-data")


def documents(company):
    db.session.expire_all()
    with tenant_scope(company.id):
        return db.session.execute(db.select(BillingDocument).order_by(BillingDocument.numero)).scalars().all()


def test_upload_reads_cte_taker_and_nfe_recipient(client, fin_company, customer, app, tmp_path, monkeypatch):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    cte_key, nfe_key = access_key("57"), access_key("55")
    response = upload(client, ("a.xml", cte_xml(cte_key, customer.cpf_cnpj)),
                      ("b.xml", nfe_xml(nfe_key, "11222333000181")))
    assert response.status_code == 302
    cte, nfe = documents(fin_company)
    assert (cte.kind, cte.chave, cte.numero, cte.serie, cte.valor_centavos, str(cte.emissao_at)) == \
        ("cte", cte_key, "4567", "1", 150050, "2026-01-15")
    assert cte.customer_partner_id == customer.id
    assert (nfe.kind, nfe.valor_centavos, nfe.customer_partner_id) == ("nfe", 9990, None)
    assert nfe.extra["xml_customer"] == {"cpf_cnpj": "11222333000181", "name": "Destinatário SA"}
    assert (tmp_path / cte.storage_path).read_bytes().startswith(b"<?xml")
    page = client.get("/financeiro/documentos").get_data(as_text=True)
    assert "Cadastrar cliente" in page and "R$ 1.500,50" in page
    # the unknown recipient becomes a partner, linked to the document
    client.post(f"/financeiro/documentos/{nfe.id}/cadastrar-cliente", data={"csrf_token": token(client)})
    assert documents(fin_company)[1].customer_partner_id is not None


@pytest.mark.parametrize("hostile", [BILLION_LAUGHS, XXE, b"<nao-fecha", b"<outro/>"])
def test_hostile_or_foreign_xml_is_400_and_nothing_is_stored(client, fin_company, customer, app, tmp_path, monkeypatch,
                                                             hostile):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    good = ("ok.xml", cte_xml(access_key("57"), customer.cpf_cnpj))
    response = upload(client, good, ("mau.xml", hostile))
    assert response.status_code == 400
    assert "mau.xml" in response.get_data(as_text=True)
    assert documents(fin_company) == [] and list(tmp_path.iterdir()) == []


def test_compose_emit_pdf_and_receive(client, make_document, fin_company):
    doc = make_document(valor_centavos=250000, numero="991")
    page = client.get("/financeiro/faturas/nova").get_data(as_text=True)
    assert "991" in page
    response = client.post("/financeiro/faturas/nova", data={"csrf_token": token(client), "documentos": [doc["id"]]})
    assert response.status_code == 302
    invoice_url = response.headers["Location"]
    assert client.get(invoice_url + "/pdf").status_code == 409  # a draft has no PDF
    client.post(invoice_url + "/emitir", data={"csrf_token": token(client)})
    shown = client.get(invoice_url).get_data(as_text=True)
    assert "FAT-000001" in shown and "Emitida" in shown
    pdf = client.get(invoice_url + "/pdf")
    assert "R$ 2.500,00" in PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
    board = client.get("/financeiro/receber").get_data(as_text=True)
    assert "FAT-000001" in board
    from domain.billing.models import Receivable
    with tenant_scope(fin_company.id):
        receivable_id = db.session.execute(db.select(Receivable.id)).scalar_one()
    client.post(f"/financeiro/receber/{receivable_id}/recebimento",
                data={"csrf_token": token(client), "valor": "2.500,00"})
    assert "Encerrada" in client.get(invoice_url).get_data(as_text=True)


def make_payable(company, **fields):
    body = {"descricao": "Pneus", "valor_centavos": 10000, "vencimento_at": brasilia_today().isoformat()}
    body.update(fields)
    with tenant_scope(company.id):
        titles = payables.create_payables(company, PayableCreate.model_validate(body))
        db.session.commit()
        return titles


def test_payables_board_groups_pays_and_exports_safely(client, fin_company):
    make_payable(fin_company, descricao="Atrasado", vencimento_at=(brasilia_today() - timedelta(days=3)).isoformat())
    [today_title] = make_payable(fin_company, descricao="=HYPERLINK(\"http://x\")")
    make_payable(fin_company, descricao="Semana", vencimento_at=(brasilia_today() + timedelta(days=5)).isoformat())
    make_payable(fin_company, descricao="Longe", vencimento_at=(brasilia_today() + timedelta(days=40)).isoformat())
    page = client.get("/financeiro/pagar").get_data(as_text=True)
    for group, text in (("vencidos", "Atrasado"), ("semana", "Semana"), ("depois", "Longe")):
        section = page.split(f'id="grupo-{group}"')[1].split("</section>")[0]
        assert text in section
    response = client.post(f"/financeiro/pagar/{today_title.id}/pagamento",
                           data={"csrf_token": token(client, "/financeiro/pagar"), "valor": "40,00"})
    assert response.status_code == 302
    db.session.expire_all()
    with tenant_scope(fin_company.id):
        refreshed = db.session.get(type(today_title), today_title.id)
        assert (refreshed.status, refreshed.pago_centavos) == ("parcial", 4000)
    refused = client.post(f"/financeiro/pagar/{today_title.id}/pagamento",
                          data={"csrf_token": token(client, "/financeiro/pagar"), "valor": "1.000,00"})
    html = refused.get_data(as_text=True)  # the board again, the error on the row's input, what was typed kept
    assert refused.status_code == 422 and f'id="valor-{today_title.id}-error"' in html
    assert "no máximo o saldo" in html and 'value="1.000,00"' in html
    csv_text = client.get("/financeiro/pagar.csv").data.decode("utf-8-sig")
    assert "'=HYPERLINK" in csv_text and ";=HYPERLINK" not in csv_text
    assert "60,00" in csv_text and "Vencidos;" in csv_text and ";vencidos" not in csv_text


def test_roles_and_tenancy(login, make_user, fin_company, make_company, make_document):
    reader = login(make_user(fin_company, role="leitura"))
    for path in ("/financeiro/documentos", "/financeiro/pagar", "/financeiro/receber", "/financeiro/faturas",
                 "/financeiro/faturas/nova", "/financeiro/pagar.csv", "/financeiro/receber.csv"):
        assert reader.get(path).status_code == 403, path
    doc = make_document()
    other = login(make_user(make_company(modules=["billing", "financial"]), role="financeiro"))
    token_ = token(other)
    assert other.post(f"/financeiro/documentos/{doc['id']}/descartar", data={"csrf_token": token_}).status_code == 404
    with tenant_scope(fin_company.id):
        [title] = make_payable(fin_company)
    assert other.post(f"/financeiro/pagar/{title.id}/pagamento",
                      data={"csrf_token": token_, "valor": "1,00"}).status_code == 404
    assert other.get("/financeiro/faturas/00000000-0000-4000-8000-000000000000").status_code == 404
    assert doc["id"] not in other.get("/financeiro/documentos").get_data(as_text=True)


class CommitRefused(Exception):
    pass


def test_no_xml_file_is_left_when_the_commit_fails(client, fin_company, customer, app, tmp_path, monkeypatch):
    """The files are written before the commit; a COMMIT that fails (here refused by a before_commit hook, as a
    lost connection or a serialization failure would) removes them: no file without its row."""
    from sqlalchemy import event
    from sqlalchemy.orm import Session
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    csrf = token(client)

    def refuse(session):
        if any(isinstance(obj, BillingDocument) for obj in session.new) or session.info.get("files_written"):
            raise CommitRefused("commit refused")
    event.listen(Session, "before_commit", refuse)
    try:
        response = client.post("/financeiro/documentos/xml", content_type="multipart/form-data", data={
            "csrf_token": csrf, "arquivos": [(io.BytesIO(cte_xml(access_key("57"), customer.cpf_cnpj)), "a.xml")]})
    finally:
        event.remove(Session, "before_commit", refuse)
    assert response.status_code == 500
    assert documents(fin_company) == []
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_xml_files_stay_when_the_commit_succeeds(client, fin_company, customer, app, tmp_path, monkeypatch):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    assert upload(client, ("a.xml", cte_xml(access_key("57"), customer.cpf_cnpj))).status_code == 302
    (document,) = documents(fin_company)
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == [tmp_path / document.storage_path]


def test_a_payment_dated_in_the_future_is_refused_in_the_pages(client, fin_company):
    [title] = make_payable(fin_company, descricao="Amanhã não")
    tomorrow = (brasilia_today() + timedelta(days=1)).isoformat()
    response = client.post(f"/financeiro/pagar/{title.id}/pagamento", follow_redirects=True, data={
        "csrf_token": token(client, "/financeiro/pagar"), "valor": "10,00", "pago_em": tomorrow})
    assert "A data do pagamento não pode ser futura." in response.get_data(as_text=True)
    db.session.expire_all()
    with tenant_scope(fin_company.id):
        assert db.session.get(type(title), title.id).pago_centavos == 0
    client.post(f"/financeiro/pagar/{title.id}/pagamento", data={
        "csrf_token": token(client, "/financeiro/pagar"), "valor": "10,00", "pago_em": brasilia_today().isoformat()})
    db.session.expire_all()
    with tenant_scope(fin_company.id):
        assert db.session.get(type(title), title.id).pago_centavos == 1000


@pytest.mark.parametrize(("valor", "pago_em", "message"), [
    ("1.5", "", "use vírgula para os decimais"),
    ("", "", "obrigatório"),
    ("10,00", "31/02/2026", "data"),
])
def test_an_unreadable_payment_is_422_on_its_input_and_nothing_is_paid(client, fin_company, valor, pago_em,
                                                                         message):
    [title] = make_payable(fin_company, descricao="Entrada ruim")
    response = client.post(f"/financeiro/pagar/{title.id}/pagamento", data={
        "csrf_token": token(client, "/financeiro/pagar"), "valor": valor, "pago_em": pago_em})
    html = response.get_data(as_text=True)
    field = "data" if pago_em else "valor"
    assert response.status_code == 422 and f'id="{field}-{title.id}-error"' in html
    assert message in html.split(f'id="{field}-{title.id}-error"')[1].split("</small>")[0].lower()
    db.session.expire_all()
    with tenant_scope(fin_company.id):
        assert db.session.get(type(title), title.id).pago_centavos == 0


def test_the_composer_names_its_inputs_on_bad_input_and_writes_nothing(client, make_document, fin_company):
    doc = make_document(numero="992")
    csrf = token(client)
    none_chosen = client.post("/financeiro/faturas/nova", data={"csrf_token": csrf})
    html = none_chosen.get_data(as_text=True)
    assert none_chosen.status_code == 422 and 'id="documentos-error"' in html
    bad_day = client.post("/financeiro/faturas/nova", data={"csrf_token": csrf, "documentos": [doc["id"]],
                                                             "vencimento_at": "2026-02-31", "observacoes": "Oi"})
    html = bad_day.get_data(as_text=True)
    assert bad_day.status_code == 422 and 'id="vencimento_at-error"' in html
    assert f'value="{doc["id"]}" id="doc-{doc["id"]}"' in html and "checked" in html and 'value="Oi"' in html
    from domain.billing.models import Invoice
    with tenant_scope(fin_company.id):
        assert db.session.execute(db.select(Invoice)).first() is None


def test_an_upload_without_files_is_422_on_the_input(client, fin_company):
    response = client.post("/financeiro/documentos/xml", data={"csrf_token": token(client)},
                           content_type="multipart/form-data")
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and 'id="arquivos-error"' in html and "Escolha um ou mais" in html
