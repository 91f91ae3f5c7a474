"""A CIOT operation prefilled from the trip's CT-e (or NF-e): `POST /ciot/operations/from-document` and the page
"Nova operação a partir do CT-e" (docs/api/ciot.md, "Operação a partir do CT-e ou da NF-e").

One business action, `create_from_documents`: the documents are read by the billing inbox's reader (refused as the
inbox refuses them), checked (the company's own, not cancelled, not used by another operation), turned into a
creation body, and the operation is created by the one creation service (domain.ciot.operations.create_operation),
so it is an ordinary operation: derived, validated, in rascunho / validado / com_divergencia / pronto_emissao. What
came from the documents or the registry is listed in the answer and in the timeline (`from_document` event): the
body carries it as explicit values, since the platform's own derivations (campos_derivados) are recomputed on
every change and these are not (a PATCH must not empty the contratantes because a partner changed).

Several documents are one trip (a fracionada by default): the takers become contratantes, the freight values and
weights add up, the route runs from the first document's origin to the last one's destination.
"""
import math
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Annotated
from uuid import UUID

import sqlalchemy as sa
from flask import current_app
from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from core.clock import BRT, brasilia_today, utc_now
from core.db import db
from core.errors import AppError, Conflict, FieldError, InvalidBody, Unprocessable
from core.schemas import RequestModel, validate_data
from core.tenancy import get_referenced
from domain.billing.models import BillingDocument
from domain.billing.xml import FiscalEvent
from domain.ciot import states
from domain.ciot.field_names import field_names
from domain.ciot.models import CiotDocument, CiotOperation
from domain.ciot.operations import CreateResult, create_operation
from domain.ciot.schemas import DocText, Environment, OperationCreate, TipoOperacao, Vehicle
from domain.ciot.states import actor_label, record_event
from domain.ciot.trip_documents import Party, TripDocument, read_trip_document
from domain.geo.distance import road_distance
from domain.partners.models import Partner, PartnerBankAccount

MAX_DOCUMENTS = 20
KM_PER_DAY = 500  # a trip's end, when the CT-e programs no delivery: one day per 500 km (at least one)
# the partner's RNTRC category as the declaration's contratado_tipo (and equiparado_tac)
CATEGORY_TYPES = {"TAC": ("TAC", None), "ETC": ("ETC", False), "CTC": ("CTC", None), "TAC_EQUIPARADO": ("ETC", True)}
ACCOUNT_PAYMENT_TYPES = {"corrente": "conta_corrente", "poupanca": "conta_poupanca", "pagamento": "conta_pagamento"}
VEHICLE_FIELDS = ("plate", "vehicle_kind", "rntrc", "axles", "own_fleet")


class CiotFiscalFile(RequestModel):
    """One fiscal document: its XML text, or a document of the billing inbox (its stored XML)."""
    # No length of its own: the reader refuses a file over its 2 MB with the inbox's message, and the API's body is
    # at most 1 MiB (413) anyway.
    xml: str | None = Field(default=None, description="O XML do CT-e, CT-e OS ou NF-e (ou do evento de "
                            "cancelamento), como texto; até 2 MB, dentro do limite de 1 MiB do corpo da requisição.")
    billing_document_id: UUID | None = Field(default=None, description="Um documento da caixa de entrada do "
                                             "faturamento (GET /billing/documents), lido do XML guardado.")

    @model_validator(mode="after")
    def _exactly_one(self):
        if (self.xml is None) == (self.billing_document_id is None):
            raise PydanticCustomError("one_of", "Informe xml ou billing_document_id (um dos dois).")
        return self


class CiotFromDocumentCreate(RequestModel):
    """POST /ciot/operations/from-document."""
    documents: Annotated[list[CiotFiscalFile], Field(min_length=1, max_length=MAX_DOCUMENTS)]
    tipo_operacao: TipoOperacao | None = Field(default=None, description="Padrão: lotacao com um documento, "
                                               "fracionada com vários.")
    contratado_cpf_cnpj: DocText = Field(default=None, max_length=18, description="O transportador contratado, "
                                         "quando o documento não o nomeia (um CT-e emitido pela própria empresa).")
    vehicles: Annotated[list[Vehicle] | None, Field(min_length=1, max_length=20)] = None
    external_id: str | None = Field(default=None, max_length=100)
    environment: Environment | None = None
    auto_validate: bool = True


FromDocumentBody = CiotFromDocumentCreate


@dataclass
class FromDocumentResult:
    created: CreateResult
    documents: list[TripDocument]
    derived: list[tuple[str, str]] = field(default_factory=list)  # (body field, where its value came from)
    unknown_contratado: dict | None = None  # the document's carrier, not a partner yet: offered for registration

    @property
    def op(self) -> CiotOperation:
        return self.created.op


# --- reading ------------------------------------------------------------------------------------------------------

@dataclass
class _Sources:
    documents: list[TripDocument] = field(default_factory=list)
    fields: list[str] = field(default_factory=list)  # the body field each document came from
    cancelled: dict = field(default_factory=dict)  # key -> cancellation record (events in the request)


def read_documents(files: list[CiotFiscalFile], storage_dir) -> _Sources:
    """Every file read by the inbox's reader; a refused one is the reader's 400, naming `documents[i].xml`."""
    sources = _Sources()
    for index, item in enumerate(files):
        name = f"documents[{index}].xml" if item.xml is not None else f"documents[{index}].billing_document_id"
        data = item.xml.encode() if item.xml is not None else _stored_xml(item.billing_document_id, name,
                                                                            storage_dir)
        found = _read(data, name)
        if isinstance(found, FiscalEvent):
            if found.kind != "cancelamento":
                raise InvalidBody.for_field(name, "Só documentos (CT-e, CT-e OS, NF-e) ou o evento de cancelamento "
                                            "de um deles; uma carta de correção não muda a declaração.",
                                            code="not_a_document")
            sources.cancelled[found.chave] = found.as_record()
            continue
        if any(document.key == found.key for document in sources.documents):
            raise InvalidBody.for_field(name, f"O documento de chave {found.key} foi enviado duas vezes.",
                                        code="duplicate_chave")
        sources.documents.append(found)
        sources.fields.append(name)
    if not sources.documents:
        raise InvalidBody.for_field("documents", "Envie ao menos um CT-e ou NF-e (só eventos foram enviados).",
                                    code="required")
    return sources


def _read(data: bytes, name: str):
    try:
        return read_trip_document(data)
    except AppError as exc:  # the inbox's refusal (`file`), on this request's field
        exc.details = [FieldError(name, detail.code, detail.message) for detail in exc.details]
        exc.message = exc.message.replace("Campo inválido: file.", f"Campo inválido: {name}.")
        raise


def _stored_xml(document_id, name: str, storage_dir) -> bytes:
    document = get_referenced(BillingDocument, document_id, name, "Documento")
    path = Path(storage_dir) / (document.storage_path or "")
    if not document.storage_path or not path.is_file():
        raise Unprocessable("O documento da caixa de entrada não tem o XML guardado (foi lançado à mão).",
                            code="document_without_xml", details=[FieldError(name, "no_xml", "Documento sem XML.")])
    return path.read_bytes()


# --- checks -------------------------------------------------------------------------------------------------------

def check_documents(company, sources: _Sources) -> None:
    """The company's own documents (its CNPJ issues them, takes the service or carries), not cancelled: else 422
    naming the document's key. Whether another operation already declares them is checked after the creation
    (_check_unused)."""
    for document, name in zip(sources.documents, sources.fields, strict=True):
        involved = {document.emitter.cpf_cnpj, document.taker.cpf_cnpj, document.carrier.cpf_cnpj}
        if company.cnpj not in involved:
            raise Unprocessable(f"O documento de chave {document.key} não é desta empresa: o CNPJ {company.cnpj} não "
                                "é o emitente, o tomador nem o transportador.", code="document_other_company",
                                details=[FieldError(name, "other_company", f"Documento de outra empresa "
                                                    f"(chave {document.key}).")], extra={"chave": document.key})
        cancellation = sources.cancelled.get(document.key) or _inbox_cancellation(document.key)
        if cancellation is not None:
            raise Unprocessable(f"O documento de chave {document.key} foi cancelado na SEFAZ (protocolo "
                                f"{cancellation.get('protocolo') or 'não informado'}): não pode ser declarado.",
                                code="document_cancelled", details=[FieldError(name, "cancelled",
                                                                               "Documento cancelado.")],
                                extra={"chave": document.key, "cancelamento": cancellation})
    stray = set(sources.cancelled) - {document.key for document in sources.documents}
    if stray:
        raise InvalidBody.for_field("documents", f"Evento de cancelamento da chave {sorted(stray)[0]}, que não está "
                                    "entre os documentos enviados.", code="event_document_not_found")


def _inbox_cancellation(key: str) -> dict | None:
    extra = db.session.execute(sa.select(BillingDocument.extra).where(BillingDocument.chave == key)).scalar()
    return (extra or {}).get("cancelamento")


def _check_unused(sources: _Sources, new_id) -> None:
    """Run once the new operation holds the company's CIOT counter row (taken by its code, locked until the
    transaction ends): a concurrent declaration of the same document waits there, then sees this one committed."""
    keys = [document.key for document in sources.documents]
    used = db.session.execute(
        sa.select(CiotDocument.access_key, CiotOperation.id, CiotOperation.code)
        .join(CiotOperation, CiotOperation.id == CiotDocument.operation_id)
        .where(CiotDocument.access_key.in_(keys), CiotOperation.status != states.CANCELADO,
               CiotOperation.id != new_id).limit(1)).first()
    if used is not None:
        name = sources.fields[keys.index(used.access_key)]
        raise Conflict(f"O documento de chave {used.access_key} já está na operação {used.code}: cada documento é "
                       "declarado uma vez (cancele aquela operação antes, se for o caso).", code="document_in_use",
                       details=[FieldError(name, "in_use", f"Documento já declarado na operação {used.code}.")],
                       extra={"chave": used.access_key, "existing_id": str(used.id)})


# --- the body -----------------------------------------------------------------------------------------------------

class _Body:
    """The creation body being built, and the list of where each value came from."""

    def __init__(self):
        self.values: dict = {}
        self.derived: list[tuple[str, str]] = []

    def put(self, name: str, value, source: str) -> None:
        if value is None or value == []:
            return
        self.values[name] = value
        self.derived.append((name, source))


def _contratado(company, body: FromDocumentBody, documents: list[TripDocument]) -> Party:
    """The request's contratado, else the documents' carrier when it is not the company itself (a subcontract:
    the carrier issued the CT-e to the company); 422 naming `contratado_cpf_cnpj` when neither says it."""
    if body.contratado_cpf_cnpj:
        return Party(body.contratado_cpf_cnpj, None)
    carriers = {d.carrier.cpf_cnpj: d.carrier for d in documents
                if d.carrier.known and d.carrier.cpf_cnpj != company.cnpj}
    if len(carriers) > 1:
        raise Unprocessable("Os documentos têm transportadores diferentes: uma operação CIOT declara um contratado "
                            "(envie os documentos de cada viagem separados).", code="documents_other_trip",
                            details=[FieldError("documents", "several_carriers",
                                                f"Transportadores: {', '.join(sorted(carriers))}.")])
    if not carriers:
        raise Unprocessable("O documento não nomeia o transportador contratado (é da própria empresa): informe "
                            "contratado_cpf_cnpj.", code="contratado_required",
                            details=[FieldError("contratado_cpf_cnpj", "required", "Escolha o contratado.")])
    return next(iter(carriers.values()))


def _partner(cpf_cnpj: str):
    return db.session.execute(sa.select(Partner).where(Partner.cpf_cnpj == cpf_cnpj).limit(1)).scalar_one_or_none()


def _fill_contratado(out: _Body, party: Party, partner, documents: list[TripDocument]) -> None:
    out.values["contratado_cpf_cnpj"] = party.cpf_cnpj
    document_rntrc = next((d.rntrc for d in documents if d.rntrc and d.carrier.cpf_cnpj == party.cpf_cnpj), None)
    if partner is not None:
        out.put("contratado_nome", partner.legal_name, "cadastro do parceiro")
        out.put("contratado_rntrc", partner.rntrc or document_rntrc, "cadastro do parceiro")
        kind, equiparado = CATEGORY_TYPES.get(partner.rntrc_categoria or "", (None, None))
        out.put("contratado_tipo", kind, "categoria RNTRC do parceiro")
        out.put("equiparado_tac", equiparado, "categoria RNTRC do parceiro")
        return
    out.put("contratado_nome", party.nome, "transportador do documento")
    out.put("contratado_rntrc", document_rntrc, "RNTRC do modal rodoviário do CT-e")


def _fill_payment(out: _Body, partner) -> None:
    """The partner's registered account (the first one): bank data, or its PIX key."""
    if partner is None:
        return
    account = db.session.execute(sa.select(PartnerBankAccount).where(PartnerBankAccount.partner_id == partner.id)
                                 .order_by(PartnerBankAccount.created_at, PartnerBankAccount.id).limit(1)).scalar()
    if account is None:
        return
    source = "conta cadastrada do parceiro"
    if account.bank_code and account.account:
        out.put("tipo_pagamento", ACCOUNT_PAYMENT_TYPES.get(account.account_type or "", "conta_corrente"), source)
        out.put("bank_code", account.bank_code, source)
        out.put("agency", account.agency, source)
        out.put("account_number", account.account, source)
        out.put("cpf_cnpj_owner", account.holder_document or partner.cpf_cnpj, source)
    elif account.pix_key:
        out.put("tipo_pagamento", "pix", source)
        out.put("chave_pix", account.pix_key, source)
    else:
        return
    # no instalments are made up: the whole freight is paid at once (prazo would need them, PAG05)
    out.put("indicador_pagamento", "vista", "à vista: os documentos não trazem parcelas")


def _last_operation(cpf_cnpj: str) -> CiotOperation | None:
    return db.session.execute(sa.select(CiotOperation).where(CiotOperation.contratado_cpf_cnpj == cpf_cnpj,
                                                             CiotOperation.status != states.CANCELADO)
                              .order_by(CiotOperation.created_at.desc()).limit(1)).scalar()


def _fill_parties(out: _Body, documents: list[TripDocument], tipo: str, company) -> None:
    takers: dict[str, dict] = {}
    for document in documents:
        if tipo == "fracionada" and document.taker.cpf_cnpj == company.cnpj:
            continue  # the company is the fracionada's own contratante, never one of its shippers (CTR08)
        if document.taker.known:
            entry = takers.setdefault(document.taker.cpf_cnpj, {"cpf_cnpj": document.taker.cpf_cnpj,
                                                                "nome": document.taker.nome or document.taker.cpf_cnpj,
                                                                "valor_frete": Decimal(0)})
            entry["valor_frete"] += document.freight or Decimal(0)
    out.put("contratantes", [{**entry, "valor_frete": entry["valor_frete"] or None} for entry in takers.values()],
            "tomadores dos documentos")
    last = documents[-1]
    out.put("destinatario_cpf_cnpj", last.recipient.cpf_cnpj, "destinatário do documento")
    out.put("destinatario_nome", last.recipient.nome, "destinatário do documento")


def _fill_cargo(out: _Body, documents: list[TripDocument], last: CiotOperation | None) -> None:
    freights = [d.freight for d in documents if d.freight is not None]
    out.put("valor_frete", sum(freights, Decimal(0)) if freights else None, "valor da prestação (vTPrest)")
    weights = [d.weight_kg for d in documents if d.weight_kg is not None]
    out.put("peso_carga", sum(weights, Decimal(0)) if weights else None, "peso da carga dos documentos")
    ncm = next((d.ncm for d in documents if d.ncm), None)
    if ncm is not None:
        out.put("codigo_natureza_carga", ncm, "NCM do produto da NF-e")
    elif last is not None:
        out.put("codigo_natureza_carga", last.codigo_natureza_carga, "última operação do contratado")
    if last is not None:
        out.put("codigo_tipo_carga", last.codigo_tipo_carga, "última operação do contratado")


def _fill_route(out: _Body, documents: list[TripDocument]) -> tuple | None:
    origin, destination = documents[0].origin, documents[-1].destination
    out.put("origem", origin, "início da prestação do primeiro documento")
    out.put("destino", destination, "fim da prestação do último documento")
    if origin is None or destination is None:
        return None
    known = _route_distance(origin["codigo_municipio"], destination["codigo_municipio"])
    out.put("distancia_km", known, "última operação com a mesma origem e destino")
    return known


ROUTE_HISTORY = 200  # recent operations searched for the same route's informed distance


def _route_distance(origin: str, destination: str) -> Decimal | None:
    """The distance the company declared for the same route (origin and destination IBGE codes) most recently,
    when it was informed or routed (never an estimate); None otherwise: the platform then derives it."""
    rows = db.session.execute(sa.select(CiotOperation.origem, CiotOperation.destino, CiotOperation.distancia_km)
                              .where(CiotOperation.distancia_km.is_not(None),
                                     CiotOperation.distancia_origem.in_(("informada", "rota")))
                              .order_by(CiotOperation.created_at.desc()).limit(ROUTE_HISTORY)).all()
    for row in rows:
        if (row.origem or {}).get("codigo_municipio") == origin and \
                (row.destino or {}).get("codigo_municipio") == destination:
            return row.distancia_km
    return None


def _fill_vehicles(out: _Body, body: FromDocumentBody, documents: list[TripDocument],
                   last: CiotOperation | None) -> None:
    if body.vehicles:
        out.values["vehicles"] = [v.model_dump(exclude_none=True) for v in body.vehicles]
        return
    plates = [p for d in documents for p in d.plates]
    if plates:
        out.put("vehicles", vehicles_of_plates(plates), "veículos do documento")
    elif last is not None:
        out.put("vehicles", [{name: getattr(v, name) for name in VEHICLE_FIELDS if getattr(v, name) is not None}
                             for v in last.vehicles], "veículos da última operação do contratado")


def vehicles_of_plates(plates: list[str]) -> list[dict]:
    """Vehicle items for plates in their order: one plate is a single vehicle (automotor); several are a tractor
    and its trailers. Repeated plates count once."""
    unique = list(dict.fromkeys(p.replace("-", "").replace(" ", "").upper() for p in plates if p.strip()))
    kinds = ["automotor"] if len(unique) == 1 else ["cavalo_trator"] + ["implemento"] * (len(unique) - 1)
    return [{"plate": plate, "vehicle_kind": kind} for plate, kind in zip(unique, kinds, strict=True)]


def _fill_trip(out: _Body, documents: list[TripDocument], distance) -> None:
    """Start: the first document's issue (the trip leaves with its CT-e), or now when it was issued before today
    (the ANTT refuses a trip already started). End: the CT-e's programmed delivery, else a day per 500 km."""
    now = utc_now().astimezone(BRT).replace(tzinfo=None, second=0, microsecond=0)
    issued = documents[0].issued_at
    issued = issued.astimezone(BRT).replace(tzinfo=None) if issued and issued.tzinfo else issued
    start = issued if issued is not None and issued.date() >= brasilia_today() else now
    out.put("viagem_inicio", start.isoformat(), "emissão do documento" if start == issued else "agora (documento "
            "emitido antes de hoje)")
    delivery = max((d.delivery for d in documents if d.delivery), default=None)
    if delivery is not None and delivery >= start.date():
        out.put("viagem_fim", datetime.combine(delivery, time(18)).isoformat(), "entrega programada do CT-e")
        return
    if distance is None and documents[0].origin and documents[-1].destination:
        estimate = road_distance(documents[0].origin["codigo_municipio"],
                                 documents[-1].destination["codigo_municipio"])
        distance = estimate.km if estimate is not None else None
    days = max(1, math.ceil(Decimal(distance or 0) / KM_PER_DAY))
    out.put("viagem_fim", (start + timedelta(days=days)).isoformat(), f"estimado: {days} dia(s) de viagem")


def _fill_documents(out: _Body, documents: list[TripDocument]) -> None:
    """The documents sent, then the NF-e keys the CT-es carry. A document's freight_value is the operation's
    freight (DC04): several documents each carry a share of it, which their takers' `valor_frete` keep instead."""
    items, seen = [], set()
    for document in documents:
        seen.add(document.key)
        items.append({"kind": document.kind, "access_key": document.key, "number": document.fiscal.numero,
                      "series": document.fiscal.serie, "emitter_cnpj": document.emitter.cpf_cnpj,
                      "emitter_name": document.emitter.nome,
                      "freight_value": document.freight if len(documents) == 1 else None,
                      "cargo_weight_kg": document.weight_kg})
    for document in documents:
        for key in document.nfe_keys:
            if key not in seen:
                seen.add(key)
                items.append({"kind": "nfe", "access_key": key})
    out.put("documents", items, "documentos enviados e as NF-e que o CT-e transporta")


def prefilled_body(company, body: FromDocumentBody, documents: list[TripDocument]) -> tuple[_Body, Party, object]:
    """The creation body the documents, the registry and the contratado's last operation fill."""
    out = _Body()
    tipo = body.tipo_operacao or ("fracionada" if len(documents) > 1 else "lotacao")
    out.values.update(tipo_operacao=tipo, external_id=body.external_id, environment=body.environment,
                      auto_validate=body.auto_validate)
    party = _contratado(company, body, documents)
    partner = _partner(party.cpf_cnpj)
    last = _last_operation(party.cpf_cnpj)
    _fill_contratado(out, party, partner, documents)
    _fill_parties(out, documents, tipo, company)
    _fill_cargo(out, documents, last)
    distance = _fill_route(out, documents)
    _fill_vehicles(out, body, documents, last)
    _fill_trip(out, documents, distance)
    _fill_documents(out, documents)
    _fill_payment(out, partner)
    return out, party, partner


def create_from_documents(company, body: FromDocumentBody, *, actor, storage_dir=None) -> FromDocumentResult:
    """The operation the documents describe, created by the creation service. Nothing stays written when any
    document is refused or the body they give is not one the creation accepts (422 naming the field): the refusals
    come before the creation, but for a document already declared, which rolls it back with the request."""
    sources = read_documents(body.documents, storage_dir or inbox_storage_dir())
    check_documents(company, sources)
    out, party, partner = prefilled_body(company, body, sources.documents)
    create, errors = validate_data(OperationCreate, {k: v for k, v in out.values.items() if v is not None})
    if errors:
        missing = field_names(dict.fromkeys(error.field.split(".")[0].split("[")[0] for error in errors))
        raise Unprocessable(f"Os documentos não trazem tudo o que a operação exige: {missing}. Informe-os no "
                            "pedido ou cadastre o contratado.", code="document_incomplete", details=errors)
    created = create_operation(company, create, actor=actor)
    _check_unused(sources, created.op.id)  # a refusal here rolls the creation back with the request
    result = FromDocumentResult(created, sources.documents, out.derived)
    if partner is None:
        result.unknown_contratado = {"cpf_cnpj": party.cpf_cnpj, "nome": out.values.get("contratado_nome"),
                                     "rntrc": out.values.get("contratado_rntrc")}
    record_event(created.op, "from_document", _event_text(sources.documents),
                 {"chaves": [d.key for d in sources.documents], "campos": [name for name, _ in out.derived]},
                 actor=actor_label(actor))
    db.session.flush()
    return result


def _event_text(documents: list[TripDocument]) -> str:
    labels = [f"{'NF-e' if d.kind == 'nfe' else 'CT-e'} {d.fiscal.numero or d.key}" for d in documents]
    return f"Dados preenchidos a partir de {', '.join(labels)}."


def inbox_storage_dir() -> Path:
    """Where the billing inbox keeps its XML files (the same setting its upload writes to)."""
    return Path(current_app.config.get("STORAGE_DIR") or Path(current_app.instance_path) / "storage")


INBOX_CHOICES = 30


def inbox_choices(limit: int = INBOX_CHOICES) -> list:
    """The company's latest inbox CT-e and NF-e with a stored XML, not cancelled nor discarded: the page offers
    them besides an upload."""
    rows = db.session.execute(
        sa.select(BillingDocument.id, BillingDocument.kind, BillingDocument.numero, BillingDocument.chave,
                  BillingDocument.emissao_at, BillingDocument.valor_centavos, BillingDocument.extra)
        .where(BillingDocument.kind.in_(("cte", "nfe")), BillingDocument.storage_path.is_not(None),
               BillingDocument.status != "descartado")
        .order_by(BillingDocument.created_at.desc()).limit(limit)).all()
    return [row for row in rows if not (row.extra or {}).get("cancelamento")]
