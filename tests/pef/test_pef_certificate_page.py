"""The integrations page takes the company's A1 certificate (admin only): holder, CNPJ and expiry shown, the file
and password never; another company's CNPJ or a wrong password is refused under the field; a warning from 30 days
before it expires."""
import io

import pytest
import sqlalchemy as sa

from core.db import db
from core.tenancy import cross_tenant
from domain.ciot.models import CiotCertificate
from tests.fixtures import pef_pki
from tests.web.test_cadastros_helpers import field_errors, post, text

PASSWORD = "senha-do-a1"


@pytest.fixture(scope="module")
def authority():
    return pef_pki.make_authority()


def upload(client, data: bytes, password=PASSWORD):
    return post(client, "/admin/integracoes/certificado", {
        "certificado": (io.BytesIO(data), "empresa.pfx"), "senha": password}, htmx=False,
        content_type="multipart/form-data")


def stored():
    return db.session.execute(cross_tenant(sa.select(CiotCertificate))).scalars().all()


def test_admin_uploads_and_sees_only_the_summary(login, make_user, company, authority):
    admin = login(make_user(company, role="admin"))
    key, cert = pef_pki.a1_certificate(authority, company.cnpj, holder="TRANSPORTES DONA LTDA")
    response = upload(admin, pef_pki.pfx(key, cert, PASSWORD, legacy=True))
    assert response.status_code == 302, text(response)
    html = text(admin.get("/admin/integracoes"))
    assert "TRANSPORTES DONA LTDA" in html and company.cnpj in html and "Substituir certificado" in html
    assert PASSWORD not in html and 'data-testid="certificate-expiring"' not in html
    [row] = stored()
    assert row.company_id == company.id and PASSWORD not in row.password_encrypted


def test_another_companys_certificate_is_refused_under_the_field(login, make_user, company, authority):
    admin = login(make_user(company, role="admin"))
    key, cert = pef_pki.a1_certificate(authority, "11222333000181")
    response = upload(admin, pef_pki.pfx(key, cert, PASSWORD))
    assert response.status_code == 422
    [message] = field_errors(text(response), "certificado")
    assert "não do CNPJ da empresa" in message and stored() == []


def test_a_wrong_password_or_no_file_is_refused(login, make_user, company, authority):
    admin = login(make_user(company, role="admin"))
    key, cert = pef_pki.a1_certificate(authority, company.cnpj)
    response = upload(admin, pef_pki.pfx(key, cert, PASSWORD), password="outra")
    assert response.status_code == 422 and "senha incorreta" in field_errors(text(response), "certificado")[0]
    response = post(admin, "/admin/integracoes/certificado", {"senha": PASSWORD}, htmx=False)
    assert response.status_code == 422 and field_errors(text(response), "certificado") == [
        "Escolha o arquivo .pfx ou .p12 do certificado."]
    assert stored() == []


def test_expiry_warning_and_removal(login, make_user, company, authority):
    admin = login(make_user(company, role="admin"))
    key, cert = pef_pki.a1_certificate(authority, company.cnpj, days=10)
    assert upload(admin, pef_pki.pfx(key, cert, PASSWORD)).status_code == 302
    html = text(admin.get("/admin/integracoes"))
    assert 'data-testid="certificate-expiring"' in html and "vence em" in html
    assert post(admin, "/admin/integracoes/certificado/remover", {}, htmx=False).status_code == 302
    assert stored() == []


def test_only_admins(login, make_user, company, authority):
    operador = login(make_user(company, role="operador"))
    key, cert = pef_pki.a1_certificate(authority, company.cnpj)
    assert upload(operador, pef_pki.pfx(key, cert, PASSWORD)).status_code == 403
    assert stored() == []
