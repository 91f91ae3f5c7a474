"""The company's A1 certificate at rest: uploaded on the integrations page (admin only), checked (readable with
its password, the company's own CNPJ, not expired), stored encrypted with core.crypto and never shown again; the
page shows only its holder, CNPJ and expiry, and warns from 30 days before it expires."""
import uuid
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa

from core import crypto
from core.db import db, utcnow
from core.errors import FieldError, InvalidBody
from core.tenancy import cross_tenant
from domain.ciot.models import CiotCertificate
from domain.ciot.pef.certificates import (
    EXPIRY_WARNING_DAYS,
    CertificateError,
    ClientCertificate,
    decode_file,
    encode_file,
    read_pkcs12,
)
from domain.ciot.provider import get_provider

MAX_FILE_BYTES = 64 * 1024  # an A1 file is a few kilobytes


def _refuse(message: str, code: str = "invalid") -> InvalidBody:
    return InvalidBody(message, details=[FieldError("certificado", code, message)])


def check_upload(company, data: bytes, password: str, *, now: datetime | None = None) -> ClientCertificate:
    """The certificate, or 400 naming `certificado`: unreadable, without a CNPJ, another company's, expired."""
    if len(data) > MAX_FILE_BYTES:
        raise _refuse("Arquivo grande demais para um certificado A1 (.pfx/.p12).", "too_large")
    try:
        client = read_pkcs12(data, password)
    except CertificateError as exc:
        raise _refuse(str(exc)) from None
    if client.cnpj is None:
        raise _refuse("O certificado não traz CNPJ (ICP-Brasil, OID 2.16.76.1.3.3): use o e-CNPJ A1 da empresa.")
    if client.cnpj != company.cnpj:
        raise _refuse(f"O certificado é do CNPJ {client.cnpj}, não do CNPJ da empresa ({company.cnpj}).",
                      "cnpj_mismatch")
    if client.not_after <= (now or utcnow()):
        raise _refuse(f"Certificado vencido em {client.not_after:%d/%m/%Y}.", "expired")
    return client


def save_certificate(company, data: bytes, password: str, *, actor: str | None) -> "CertificateView":
    """Replace the company's certificate (the previous one is dropped)."""
    client = check_upload(company, data, password)
    row = db.session.execute(sa.select(CiotCertificate)).scalar_one_or_none()  # scoped to the company
    if row is None:
        row = CiotCertificate(id=uuid.uuid4(), company_id=company.id)
        db.session.add(row)
    row.pkcs12_encrypted = crypto.encrypt(encode_file(data))
    row.password_encrypted = crypto.encrypt(password or "")
    row.holder, row.cnpj = client.holder[:200], client.cnpj
    row.not_before, row.not_after = client.not_before, client.not_after
    row.fingerprint_sha256 = client.fingerprint_sha256
    row.uploaded_at, row.uploaded_by = utcnow(), actor
    db.session.flush()
    return CertificateView.of(row)


def remove_certificate() -> bool:
    row = db.session.execute(sa.select(CiotCertificate)).scalar_one_or_none()
    if row is None:
        return False
    db.session.delete(row)
    db.session.flush()
    return True


@dataclass
class CertificateView:
    """What the page may show: never the file nor the password."""
    holder: str
    cnpj: str
    not_after: datetime
    uploaded_at: datetime
    uploaded_by: str | None
    fingerprint_sha256: str

    @classmethod
    def of(cls, row) -> "CertificateView":
        return cls(row.holder, row.cnpj, row.not_after, row.uploaded_at, row.uploaded_by, row.fingerprint_sha256)

    def days_left(self, now: datetime | None = None) -> int:
        return (self.not_after - (now or utcnow())).days

    def expired(self, now: datetime | None = None) -> bool:
        return self.not_after <= (now or utcnow())

    def expiring(self, now: datetime | None = None) -> bool:
        return not self.expired(now) and self.days_left(now) < EXPIRY_WARNING_DAYS


def certificate_view() -> CertificateView | None:
    """The current company's certificate summary (tenant scope)."""
    row = db.session.execute(sa.select(CiotCertificate)).scalar_one_or_none()
    return CertificateView.of(row) if row is not None else None


def _company_certificate_row(company_id):
    company_id = company_id if isinstance(company_id, uuid.UUID) else uuid.UUID(str(company_id))
    return db.session.execute(cross_tenant(
        sa.select(CiotCertificate).where(CiotCertificate.company_id == company_id))).scalar_one_or_none()


def issuer_certificate_summary(company_id) -> CertificateView | None:
    row = _company_certificate_row(company_id)
    return CertificateView.of(row) if row is not None else None


def issuer_certificate(company_id) -> ClientCertificate | None:
    """The decrypted certificate of the company declaring (which may be a contracted ETC, not the caller)."""
    row = _company_certificate_row(company_id)
    if row is None:
        return None
    return read_pkcs12(decode_file(crypto.decrypt(row.pkcs12_encrypted)), crypto.decrypt(row.password_encrypted))


def can_declare(company, environment: str) -> bool:
    """Whether `company` has what the environment's provider authenticates it with: a valid A1 certificate for the
    ANTT PEF web service, the stored provider credentials otherwise (the contracted-ETC rules read it)."""
    return declaring_environments(company, (environment,))[environment]


def declaring_environments(company, environments=("homolog", "producao")) -> dict[str, bool]:
    """can_declare for each of `environments`, the company's certificate read once at most."""
    found, summary = {}, None
    for environment in environments:
        if getattr(get_provider(environment), "uses_certificate", False):
            summary = summary or [issuer_certificate_summary(company.id)]
            found[environment] = summary[0] is not None and not summary[0].expired()
        else:
            found[environment] = company.has_ciot_credentials(environment)
    return found
