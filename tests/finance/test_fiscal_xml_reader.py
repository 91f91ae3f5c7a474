"""The fiscal XML reader at volume (domain/billing/xml.py, fiscal_checks.py): one lxml parse gated against DTDs,
the XML-DSig verified on that tree (agreeing with signxml, the verifier it replaced, on every case below), and only
the stored elements bound by nfelib."""
import pytest
from lxml import etree
from signxml import DigestAlgorithm as SignxmlDigest
from signxml import SignatureConfiguration, SignatureMethod, XMLVerifier
from signxml.exceptions import InvalidInput, InvalidSignature

from core.errors import InvalidBody
from domain.billing.fiscal_checks import DS, SIGNATURE_VALID
from domain.billing.xml import parse_fiscal_xml
from tests.finance.conftest import access_key
from tests.fixtures import fiscal

CTE_KEY = "35261111222333000181570010000012341000012342"
GATE = "DTD e entidades são recusados"


def refused(data: bytes) -> str:
    with pytest.raises(InvalidBody) as caught:
        parse_fiscal_xml(data)
    return caught.value.details[0].message


# --- the gate: one parse, no DTD ------------------------------------------------------------------------------------

@pytest.mark.parametrize("hostile", [
    b'<?xml version="1.0"?><!DOCTYPE cteProc SYSTEM "file:///etc/passwd"><cteProc/>',
    b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><cteProc>&e;</cteProc>',
    b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd"> %p;]><cteProc/>',
    b'<!DOCTYPE x><cteProc xmlns="http://www.portalfiscal.inf.br/cte"/>',
    '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE x [<!ENTITY a "aaaa">]><cteProc>&a;</cteProc>'.encode("utf-16"),
    b'<cteProc xmlns="http://www.portalfiscal.inf.br/cte">&undeclared;</cteProc>',
    b'<cteProc><unclosed></cteProc>',
], ids=["external-dtd", "xxe", "parameter-entity", "bare-doctype", "utf16-entities", "undeclared-entity",
        "malformed"])
def test_a_dtd_an_entity_or_broken_xml_is_refused_at_the_gate(hostile):
    assert GATE in refused(hostile)


def test_a_fiscal_file_without_a_dtd_passes_the_gate():
    assert parse_fiscal_xml(fiscal.cte(CTE_KEY, "11444777000161")).chave == CTE_KEY


def test_an_oversized_file_is_refused_before_it_is_parsed():
    assert "grande demais" in refused(b"<a>" + b" " * (2 * 1024 * 1024) + b"</a>")


# --- the signature on the parsed tree, against signxml ----------------------------------------------------------------

def signxml_verdict(data: bytes) -> bool:
    """What the previous checker (signxml, with the certificate the file carries) said of the file's signature."""
    root = etree.fromstring(data)
    document = fiscal.document_of(root)
    cert = document.findtext(f"{{{DS}}}Signature/{{{DS}}}KeyInfo/{{{DS}}}X509Data/{{{DS}}}X509Certificate")
    pem = "-----BEGIN CERTIFICATE-----\n" + "".join(cert.split()) + "\n-----END CERTIFICATE-----\n"
    config = SignatureConfiguration(signature_methods=frozenset({SignatureMethod.RSA_SHA1}),
                                    digest_algorithms=frozenset({SignxmlDigest.SHA1}))
    try:
        XMLVerifier().verify(document, x509_cert=pem, expect_config=config)
    except (InvalidSignature, InvalidInput, ValueError):
        return False
    return True


def reader_verdict(data: bytes) -> bool:
    try:
        return parse_fiscal_xml(data).signature == SIGNATURE_VALID
    except InvalidBody as exc:
        assert "Assinatura digital" in exc.details[0].message, exc.details[0].message
        return False


def signed_cte() -> bytes:
    return fiscal.cte(CTE_KEY, "11444777000161", "1179.42")


def tampered_digest() -> bytes:
    root = etree.fromstring(signed_cte())
    node = root.find(f".//{{{DS}}}DigestValue")
    node.text = ("B" if node.text[0] == "A" else "A") + node.text[1:]
    return etree.tostring(root)


def tampered_signature_value() -> bytes:
    root = etree.fromstring(signed_cte())
    node = root.find(f".//{{{DS}}}SignatureValue")
    node.text = node.text[:10] + ("B" if node.text[10] != "B" else "C") + node.text[11:]
    return etree.tostring(root)


def wrapper_with_more_namespaces() -> bytes:
    """A `cteProc` declaring namespaces the signer never saw: inclusive C14N carries them into the signed group."""
    return signed_cte().replace(b'<cteProc xmlns="http://www.portalfiscal.inf.br/cte"',
                                b'<cteProc xmlns="http://www.portalfiscal.inf.br/cte" xmlns:z="urn:z"')


CASES = {
    "cte": (signed_cte, True),
    "cte-os": (lambda: fiscal.render(fiscal.load("cteos_4.00.xml")), True),
    "nfe": (lambda: fiscal.nfe(access_key("55"), "11444777000161"), True),
    "cte-cancellation": (lambda: fiscal.event("cte", "110111", CTE_KEY), True),
    "nfe-correction": (lambda: fiscal.event("nfe", "110110", access_key("55")), True),
    "edited-value": (lambda: signed_cte().replace(b"<vTPrest>1179.42<", b"<vTPrest>1179.43<"), False),
    "edited-taker": (lambda: signed_cte().replace(b"<xNome>Tomador Ltda<", b"<xNome>Outro Ltda<"), False),
    "digest": (tampered_digest, False),
    "signature-value": (tampered_signature_value, False),
    "re-indented-real-nfe": ((fiscal.SAMPLES / "nfe_4.00.xml").read_bytes, False),
    "wrapper-namespaces": (wrapper_with_more_namespaces, False),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_the_signature_check_agrees_with_signxml(case):
    make, valid = CASES[case]
    data = make()
    assert reader_verdict(data) is valid
    assert signxml_verdict(data) is valid


def test_a_certificate_expired_at_issue_is_refused_naming_the_date():
    """The test certificate is valid from 2010: a CT-e issued (and signed) in 2009 was signed outside it."""
    root = fiscal.load("cte_4.00.xml")
    fiscal.set_text(root, "cte:infCte/cte:ide/cte:dhEmi", "2009-06-01T10:00:00-03:00")
    message = refused(fiscal.render(root))
    assert "o certificado não era válido na emissão (01/06/2009)" in message


def test_a_signature_referencing_another_element_is_refused():
    """A valid signature whose Reference points elsewhere does not sign the group the reader reads."""
    root = etree.fromstring(signed_cte())
    reference = root.find(f".//{{{DS}}}Reference")
    reference.set("URI", "#outro")
    message = refused(etree.tostring(root))
    assert "Assinatura digital" in message


# --- only what is stored is bound -------------------------------------------------------------------------------------

def test_the_taker_named_by_toma3_is_read():
    """toma3 = 3: the destinatário pays; only that party is bound (the sample's remetente is someone else)."""
    root = fiscal.load("cte_4.00.xml")
    group = fiscal.document_of(root).find("cte:infCte", fiscal.NS)
    group.find("cte:ide/cte:toma3/cte:toma", fiscal.NS).text = "3"
    dest, rem = (group.find(f"cte:{party}/cte:xNome", fiscal.NS).text for party in ("dest", "rem"))
    assert dest != rem
    assert parse_fiscal_xml(fiscal.render(root)).customer_name == dest
