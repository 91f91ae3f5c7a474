"""Partner pages: list with live search and filters, "Carregar mais", create/edit with inline errors from the
domain schemas and services, deactivate/reactivate, and bank accounts managed inline (htmx)."""
import re
import uuid

import pytest

from core.db import db
from core.tenancy import tenant_scope
from domain.partners.models import Partner, PartnerBankAccount
from tests.fixtures.partners import cnpj_from, unique_cpf, unique_partner_cnpj
from tests.web.test_cadastros_helpers import field_errors, fragment, post, row_ids, text, walk_list


@pytest.fixture
def admin(login, make_user, company):
    user = make_user(company, role="admin")
    client = login(user)
    client.user = user
    return client


def stored(company, partner_id) -> Partner:
    db.session.expire_all()
    with tenant_scope(company.id):
        return db.session.get(Partner, uuid.UUID(str(partner_id)))


def partner_form(**overrides) -> dict:
    data = {"person_kind": "pj", "cpf_cnpj": unique_partner_cnpj(), "legal_name": "Transportes Serra Ltda",
            "trade_name": "Serra", "roles": ["contratado"]}
    data.update(overrides)
    return data


# --- List, search, filters, pagination ---------------------------------------------------------

def test_list_shows_the_company_partners(admin, make_partner, make_company):
    mine = make_partner(legal_name="Cooperativa Alfa")
    theirs = make_partner(make_company(), legal_name="Cooperativa Beta")
    html = text(admin.get("/parceiros"))
    assert "Cooperativa Alfa" in html and str(mine.id) in html
    assert "Cooperativa Beta" not in html and str(theirs.id) not in html
    assert 'hx-trigger="input changed delay:300ms, search"' in html


def test_live_search_returns_only_the_results_fragment(admin, make_partner):
    sao = make_partner(legal_name="Expresso São Paulo Ltda")
    make_partner(legal_name="Rodoviário Curitiba Ltda")
    response = fragment(admin, "/parceiros", "results", q="sao paulo")  # accents and case ignored
    html = text(response)
    assert response.status_code == 200
    assert "<html" not in html and 'id="results"' in html
    assert row_ids(html) == [str(sao.id)]
    assert "HX-Target" in response.headers.get("Vary", "")


def test_search_by_formatted_document(admin, make_partner):
    partner = make_partner()
    doc = partner.cpf_cnpj
    formatted = f"{doc[:2]}.{doc[2:5]}.{doc[5:8]}/{doc[8:12]}-{doc[12:]}"
    assert row_ids(text(fragment(admin, "/parceiros", "results", q=formatted))) == [str(partner.id)]


def test_role_and_only_active_filters(admin, make_partner, company):
    carrier = make_partner(roles=["contratado"])
    customer = make_partner(roles=["cliente_frete"])
    inactive_carrier = make_partner(roles=["contratado"], is_active=False)
    by_role = row_ids(text(fragment(admin, "/parceiros", "results", role="contratado")))
    assert set(by_role) == {str(carrier.id), str(inactive_carrier.id)}
    active = row_ids(text(fragment(admin, "/parceiros", "results", role="contratado", only_active="true")))
    assert active == [str(carrier.id)]
    assert str(customer.id) in row_ids(text(admin.get("/parceiros")))
    assert len(row_ids(text(fragment(admin, "/parceiros", "results", q="", role="")))) == 3  # "Todos"


def test_bad_filter_value_is_a_400_page_not_a_500(admin):
    response = admin.get("/parceiros", query_string={"role": "pirata"})
    assert response.status_code == 400
    assert response.mimetype == "text/html"


def test_load_more_walks_every_partner_once(admin, make_partner):
    created = [str(make_partner().id) for _ in range(53)]
    first = text(admin.get("/parceiros"))
    assert len(row_ids(first)) == 50 and "Carregar mais" in first
    seen = walk_list(admin, "/parceiros")
    assert len(seen) == len(set(seen)) == 53
    assert seen == created[::-1]  # newest first, as the API


def test_load_more_keeps_the_filters(admin, make_partner):
    matching = [str(make_partner(legal_name=f"Frota Azul {i}").id) for i in range(3)]
    for _ in range(2):
        make_partner(legal_name="Outra Empresa")
    seen = walk_list(admin, "/parceiros", q="azul", limit=2)
    assert seen == matching[::-1]


def test_tampered_cursor_is_a_400(admin, make_partner):
    response = admin.get("/parceiros", query_string={"cursor": "abc.def"})
    assert response.status_code == 400


# --- Create ------------------------------------------------------------------------------------

def test_create_partner_with_a_formatted_cnpj(admin, company):
    base = unique_partner_cnpj()
    formatted = f"{base[:2]}.{base[2:5]}.{base[5:8]}/{base[8:12]}-{base[12:]}"
    response = post(admin, "/parceiros/novo", partner_form(cpf_cnpj=formatted, roles=["contratado", "fornecedor"],
                                                           municipio_codigo="3550308"))
    assert response.status_code == 200, text(response)
    location = response.headers["HX-Redirect"]
    partner_id = location.rsplit("/", 1)[-1]
    partner = stored(company, partner_id)
    assert partner.cpf_cnpj == base
    assert partner.roles == ["contratado", "fornecedor"]
    assert (partner.uf, partner.municipio_nome) == ("SP", "São Paulo")  # filled from the IBGE code (service rule)
    assert partner.created_by_user_id == admin.user.id
    assert "Parceiro cadastrado." in text(admin.get(location))


def test_create_without_htmx_redirects(admin):
    response = post(admin, "/parceiros/novo", partner_form(), htmx=False)
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/parceiros/")


@pytest.mark.parametrize("overrides, field, message", [
    ({"cpf_cnpj": "11222333000100"}, "cpf_cnpj", "CNPJ inválido (dígito verificador não confere)."),
    ({"cpf_cnpj": ""}, "cpf_cnpj", None),
    ({"legal_name": ""}, "legal_name", "Deve ter pelo menos 1 caracteres."),
    ({"person_kind": "pf"}, "person_kind", "Tipo de pessoa não corresponde ao documento"),
    ({"email": "sem-arroba"}, "email", "E-mail inválido."),
    ({"uf": "XX"}, "uf", "UF inválida"),
    ({"municipio_codigo": "3550308", "uf": "RJ"}, "municipio_codigo", "pertence a SP"),
    ({"ie": "123", "ie_isento": "y"}, "ie", "Não informe a inscrição estadual"),
    ({"roles": ["pirata"]}, "roles", "Valor não permitido"),
    ({"rntrc": "12"}, "rntrc", "RNTRC deve ter 9 dígitos"),
])
def test_create_errors_are_shown_under_their_field(admin, company, overrides, field, message):
    response = post(admin, "/parceiros/novo", partner_form(**overrides))
    assert response.status_code == 422
    html = text(response)
    assert "<html" not in html and 'id="partner-form"' in html  # the form fragment, swapped by htmx
    errors = field_errors(html, field)
    assert errors, html
    if message:
        assert any(message in e for e in errors), errors
    with tenant_scope(company.id):
        assert db.session.execute(db.select(Partner)).first() is None


def test_create_keeps_what_was_typed(admin):
    html = text(post(admin, "/parceiros/novo", partner_form(cpf_cnpj="123", legal_name="Minha Transportadora")))
    assert 'value="Minha Transportadora"' in html and 'value="123"' in html


def test_duplicate_document_is_shown_under_the_field(admin, make_partner, company):
    existing = make_partner()
    response = post(admin, "/parceiros/novo", partner_form(cpf_cnpj=existing.cpf_cnpj))
    assert response.status_code == 422
    assert field_errors(text(response), "cpf_cnpj") == ["CPF/CNPJ já cadastrado."]


def test_create_page_without_htmx_shows_the_whole_page_on_error(admin):
    response = post(admin, "/parceiros/novo", partner_form(legal_name=""), htmx=False)
    assert response.status_code == 422
    assert "<html" in text(response) and field_errors(text(response), "legal_name")


def test_a_person_partner_with_cpf(admin, company):
    cpf = unique_cpf()
    formatted = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
    response = post(admin, "/parceiros/novo", partner_form(person_kind="pf", cpf_cnpj=formatted))
    assert response.status_code == 200, text(response)
    assert stored(company, response.headers["HX-Redirect"].rsplit("/", 1)[-1]).cpf_cnpj == cpf


# --- Edit, deactivate, reactivate ----------------------------------------------------------------

def test_edit_page_shows_the_record(admin, make_partner):
    partner = make_partner(legal_name="Transportes Vale", roles=["tomador"], email="vale@example.com")
    html = text(admin.get(f"/parceiros/{partner.id}"))
    assert 'value="Transportes Vale"' in html and 'value="vale@example.com"' in html
    assert '<input checked id="roles-2" name="roles" type="checkbox" value="tomador">' in html
    assert html.count("<input checked") == 1


def test_edit_saves_every_field_of_the_form(admin, make_partner, company):
    partner = make_partner(trade_name="Antigo", email="a@example.com")
    form = partner_form(cpf_cnpj=partner.cpf_cnpj, legal_name="Nome Novo Ltda", trade_name="", email="",
                        roles=["remetente"], notes="cliente desde 2019")
    response = post(admin, f"/parceiros/{partner.id}", form)
    assert response.status_code == 200, text(response)
    assert response.headers["HX-Redirect"] == f"/parceiros/{partner.id}"
    saved = stored(company, partner.id)
    assert (saved.legal_name, saved.trade_name, saved.email) == ("Nome Novo Ltda", None, None)
    assert saved.roles == ["remetente"] and saved.notes == "cliente desde 2019"


def test_edit_errors_are_inline_and_nothing_changes(admin, make_partner, company):
    partner = make_partner(legal_name="Original Ltda")
    other = make_partner()
    response = post(admin, f"/parceiros/{partner.id}", partner_form(cpf_cnpj=other.cpf_cnpj, legal_name="Trocado"))
    assert response.status_code == 422
    assert field_errors(text(response), "cpf_cnpj") == ["CPF/CNPJ já cadastrado."]
    response = post(admin, f"/parceiros/{partner.id}", partner_form(cpf_cnpj=partner.cpf_cnpj, email="x@"))
    assert field_errors(text(response), "email") == ["E-mail inválido."]
    assert stored(company, partner.id).legal_name == "Original Ltda"


def test_deactivate_and_reactivate(admin, make_partner, company):
    partner = make_partner()
    html = text(admin.get(f"/parceiros/{partner.id}"))
    assert "Desativar" in html and "Reativar" not in html
    response = post(admin, f"/parceiros/{partner.id}/desativar")
    assert response.status_code == 200 and response.headers["HX-Redirect"] == f"/parceiros/{partner.id}"
    assert stored(company, partner.id).is_active is False
    html = text(admin.get(f"/parceiros/{partner.id}"))
    assert "Parceiro desativado." in html and "Reativar" in html
    assert post(admin, f"/parceiros/{partner.id}/reativar", htmx=False).status_code == 302
    assert stored(company, partner.id).is_active is True


# --- Bank accounts -------------------------------------------------------------------------------

def accounts(company, partner_id) -> list[PartnerBankAccount]:
    db.session.expire_all()
    with tenant_scope(company.id):
        return list(db.session.execute(db.select(PartnerBankAccount).where(
            PartnerBankAccount.partner_id == partner_id)).scalars())


def bank_form(**overrides) -> dict:
    data = {"bank_code": "341", "agency": "1234", "account": "56789-0", "account_type": "poupanca",
            "pix_key": "", "holder_name": "Fulano de Tal", "holder_document": cnpj_from("112223330001")}
    data.update(overrides)
    return data


def test_bank_account_create_returns_the_section(admin, make_partner, company):
    partner = make_partner()
    form = text(admin.get(f"/parceiros/{partner.id}/contas/nova", headers={"HX-Request": "true"}))
    assert 'name="bank_code"' in form and "<html" not in form
    cpf = unique_cpf()
    response = post(admin, f"/parceiros/{partner.id}/contas",
                    bank_form(holder_document=f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"))
    assert response.status_code == 200, text(response)
    assert response.headers["HX-Retarget"] == "#bank-accounts"
    assert 'id="bank-accounts"' in text(response) and "56789-0" in text(response)
    [account] = accounts(company, partner.id)
    assert (account.bank_code, account.agency, account.account, account.account_type) == (
        "341", "1234", "56789-0", "poupanca")
    assert account.holder_document == cpf


def test_bank_account_with_pix_only(admin, make_partner, company):
    partner = make_partner()
    response = post(admin, f"/parceiros/{partner.id}/contas",
                    bank_form(bank_code="", agency="", account="", account_type="", pix_key="Financeiro@Example.com"))
    assert response.status_code == 200, text(response)
    [account] = accounts(company, partner.id)
    assert (account.pix_key, account.pix_key_type, account.account_type) == ("financeiro@example.com", "email", None)


@pytest.mark.parametrize("overrides, field, message", [
    ({"bank_code": "34"}, "bank_code", "Código do banco deve ter 3 dígitos (COMPE)."),
    ({"bank_code": "abc"}, "bank_code", "Código do banco deve ter 3 dígitos (COMPE)."),
    ({"agency": "12345678"}, "agency", "Agência inválida"),
    ({"account": "12a45"}, "account", "Conta inválida"),
    ({"account_type": "salario"}, "account_type", "Valor não permitido"),
    ({"holder_document": "11122233344"}, "holder_document", "CPF inválido (dígito verificador não confere)."),
    ({"holder_document": "11222333000100"}, "holder_document", "CNPJ inválido"),
    ({"pix_key": "não é chave"}, "pix_key", "Chave PIX inválida"),
    ({"account": ""}, "account", "Informe banco, agência e conta juntos."),
    ({"bank_code": "", "agency": "", "account": ""}, "pix_key", "Informe os dados bancários"),
])
def test_bank_account_errors_inline(admin, make_partner, company, overrides, field, message):
    partner = make_partner()
    response = post(admin, f"/parceiros/{partner.id}/contas", bank_form(**overrides))
    assert response.status_code == 422
    html = text(response)
    assert 'data-testid="bank-account-form"' in html and "HX-Retarget" not in response.headers
    assert any(message in e for e in field_errors(html, field)), (field_errors(html, field), html)
    assert accounts(company, partner.id) == []


def test_bank_account_edit_and_delete(admin, make_partner, make_bank_account, company):
    partner = make_partner()
    account = make_bank_account(partner)
    edit = text(admin.get(f"/parceiros/{partner.id}/contas/{account.id}/editar", headers={"HX-Request": "true"}))
    assert edit.lstrip().startswith(f'<tr id="bank-account-{account.id}"') and 'value="341"' in edit
    bad = post(admin, f"/parceiros/{partner.id}/contas/{account.id}", bank_form(bank_code="1"))
    assert bad.status_code == 422 and field_errors(text(bad), "bank_code")
    assert text(bad).lstrip().startswith("<tr")  # swapped back into its table row
    ok = post(admin, f"/parceiros/{partner.id}/contas/{account.id}", bank_form(bank_code="001", account="999-9"))
    assert ok.status_code == 200 and ok.headers["HX-Retarget"] == "#bank-accounts"
    [saved] = accounts(company, partner.id)
    assert (saved.bank_code, saved.account) == ("001", "999-9")
    deleted = post(admin, f"/parceiros/{partner.id}/contas/{account.id}/excluir")
    assert deleted.status_code == 200 and "Nenhuma conta cadastrada." in text(deleted)
    assert accounts(company, partner.id) == []


def test_bank_account_of_another_partner_is_404(admin, make_partner, make_bank_account, company):
    partner, other = make_partner(), make_partner()
    account = make_bank_account(other)
    assert admin.get(f"/parceiros/{partner.id}/contas/{account.id}/editar").status_code == 404
    assert post(admin, f"/parceiros/{partner.id}/contas/{account.id}", bank_form()).status_code == 404
    assert post(admin, f"/parceiros/{partner.id}/contas/{account.id}/excluir").status_code == 404
    assert len(accounts(company, other.id)) == 1


def test_bank_accounts_are_listed_on_the_partner_page(admin, make_partner, make_bank_account):
    partner = make_partner()
    make_bank_account(partner, pix_key="+5511987654321")
    html = text(admin.get(f"/parceiros/{partner.id}"))
    assert "(11) 98765-4321" in html and "(Telefone)" in html and "Adicionar conta" in html


def test_api_shows_page_created_accounts_read_only(admin, api, make_partner):
    partner = make_partner()
    assert post(admin, f"/parceiros/{partner.id}/contas", bank_form()).status_code == 200
    body = api.get(f"/partners/{partner.id}").get_json()
    assert [a["bank_code"] for a in body["data"]["bank_accounts"]] == ["341"]


@pytest.mark.parametrize("key, shown", [("+5511987654321", "+55 (11) 98765-4321"), (None, "11.222.333/0001-81"),
                                        ("financeiro@example.com", "financeiro@example.com")])
def test_bank_account_form_shows_document_and_pix_key_formatted_and_masked(admin, make_partner, make_bank_account,
                                                                           company, key, shown):
    partner = make_partner()
    cnpj = cnpj_from("112223330001")
    account = make_bank_account(partner, pix_key=key or cnpj, holder_document=cnpj)
    edit = text(admin.get(f"/parceiros/{partner.id}/contas/{account.id}/editar", headers={"HX-Request": "true"}))
    holder = re.search(r'<input[^>]*name="holder_document"[^>]*>', edit).group(0)
    pix = re.search(r'<input[^>]*name="pix_key"[^>]*>', edit).group(0)
    assert 'value="11.222.333/0001-81"' in holder and 'data-mask="cpf_cnpj"' in holder
    assert f'value="{shown}"' in pix and 'data-mask="pix_key"' in pix
    # what the form shows is posted back unchanged and keeps meaning the same key
    again = post(admin, f"/parceiros/{partner.id}/contas/{account.id}",
                 bank_form(pix_key=shown, holder_document="11.222.333/0001-81"))
    assert again.status_code == 200, text(again)
    [saved] = accounts(company, partner.id)
    assert (saved.pix_key, saved.holder_document) == (key or cnpj, cnpj)
