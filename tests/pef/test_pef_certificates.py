"""The A1 certificate: read from PKCS#12 with `cryptography` (legacy 3DES/SHA-1 included), the CNPJ from the
ICP-Brasil otherName or the common name, checked at upload (the company's CNPJ, not expired, right password),
stored encrypted, never shown again."""
import pytest
import sqlalchemy as sa

from core.db import db
from core.errors import InvalidBody
from core.tenancy import tenant_scope
from domain.ciot.models import CiotCertificate
from domain.ciot.pef.certificates import CertificateError, read_pkcs12
from domain.ciot.pef.credentials import certificate_view, check_upload, issuer_certificate, save_certificate
from tests.fixtures import pef_pki

PASSWORD = "s3nh@"


@pytest.fixture(scope="module")
def authority():
    return pef_pki.make_authority()


@pytest.mark.parametrize("legacy", [True, False])
def test_reads_modern_and_legacy_files(authority, legacy):
    key, cert = pef_pki.a1_certificate(authority, "11222333000181", holder="TRANSPORTES TESTE LTDA")
    data = pef_pki.pfx(key, cert, PASSWORD, legacy=legacy, chain=[authority.cert])
    client = read_pkcs12(data, PASSWORD)
    assert (client.holder, client.cnpj) == ("TRANSPORTES TESTE LTDA", "11222333000181")
    assert len(client.chain) == 1 and client.not_after > client.not_before


def test_legacy_file_really_uses_the_legacy_algorithms(authority):
    """Guards the fixture: the legacy file's bags are encrypted with pbeWithSHAAnd3-KeyTripleDES-CBC."""
    key, cert = pef_pki.a1_certificate(authority, "11222333000181")
    data = pef_pki.pfx(key, cert, PASSWORD, legacy=True)
    triple_des_oid = bytes.fromhex("2a864886f70d010c0103")  # 1.2.840.113549.1.12.1.3
    assert triple_des_oid in data
    assert triple_des_oid not in pef_pki.pfx(key, cert, PASSWORD, legacy=False)


def test_cnpj_from_the_common_name_when_the_oid_is_absent(authority):
    key, cert = pef_pki.a1_certificate(authority, "11222333000181", holder="SO NOME:11222333000181",
                                       with_oid=False)
    assert read_pkcs12(pef_pki.pfx(key, cert, PASSWORD), PASSWORD).cnpj == "11222333000181"


def test_wrong_password_is_a_clear_error(authority):
    key, cert = pef_pki.a1_certificate(authority, "11222333000181")
    with pytest.raises(CertificateError, match="senha incorreta"):
        read_pkcs12(pef_pki.pfx(key, cert, PASSWORD, legacy=True), "outra")
    with pytest.raises(CertificateError):
        read_pkcs12(b"not a pkcs12 file", PASSWORD)


def test_upload_stores_it_encrypted_and_shows_only_the_summary(company, authority):
    key, cert = pef_pki.a1_certificate(authority, company.cnpj, holder="EMPRESA DONA")
    data = pef_pki.pfx(key, cert, PASSWORD, legacy=True)
    with tenant_scope(company.id):
        view = save_certificate(company, data, PASSWORD, actor="user:admin@x")
        db.session.commit()
        assert (view.holder, view.cnpj) == ("EMPRESA DONA", company.cnpj) and not view.expiring()
        assert certificate_view().fingerprint_sha256 == view.fingerprint_sha256
    row = db.session.execute(sa.select(CiotCertificate).execution_options(cross_tenant=True)).scalar_one()
    from domain.ciot.pef.certificates import encode_file
    assert PASSWORD not in row.password_encrypted  # "@" is no base64 letter: it cannot appear by chance
    assert encode_file(data)[:40] not in row.pkcs12_encrypted
    assert issuer_certificate(company.id).cnpj == company.cnpj


@pytest.mark.parametrize("case,code", [("other_cnpj", "cnpj_mismatch"), ("expired", "expired"),
                                       ("no_cnpj", "invalid"), ("password", "invalid")])
def test_upload_refusals_name_the_field(company, authority, case, code):
    cnpj = "11222333000181" if case == "other_cnpj" else company.cnpj
    key, cert = pef_pki.a1_certificate(authority, cnpj, expired=case == "expired", with_oid=case != "no_cnpj",
                                       holder="SEM CNPJ" if case == "no_cnpj" else "EMPRESA")
    data = pef_pki.pfx(key, cert, PASSWORD)
    with pytest.raises(InvalidBody) as raised:
        check_upload(company, data, "errada" if case == "password" else PASSWORD)
    [detail] = raised.value.details
    assert (detail.field, detail.code) == ("certificado", code)


def test_expiry_warning_from_30_days(company, authority):
    key, cert = pef_pki.a1_certificate(authority, company.cnpj, days=20)
    with tenant_scope(company.id):
        view = save_certificate(company, pef_pki.pfx(key, cert, PASSWORD), PASSWORD, actor=None)
    assert view.expiring() and 18 <= view.days_left() <= 20
