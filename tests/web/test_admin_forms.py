"""The admin and webhook forms declare fields only: the rules are the services' (domain/tenancy/inputs.py,
domain/webhooks/services.py), every problem shown at once under its input, 422, what was typed kept."""
import pytest

from core.db import db
from core.errors import InvalidBody
from core.tenancy import cross_tenant
from domain.tenancy import services
from domain.tenancy.models import ApiKey, Company, User
from domain.tenancy.sessions import change_password
from tests.web.test_cadastros_helpers import field_errors, post, text


@pytest.fixture
def admin(login, make_user, company):
    return login(make_user(company, role="admin"))


def send(client, path, data):
    return post(client, path, data, htmx=False, csrf=None)


def user_form(client, **fields):
    data = {"name": "Operadora", "email": "op@example.com", "password": "senha-boa-123", "role": "operador"}
    return send(client, "/admin/usuarios", {**data, **fields})


def test_every_user_problem_is_under_its_input_and_the_typed_values_stay(admin):
    response = user_form(admin, name="N" * 121, email="sem-arroba", password="curta")
    html = text(response)
    assert response.status_code == 422
    assert field_errors(html, "name") == ["No máximo 120 caracteres."]
    assert field_errors(html, "email") == ["E-mail inválido."]
    assert field_errors(html, "password") == ["De 8 a 200 caracteres."]
    assert 'value="sem-arroba"' in html and 'value="' + "N" * 121 + '"' in html
    assert db.session.execute(cross_tenant(db.select(User).where(User.email == "sem-arroba"))).first() is None


def test_the_user_limits_are_inclusive(admin):
    assert user_form(admin, name="N" * 120, password="p" * 200).status_code == 302
    assert user_form(admin, email="outra@example.com", password="p" * 201).status_code == 422
    assert user_form(admin, email="", password="").status_code == 422


def test_a_taken_email_is_shown_under_the_email_input(admin, make_company, make_user):
    make_user(make_company(), email="op@example.com")
    response = user_form(admin)
    assert response.status_code == 422
    assert field_errors(text(response), "email") == ["Já existe um usuário com este e-mail."]


def test_an_unknown_role_is_refused_by_the_service_in_portuguese(admin):
    response = user_form(admin, role="root")
    assert response.status_code == 422
    assert field_errors(text(response), "role") == ["Valor deve ser um de: admin, operador, financeiro, leitura."]


def test_the_service_reports_all_problems_with_a_sentence_for_the_cli(company):
    with pytest.raises(InvalidBody) as caught:
        services.create_user(company, email="", password="curta", role="root")
    assert [(e.field, e.code) for e in caught.value.details] == [
        ("email", "required"), ("password", "length"), ("role", "invalid_choice")]
    assert "Informe um e-mail válido." in caught.value.message
    assert "pelo menos 8 caracteres" in caught.value.message


def test_a_new_password_follows_the_same_rule(make_user, company):
    user = make_user(company)
    with pytest.raises(InvalidBody) as caught:
        change_password(user, "p" * 201)
    assert caught.value.details[0].message == "De 8 a 200 caracteres."
    assert change_password(user, "p" * 200) is user


def test_an_api_key_name_over_120_characters_is_refused(admin):
    response = send(admin, "/admin/integracoes", {"name": "K" * 121, "scopes": ["read"]})
    assert response.status_code == 422
    assert field_errors(text(response), "name") == ["No máximo 120 caracteres."]
    assert db.session.execute(cross_tenant(db.select(ApiKey))).first() is None
    assert send(admin, "/admin/integracoes", {"name": "K" * 120, "scopes": ["read"]}).status_code == 302


def test_an_unknown_scope_is_under_the_scopes_input(admin):
    response = send(admin, "/admin/integracoes", {"name": "ERP", "scopes": ["admin"]})
    assert response.status_code == 422
    assert field_errors(text(response), "scopes") == ["Valor deve ser um de: read, write, webhooks."]


def test_a_long_name_and_an_unknown_scope_are_reported_together(admin):
    response = send(admin, "/admin/integracoes", {"name": "K" * 121, "scopes": ["admin"]})
    assert response.status_code == 422
    assert field_errors(text(response), "name") == ["No máximo 120 caracteres."]
    assert field_errors(text(response), "scopes") == ["Valor deve ser um de: read, write, webhooks."]


def branding(client, **fields):
    data = {"legal_name": "Marca Ltda", "footer": "Rodapé", "primary_color": "#12ab34", "secondary_color": "#eeeeee"}
    return send(client, "/admin/identidade-visual", {**data, **fields})


def test_branding_texts_over_their_limits_are_refused_with_every_problem(admin, company):
    response = branding(admin, legal_name="L" * 201, footer="F" * 501, primary_color="vermelho")
    html = text(response)
    assert response.status_code == 422
    assert field_errors(html, "legal_name") == ["No máximo 200 caracteres."]
    assert field_errors(html, "footer") == ["No máximo 500 caracteres."]
    assert field_errors(html, "primary_color") == ["Use uma cor no formato #RRGGBB."]
    assert 'value="vermelho"' in html
    db.session.expire_all()
    assert db.session.get(Company, company.id).brand_legal_name is None
    assert branding(admin, legal_name="L" * 200, footer="F" * 500).status_code == 302
    db.session.expire_all()
    assert db.session.get(Company, company.id).brand_legal_name == "L" * 200


def test_a_webhook_without_url_or_with_an_unknown_event_is_refused_under_its_input(admin):
    response = send(admin, "/admin/webhooks", {"url": "", "event_types": ["freight.status_changed"]})
    assert response.status_code == 422
    assert field_errors(text(response), "url") == ["Informe a URL."]
    response = send(admin, "/admin/webhooks", {"url": "https://example.com/h", "event_types": ["nada.disso"]})
    assert response.status_code == 422
    assert field_errors(text(response), "event_types")[0].startswith("Evento desconhecido: nada.disso.")
    assert 'value="https://example.com/h"' in text(response)

