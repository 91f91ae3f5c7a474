"""The page kit: theme tokens and readable colours (pages and PDFs), branding page, error pages, user defaults."""
import io

import pytest

from core.contrast import AA, contrast, ink_on_white, text_on, warnings
from core.db import db
from core.pdf import Branding
from domain.tenancy import services as tenancy
from tests.foundation.test_web_admin import branding_form, fresh_company, png_bytes


@pytest.fixture
def admin(login, make_user, company):
    return login(make_user(company, role="admin"))


@pytest.mark.parametrize("background", ["#1f4e79", "#e8eef5", "#14273d", "#ffd700", "#000000", "#ffffff", "#777777",
                                        "#787878", "#7a7a7a", "#f44336"])
def test_text_colours_are_chosen_by_contrast(background):
    assert contrast(background, text_on(background)) >= AA  # mid greys: neither white nor #1d2433, black is
    assert contrast(ink_on_white(background), "#ffffff") >= AA


def test_a_dark_secondary_colour_gets_white_table_headers_in_the_pdf(company):
    tenancy.update_branding(company, secondary_color="#1f2a44")
    branding = Branding.for_company(company)
    assert branding.secondary_text == "#ffffff"
    from core.pdf import render_html
    html = render_html("pdf/sample.html", branding=branding, title="Exemplo")
    assert "color: #ffffff" in html.split("th {", 1)[1].split("}", 1)[0]


def test_branding_page_warns_and_shows_the_current_logo(admin, company):
    tenancy.update_branding(company, primary_color="#ffd700", secondary_color="#1f2a44", logo=png_bytes())
    db.session.commit()
    html = admin.get("/admin/identidade-visual").get_data(as_text=True)
    assert 'id="contrast-notes"' in html and "pouco contraste" in html and "texto branco" in html
    assert 'alt="Logotipo atual' in html
    logo = admin.get("/admin/identidade-visual/logo")
    assert logo.status_code == 200 and logo.mimetype == "image/png"
    assert warnings("#1f4e79", "#e8eef5") == []  # the defaults need no note


def test_a_logo_larger_than_the_body_limit_gets_the_inline_error_not_a_413_page(app, admin, company, monkeypatch):
    monkeypatch.setitem(app.config, "MAX_CONTENT_LENGTH", 4096)
    monkeypatch.setitem(app.config, "LOGO_MAX_BYTES", 2048)
    big = png_bytes((120, 120), noise=True)
    assert len(big) > 4096
    response = branding_form(admin, logo=(io.BytesIO(big), "logo.png"))
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "no máximo 2 KiB" in html
    assert 'value="Marca Ltda"' in html  # the form keeps what was typed
    assert fresh_company(company).brand_logo is None


def test_theme_stylesheet_recolours_the_brand_tokens_readably(admin, company):
    tenancy.update_branding(company, primary_color="#ffd700", secondary_color="#1f2a44")
    db.session.commit()
    css = admin.get("/tema.css").get_data(as_text=True)
    assert f"--brand: {ink_on_white('#ffd700')};" in css and "--brand-soft-text: #ffffff;" in css
    assert "tema.css" in admin.get("/").get_data(as_text=True)


def test_new_users_default_to_read_only(admin):
    html = admin.get("/admin/usuarios").get_data(as_text=True)
    assert '<option selected value="leitura">' in html or '<option value="leitura" selected>' in html


@pytest.mark.parametrize("path, status, words", [
    ("/nao-existe", 404, "Página não encontrada"),
    ("/admin/usuarios", 403, "Acesso negado"),
])
def test_error_pages_are_pt_br_inside_the_shell_with_a_way_back(login, make_user, company, path, status, words):
    client = login(make_user(company, role="leitura"))
    response = client.get(path)
    html = response.get_data(as_text=True)
    assert response.status_code == status and words in html
    assert 'class="sidebar"' in html and 'href="/"' in html
    assert "The requested URL" not in html and "You don't have" not in html


def test_every_page_has_a_favicon_and_no_inline_script(admin):
    html = admin.get("/").get_data(as_text=True)
    assert 'rel="icon"' in html and admin.get("/static/favicon.svg").status_code == 200
    assert "<script>" not in html and " onsubmit=" not in html and " onclick=" not in html
    assert "onsubmit=" not in admin.get("/admin/integracoes").get_data(as_text=True)




def test_dashboard_counts_are_links_and_it_shows_what_needs_action(login, make_user, make_company, make_driver,
                                                                   company):
    from datetime import timedelta

    from core.clock import brasilia_today
    expired = make_driver(name="Ana Vencida", cnh_category="E", cnh_number="12345678901",
                          cnh_expires_at=(brasilia_today() - timedelta(days=3)).isoformat())
    make_driver(name="Beto Vencendo", cnh_category="E", cnh_number="12345678902",
                cnh_expires_at=(brasilia_today() + timedelta(days=10)).isoformat())
    make_driver(name="Caio Em Dia", cnh_category="E", cnh_number="12345678903",
                cnh_expires_at=(brasilia_today() + timedelta(days=90)).isoformat())
    make_driver(make_company(), name="Outro Vencido", cnh_category="E", cnh_number="12345678904",
                cnh_expires_at=(brasilia_today() - timedelta(days=3)).isoformat())
    client = login(make_user(company, role="operador"))
    html = client.get("/").get_data(as_text=True)
    assert 'href="/motoristas"' in html and 'href="/parceiros"' in html and 'href="/ciot' in html
    licences = html.split('data-testid="licences"')[1].split("</a>")[0]
    assert '<span class="value">2</span>' in licences
    assert "Ana Vencida" in html and "Beto Vencendo" in html and "Caio Em Dia" not in html and "Outro" not in html
    assert "CNH vencida" in html and "CNH vence em 10 dias" in html
    page = client.get(f"/motoristas/{expired.id}").get_data(as_text=True)
    assert 'id="cnh-alert"' in page and "CNH vencida em" in page
    listing = client.get("/motoristas").get_data(as_text=True)
    assert listing.count('data-cnh="vencida"') == 1 and listing.count('data-cnh="vencendo"') == 1


def test_edit_forms_show_documents_cep_phones_and_plates_formatted(admin, make_partner, make_driver, make_vehicle):
    partner = make_partner(cpf_cnpj="11222333000181", phone="+551133334444", cep="01310100")
    html = admin.get(f"/parceiros/{partner.id}").get_data(as_text=True)
    for value in ('value="11.222.333/0001-81"', 'value="(11) 3333-4444"', 'value="01310-100"',
                  'data-mask="cpf_cnpj"', 'data-mask="phone"', 'data-mask="cep"'):
        assert value in html, value
    assert "+551133334444" not in html and "11222333000181" not in html
    driver = make_driver(phone="+5511987654321")
    assert 'value="(11) 98765-4321"' in admin.get(f"/motoristas/{driver.id}").get_data(as_text=True)
    vehicle = make_vehicle(plate="ABC1234")
    assert 'value="ABC-1234"' in admin.get(f"/veiculos/{vehicle.id}").get_data(as_text=True)


def test_the_kit_demo_page_exists_only_where_turned_on(app, login, make_user, company):
    """KIT_DEMO is on in the test app (and in scripts/screenshots.py --kit), never by default."""
    from app import create_app
    assert login(make_user(company)).get("/kit/").status_code == 200
    plain = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "x", "REDIS_URL": ""})
    assert not [rule for rule in plain.url_map.iter_rules() if rule.endpoint.startswith("kit_demo.")]


def test_a_crash_is_a_pt_br_500_inside_the_shell(app, make_user, company):
    """A route registered only here (on an app instance of its own, sharing the test database) raises: the person
    gets the app's 500 page, logged in and inside the shell, never Werkzeug's English page or a traceback."""
    from app import create_app
    from tests.fixtures.core import csrf_from
    keys = ("SQLALCHEMY_DATABASE_URI", "INSTANCE_PATH", "SECRET_KEY", "REDIS_URL", "JOBS_INLINE", "WTF_CSRF_ENABLED")
    crashing = create_app({key: app.config[key] for key in keys} | {"TESTING": False, "PROPAGATE_EXCEPTIONS": False})

    def boom():
        raise RuntimeError("segredo interno do traceback")
    crashing.add_url_rule("/_teste/quebra", "test_crash", boom)
    user = make_user(company, role="leitura")
    client = crashing.test_client()
    token = csrf_from(client.get("/login").get_data(as_text=True))
    assert client.post("/login", data={"email": user.email, "password": user.plain_password,
                                       "csrf_token": token}).status_code == 302
    response = client.get("/_teste/quebra")
    html = response.get_data(as_text=True)
    assert response.status_code == 500 and "Erro interno" in html
    assert 'class="sidebar"' in html and 'href="/"' in html
    assert "segredo interno" not in html and "Traceback" not in html and "Internal Server Error" not in html
