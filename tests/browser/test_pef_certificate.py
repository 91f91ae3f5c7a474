"""An admin uploads the company's A1 certificate on the integrations page (a real browser): the summary shows holder,
CNPJ and expiry, the expiry warning appears within 30 days, and the file is refused when it is another company's."""
import re

import pytest

from tests.browser.conftest import log_in
from tests.fixtures import pef_pki

pytestmark = pytest.mark.browser
PASSWORD = "senha-do-a1"


def upload(page, tmp_path, data: bytes, password=PASSWORD):
    path = tmp_path / "empresa.pfx"
    path.write_bytes(data)
    page.get_by_label("Arquivo do certificado A1 (.pfx ou .p12)").set_input_files(str(path))
    page.get_by_label("Senha do certificado").fill(password)
    page.get_by_role("button", name=re.compile(r"^(Enviar|Substituir) certificado$")).click()


def test_admin_uploads_the_a1_certificate(browser_page, make_user, company, tmp_path, pef_authority):
    page = browser_page
    log_in(page, make_user(company, role="admin"))
    page.goto("/admin/integracoes")
    other_key, other_cert = pef_pki.a1_certificate(pef_authority, "11222333000181")
    upload(page, tmp_path, pef_pki.pfx(other_key, other_cert, PASSWORD, legacy=True))
    page.get_by_text("não do CNPJ da empresa").wait_for()
    key, cert = pef_pki.a1_certificate(pef_authority, company.cnpj, holder="TRANSPORTES DONA LTDA", days=12)
    upload(page, tmp_path, pef_pki.pfx(key, cert, PASSWORD, legacy=True))
    page.get_by_text("cadastrado; válido até").wait_for()
    summary = page.get_by_test_id("certificate-summary")
    assert "TRANSPORTES DONA LTDA" in summary.inner_text() and company.cnpj in summary.inner_text()
    assert "vence em" in page.get_by_test_id("certificate-expiring").inner_text()
    page.screenshot(path=str(tmp_path / "integracoes.png"), full_page=True)
