"""The declaring company's ICP-Brasil A1 certificate: a PKCS#12 file (.pfx/.p12) and its password.

Read with `cryptography` only (never an `openssl` subprocess): many A1 files use the legacy PKCS#12 algorithms
(3DES/RC2 with SHA-1), which `cryptography` reads. The CNPJ comes from the ICP-Brasil otherName of the subject
alternative name (OID 2.16.76.1.3.3), else from the common name's `NAME:CNPJ` form. Stored encrypted at rest with
core.crypto like every other credential; the TLS context gets the key through a short-lived file only it can read,
itself encrypted with a one-time password (Python's ssl module loads certificates from files only).
"""
import base64
import os
import secrets
import shutil
import ssl
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID

ICP_BRASIL_CNPJ_OID = x509.ObjectIdentifier("2.16.76.1.3.3")
EXPIRY_WARNING_DAYS = 30


class CertificateError(ValueError):
    """The file is not a usable A1 certificate (message in pt-BR, shown to the user)."""


@dataclass
class ClientCertificate:
    certificate: x509.Certificate
    private_key: object
    chain: list
    holder: str
    cnpj: str | None
    not_before: datetime  # naive UTC
    not_after: datetime  # naive UTC
    fingerprint_sha256: str

    def days_left(self, now: datetime) -> int:
        return (self.not_after - now).days


def read_pkcs12(data: bytes, password: str | None) -> ClientCertificate:
    """The certificate, key and chain of a PKCS#12 file; CertificateError (pt-BR) when it cannot be read."""
    if not data:
        raise CertificateError("Arquivo de certificado vazio.")
    try:
        key, cert, chain = pkcs12.load_key_and_certificates(data, (password or "").encode() or None)
    except ValueError:
        raise CertificateError("Não foi possível abrir o certificado: senha incorreta ou arquivo que não é "
                               "PKCS#12 (.pfx/.p12).") from None
    except Exception as exc:  # noqa: BLE001 - an algorithm the OpenSSL build refuses, a malformed structure
        raise CertificateError(f"Não foi possível ler o certificado ({type(exc).__name__}).") from None
    if cert is None or key is None:
        raise CertificateError("O arquivo não contém o certificado e a chave privada do titular.")
    return ClientCertificate(
        certificate=cert, private_key=key, chain=list(chain or []), holder=holder_of(cert), cnpj=cnpj_of(cert),
        not_before=cert.not_valid_before_utc.astimezone(UTC).replace(tzinfo=None),
        not_after=cert.not_valid_after_utc.astimezone(UTC).replace(tzinfo=None),
        fingerprint_sha256=cert.fingerprint(hashes.SHA256()).hex())


def _common_name(cert: x509.Certificate) -> str:
    names = cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    return str(names[0].value) if names else ""


def holder_of(cert: x509.Certificate) -> str:
    """The holder's name: the common name without its `:CNPJ` suffix (ICP-Brasil's `RAZAO SOCIAL:CNPJ`)."""
    return _common_name(cert).split(":")[0].strip() or cert.subject.rfc4514_string()


def cnpj_of(cert: x509.Certificate) -> str | None:
    """The 14 digits of the ICP-Brasil CNPJ otherName, else the common name's suffix; None when absent."""
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        san = None
    for other in (san.get_values_for_type(x509.OtherName) if san else []):
        if other.type_id == ICP_BRASIL_CNPJ_OID:
            digits = "".join(ch for ch in _der_text(other.value) if ch.isdigit())
            if len(digits) >= 14:
                return digits[:14]
    _, _, suffix = _common_name(cert).rpartition(":")
    digits = "".join(ch for ch in suffix if ch.isdigit())
    return digits if len(digits) == 14 else None


def _der_text(value: bytes) -> str:
    """The text of a DER value (OCTET STRING, PrintableString, UTF8String...), unwrapping explicit context tags."""
    while len(value) >= 2:
        tag, length, offset = value[0], value[1], 2
        if length & 0x80:
            count = length & 0x7F
            length, offset = int.from_bytes(value[2:2 + count], "big"), 2 + count
        content = value[offset:offset + length]
        if tag & 0x20:  # constructed (an explicit [0] wrapper): look inside
            value = content
            continue
        return content.decode("latin-1")
    return ""


# --- storage --------------------------------------------------------------------------------------------------

def encode_file(data: bytes) -> str:
    return base64.b64encode(data).decode()


def decode_file(text: str) -> bytes:
    return base64.b64decode(text.encode())


# --- TLS ------------------------------------------------------------------------------------------------------

def client_context(client: ClientCertificate, *, ca_file: str | None) -> ssl.SSLContext:
    """A TLS 1.2+ client context presenting `client` and verifying the server against `ca_file` (None: the
    system's trust store)."""
    context = ssl.create_default_context(cafile=ca_file or None)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    one_time = secrets.token_urlsafe(24)
    key_pem = client.private_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.BestAvailableEncryption(one_time.encode()))
    chain_pem = b"".join(cert.public_bytes(serialization.Encoding.PEM) for cert in [client.certificate, *client.chain])
    folder = tempfile.mkdtemp(prefix="fretes-pef-")  # mode 0700: only this process's user reads it
    try:
        cert_path, key_path = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
        for path, content in ((cert_path, chain_pem), (key_path, key_pem)):
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(content)
        context.load_cert_chain(cert_path, key_path, password=one_time)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return context
