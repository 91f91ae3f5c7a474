"""The two checks of a fiscal XML before it is read (docs/fiscal-xml.md): its official schema (the XSDs
shipped by `nfelib`, validated with lxml) with the first failing element named in pt-BR, and its XML-DSig
signature over the signed group (`infNFe`, `infCte`, `infEvento`)."""
import base64
import hashlib
import hmac
import re
from datetime import UTC, datetime
from functools import cache, lru_cache
from pathlib import Path

import nfelib
from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from lxml import etree

from core.errors import InvalidBody

DS = "http://www.w3.org/2000/09/xmldsig#"
NFELIB = Path(nfelib.__file__).resolve().parent
SCHEMAS = {  # (namespace, element) -> the official schema of that element, from nfelib's copy of the portals' XSDs
    "CTe": NFELIB / "cte/schemas/v4_0/cte_v4.00.xsd",
    "CTeOS": NFELIB / "cte/schemas/v4_0/cteOS_v4.00.xsd",
    "eventoCTe": NFELIB / "cte/schemas/v4_0/eventoCTe_v4.00.xsd",
    "evCancCTe": NFELIB / "cte/schemas/v4_0/evCancCTe_v4.00.xsd",
    "evCCeCTe": NFELIB / "cte/schemas/v4_0/evCCeCTe_v4.00.xsd",
    "NFe": NFELIB / "nfe/schemas/v4_0/nfe_v4.00.xsd",
    "evento:110111": NFELIB / "nfe_evento_cancel/schemas/v1_0/eventoCancNFe_v1.00.xsd",
    "evento:110110": NFELIB / "nfe_evento_cce/schemas/v1_0/CCe_v1.00.xsd",
}
MAX_PROBLEM_VALUE = 40


def refuse(message: str) -> InvalidBody:
    return InvalidBody.for_field("file", message, code="invalid_xml")


# --- schema -----------------------------------------------------------------------------------------------

@cache
def schema(name: str) -> etree.XMLSchema:
    """The compiled schema (once per process: compiling the NF-e's takes a few ms, validating is fast)."""
    return etree.XMLSchema(etree.parse(str(SCHEMAS[name])))


def validate(element, name: str, what: str, *, signed: bool) -> None:
    """Refuse (400 naming `file`) the first error of `element` against its schema, in pt-BR with the element's path.
    A missing Signature is not an error here: an unsigned document is accepted with a warning (`signature_status`)."""
    checker = schema(name)
    if checker.validate(element):
        return
    for error in checker.error_log:
        if not signed and "Signature" in error.message and "Missing child" in error.message:
            continue
        raise refuse(f"O XML não segue o esquema oficial do {what}: {schema_problem(error, element)}")


ERROR_PATTERNS = (  # libxml2's messages, in pt-BR
    (re.compile(r"\[facet 'pattern'\] The value '(?P<v>[^']*)' is not accepted"), "o valor {v} está fora do formato"),
    (re.compile(r"\[facet 'enumeration'\] The value '(?P<v>[^']*)' is not an element"),
     "o valor {v} não é um dos permitidos"),
    (re.compile(r"\[facet '(max|min)Length'\] The value has a length of '(?P<v>\d+)'"),
     "o tamanho {v} está fora do permitido"),
    (re.compile(r"Missing child element\(s\)\. Expected is (one of )?\( (?P<v>[^)]*) \)"), "falta o elemento {v}"),
    (re.compile(r"This element is not expected\. Expected is (one of )?\( (?P<v>[^)]*) \)"),
     "elemento fora do lugar: era esperado {v}"),
    (re.compile(r"This element is not expected"), "este elemento não é esperado aqui"),
    (re.compile(r"The attribute '(?P<v>[^']*)' is required but missing"), "falta o atributo {v}"),
    (re.compile(r"attribute '(?P<v>[^']*)': .* is not a valid value"), "o atributo {v} tem um valor fora do formato"),
    (re.compile(r"is not a valid value of the (local )?atomic type"), "o valor não é do tipo exigido"),
)


def schema_problem(error, element) -> str:
    where = _element_path(error, element)
    for pattern, text in ERROR_PATTERNS:
        found = pattern.search(error.message)
        if found:
            value = found.groupdict().get("v")
            return f"elemento {where}: {text.format(v=_short(value))}."
    return f"elemento {where}: conteúdo inválido."


def _element_path(error, element) -> str:
    """`<vTPrest>` in `CTe/infCte/vPrest/vTPrest`, from the error's XPath (wildcards in lxml's), which starts at
    the validated element even when it sits inside a wrapper (`/*` is the element itself)."""
    relative = "." + error.path[2:] if (error.path or "").startswith("/*") else None
    try:
        found = element.xpath(relative) if relative else []
    except etree.XPathError:
        found = []
    if not found:
        name = re.search(r"Element '(?:\{[^}]*\})?([^']+)'", error.message)
        return f"<{name.group(1)}>" if name else "(desconhecido)"
    node = found[0]
    names = [etree.QName(n).localname for n in [*reversed(list(node.iterancestors())), node]]
    return f"<{names[-1]}> ({'/'.join(names)})"


def _short(value: str | None) -> str:
    if value is None:
        return ""
    value = re.sub(r"\{[^}]*\}", "", value)
    return repr(value if len(value) <= MAX_PROBLEM_VALUE else value[:MAX_PROBLEM_VALUE] + "…")


# --- signature -----------------------------------------------------------------------------------------------

SIGNATURE_VALID, SIGNATURE_MISSING = "valida", "ausente"
UNSIGNED_WARNING = ("Documento sem assinatura digital (XML-DSig): não há como confirmar que não foi alterado "
                    "depois de emitido. Confira-o no portal da SEFAZ antes de faturar.")
# The one profile the NF-e and CT-e manuals prescribe (enveloped signature over the group's Id, C14N 1.0, RSA-SHA1),
# with SHA-256 and the other C14N 1.0 variants accepted too; anything else is refused, never guessed.
C14N = {  # CanonicalizationMethod or Transform algorithm -> lxml's c14n options
    "http://www.w3.org/TR/2001/REC-xml-c14n-20010315": {"exclusive": False, "with_comments": False},
    "http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments": {"exclusive": False, "with_comments": True},
    "http://www.w3.org/2001/10/xml-exc-c14n#": {"exclusive": True, "with_comments": False},
    "http://www.w3.org/2001/10/xml-exc-c14n#WithComments": {"exclusive": True, "with_comments": True},
}
ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature"
SIGNATURE_METHODS = {"http://www.w3.org/2000/09/xmldsig#rsa-sha1": hashes.SHA1,
                     "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256": hashes.SHA256}
DIGEST_METHODS = {"http://www.w3.org/2000/09/xmldsig#sha1": "sha1",
                  "http://www.w3.org/2001/04/xmlenc#sha256": "sha256"}


class SignatureMismatch(Exception):
    """Why a signature does not verify (its name goes into the refusal, for support)."""


class CertificateExpired(Exception):
    pass


def signature_of(element):
    return element.find(f"{{{DS}}}Signature")


def verify_signature(element, signed_group, what: str, *, signed_at: datetime | None) -> None:
    """The enveloped XML-DSig of `element` must sign `signed_group` (its `Id`, unique in the file) with the
    certificate it carries, valid when it signed (`signed_at`, the document's issue time). Refuses naming the
    signature; an unsigned document is the caller's warning. The chain up to ICP-Brasil is not checked (no root
    store here): the check proves the signed content was not changed. Verified on the tree already parsed (no
    re-serialising): canonical forms with lxml, digests with hashlib, the RSA signature with `cryptography`."""
    group_id = signed_group.get("Id")
    if not group_id or len(element.getroottree().xpath("//*[@Id=$id]", id=group_id)) != 1:
        raise refuse(f"Assinatura digital do {what} recusada: o grupo assinado ({group_id}) não é único no arquivo.")
    signature = signature_of(element)
    encoded = signature.findtext(f"{{{DS}}}KeyInfo/{{{DS}}}X509Data/{{{DS}}}X509Certificate")
    if not encoded:
        raise refuse(f"Assinatura digital do {what} recusada: a assinatura não traz o certificado (X509Certificate).")
    try:
        certificate = _certificate(re.sub(r"\s", "", encoded))
        _check_validity(certificate, signed_at)
        reference = _signed_reference(signature, certificate)
        if reference.get("URI") != f"#{group_id}":
            raise refuse(f"Assinatura digital do {what} recusada: ela não assina o grupo {group_id}.")
        _check_digest(reference, signed_group, signature)
    except CertificateExpired:
        raise refuse(f"Assinatura digital do {what} recusada: o certificado não era válido na emissão "
                     f"({signed_at:%d/%m/%Y})." if signed_at else
                     f"Assinatura digital do {what} recusada: certificado inválido.") from None
    except (SignatureMismatch, ValueError, TypeError, InvalidSignature) as exc:
        reason = str(exc) if isinstance(exc, SignatureMismatch) else type(exc).__name__
        raise refuse(f"Assinatura digital (XML-DSig) do {what} inválida: o conteúdo assinado ({group_id}) foi "
                     f"alterado depois da assinatura ou a assinatura não confere ({reason}).") from None


@lru_cache(maxsize=64)
def _certificate(encoded: str) -> x509.Certificate:
    """A carrier signs every file with the same certificate: loaded once per process."""
    return x509.load_der_x509_certificate(base64.b64decode(encoded, validate=True))


def _check_validity(certificate: x509.Certificate, signed_at: datetime | None) -> None:
    moment = signed_at or datetime.now(UTC)
    moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
    if not certificate.not_valid_before_utc <= moment <= certificate.not_valid_after_utc:
        raise CertificateExpired


def _signed_reference(signature, certificate: x509.Certificate):
    """The one Reference of the SignedInfo, read from the bytes the signature covers (what is signed is what is
    read: the canonical SignedInfo parsed again, a few hundred bytes), once its RSA signature verifies."""
    signed_info = _child(signature, "SignedInfo")
    c14n = C14N.get(_child(signed_info, "CanonicalizationMethod").get("Algorithm"))
    method = SIGNATURE_METHODS.get(_child(signed_info, "SignatureMethod").get("Algorithm"))
    if c14n is None or method is None:
        raise SignatureMismatch("algoritmo não aceito")
    canonical = _canonical(signed_info, c14n)
    key = certificate.public_key()
    if not isinstance(key, rsa.RSAPublicKey):
        raise SignatureMismatch("chave não RSA")
    key.verify(base64.b64decode(_child(signature, "SignatureValue").text or ""), canonical, padding.PKCS1v15(),
               method())
    references = etree.fromstring(canonical).findall(  # canonical bytes: no DTD, nothing to resolve
        f"{{{DS}}}Reference")
    if len(references) != 1:
        raise SignatureMismatch(f"{len(references)} referências")
    return references[0]


def _check_digest(reference, signed_group, signature) -> None:
    """The digest of the signed group after the reference's transforms (the enveloped signature taken out, then
    its canonical form)."""
    transforms = [item.get("Algorithm") for item in reference.iterfind(f"{{{DS}}}Transforms/{{{DS}}}Transform")]
    c14n = [C14N[name] for name in transforms if name in C14N]
    if any(name != ENVELOPED and name not in C14N for name in transforms) or len(c14n) > 1:
        raise SignatureMismatch("transformação não aceita")
    digest = DIGEST_METHODS.get(_child(reference, "DigestMethod").get("Algorithm"))
    if digest is None:
        raise SignatureMismatch("algoritmo não aceito")
    if signature in signed_group.iter(f"{{{DS}}}Signature"):
        # the schemas put it beside the group, which makes the enveloped-signature transform a no-op here
        raise SignatureMismatch("assinatura dentro do grupo assinado")
    canonical = _canonical(signed_group, c14n[0] if c14n else C14N[DEFAULT_C14N])
    expected = base64.b64decode(_child(reference, "DigestValue").text or "")
    if not hmac.compare_digest(expected, hashlib.new(digest, canonical).digest()):
        raise SignatureMismatch("InvalidDigest")


DEFAULT_C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315"  # XML-DSig's default for a reference


def _canonical(element, options: dict) -> bytes:
    """The canonical form of `element` as a document of its own: serialised (which carries the namespaces declared
    on its ancestors) and parsed again. libxml2's canonical form of an element in place writes `xmlns=""` on
    children whose default namespace is declared above the element, which no signer produced."""
    return etree.tostring(etree.fromstring(etree.tostring(element)), method="c14n", **options)


def _child(parent, name: str):
    found = parent.find(f"{{{DS}}}{name}")
    if found is None:
        raise SignatureMismatch(f"falta {name}")
    return found
