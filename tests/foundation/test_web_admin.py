"""Admin pages: integrations (API keys), users and PDF branding; roles and CSRF."""
import io
import os
import re

import pytest
from PIL import Image

from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from domain.tenancy.models import ApiKey, Company, User
from tests.fixtures.core import csrf_from

ME = "/api/public/v1/me"


@pytest.fixture
def admin(login, make_user, company):
    return login(make_user(company, role="admin"))


def token(client, path="/") -> str:
    return csrf_from(client.get(path).get_data(as_text=True))


def fresh_company(company) -> Company:
    db.session.expire_all()
    return db.session.get(Company, company.id)


# --- Roles ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/admin/integracoes", "/admin/usuarios", "/admin/identidade-visual",
                                  "/admin/identidade-visual/exemplo.pdf"])
@pytest.mark.parametrize("role", ["operador", "financeiro", "leitura"])
def test_admin_pages_are_403_for_other_roles(login, make_user, company, path, role):
    client = login(make_user(company, role=role))
    assert client.get(path).status_code == 403


@pytest.mark.parametrize("path", ["/admin/integracoes", "/admin/usuarios", "/admin/identidade-visual"])
def test_admin_pages_open_for_admin(admin, path):
    response = admin.get(path)
    assert response.status_code == 200
    assert response.mimetype == "text/html"


def test_admin_menu_only_for_admin(login, make_user, company):
    assert "Integrações" in login(make_user(company, role="admin")).get("/").get_data(as_text=True)
    assert "Integrações" not in login(make_user(company, role="leitura")).get("/").get_data(as_text=True)


# --- Integrations ----------------------------------------------------------------------------------

def create_key_on_page(client, **fields):
    data = {"csrf_token": token(client, "/admin/integracoes"), "name": "ERP", "scopes": ["read", "write"]}
    data.update(fields)
    response = client.post("/admin/integracoes", data=data)
    assert response.status_code == 302 and response.headers["Location"] == "/admin/integracoes"  # POST-redirect-GET
    response = client.get("/admin/integracoes")
    match = re.search(r'data-testid="new-key">([^<]+)<', response.get_data(as_text=True))
    assert match, "the new key is shown once"
    assert 'data-copy="#new-key-value"' in response.get_data(as_text=True)
    return match.group(1)


def test_new_key_secret_never_travels_readable_in_the_session_cookie(app, admin):
    """The session cookie is signed, not encrypted: its payload is base64 anyone can decode."""
    response = admin.post("/admin/integracoes", data={"csrf_token": token(admin, "/admin/integracoes"),
                                                      "name": "ERP", "scopes": ["read"]})
    cookies = response.headers.getlist("Set-Cookie")
    assert cookies, "the redirect carries the session"
    session_value = next(c for c in cookies if c.startswith(app.config.get("SESSION_COOKIE_NAME", "session") + "="))
    payload = app.session_interface.get_signing_serializer(app).loads(session_value.split("=", 1)[1].split(";")[0])
    page = admin.get("/admin/integracoes").get_data(as_text=True)
    secret = re.search(r'data-testid="new-key">([^<]+)<', page).group(1)
    assert 'data-copy="#new-key-value"' in page
    assert all(secret not in cookie for cookie in cookies)
    assert secret not in repr(payload) and secret.split(".")[-1] not in repr(payload)
    assert 'data-testid="new-key"' not in admin.get("/admin/integracoes").get_data(as_text=True)  # once


def test_refreshing_after_creating_a_key_creates_no_other(admin, company):
    create_key_on_page(admin)
    refreshed = admin.get("/admin/integracoes").get_data(as_text=True)  # what F5 does after the redirect
    assert 'data-testid="new-key"' not in refreshed
    assert db.session.scalar(cross_tenant(db.select(db.func.count(ApiKey.id)).where(ApiKey.name == "ERP"))) == 1


def test_key_created_on_the_page_works_on_the_api(app, admin, company):
    full = create_key_on_page(admin, scopes=["read"])
    me = app.test_client().get(ME, headers={"X-API-Key": full})
    assert me.status_code == 200
    assert me.get_json()["data"]["company"]["id"] == str(company.id)
    assert me.get_json()["data"]["api_key"]["scopes"] == ["read"]
    assert full not in admin.get("/admin/integracoes").get_data(as_text=True)  # shown once only


def test_key_form_rejects_unknown_scope(admin):
    response = admin.post("/admin/integracoes", data={"csrf_token": token(admin, "/admin/integracoes"),
                                                      "name": "X", "scopes": ["admin"]})
    assert response.status_code == 422
    assert 'data-testid="new-key"' not in response.get_data(as_text=True)


def test_key_created_with_signature_required(app, admin):
    full = create_key_on_page(admin, require_signature="y")
    response = app.test_client().get(ME, headers={"X-API-Key": full})
    assert response.get_json()["error"]["code"] == "signature_required"


def test_revoke_and_toggle_signature_on_the_page(app, admin, company):
    full = create_key_on_page(admin)
    key_id = db.session.execute(cross_tenant(db.select(ApiKey.id).where(ApiKey.name == "ERP"))).scalar_one()
    csrf = token(admin, "/admin/integracoes")
    assert admin.post(f"/admin/integracoes/{key_id}/assinatura", data={"csrf_token": csrf, "required": "1"}
                      ).status_code == 302
    assert app.test_client().get(ME, headers={"X-API-Key": full}).status_code == 401
    assert admin.post(f"/admin/integracoes/{key_id}/revogar", data={"csrf_token": csrf}).status_code == 302
    db.session.expire_all()
    assert db.session.execute(cross_tenant(db.select(ApiKey).where(ApiKey.id == key_id))).scalar_one().is_revoked
    assert "Revogada" in admin.get("/admin/integracoes").get_data(as_text=True)


def test_htmx_post_with_csrf_header_only(app, admin, make_api_key, company):
    record, full = make_api_key(company)
    headers = {"HX-Request": "true", "X-CSRFToken": token(admin, "/admin/integracoes")}
    assert admin.post(f"/admin/integracoes/{record.id}/revogar", headers=headers).status_code == 302
    assert app.test_client().get(ME, headers={"X-API-Key": full}).status_code == 401


def test_htmx_post_without_csrf_is_400_and_reloads_the_page(admin, make_api_key, company):
    record, _ = make_api_key(company)
    response = admin.post(f"/admin/integracoes/{record.id}/revogar", headers={"HX-Request": "true"})
    assert response.status_code == 400
    assert response.headers["HX-Refresh"] == "true"  # the reload brings a fresh token
    html = response.get_data(as_text=True)
    assert "Sessão expirada" in html
    assert "<html" not in html  # a fragment, not a whole page
    bad = admin.post(f"/admin/integracoes/{record.id}/revogar", headers={"HX-Request": "true", "X-CSRFToken": "x"})
    assert bad.status_code == 400


def test_htmx_errors_are_retargeted_to_the_main_area(admin):
    response = admin.get("/jobs/00000000-0000-0000-0000-000000000000", headers={"HX-Request": "true"})
    assert response.status_code == 404
    assert response.headers["HX-Retarget"] == "main.content"
    assert "<html" not in response.get_data(as_text=True)
    plain = admin.get("/jobs/00000000-0000-0000-0000-000000000000")
    assert "HX-Retarget" not in plain.headers
    assert "<html" in plain.get_data(as_text=True)


def test_another_company_key_cannot_be_revoked(admin, make_company, make_api_key):
    record, _ = make_api_key(make_company())
    response = admin.post(f"/admin/integracoes/{record.id}/revogar", data={"csrf_token": token(admin)})
    assert response.status_code == 404
    db.session.expire_all()
    assert not db.session.execute(cross_tenant(db.select(ApiKey).where(ApiKey.id == record.id))
                                  ).scalar_one().is_revoked


def test_integrations_list_only_own_keys(admin, make_company, make_api_key, company):
    mine, _ = make_api_key(company)
    theirs, _ = make_api_key(make_company())
    html = admin.get("/admin/integracoes").get_data(as_text=True)
    assert mine.prefix in html
    assert theirs.prefix not in html


# --- Users -----------------------------------------------------------------------------------------

def new_user_form(client, **fields):
    data = {"csrf_token": token(client, "/admin/usuarios"), "name": "Operadora", "email": "op@example.com",
            "password": "senha-boa-123", "role": "operador"}
    data.update(fields)
    return client.post("/admin/usuarios", data=data)


def test_admin_creates_user_with_role(app, admin, company):
    response = new_user_form(admin)
    assert response.status_code == 302
    user = db.session.execute(cross_tenant(db.select(User).where(User.email == "op@example.com"))).scalar_one()
    assert (user.role, user.company_id) == ("operador", company.id)
    assert "op@example.com" in admin.get("/admin/usuarios").get_data(as_text=True)
    client = app.test_client()
    csrf = token(client, "/login")
    assert client.post("/login", data={"email": "op@example.com", "password": "senha-boa-123",
                                       "csrf_token": csrf}).status_code == 302
    assert client.get("/admin/usuarios").status_code == 403


@pytest.mark.parametrize("fields, message", [
    ({"email": "sem-arroba"}, "E-mail inválido."),
    ({"password": "curta"}, "De 8 a 200 caracteres."),
    ({"role": "root"}, "Valor deve ser um de: admin"),  # the service's pt-BR message (was WTForms' English)
])
def test_invalid_user_form_is_422(admin, fields, message):
    response = new_user_form(admin, **fields)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert db.session.execute(cross_tenant(db.select(User).where(User.email == "op@example.com"))).first() is None


def test_duplicate_email_is_422(admin, make_company, make_user):
    make_user(make_company(), email="op@example.com")
    response = new_user_form(admin)
    assert response.status_code == 422
    assert "Já existe um usuário com este e-mail." in response.get_data(as_text=True)


def test_user_form_without_csrf_is_400(admin):
    response = admin.post("/admin/usuarios", data={"email": "op@example.com", "password": "senha-boa-123",
                                                   "role": "operador"})
    assert response.status_code == 400
    assert db.session.execute(cross_tenant(db.select(User).where(User.email == "op@example.com"))).first() is None


def test_non_admin_cannot_create_users(login, make_user, company):
    client = login(make_user(company, role="operador"))
    response = client.post("/admin/usuarios", data={"csrf_token": token(client), "email": "x@example.com",
                                                    "password": "senha-boa-123", "role": "admin"})
    assert response.status_code == 403


def test_change_role_but_not_own_admin(login, make_user, company):
    me = make_user(company, role="admin")
    other = make_user(company, role="leitura")
    client = login(me)
    csrf = token(client)
    assert client.post(f"/admin/usuarios/{other.id}/papel", data={"csrf_token": csrf, "role": "financeiro"}
                       ).status_code == 302
    assert client.post(f"/admin/usuarios/{me.id}/papel", data={"csrf_token": csrf, "role": "leitura"}
                       ).status_code == 302
    db.session.expire_all()
    with tenant_scope(company.id):
        roles = dict(db.session.execute(db.select(User.id, User.role)).all())
    assert roles == {me.id: "admin", other.id: "financeiro"}


def test_users_page_lists_only_own_company(admin, make_company, make_user):
    make_user(make_company(), email="alheio@example.com")
    assert "alheio@example.com" not in admin.get("/admin/usuarios").get_data(as_text=True)


# --- Branding --------------------------------------------------------------------------------------

def png_bytes(size=(40, 20), noise=False) -> bytes:
    if noise:
        image = Image.frombytes("RGB", size, os.urandom(size[0] * size[1] * 3))
    else:
        image = Image.new("RGB", size, "#1f4e79")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def branding_form(client, **fields):
    data = {"csrf_token": token(client, "/admin/identidade-visual"), "legal_name": "Marca Ltda",
            "footer": "Rodapé da marca", "primary_color": "#12ab34", "secondary_color": "#EEEEEE"}
    data.update(fields)
    return client.post("/admin/identidade-visual", data=data, content_type="multipart/form-data")


def test_branding_saves_colours_texts_and_png_logo(admin, company):
    logo = png_bytes()
    response = branding_form(admin, logo=(io.BytesIO(logo), "logo.png"))
    assert response.status_code == 302
    saved = fresh_company(company)
    assert (saved.brand_legal_name, saved.brand_footer) == ("Marca Ltda", "Rodapé da marca")
    assert (saved.brand_primary_color, saved.brand_secondary_color) == ("#12ab34", "#eeeeee")
    assert (saved.brand_logo, saved.brand_logo_mime) == (logo, "image/png")
    pdf = admin.get("/admin/identidade-visual/exemplo.pdf").data
    assert b"/Subtype /Image" in pdf or b"/Subtype/Image" in pdf


def test_jpeg_logo_is_accepted(admin, company):
    out = io.BytesIO()
    Image.new("RGB", (30, 30), "red").save(out, format="JPEG")
    assert branding_form(admin, logo=(io.BytesIO(out.getvalue()), "logo.jpg")).status_code == 302
    assert fresh_company(company).brand_logo_mime == "image/jpeg"


@pytest.mark.parametrize("content, name", [(b"just some text, not an image", "logo.png"),
                                           (b"\x89PNG\r\n\x1a\n" + b"broken" * 10, "logo.png"),
                                           (b"GIF89a" + b"\x00" * 40, "logo.gif")])
def test_non_png_jpeg_logo_is_rejected(admin, company, content, name):
    response = branding_form(admin, logo=(io.BytesIO(content), name))
    assert response.status_code == 422
    assert "Envie uma imagem PNG ou JPEG válida." in response.get_data(as_text=True)
    assert fresh_company(company).brand_logo is None


def test_oversize_logo_is_rejected(app, admin, company, monkeypatch):
    monkeypatch.setitem(app.config, "LOGO_MAX_BYTES", 2048)
    big = png_bytes((100, 100), noise=True)
    assert len(big) > 2048
    response = branding_form(admin, logo=(io.BytesIO(big), "logo.png"))
    assert response.status_code == 422
    assert "no máximo 2 KiB" in response.get_data(as_text=True)
    assert fresh_company(company).brand_logo is None
    small = png_bytes()
    assert branding_form(admin, logo=(io.BytesIO(small), "logo.png")).status_code == 302


def test_logo_with_too_many_pixels_is_rejected(admin, company):
    wide = png_bytes((2001, 10))
    response = branding_form(admin, logo=(io.BytesIO(wide), "logo.png"))
    assert response.status_code == 422
    assert "no máximo 2000 × 2000 pixels" in response.get_data(as_text=True)
    assert branding_form(admin, logo=(io.BytesIO(png_bytes((2000, 10))), "logo.png")).status_code == 302


@pytest.mark.parametrize("colour", ["red", "#12345", "#1234567", "12ab34", "#12ab3g", ""])
def test_invalid_colour_is_rejected(admin, company, colour):
    response = branding_form(admin, primary_color=colour)
    assert response.status_code == 422
    assert fresh_company(company).brand_primary_color == "#1f4e79"


def test_logo_can_be_removed(admin, company):
    branding_form(admin, logo=(io.BytesIO(png_bytes()), "logo.png"))
    assert branding_form(admin, remove_logo="y").status_code == 302
    assert fresh_company(company).brand_logo is None


# --- Branding: live preview ----------------------------------------------------------------------

PREVIEW = "/admin/identidade-visual/previa"


def branding_preview(client, **fields):
    data = {"csrf_token": token(client, "/admin/identidade-visual"), "legal_name": "Marca Ltda",
            "footer": "Rodapé da marca", "primary_color": "#12ab34", "secondary_color": "#eeeeee"}
    data.update(fields)
    return client.post(PREVIEW, data=data, content_type="multipart/form-data", headers={"HX-Request": "true"})


def previewed(response) -> str:
    """The previewed document's HTML: the iframe's srcdoc, unescaped once (as the browser reads it)."""
    import html
    match = re.search(r'<iframe title="Pré-visualização da identidade visual"[^>]*srcdoc="([^"]*)"',
                      response.get_data(as_text=True))
    assert match, response.get_data(as_text=True)[:500]
    return html.unescape(match.group(1))


def test_the_branding_page_shows_the_stored_identity_in_its_live_preview(admin, company):
    branding_form(admin, legal_name="Marca Guardada SA", footer="Rodapé guardado")
    page = admin.get("/admin/identidade-visual").get_data(as_text=True)
    assert f'hx-post="{PREVIEW}"' in page and 'hx-target="#branding-preview"' in page
    document = previewed(admin.get("/admin/identidade-visual"))
    assert "Marca Guardada SA" in document and "Rodapé guardado" in document and "#12ab34" in document


def test_the_branding_preview_shows_the_typed_values_and_writes_nothing(admin, company):
    logo = png_bytes()
    response = branding_preview(admin, legal_name="Marca Prévia Ltda", footer="Rodapé ainda não salvo",
                                primary_color="#AB1234", secondary_color="#fafafa", logo=(io.BytesIO(logo), "l.png"))
    assert response.status_code == 200 and 'id="branding-preview"' in response.get_data(as_text=True)
    assert "<html" not in response.get_data(as_text=True)  # the fragment htmx swaps in
    document = previewed(response)
    assert "Marca Prévia Ltda" in document and "Rodapé ainda não salvo" in document
    assert "#ab1234" in document and "#fafafa" in document and "data:image/png;base64," in document
    assert "Página <pdf:pagenumber>" not in document  # an HTML page has no pages
    saved = fresh_company(company)
    assert (saved.brand_legal_name, saved.brand_footer, saved.brand_primary_color, saved.brand_logo) == \
        (None, None, "#1f4e79", None)


def test_the_branding_preview_drops_the_stored_logo_when_asked_and_keeps_it_otherwise(admin, company):
    branding_form(admin, logo=(io.BytesIO(png_bytes()), "logo.png"))
    assert "data:image/png;base64," in previewed(branding_preview(admin))
    assert "data:image/png;base64," not in previewed(branding_preview(admin, remove_logo="y"))
    assert fresh_company(company).brand_logo is not None


def test_the_branding_preview_escapes_hostile_input(admin, company):
    hostile = '<script>alert(1)</script>"><img src=x onerror=alert(2)>'
    response = branding_preview(admin, legal_name=hostile, footer=hostile)
    fragment = response.get_data(as_text=True)
    assert "<script>alert" not in fragment and "<img src=x" not in fragment
    document = previewed(response)
    assert "<script>" not in document and "<img src=x" not in document  # text, not markup, inside the iframe
    assert document.count("&lt;script&gt;alert(1)&lt;/script&gt;") == 2
    assert 'sandbox="allow-same-origin"' in fragment  # and the iframe runs no script anyway


@pytest.mark.parametrize("fields, message", [
    ({"primary_color": "red; background: url(http://x)"}, "Cor principal: Use uma cor no formato #RRGGBB."),
    ({"legal_name": "L" * 201}, "Razão social nos PDFs: No máximo 200 caracteres."),
    ({"logo": (io.BytesIO(b"not an image"), "logo.png")}, "Logotipo (PNG ou JPEG): Envie uma imagem PNG ou JPEG"),
])
def test_a_branding_value_a_save_would_refuse_shows_its_message_instead_of_the_preview(admin, company, fields,
                                                                                    message):
    response = branding_preview(admin, **fields)
    fragment = response.get_data(as_text=True)
    assert response.status_code == 200 and message in fragment and "<iframe" not in fragment
    assert 'id="branding-preview"' in fragment


@pytest.mark.parametrize("role", ["operador", "financeiro", "leitura"])
def test_the_branding_preview_is_admin_only_and_needs_the_csrf_token(login, make_user, company, admin, role):
    client = login(make_user(company, role=role))
    assert client.post(PREVIEW, data={"csrf_token": token(client)}).status_code == 403
    assert admin.post(PREVIEW, data={"legal_name": "Sem token"}).status_code == 400
