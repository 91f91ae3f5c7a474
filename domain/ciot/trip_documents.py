"""What a CT-e, CT-e OS or NF-e says about a trip, for a CIOT declared from it (domain/ciot/from_document.py).

The file is accepted or refused by the billing inbox's reader (domain.billing.xml.parse_fiscal_xml: size, DTDs and
entities, the official schema, the XML-DSig signature), which answers the inbox's fields. The trip's fields —
parties, municipalities, cargo, the NF-e keys a CT-e carries — are then read here from the same, already checked,
bytes, parsed again with the reader's safe settings: the reader detaches what it binds, so its tree is not whole
afterwards.
A cancellation event is read too: it makes the document it names unusable.
"""
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation

from lxml import etree

from core.validators import FieldInvalid, clean_cpf_cnpj
from domain.billing.xml import (
    CTE,
    CTE_TAKERS,
    NFE,
    FiscalEvent,
    FiscalXml,
    document_element,
    fiscal_moment,
    parse_fiscal_xml,
    safe_parser,
)

# infQ/cUnid: the CT-e's unit codes that are weights, and their factor to kilograms
WEIGHT_UNITS = {"01": Decimal(1), "02": Decimal(1000)}
NFE_PAYER_IS_RECIPIENT = "1"  # transp/modFrete 1: FOB, the recipient pays the freight (else the emitter, CIF)


@dataclass
class Party:
    cpf_cnpj: str | None
    nome: str | None

    @property
    def known(self) -> bool:
        return bool(self.cpf_cnpj)


@dataclass
class TripDocument:
    """One fiscal document of the trip, in the words of a CIOT declaration."""
    fiscal: FiscalXml               # what the inbox's reader answered (key, number, series, total, model)
    emitter: Party
    taker: Party                    # who pays the freight: the CT-e's tomador; the NF-e's payer by modFrete
    carrier: Party                  # who carries: the CT-e's emitter; the NF-e's transporta
    recipient: Party
    origin: dict | None             # a CIOT location body (tipo municipio, uf, codigo_municipio, municipio_nome)
    destination: dict | None
    issued_at: datetime | None
    freight: Decimal | None         # reais: the CT-e's vTPrest, the NF-e's vFrete
    weight_kg: Decimal | None
    rntrc: str | None = None        # the CT-e road modal's RNTRC (the emitting carrier's)
    nfe_keys: list[str] = field(default_factory=list)
    ncm: str | None = None          # the NF-e's first item's NCM heading (4 digits), the ANTT's cargo nature
    plates: list[str] = field(default_factory=list)
    delivery: date | None = None    # the CT-e's programmed delivery date (compl/Entrega/comData/dProg)

    @property
    def key(self) -> str:
        return self.fiscal.chave

    @property
    def kind(self) -> str:
        return "cte" if self.fiscal.model in ("57", "67") else "nfe"


class _Node:
    """Finds by slash-separated local names in one namespace (`ide/cMunIni`); absent is None."""

    def __init__(self, element, ns: str):
        self.element, self.ns = element, ns

    def node(self, path: str):
        if self.element is None:
            return _Node(None, self.ns)
        return _Node(self.element.find("/".join(f"{{{self.ns}}}{part}" for part in path.split("/"))), self.ns)

    def text(self, path: str) -> str | None:
        found = self.node(path).element
        return (found.text or "").strip() or None if found is not None else None

    def all(self, path: str) -> list["_Node"]:
        if self.element is None:
            return []
        return [_Node(e, self.ns) for e in self.element.findall("/".join(f"{{{self.ns}}}{p}" for p in path.split("/")))]

    def party(self, path: str | None = None) -> Party:
        node = self.node(path) if path else self
        document = node.text("CNPJ") or node.text("CPF")
        try:
            document = clean_cpf_cnpj(document) if document else None
        except FieldInvalid:
            document = None
        return Party(document, node.text("xNome"))


def read_trip_document(data: bytes) -> TripDocument | FiscalEvent:
    """The document (or event) in `data`; refused with the inbox's 400 (`file`) when the reader refuses it."""
    parsed = parse_fiscal_xml(data)
    if isinstance(parsed, FiscalEvent):
        return parsed
    root = etree.fromstring(data, safe_parser())
    if parsed.model == "55":
        return _nfe_trip(parsed, _Node(document_element(root, NFE, "NFe"), NFE).node("infNFe"))
    name = "CTeOS" if parsed.model == "67" else "CTe"
    return _cte_trip(parsed, _Node(document_element(root, CTE, name), CTE).node("infCte"))


def _place(node: _Node, code: str, name: str, uf: str) -> dict | None:
    if not node.text(code):
        return None
    return {"tipo": "municipio", "codigo_municipio": node.text(code), "municipio_nome": node.text(name),
            "uf": node.text(uf)}


def _decimal(text: str | None) -> Decimal | None:
    try:
        return Decimal(text) if text else None
    except InvalidOperation:
        return None


def _cte_trip(fiscal: FiscalXml, info: _Node) -> TripDocument:
    ide = info.node("ide")
    if fiscal.model == "67":  # CT-e OS: its taker is infCte/toma; its road modal may name the vehicle
        taker = info.party("toma")
        plates = [n.text("placa") for n in info.all("infCTeNorm/infModal/rodoOS/veic") if n.text("placa")]
    else:
        taker = ide.party("toma4") if ide.node("toma4").element is not None else \
            info.party(CTE_TAKERS.get(ide.text("toma3/toma") or "0", "rem"))
        plates = []
    emitter = info.party("emit")
    return TripDocument(
        fiscal, emitter, taker, emitter, info.party("dest"),
        _place(ide, "cMunIni", "xMunIni", "UFIni"), _place(ide, "cMunFim", "xMunFim", "UFFim"),
        fiscal_moment(ide.text("dhEmi")), _decimal(info.text("vPrest/vTPrest")), _cte_weight(info),
        rntrc=info.text("infCTeNorm/infModal/rodo/RNTRC"),
        nfe_keys=[n.text("chave") for n in info.all("infCTeNorm/infDoc/infNFe") if n.text("chave")],
        plates=plates, delivery=_day(info.text("compl/Entrega/comData/dProg")))


def _cte_weight(info: _Node) -> Decimal | None:
    """The first measure of the cargo in a weight unit (kg or tonnes), in kilograms."""
    for measure in info.all("infCTeNorm/infCarga/infQ"):
        factor, amount = WEIGHT_UNITS.get(measure.text("cUnid") or ""), _decimal(measure.text("qCarga"))
        if factor is not None and amount is not None:
            return amount * factor
    return None


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None


def _nfe_trip(fiscal: FiscalXml, info: _Node) -> TripDocument:
    emitter, recipient = info.party("emit"), info.party("dest")
    transport = info.node("transp")
    payer = recipient if transport.text("modFrete") == NFE_PAYER_IS_RECIPIENT else emitter
    weights = [w for w in (_decimal(v.text("pesoB")) for v in transport.all("vol")) if w is not None]
    plates = [p for p in [transport.text("veicTransp/placa")] + [r.text("placa") for r in transport.all("reboque")]
              if p]
    ncm = info.text("det/prod/NCM")
    freight = _decimal(info.text("total/ICMSTot/vFrete"))
    return TripDocument(
        fiscal, emitter, payer, transport.party("transporta"), recipient,
        _place(info, "emit/enderEmit/cMun", "emit/enderEmit/xMun", "emit/enderEmit/UF"),
        _place(info, "dest/enderDest/cMun", "dest/enderDest/xMun", "dest/enderDest/UF"),
        fiscal_moment(info.text("ide/dhEmi")), freight or None, sum(weights, Decimal(0)) if weights else None,
        rntrc=transport.text("veicTransp/RNTC"), ncm=ncm[:4] if ncm and ncm[:4].isdigit() else None, plates=plates)
