"""The company's billing defaults (term → default vencimento_at, default condição) and the per-customer invoice
layout (colours, logo, institutional texts, visible columns, optional blocks), edited only in the pages, with the
live preview; the PDF read back with the override applied to its customer and not to another."""
import html
import io
import re
import shutil
import subprocess
import uuid
from datetime import timedelta

import pytest
from PIL import Image
from pypdf import PdfReader

from core.clock import brasilia_today
from core.db import db, utcnow
from core.errors import Conflict
from core.tenancy import tenant_scope
from domain.billing import layout
from domain.billing.models import Invoice, InvoiceLayout, InvoiceLayoutDefault
from domain.billing.schemas import InvoiceDefaultsUpdate, InvoiceLayoutUpdate
from tests.finance.conftest import access_key
from tests.fixtures.core import ApiClient, csrf_from

SETTINGS = "/financeiro/configuracoes"


@pytest.fixture
def client(login, make_user, fin_company):
    return login(make_user(fin_company, role="financeiro"))


def token(client, path=SETTINGS):
    return csrf_from(client.get(path).get_data(as_text=True))


def layout_url(partner) -> str:
    return f"/financeiro/clientes/{partner.id}/layout-fatura"


def pdf_text(client, invoice_id) -> str:
    response = client.get(f"/financeiro/faturas/{invoice_id}/pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)


def emitted_invoice(fin_api, partner, **body) -> str:
    document = fin_api.post("/billing/documents", json={
        "kind": "cte", "customer_partner_id": str(partner.id), "chave": access_key("57"), "numero": "77",
        "valor_centavos": 123456, "emissao_at": "2026-01-10"}).get_json()["data"]
    response = fin_api.post("/billing/invoices", json={"document_ids": [document["id"]], "emit": True, **body})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["data"]["id"]


def png(size=(40, 20)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 0, 0)).save(out, "PNG")
    return out.getvalue()


# --- Billing defaults ------------------------------------------------------------------------------

def test_the_default_term_and_condition_set_in_the_pages_fill_a_new_invoice(client, fin_api, fin_company, customer):
    response = client.post(SETTINGS, data={"csrf_token": token(client), "billing_term_days": "45",
                                           "billing_payment_condition": "45 dias DDL"})
    assert response.status_code == 302
    invoice_id = emitted_invoice(fin_api, customer)
    with tenant_scope(fin_company.id):
        invoice = db.session.get(Invoice, uuid.UUID(invoice_id))
        assert invoice.vencimento_at == brasilia_today() + timedelta(days=45)
        assert invoice.condicao_pagamento == "45 dias DDL"
    # a due date sent in the body still wins
    other = emitted_invoice(fin_api, customer, vencimento_at="2027-03-01", condicao_pagamento="à vista")
    with tenant_scope(fin_company.id):
        assert str(db.session.get(Invoice, uuid.UUID(other)).vencimento_at) == "2027-03-01"


def test_without_a_condition_the_default_names_the_term(client, fin_api, fin_company, customer):
    client.post(SETTINGS, data={"csrf_token": token(client), "billing_term_days": "10"})
    invoice_id = uuid.UUID(emitted_invoice(fin_api, customer))
    with tenant_scope(fin_company.id):
        assert db.session.get(Invoice, invoice_id).condicao_pagamento == "10 dias"


@pytest.mark.parametrize("days, message", [("400", "menor ou igual a 365"), ("-1", "maior ou igual a 0"),
                                           ("trinta", "")])
def test_a_term_out_of_range_is_refused_on_its_field_and_nothing_changes(client, fin_company, days, message):
    response = client.post(SETTINGS, data={"csrf_token": token(client), "billing_term_days": days})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert 'id="billing_term_days-error"' in page and message in page
    db.session.expire_all()
    assert db.session.get(type(fin_company), fin_company.id).billing_term_days == 30


@pytest.mark.parametrize("role, status", [("admin", 200), ("financeiro", 200), ("operador", 403), ("leitura", 403)])
def test_settings_and_layouts_are_for_financeiro_and_admin(login, make_user, fin_company, customer, role, status):
    client = login(make_user(fin_company, role=role))
    assert client.get(SETTINGS).status_code == status
    assert client.get(layout_url(customer)).status_code == status


# --- Customer layouts ----------------------------------------------------------------------------

def save_layout(client, partner, **fields):
    data = {"csrf_token": token(client, layout_url(partner)), "visible_columns": ["tipo", "numero", "emissao"],
            "blocks": ["condicao", "instrucoes"], "header_text": "Transportadora parceira desde 1998.",
            "payment_text": "PIX 11.222.333/0001-81, Banco 341 ag. 0001.", "footer_text": "Rodapé do Atacadista",
            "primary_color": "#AA0000", "secondary_color": ""}
    data.update(fields)
    return client.post(layout_url(partner), data=data, content_type="multipart/form-data")


def test_the_customer_layout_is_applied_to_its_invoices_pdf_and_not_to_another_customers(
        client, fin_api, fin_company, customer, make_partner):
    other = make_partner(fin_company, legal_name="Outro Cliente SA")
    assert save_layout(client, customer).status_code == 302
    mine, theirs = emitted_invoice(fin_api, customer), emitted_invoice(fin_api, other)

    text = pdf_text(client, mine)
    assert "Transportadora parceira desde 1998." in text
    assert "Instruções de pagamento" in text and "Banco 341 ag. 0001." in text
    assert "Rodapé do Atacadista" in text
    assert "Chave de acesso" not in text and "R$ 1.234,56" in text  # the hidden column, the amount always there

    text = pdf_text(client, theirs)
    assert "Chave de acesso" in text and "R$ 1.234,56" in text
    for own in ("Transportadora parceira", "Instruções de pagamento", "Rodapé do Atacadista"):
        assert own not in text


def test_the_layout_page_shows_the_saved_values_and_the_preview(client, customer):
    save_layout(client, customer, logo=(io.BytesIO(png()), "logo.png"))
    page = client.get(layout_url(customer)).get_data(as_text=True)
    assert 'value="#aa0000"' in page and "Usar o logotipo da empresa" in page
    assert 'srcdoc="' in page and "Transportadora parceira desde 1998." in page and "data:image/png;base64," in page
    with tenant_scope(customer.company_id):
        layout = db.session.execute(db.select(InvoiceLayout)).scalar_one()
        assert (layout.logo_mime, layout.visible_columns, layout.blocks) == \
            ("image/png", ["tipo", "numero", "emissao"], ["condicao", "instrucoes"])


def test_removing_the_customer_logo_goes_back_to_the_company_logo(client, customer):
    save_layout(client, customer, logo=(io.BytesIO(png()), "logo.png"))
    save_layout(client, customer, remove_logo="y")
    with tenant_scope(customer.company_id):
        assert db.session.execute(db.select(InvoiceLayout.logo_mime)).scalar_one() is None


@pytest.mark.parametrize("fields, field, message", [
    ({"primary_color": "vermelho"}, "primary_color", "#RRGGBB"),
    ({"header_text": "x" * 1001}, "header_text", "no máximo 1000"),
    ({"visible_columns": ["valor"]}, "visible_columns", "Valor não permitido"),
    ({"logo": (io.BytesIO(b"not an image"), "logo.png")}, "logo", "PNG ou JPEG"),
])
def test_a_bad_layout_is_refused_on_its_field_and_nothing_is_stored(client, customer, fields, field, message):
    response = save_layout(client, customer, **fields)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert f'id="{field}-error"' in page and message in page
    with tenant_scope(customer.company_id):
        assert db.session.execute(db.select(InvoiceLayout)).first() is None


def test_the_preview_renders_the_unsaved_form_and_stores_nothing(client, customer):
    csrf = token(client, layout_url(customer))
    response = client.post(layout_url(customer) + "/previa", headers={"HX-Request": "true"},
                           data={"csrf_token": csrf, "header_text": "Texto ainda não salvo", "blocks": ["instrucoes"],
                                 "payment_text": "Boleto em 3 dias", "visible_columns": ["numero"],
                                 "primary_color": "#123456", "logo": (io.BytesIO(png()), "l.png")},
                           content_type="multipart/form-data")
    assert response.status_code == 200
    fragment = response.get_data(as_text=True)
    assert 'id="invoice-preview"' in fragment and "Texto ainda não salvo" in fragment
    assert "Boleto em 3 dias" in fragment and "#123456" in fragment and "data:image/png;base64," in fragment
    assert "Chave de acesso" not in fragment and "Tipo</th>" not in fragment
    with tenant_scope(customer.company_id):
        assert db.session.execute(db.select(InvoiceLayout)).first() is None


def test_the_preview_ends_with_the_footer_without_the_pdf_page_counter(client, fin_api, customer):
    """The HTML preview has no pages: no "Página de" (the PDF's page tags print nothing in HTML), the footer last;
    the PDF keeps its counter."""
    save_layout(client, customer)
    page = client.get(layout_url(customer)).get_data(as_text=True)
    preview = html.unescape(page.split('srcdoc="', 1)[1].split('"', 1)[0])
    assert "Página" not in preview and "pdf:page" not in preview
    assert preview.index("Rodapé do Atacadista") > preview.index("Instruções de pagamento")
    assert "Página 1 de 1" in pdf_text(client, emitted_invoice(fin_api, customer))


def test_the_preview_of_an_unreadable_value_names_it(client, customer):
    response = client.post(layout_url(customer) + "/previa", data={
        "csrf_token": token(client, layout_url(customer)), "primary_color": "azul"})
    fragment = response.get_data(as_text=True)
    assert response.status_code == 200 and "#RRGGBB" in fragment and "srcdoc" not in fragment


def test_another_companys_customer_is_404_and_absent_from_the_list(client, make_company, make_partner, fin_api,
                                                                  customer):
    emitted_invoice(fin_api, customer)
    foreign = make_partner(make_company(modules=["billing"]), legal_name="Cliente Alheio")
    csrf = token(client)
    assert client.get(layout_url(foreign)).status_code == 404
    assert client.post(layout_url(foreign), data={"csrf_token": csrf}).status_code == 404
    assert client.post(layout_url(foreign) + "/previa", data={"csrf_token": csrf}).status_code == 404
    listing = client.get(SETTINGS).get_data(as_text=True)
    assert customer.legal_name in listing and "Cliente Alheio" not in listing


# --- The company's defaults, the base every customer layout applies over ---------------------------

DEFAULTS = "/financeiro/layout-fatura"


def pdftotext(client, invoice_id, tmp_path) -> str:
    """The invoice PDF as poppler reads it (what a customer's PDF reader shows)."""
    response = client.get(f"/financeiro/faturas/{invoice_id}/pdf")
    assert response.status_code == 200
    path = tmp_path / f"{invoice_id}.pdf"
    path.write_bytes(response.data)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout


def save_defaults(client, **fields):
    data = {"csrf_token": token(client, DEFAULTS), "header_text": "Transportes Exemplo: desde 1975.",
            "payment_text": "Boleto enviado por e-mail.", "visible_columns": ["numero", "emissao"],
            "blocks": ["instrucoes"]}
    data.update(fields)
    return client.post(DEFAULTS, data=data, content_type="multipart/form-data")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed (CI installs it)")
def test_the_company_defaults_reach_every_invoice_and_a_customer_override_wins(
        client, fin_api, fin_company, customer, make_partner, tmp_path):
    plain = make_partner(fin_company, legal_name="Cliente Sem Layout SA")
    assert save_defaults(client).status_code == 302
    assert save_layout(client, customer, header_text="Texto só do Atacadista", payment_text="",
                       visible_columns=["tipo", "chave"], blocks=["condicao", "instrucoes"]).status_code == 302

    text = pdftotext(client, emitted_invoice(fin_api, plain), tmp_path)  # the company's defaults
    assert "Transportes Exemplo: desde 1975." in text and "Boleto enviado por e-mail." in text
    assert "Número/Série" in text and "Emissão" in text
    assert "Chave de acesso" not in text and "Tipo" not in text and "Condição de" not in text
    assert "R$ 1.234,56" in text

    text = pdftotext(client, emitted_invoice(fin_api, customer), tmp_path)  # the customer's layout over them
    assert "Texto só do Atacadista" in text and "Transportes Exemplo" not in text
    assert "Boleto enviado por e-mail." in text  # its payment text left empty: the company's
    assert "Chave de acesso" in text and "Condição de" in text and "Número/Série" not in text
    assert "Rodapé do Atacadista" in text and "R$ 1.234,56" in text


def test_without_company_defaults_an_invoice_shows_every_column_and_no_texts(client, fin_api, customer):
    text = pdf_text(client, emitted_invoice(fin_api, customer))
    for column in ("Tipo", "Número/Série", "Emissão", "Chave de acesso", "Condição de"):
        assert column in text
    assert "Instruções de pagamento" not in text


def test_the_defaults_page_shows_the_saved_values_and_its_preview(client, customer):
    save_defaults(client)
    page = client.get(DEFAULTS).get_data(as_text=True)
    assert "Layout padrão da fatura" in page and 'srcdoc="' in page
    assert "Transportes Exemplo: desde 1975." in page.split('srcdoc="', 1)[1]  # in the preview too
    assert 'name="primary_color"' not in page and 'name="logo"' not in page  # colours and logo: the branding's
    # a customer's layout page starts from the company's columns and blocks
    form = client.get(layout_url(customer)).get_data(as_text=True).split("<iframe", 1)[0]
    checked = {value for tag, value in re.findall(r'(<input[^>]*value="(\w+)"[^>]*>)', form) if " checked" in tag}
    assert {"numero", "emissao", "instrucoes"} <= checked and not {"tipo", "chave", "condicao"} & checked


def test_the_defaults_preview_renders_the_unsaved_form_and_stores_nothing(client, fin_company):
    response = client.post(DEFAULTS + "/previa", headers={"HX-Request": "true"}, data={
        "csrf_token": token(client, DEFAULTS), "header_text": "Ainda não salvo", "visible_columns": ["numero"],
        "blocks": []})
    fragment = response.get_data(as_text=True)
    assert response.status_code == 200 and "Ainda não salvo" in fragment and "Cliente de Exemplo Ltda" in fragment
    assert "Chave de acesso" not in fragment and "Número/Série" in fragment
    with tenant_scope(fin_company.id):
        assert db.session.execute(db.select(InvoiceLayoutDefault)).first() is None
    refused = client.post(DEFAULTS + "/previa", data={"csrf_token": token(client, DEFAULTS),
                                                      "visible_columns": ["valor"]})
    assert "srcdoc" not in refused.get_data(as_text=True) and "Valor não permitido" in refused.get_data(as_text=True)


@pytest.mark.parametrize("fields, field, message", [
    ({"header_text": "x" * 1001}, "header_text", "no máximo 1000"),
    ({"blocks": ["rodape"]}, "blocks", "Valor não permitido"),
])
def test_bad_defaults_are_refused_on_their_field_and_nothing_is_stored(client, fin_company, fields, field, message):
    response = save_defaults(client, **fields)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and f'id="{field}-error"' in page and message in page
    with tenant_scope(fin_company.id):
        assert db.session.execute(db.select(InvoiceLayoutDefault)).first() is None


def test_saving_the_defaults_again_replaces_them(client, fin_company):
    save_defaults(client)
    save_defaults(client, header_text="", visible_columns=["chave"])
    with tenant_scope(fin_company.id):
        stored = db.session.execute(db.select(InvoiceLayoutDefault)).scalar_one()
        assert (stored.header_text, stored.visible_columns) == (None, ["chave"])


@pytest.mark.parametrize("role, status", [("admin", 200), ("financeiro", 200), ("operador", 403)])
def test_the_defaults_page_is_for_financeiro_and_admin(login, make_user, fin_company, role, status):
    assert login(make_user(fin_company, role=role)).get(DEFAULTS).status_code == status


def test_a_companys_defaults_never_reach_another_companys_invoices(client, login, make_user, make_company,
                                                                  make_partner, make_api_key, app):
    save_defaults(client)
    other = make_company(modules=["billing", "financial"])
    _, key = make_api_key(other)
    other_api = ApiClient(app.test_client(), key, header="x-service-key")
    text = pdf_text(login(make_user(other, role="financeiro")), emitted_invoice(other_api, make_partner(other)))
    assert "Transportes Exemplo" not in text and "Chave de acesso" in text


# --- A first save lost to a concurrent one -----------------------------------------------------------

def _insert_layout(company_id, customer_id=None):
    def insert(conn):
        table = InvoiceLayout.__table__ if customer_id else InvoiceLayoutDefault.__table__
        values = {"customer_partner_id": customer_id} if customer_id else {}
        conn.execute(table.insert().values(id=uuid.uuid4(), company_id=company_id, header_text="Venceu",
                                           visible_columns=["numero"], blocks=[], created_at=utcnow(),
                                           updated_at=utcnow(), **values))
    return insert


def test_a_customer_layout_first_saved_concurrently_is_409_naming_it_and_ours_is_not_written(
        fin_company, customer, race):
    fired = race("invoice_layouts.customer_partner_id =", _insert_layout(fin_company.id, customer.id))
    with tenant_scope(fin_company.id), pytest.raises(Conflict) as caught:
        layout.save_layout(fin_company, customer, InvoiceLayoutUpdate(header_text="Perdeu"))
    db.session.rollback()
    assert fired and caught.value.status == 409 and caught.value.code == "invoice_layout_exists"
    with tenant_scope(fin_company.id):
        [(winner, header)] = db.session.execute(db.select(InvoiceLayout.id, InvoiceLayout.header_text)).all()
    assert header == "Venceu" and caught.value.extra == {"existing_id": str(winner)}


def test_the_company_defaults_first_saved_concurrently_are_409_too(fin_company, race):
    fired = race("FROM invoice_layout_defaults", _insert_layout(fin_company.id))
    with tenant_scope(fin_company.id), pytest.raises(Conflict) as caught:
        layout.save_defaults(fin_company, InvoiceDefaultsUpdate(header_text="Perdeu"))
    db.session.rollback()
    assert fired and caught.value.code == "invoice_layout_exists"
    with tenant_scope(fin_company.id):
        assert db.session.execute(db.select(InvoiceLayoutDefault.header_text)).scalars().all() == ["Venceu"]


def test_a_second_save_of_a_stored_layout_just_replaces_it(fin_company, customer):
    with tenant_scope(fin_company.id):
        first = layout.save_layout(fin_company, customer, InvoiceLayoutUpdate(header_text="Um"))
        db.session.commit()
        second = layout.save_layout(fin_company, customer, InvoiceLayoutUpdate(header_text="Dois"))
        db.session.commit()
        assert second.id == first.id
        assert db.session.execute(db.select(InvoiceLayout.header_text)).scalars().all() == ["Dois"]


def test_the_page_answers_a_lost_first_save_with_409_and_its_message(client, fin_company, customer, race):
    csrf = token(client, layout_url(customer))  # the page opened before the other save
    # the page reads the layout, then the service checks it again: the other save lands after that check
    fired = race("invoice_layouts.customer_partner_id =", _insert_layout(fin_company.id, customer.id), skip=1)
    response = client.post(layout_url(customer), data={"csrf_token": csrf, "header_text": "Perdeu",
                                                       "visible_columns": ["numero"]})
    assert fired and response.status_code == 409
    assert "Outra pessoa salvou o layout deste cliente ao mesmo tempo" in response.get_data(as_text=True)
    with tenant_scope(fin_company.id):
        assert db.session.execute(db.select(InvoiceLayout.header_text)).scalars().all() == ["Venceu"]
