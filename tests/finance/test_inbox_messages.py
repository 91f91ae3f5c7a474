"""The inbox's messages: a duplicate chave in an upload shows and links the document already registered; an XML
customer's name longer than a partner's is cut to fit, saying so, and a refused partner names the field."""
import re

from core.db import db
from core.tenancy import tenant_scope
from domain.partners.models import Partner
from tests.finance.conftest import access_key
from tests.finance.test_pages import cte_xml, documents, token, upload
from tests.fixtures import fiscal


def _registered(company) -> list:
    db.session.expire_all()
    with tenant_scope(company.id):
        return db.session.execute(db.select(Partner.legal_name)).scalars().all()


def test_a_duplicate_chave_shows_and_links_the_existing_document(fin_client, fin_company, app, tmp_path,
                                                                  monkeypatch):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    key = access_key("57")
    assert upload(fin_client, ("a.xml", cte_xml(key, "11222333000181"))).status_code == 302
    response = upload(fin_client, ("b.xml", cte_xml(key, "11222333000181")))
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    shown = re.search(r'data-testid="existing-document">(.*?)</p>', page, re.S).group(1)
    assert "CTE 4567/1" in shown and "pendente" in shown and "15/01/2026" in shown
    link = re.search(r'href="([^"]+)">Ver o documento existente', shown).group(1).replace("&amp;", "&")
    assert link == f"/financeiro/documentos?chave={key}"
    # the link lists that document only
    assert upload(fin_client, ("c.xml", cte_xml(access_key("57"), "11222333000181"))).status_code == 302
    listed = fin_client.get(link).get_data(as_text=True)
    assert listed.count('data-testid="document-row"') == 1 and key[:4] in listed
    # an upload refused for another reason shows no such block
    other = upload(fin_client, ("d.xml", b"<nao-fecha")).get_data(as_text=True)
    assert 'data-testid="existing-document"' not in other


def test_a_long_xml_name_is_cut_to_the_partner_s_and_the_page_says_so(fin_client, fin_company, app, tmp_path,
                                                                       monkeypatch):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    # the 4.00 schemas cap xNome at 60 characters: only a layout read without its schema (NF-e 2.00) brings more
    upload(fin_client, ("a.xml", fiscal.nfe_legacy(name="N" * 250)))
    [document] = documents(fin_company)
    response = fin_client.post(f"/financeiro/documentos/{document.id}/cadastrar-cliente",
                               data={"csrf_token": token(fin_client)}, follow_redirects=True)
    assert "passava de 200 caracteres e foi abreviada" in response.get_data(as_text=True)
    assert _registered(fin_company) == ["N" * 200]
    assert documents(fin_company)[0].customer_partner_id is not None


def test_a_name_that_fits_is_kept_without_a_note(fin_client, fin_company, app, tmp_path, monkeypatch):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    upload(fin_client, ("a.xml", fiscal.nfe_legacy(name="N" * 200)))
    [document] = documents(fin_company)
    response = fin_client.post(f"/financeiro/documentos/{document.id}/cadastrar-cliente",
                               data={"csrf_token": token(fin_client)}, follow_redirects=True)
    assert "abreviada" not in response.get_data(as_text=True)
    assert _registered(fin_company) == ["N" * 200]


def test_a_partner_the_schema_refuses_names_the_field(fin_client, fin_company, app, tmp_path, monkeypatch):
    """A name of blanks only: the partner schema refuses it and the message names the razão social."""
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    upload(fin_client, ("a.xml", cte_xml(access_key("57"), "11222333000181", name="NN")))
    [document] = documents(fin_company)
    with tenant_scope(fin_company.id):
        document.extra = {"xml_customer": {"cpf_cnpj": "11222333000181", "name": " " * 300}}
        db.session.commit()
    response = fin_client.post(f"/financeiro/documentos/{document.id}/cadastrar-cliente",
                               data={"csrf_token": token(fin_client)}, follow_redirects=True)
    assert "Dados inválidos: razão social" in response.get_data(as_text=True)
    assert _registered(fin_company) == []
