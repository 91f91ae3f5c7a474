"""CT-e (57), CT-e OS (67) and NF-e (55) XML files, and their cancellation and correction-letter events, read into
inbox documents (docs/fiscal-xml.md).

Order, each step refusing the file with a 400 naming `file` before anything is stored:
1. the gate: size, then defusedxml reads the bytes (a SAX pass that builds nothing): a DTD, an entity declaration or
   an external reference (billion laughs, XXE) refuses the file before any other parser sees it;
2. lxml parses it once (entities never resolved, no DTD, no network) and finds the document inside its wrapper
   (`cteProc`, `nfeProc`, ...); every later step reads that one tree;
3. the official schema (fiscal_checks.validate, compiled once per document type), the first failing element named
   in pt-BR;
4. the XML-DSig signature (fiscal_checks.verify_signature) on the same tree: an invalid one refuses the file, a
   missing one is a warning the inbox shows;
5. the `nfelib` bindings (xsdata dataclasses generated from the official schemas) read the stored fields: only the
   elements the inbox keeps are bound (binding costs per element; a document has a hundred and more).
NF-e layouts before 4.00 (2.00 and 3.10) have no schema in nfelib: they skip step 3 with a warning and are read
with the 4.00 bindings, leniently; 2.00's issue date (`ide/dEmi`, `dhEmi` since 3.10) is the one field taken from
the tree, since the 4.00 bindings do not have it.
"""
import threading
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from xml.sax import SAXException
from xml.sax.handler import ContentHandler

from defusedxml import DefusedXmlException
from defusedxml.expatreader import create_parser
from lxml import etree
from nfelib.cte.bindings.v4_0.cte_os_v4_00 import CteOs
from nfelib.cte.bindings.v4_0.cte_v4_00 import Cte
from nfelib.cte.bindings.v4_0.evento_cte_v4_00 import EventoCte
from nfelib.nfe.bindings.v4_0.nfe_v4_00 import Nfe
from nfelib.nfe_evento_cancel.bindings.v1_0.evento_canc_nfe_v1_00 import Evento as NfeCancellation
from nfelib.nfe_evento_cce.bindings.v1_0.cce_v1_00 import Evento as NfeCorrection
from xsdata.exceptions import ParserError
from xsdata.formats.dataclass.context import XmlContext
from xsdata.formats.dataclass.parsers import XmlParser
from xsdata.formats.dataclass.parsers.config import ParserConfig
from xsdata.formats.dataclass.parsers.handlers import LxmlEventHandler

from core.validators import FieldInvalid, clean_access_key, clean_cpf_cnpj
from domain.billing.fiscal_checks import (
    SIGNATURE_MISSING,
    SIGNATURE_VALID,
    UNSIGNED_WARNING,
    refuse,
    signature_of,
    validate,
    verify_signature,
)

MAX_XML_BYTES = 2 * 1024 * 1024
NFE, CTE = "http://www.portalfiscal.inf.br/nfe", "http://www.portalfiscal.inf.br/cte"
CTE_TAKERS = {"0": "rem", "1": "exped", "2": "receb", "3": "dest"}  # ide/toma3/toma
CANCELLATION, CORRECTION = "110111", "110110"
EVENT_KINDS = {CANCELLATION: "cancelamento", CORRECTION: "carta_correcao"}
BINDINGS = XmlContext()  # the bindings' metadata, built once and shared (read-only after the first parse)
LENIENT_CONFIG = ParserConfig(fail_on_unknown_properties=False, fail_on_unknown_attributes=False,
                              fail_on_converter_warnings=False)
_parsers = threading.local()  # lxml and xsdata parsers keep per-parse state: one set per thread


def safe_parser() -> etree.XMLParser:
    if not hasattr(_parsers, "lxml"):
        _parsers.lxml = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    return _parsers.lxml


def _binding_parser(lenient: bool) -> XmlParser:
    name = "lenient" if lenient else "strict"
    if not hasattr(_parsers, name):
        setattr(_parsers, name, XmlParser(handler=LxmlEventHandler, context=BINDINGS,
                                          config=LENIENT_CONFIG if lenient else ParserConfig()))
    return getattr(_parsers, name)


@dataclass
class FiscalXml:
    kind: str                       # cte or nfe (the inbox kinds; a CT-e OS is a cte of model 67)
    chave: str
    numero: str | None
    serie: str | None
    valor_centavos: int
    emissao_at: date | None
    customer_cpf_cnpj: str | None
    customer_name: str | None
    model: str = ""                 # 55, 57, 67
    signature: str = SIGNATURE_VALID
    warnings: list[str] = field(default_factory=list)


@dataclass
class FiscalEvent:
    """A cancellation or a correction letter (CC-e) of a registered document, by its key."""
    kind: str                       # cancelamento or carta_correcao
    tp_evento: str
    chave: str                      # the document's key
    sequencia: int
    emitted_at: datetime | None
    protocolo: str | None
    justificativa: str | None       # cancellation xJust
    correcao: str | None            # CC-e text (NF-e xCorrecao; CT-e the corrected fields)
    signature: str = SIGNATURE_VALID
    warnings: list[str] = field(default_factory=list)

    def as_record(self) -> dict:
        return {"tipo": self.kind, "tp_evento": self.tp_evento, "sequencia": self.sequencia,
                "data": self.emitted_at.isoformat() if self.emitted_at else None, "protocolo": self.protocolo,
                "justificativa": self.justificativa, "correcao": self.correcao, "assinatura": self.signature}


def parse_fiscal_xml(data: bytes) -> FiscalXml | FiscalEvent:
    """A document (NF-e: customer = destinatário; CT-e: tomador; CT-e OS: toma) or an event; 400 naming `file`."""
    root = _gated_tree(data)
    for reader in (_nfe, _cte, _cte_os, _cte_event, _nfe_event):
        found = reader(root)
        if found is not None:
            return found
    raise refuse("O XML não é um CT-e, CT-e OS, NF-e nem um evento de cancelamento ou carta de correção.")


GATE_REFUSAL = "Arquivo XML inválido ou não permitido (DTD e entidades são recusados)."


def _gated_tree(data: bytes):
    """The file's one tree, once defusedxml has passed its bytes. The gate is a SAX pass with no handler (about half of
    what building its ElementTree cost, when the tree was then built again by lxml); no fiscal document has a DTD."""
    if len(data) > MAX_XML_BYTES:
        raise refuse("Arquivo XML grande demais (máximo 2 MB).")
    gate = create_parser(forbid_dtd=True, forbid_entities=True, forbid_external=True)
    gate.setContentHandler(ContentHandler())
    try:
        gate.feed(data)
        gate.close()
        return etree.fromstring(data, safe_parser())
    except (DefusedXmlException, SAXException, etree.XMLSyntaxError, ValueError):
        raise refuse(GATE_REFUSAL) from None


def document_element(root, ns: str, name: str):
    tag = f"{{{ns}}}{name}"
    return root if root.tag == tag else root.find(f".//{tag}")


# --- documents -----------------------------------------------------------------------------------------------

def _nfe(root) -> FiscalXml | None:
    element = document_element(root, NFE, "NFe")
    if element is None:
        return None
    group = element.find(f"{{{NFE}}}infNFe")
    version = group.get("versao") if group is not None else None
    legacy = version in ("2.00", "3.10")
    warnings = [f"NF-e no leiaute {version}: lida sem validação de esquema (só o leiaute 4.00 é validado)."] \
        if legacy else []
    if not legacy:
        validate(element, "NFe", "NF-e 4.00", signed=signature_of(element) is not None)
    signed_at = _signed_at(group, NFE)
    status = _signature(element, group, "NF-e", signed_at, warnings)
    # the bindings consume the tree: the checks come first
    stored = _Stored(group, NFE, "NF-e", lenient=legacy)
    ide = stored.bind("ide", Nfe.InfNfe.Ide, "nNF", "serie", "dhEmi")
    total = group.find(f"{{{NFE}}}total") if group is not None else None
    totals = _Stored(total, NFE, "NF-e", lenient=legacy).bind("ICMSTot", Nfe.InfNfe.Total.Icmstot, "vNF")
    if ide is None or totals is None:  # a legacy layout, not checked by a schema
        raise refuse("NF-e incompleta: faltam a identificação (ide) ou os totais (total/ICMSTot).")
    issued = fiscal_moment(ide.dhEmi) or (signed_at if legacy else None)  # 2.00: ide/dEmi, read by _signed_at
    customer = stored.bind("dest", Nfe.InfNfe.Dest, *PARTY)
    return FiscalXml("nfe", _key(group.get("Id"), "NFe"), ide.nNF, ide.serie, _centavos(totals.vNF, "vNF"),
                     issued.date() if issued else None, *_party(customer), model="55", signature=status,
                     warnings=warnings)


def _cte(root) -> FiscalXml | None:
    element = document_element(root, CTE, "CTe")
    if element is None:
        return None
    validate(element, "CTe", "CT-e 4.00", signed=signature_of(element) is not None)
    group, warnings = element.find(f"{{{CTE}}}infCte"), []
    status = _signature(element, group, "CT-e", _signed_at(group, CTE), warnings)
    stored = _Stored(group, CTE, "CT-e")
    ide = stored.bind("ide", Cte.InfCte.Ide, "nCT", "serie", "dhEmi", "toma3", "toma4")
    if ide.toma4 is not None:
        taker = ide.toma4
    else:
        code = _value(ide.toma3.toma) if ide.toma3 is not None else "0"
        name = CTE_TAKERS.get(code, "rem")
        taker = stored.bind(name, getattr(Cte.InfCte, name.capitalize()), *PARTY)
    issued = fiscal_moment(ide.dhEmi)
    return FiscalXml("cte", _key(group.get("Id"), "CTe"), ide.nCT, ide.serie,
                     _centavos(stored.bind("vPrest", Cte.InfCte.VPrest, "vTPrest").vTPrest, "vTPrest"),
                     issued.date() if issued else None, *_party(taker), model="57", signature=status,
                     warnings=warnings)


def _cte_os(root) -> FiscalXml | None:
    """CT-e OS (model 67, passengers and valuables): its taker is `infCte/toma`, not `ide/toma3|toma4`."""
    element = document_element(root, CTE, "CTeOS")
    if element is None:
        return None
    validate(element, "CTeOS", "CT-e OS 4.00", signed=signature_of(element) is not None)
    group, warnings = element.find(f"{{{CTE}}}infCte"), []
    status = _signature(element, group, "CT-e OS", _signed_at(group, CTE), warnings)
    stored = _Stored(group, CTE, "CT-e OS")
    ide = stored.bind("ide", CteOs.InfCte.Ide, "nCT", "serie", "dhEmi")
    issued = fiscal_moment(ide.dhEmi)
    return FiscalXml("cte", _key(group.get("Id"), "CTe"), ide.nCT, ide.serie,
                     _centavos(stored.bind("vPrest", CteOs.InfCte.VPrest, "vTPrest").vTPrest, "vTPrest"),
                     issued.date() if issued else None, *_party(stored.bind("toma", CteOs.InfCte.Toma, *PARTY)),
                     model="67", signature=status, warnings=warnings)


# --- events -----------------------------------------------------------------------------------------------

def _cte_event(root) -> FiscalEvent | None:
    element = document_element(root, CTE, "eventoCTe")
    if element is None:
        return None
    validate(element, "eventoCTe", "evento do CT-e 4.00", signed=signature_of(element) is not None)
    group = element.find(f"{{{CTE}}}infEvento")
    code = group.findtext(f"{{{CTE}}}tpEvento")
    kind = _event_kind(code)
    detail = group.find(f"{{{CTE}}}detEvento/*")
    if detail is None:
        raise refuse("Evento do CT-e sem detalhe (detEvento).")
    # detEvento is `xs:any`: its content must be the detail of the event's own type (a correction letter's detail
    # under a cancellation code would otherwise cancel the document), checked against that detail's schema
    expected = CTE_EVENT_DETAILS[code]
    if etree.QName(detail).localname != expected:
        raise refuse(f"Evento {code} do CT-e com detalhe {etree.QName(detail).localname}: era esperado {expected}.")
    validate(detail, expected, "detalhe do evento do CT-e", signed=True)
    warnings = []
    status = _signature(element, group, "evento do CT-e", fiscal_moment(group.findtext(f"{{{CTE}}}dhEvento")), warnings)
    # detEvento is `xs:any` in eventoCTe (its content has its own schema, checked above): the binding keeps it as
    # generic elements, so its few fields are read from them
    texts = {etree.QName(child).localname: (child.text or "").strip() for child in detail.iter()}
    corrections = [" · ".join(filter(None, (item.findtext(f"{{{CTE}}}grupoAlterado"),
                                            item.findtext(f"{{{CTE}}}campoAlterado"),
                                            item.findtext(f"{{{CTE}}}valorAlterado"))))
                   for item in detail.findall(f"{{{CTE}}}infCorrecao")]
    info = _bind(element, EventoCte, "evento do CT-e").infEvento
    issued = fiscal_moment(info.dhEvento)
    return FiscalEvent(kind, _value(info.tpEvento), _key("CTe" + info.chCTe, "CTe"), int(info.nSeqEvento),
                       issued, texts.get("nProt"), texts.get("xJust"), "; ".join(corrections) or None,
                       signature=status, warnings=warnings)


def _nfe_event(root) -> FiscalEvent | None:
    element = document_element(root, NFE, "evento")
    if element is None:
        return None
    group = element.find(f"{{{NFE}}}infEvento")
    code = group.findtext(f"{{{NFE}}}tpEvento") if group is not None else None
    kind = _event_kind(code)
    validate(element, f"evento:{code}", "evento da NF-e", signed=signature_of(element) is not None)
    warnings = []
    status = _signature(element, group, "evento da NF-e", fiscal_moment(group.findtext(f"{{{NFE}}}dhEvento")), warnings)
    info = _bind(element, NfeCancellation if code == CANCELLATION else NfeCorrection, "evento da NF-e").infEvento
    issued = fiscal_moment(info.dhEvento)
    detail = info.detEvento
    return FiscalEvent(kind, code, _key("NFe" + info.chNFe, "NFe"), int(info.nSeqEvento), issued,
                       getattr(detail, "nProt", None), getattr(detail, "xJust", None),
                       getattr(detail, "xCorrecao", None), signature=status, warnings=warnings)


CTE_EVENT_DETAILS = {"110111": "evCancCTe", "110110": "evCCeCTe"}  # tpEvento -> the detail element it carries


def _event_kind(code: str | None) -> str:
    if code not in EVENT_KINDS:
        raise refuse(f"Evento {code or '(sem tpEvento)'} não tratado: só cancelamento (110111) e carta de "
                     "correção (110110).")
    return EVENT_KINDS[code]


# --- helpers -----------------------------------------------------------------------------------------------

def _bind(element, binding, what: str, *, lenient: bool = False):
    try:
        return _binding_parser(lenient).parse(element, binding)
    except (ParserError, ValueError, TypeError) as exc:
        raise refuse(f"Não foi possível ler o {what}: {str(exc)[:120]}") from None


PARTY = ("CNPJ", "CPF", "xNome")  # what the inbox keeps of a customer (its address and contacts are not stored)


class _Stored:
    """The children of a checked document's group, bound with their nfelib class, each keeping only the elements
    the inbox stores: the binding's cost is per element, and a CT-e's `ide` alone has some thirty, most of them
    enumerations. Drops the other children from the tree (the binding consumes it anyway: checks come first)."""

    def __init__(self, group, ns: str, what: str, *, lenient: bool = False):
        self.group, self.ns, self.what, self.lenient = group, ns, what, lenient

    def bind(self, name: str, binding, *kept: str):
        """`group/name` as `binding`, with only its children named in `kept`; None when the group or it is absent."""
        element = self.group.find(f"{{{self.ns}}}{name}") if self.group is not None else None
        if element is None:
            return None
        wanted = {f"{{{self.ns}}}{child}" for child in kept}
        for child in list(element):
            if child.tag not in wanted:  # comments and processing instructions go too
                element.remove(child)
        return _bind(element, binding, self.what, lenient=self.lenient)


def _signed_at(group, ns: str) -> datetime | None:
    """The issue time, for the signature's certificate validity (before the binding reads the tree)."""
    ide = f"{{{ns}}}ide/{{{ns}}}"
    return fiscal_moment(group.findtext(ide + "dhEmi") or group.findtext(ide + "dEmi"))


def _signature(element, group, what: str, issued: datetime | None, warnings: list) -> str:
    if signature_of(element) is None:
        warnings.append(UNSIGNED_WARNING)
        return SIGNATURE_MISSING
    verify_signature(element, group, what, signed_at=issued)
    return SIGNATURE_VALID


def _key(group_id: str | None, prefix: str) -> str:
    """The access key of the signed group's Id: 44 characters, the 2026 layouts' alphanumeric CNPJ allowed, its check
    digit right."""
    try:
        return clean_access_key((group_id or "").removeprefix(prefix))
    except FieldInvalid as exc:
        raise refuse(f"Chave de acesso do XML recusada: {exc.message}") from None


def _value(item):
    return getattr(item, "value", item)


def _centavos(text, tag: str) -> int:
    """The amount in centavos (the schema already checked its format; a pre-4.00 NF-e was not checked)."""
    try:
        value = Decimal(str(text if text is not None else "0")) * 100
        if not value.is_finite():
            raise InvalidOperation
        return int(value.quantize(Decimal(1)))
    except (InvalidOperation, ValueError, OverflowError):
        raise refuse(f"Valor total ({tag}) ilegível no XML: {str(text)[:40]!r}.") from None


def fiscal_moment(text) -> datetime | None:
    """dhEmi/dhEvento (with offset) or a 2.00 dEmi (a date)."""
    if not text:
        return None
    try:
        return datetime.fromisoformat(str(text).strip())
    except ValueError:
        return None


def _party(node) -> tuple[str | None, str | None]:
    if node is None:
        return None, None
    document = getattr(node, "CNPJ", None) or getattr(node, "CPF", None)
    try:
        document = clean_cpf_cnpj(document) if document else None
    except FieldInvalid:
        document = None
    return document, getattr(node, "xNome", None)
