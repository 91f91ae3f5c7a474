"""CT-e and NF-e XML files read into inbox documents. Parsed with defusedxml: a DTD, an entity declaration or an
external reference (billion laughs, XXE) refuses the file before anything is read or stored."""
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import ParseError, fromstring

from core.errors import InvalidBody
from core.validators import FieldInvalid, clean_cpf_cnpj

MAX_XML_BYTES = 2 * 1024 * 1024
NS = {"nfe": "http://www.portalfiscal.inf.br/nfe", "cte": "http://www.portalfiscal.inf.br/cte"}
CTE_TAKERS = {"0": "rem", "1": "exped", "2": "receb", "3": "dest"}  # ide/toma3/toma


@dataclass
class FiscalXml:
    kind: str
    chave: str
    numero: str | None
    serie: str | None
    valor_centavos: int
    emissao_at: date | None
    customer_cpf_cnpj: str | None
    customer_name: str | None


def _refuse(message: str) -> InvalidBody:
    return InvalidBody.for_field("file", message, code="invalid_xml")


def _text(node, path: str, ns: str) -> str | None:
    found = node.find(_qualify(path, ns))
    return found.text.strip() if found is not None and found.text else None


def _qualify(path: str, ns: str) -> str:
    return "/".join(f"{{{NS[ns]}}}{part}" for part in path.split("/"))


def _centavos(text: str | None, tag: str) -> int:
    """The amount in centavos; NaN, infinities and unreadable text refuse the file naming the tag (a negative or
    too large amount is the document schema's to refuse, naming the field)."""
    try:
        value = Decimal(text or "0") * 100
        if not value.is_finite():
            raise InvalidOperation
        return int(value.quantize(Decimal(1)))
    except (InvalidOperation, ValueError, OverflowError):  # not a number, NaN, Infinity
        raise _refuse(f"Valor total ({tag}) ilegível no XML: {(text or '')[:40]!r}.") from None


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text[:10]) if text else None
    except ValueError:
        return None


def _party(node, ns: str) -> tuple[str | None, str | None]:
    if node is None:
        return None, None
    document = _text(node, "CNPJ", ns) or _text(node, "CPF", ns)
    try:
        document = clean_cpf_cnpj(document) if document else None
    except FieldInvalid:
        document = None
    return document, _text(node, "xNome", ns)


def parse_fiscal_xml(data: bytes) -> FiscalXml:
    """An NF-e (customer: destinatário) or CT-e (customer: tomador) read from its XML; 400 naming `file`."""
    if len(data) > MAX_XML_BYTES:
        raise _refuse("Arquivo XML grande demais (máximo 2 MB).")
    try:
        root = fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except (DefusedXmlException, ParseError, ValueError):
        raise _refuse("Arquivo XML inválido ou não permitido (DTD e entidades são recusados).") from None
    nfe = root.find(f".//{{{NS['nfe']}}}infNFe")
    if nfe is not None:
        return _nfe(nfe)
    cte = root.find(f".//{{{NS['cte']}}}infCte")
    if cte is not None:
        return _cte(cte)
    raise _refuse("O XML não é um CT-e nem uma NF-e.")


def _key(node, prefix: str) -> str:
    key = (node.get("Id") or "").removeprefix(prefix)
    if len(key) != 44 or not key.isdigit():
        raise _refuse("O XML não traz uma chave de acesso de 44 dígitos.")
    return key


def _nfe(node) -> FiscalXml:
    document, name = _party(node.find(_qualify("dest", "nfe")), "nfe")
    return FiscalXml("nfe", _key(node, "NFe"), _text(node, "ide/nNF", "nfe"), _text(node, "ide/serie", "nfe"),
                     _centavos(_text(node, "total/ICMSTot/vNF", "nfe"), "vNF"), _day(_text(node, "ide/dhEmi", "nfe")),
                     document, name)


def _cte(node) -> FiscalXml:
    taker = node.find(_qualify("ide/toma4", "cte"))
    if taker is None:
        role = CTE_TAKERS.get(_text(node, "ide/toma3/toma", "cte") or "", "rem")
        taker = node.find(_qualify(role, "cte"))
    document, name = _party(taker, "cte")
    return FiscalXml("cte", _key(node, "CTe"), _text(node, "ide/nCT", "cte"), _text(node, "ide/serie", "cte"),
                     _centavos(_text(node, "vPrest/vTPrest", "cte"), "vTPrest"), _day(_text(node, "ide/dhEmi", "cte")),
                     document, name)
