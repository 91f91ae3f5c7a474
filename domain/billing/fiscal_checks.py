"""The two checks of a fiscal XML before it is read (docs/fiscal-xml.md): its official schema (the XSDs
shipped by `nfelib`, validated with lxml) with the first failing element named in pt-BR, and its XML-DSig
signature (`signxml`) over the signed group (`infNFe`, `infCte`, `infEvento`)."""
import re
from datetime import datetime
from functools import cache
from pathlib import Path

import nfelib
from lxml import etree
from signxml import DigestAlgorithm, SignatureConfiguration, SignatureMethod, XMLVerifier
from signxml.exceptions import InvalidCertificate, InvalidDigest, InvalidInput, InvalidSignature

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
# NF-e and CT-e sign with RSA-SHA1 (the manuals' choice); signxml refuses SHA-1 unless asked, so it is asked here
# for verification only.
ALGORITHMS = SignatureConfiguration(
    signature_methods=frozenset({SignatureMethod.RSA_SHA1, SignatureMethod.RSA_SHA256}),
    digest_algorithms=frozenset({DigestAlgorithm.SHA1, DigestAlgorithm.SHA256}))
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


def signature_of(element):
    return element.find(f"{{{DS}}}Signature")


def verify_signature(element, signed_group, what: str, *, signed_at: datetime | None) -> None:
    """The enveloped XML-DSig of `element` must sign `signed_group` (its `Id`, unique in the file) with the
    certificate it carries, valid when it signed (`signed_at`, the document's issue time). Refuses naming the
    signature; an unsigned document is the caller's warning. The chain up to ICP-Brasil is not checked (no root
    store here): the check proves the signed content was not changed."""
    group_id = signed_group.get("Id")
    if not group_id or len(element.getroottree().xpath("//*[@Id=$id]", id=group_id)) != 1:
        raise refuse(f"Assinatura digital do {what} recusada: o grupo assinado ({group_id}) não é único no arquivo.")
    certificate = element.findtext(f"{{{DS}}}Signature/{{{DS}}}KeyInfo/{{{DS}}}X509Data/{{{DS}}}X509Certificate")
    if not certificate:
        raise refuse(f"Assinatura digital do {what} recusada: a assinatura não traz o certificado (X509Certificate).")
    pem = "-----BEGIN CERTIFICATE-----\n" + re.sub(r"\s", "", certificate) + "\n-----END CERTIFICATE-----\n"
    config = SignatureConfiguration(signature_methods=ALGORITHMS.signature_methods,
                                    digest_algorithms=ALGORITHMS.digest_algorithms,
                                    verification_time=signed_at)
    try:
        result = XMLVerifier().verify(element, x509_cert=pem, expect_config=config)
    except InvalidCertificate:
        raise refuse(f"Assinatura digital do {what} recusada: o certificado não era válido na emissão "
                     f"({signed_at:%d/%m/%Y})." if signed_at else
                     f"Assinatura digital do {what} recusada: certificado inválido.") from None
    except (InvalidSignature, InvalidDigest, InvalidInput, ValueError) as exc:
        raise refuse(f"Assinatura digital (XML-DSig) do {what} inválida: o conteúdo assinado ({group_id}) foi "
                     f"alterado depois da assinatura ou a assinatura não confere ({type(exc).__name__}).") from None
    if result.signed_xml is None or result.signed_xml.get("Id") != group_id:
        raise refuse(f"Assinatura digital do {what} recusada: ela não assina o grupo {group_id}.")
