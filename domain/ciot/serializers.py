"""CIOT answers of the API (the PDF and the pages read the same fields): the response models and the functions that
fill them — the list summary, the full record, timeline events, creation and emission results (rule in
core/responses.py: the serializer fills exactly the model's fields; the endpoint declares the envelope)."""
import uuid
from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import Field, RootModel

from core.db import iso
from core.responses import (
    Date,
    ErrorObject,
    IbgeOut,
    ResponseModel,
    Timestamp,
    Uuid,
    data_envelope,
    list_envelope,
    register_error_schema,
)
from domain.ciot import models
from domain.ciot.mapping import CHILDREN, SCALAR_FIELDS, date_text
from domain.ciot.modality import effective_bank_data
from domain.ciot.protocol import pending_label
from domain.ciot.provider import BRT
from domain.ciot.queries import operation_modality, recent_events
from domain.ciot.schemas import (
    ComposicaoContratada,
    ContratadoTipo,
    DocumentKind,
    Environment,
    IndicadorPagamento,
    LocationTipo,
    Papel,
    PaymentKind,
    TipoChavePix,
    TipoOperacao,
    TipoPagamento,
    TitularParentesco,
    VehicleKind,
)
from domain.ciot.states import STATES

Status = Literal[STATES]
# The IdOperacaoTransporte the authority issued: up to 12 digits (GerarIdOperacaoTransporte).
CodigoCiot = Annotated[str, Field(pattern=r"^\d{1,12}$", description="Código CIOT, até 12 dígitos.")]
TripMomentOut = Annotated[datetime, Field(description="Data e hora de Brasília, com o deslocamento (-03:00).")]


class CiotValidationItem(ResponseModel):
    code: str = Field(description="Código da regra (DS01, PG17, PRV04...); catálogo em docs/ciot-rules.md.")
    severity: Literal["blocker", "warning", "info"] = Field(
        description="blocker (impede a emissão), warning (alerta a conferir) ou info (o que a plataforma deduziu ou "
                    "assumiu porque o corpo não informou; não conta no status).")
    field: str = Field(description="Campo apontado (`payments[1].titular_cpf_cnpj`) ou vazio quando geral.")
    message: str


class CiotValidationSummary(ResponseModel):
    ok: bool
    blockers: int
    warnings: int


class CiotValidation(ResponseModel):
    """The result of the validation rules."""
    items: list[CiotValidationItem]
    summary: CiotValidationSummary


class CiotStoredValidation(CiotValidation):
    validated_at: Timestamp | None


class CiotOperationSummary(ResponseModel):
    """An operation in a list."""
    id: Uuid
    code: str = Field(description="Código da operação na empresa (CIOT-000001).")
    status: Status
    mode: Literal["normal", "imported"]
    environment: Environment
    tipo_operacao: TipoOperacao
    external_id: str | None
    contratado_cpf_cnpj: str
    contratado_nome: str | None
    contratado_rntrc: str
    valor_frete: float | None
    codigo_ciot: CodigoCiot | None
    protocolo: str | None
    contingencia: bool
    emitted_at: Timestamp | None
    created_at: Timestamp
    updated_at: Timestamp


class CiotPlace(ResponseModel):
    """Origin or destination as sent (`tipo` decides which fields are filled)."""
    tipo: LocationTipo
    uf: str | None = None
    codigo_municipio: IbgeOut | None = None
    municipio_nome: str | None = None
    cep: str | None = None
    lat: float | None = None
    lng: float | None = None
    endereco_descricao: str | None = None


class CiotContratanteOut(ResponseModel):
    cpf_cnpj: str
    nome: str
    rntrc: str | None
    papel: Papel | None
    valor_frete: float | None
    percentual: float | None
    observacoes: str | None


class CiotVehicleOut(ResponseModel):
    plate: str
    vehicle_kind: VehicleKind
    rntrc: str | None
    axles: int | None
    own_fleet: bool | None


class CiotPaymentOut(ResponseModel):
    kind: PaymentKind
    contratante_index: int | None
    contratante_cpf_cnpj: str | None
    tipo_pagamento: TipoPagamento
    indicador_pagamento: IndicadorPagamento
    amount: float
    due_date: Date
    banco: str | None
    agencia: str | None
    conta: str | None
    titular_cpf_cnpj: str | None
    codigo_pagamento: str | None
    tipo_chave_pix: TipoChavePix | None
    titular_parentesco: TitularParentesco | None


class CiotDocumentOut(ResponseModel):
    kind: DocumentKind
    access_key: str | None
    number: str | None
    series: str | None
    emitter_cnpj: str | None
    emitter_name: str | None
    freight_value: float | None
    cargo_weight_kg: float | None


class CiotEventOut(ResponseModel):
    id: Uuid
    type: str
    message: str | None
    data: dict[str, Any]
    actor: str | None
    created_at: Timestamp


class CiotModality(ResponseModel):
    """The effective modality: from the partner's RNTRC category when registered, else from the body."""
    contratado_tipo: ContratadoTipo | None
    tac_or_equated: bool
    equiparado: bool
    source: Literal["partner", "body"]


class CiotBankData(ResponseModel):
    """The receiver's bank data used for the operation (root fields, or the first payment item that has them)."""
    bank_code: str | None
    agency: str | None
    account_number: str | None
    cpf_cnpj_owner: str | None


class CiotCancellation(ResponseModel):
    cancelado_at: Timestamp | None
    motivo: str | None
    protocolo: str | None


class CiotClosing(ResponseModel):
    encerrado_at: Timestamp | None
    peso_carga_final: float | None
    distancia: float | None
    quantidade_viagens: int | None
    data_encerramento: Date | None
    observacoes: str | None
    protocolo: str | None


class CiotOperation(CiotOperationSummary):
    """The full operation: every body field, children, authority data, modality and the last 50 events."""
    freight_id: Uuid | None
    contratado_tipo: ContratadoTipo | None
    equiparado_tac: bool | None
    distancia_km: float | None
    distancia_origem: Literal["informada", "estimada", "rota"] | None = Field(
        description="Como a distância foi obtida: informada no corpo, estimada (linha reta entre as sedes × 1,30) ou "
                    "pela rota de um motor de rotas.")
    campos_derivados: list[str] = Field(
        description="Campos que a plataforma preencheu porque o corpo não os informou (ex.: `tipo_chave_pix`, "
                    "`vehicles[1].axles`, `distancia_km`); docs/ciot-rules.md, \"Campos derivados\".")
    codigo_natureza_carga: str | None
    codigo_tipo_carga: int | None
    composicao_contratada: ComposicaoContratada | None
    alto_desempenho: bool | None
    retorno_vazio: bool | None
    peso_carga: float | None
    destinatario_cpf_cnpj: str | None
    destinatario_nome: str | None
    bank_code: str | None
    agency: str | None
    account_number: str | None
    cpf_cnpj_owner: str | None
    titular_parentesco: TitularParentesco | None
    data_declaracao: Date | None
    viagem_inicio: TripMomentOut | None
    viagem_fim: TripMomentOut | None
    chave_pix: str | None
    tipo_chave_pix: TipoChavePix | None
    tipo_pagamento: TipoPagamento | None
    indicador_pagamento: IndicadorPagamento | None
    justificativa_contingencia: str | None
    data_emissao_original: Date | None
    company_id: Uuid
    origem: CiotPlace | None
    destino: CiotPlace | None
    codigo_verificador: str | None
    mensagem_antt: str | None = Field(description="Mensagem da ANTT quando rejeitada.")
    aviso_transportador: str | None = Field(description=(
        "Aviso da ANTT ao transportador recebido na emissão (AvisoTransportador): quando presente, deve ser "
        "apresentado ao contratado e impresso no documento."))
    emitter_company_id: Uuid | None = Field(description="Empresa que declarou (a ETC contratada, quando outra).")
    modality: CiotModality
    bank_data: CiotBankData
    validation: CiotStoredValidation | None
    retificacoes: int
    retificado_at: Timestamp | None
    pendencia: Literal["emissao", "retificacao", "cancelamento", "encerramento"] | None = Field(
        description="O pedido à ANTT ainda sem resposta (a operação mantém o status até ela chegar), ou null.")
    cancelamento: CiotCancellation | None
    encerramento: CiotClosing | None
    contratantes: list[CiotContratanteOut]
    vehicles: list[CiotVehicleOut]
    payments: list[CiotPaymentOut]
    documents: list[CiotDocumentOut]
    events: list[CiotEventOut] = Field(description="Os últimos 50 eventos, mais novos primeiro.")


# --- creation ------------------------------------------------------------------------------------------------------

class CiotCreated(ResponseModel):
    id: Uuid
    code: str
    status: Status
    codigo_ciot: CodigoCiot | None
    protocolo: str | None


class CiotCreationEmission(ResponseModel):
    """Result of auto_emit: `reason` says why it did not emit (validation_blocked, rejected, in_progress...)."""
    ok: bool
    codigo_ciot: CodigoCiot | None
    protocolo: str | None
    mensagem: str
    reason: str | None


class CiotCreateResult(ResponseModel):
    """A new operation, with the validation and, with auto_emit, the emission result."""
    data: CiotCreated
    validation: CiotValidation | None
    emission: CiotCreationEmission | None


class CiotImported(ResponseModel):
    id: Uuid
    status: Status
    contingencia: bool
    codigo_ciot: CodigoCiot


class CiotImportResult(ResponseModel):
    """A CIOT emitted elsewhere in contingency, imported (`codigo_ciot` sent): no validation, no emission."""
    mode: Literal["imported"]
    data: CiotImported
    validation: None
    emission: None


class CiotCreateResponse(RootModel[CiotImportResult | CiotCreateResult]):
    """The created operation, or the imported one (`mode: imported`, when `codigo_ciot` was sent)."""


# --- actions -------------------------------------------------------------------------------------------------------

class CiotEmissionData(ResponseModel):
    id: Uuid
    code: str
    status: Status
    environment: Environment
    codigo_ciot: CodigoCiot | None
    codigo_verificador: str | None
    protocolo: str | None
    emitter_company_id: Uuid | None


class CiotEmitted(ResponseModel):
    """Emitted at the authority."""
    ok: Literal[True]
    mensagem: str
    data: CiotEmissionData


class CiotEmitPending(ResponseModel):
    """Accepted, still running (or the provider did not answer in time): read the operation again shortly."""
    ok: Literal[False]
    status: Status
    reason: str
    mensagem: str
    data: CiotEmissionData


def action_error_top_level(code: str, message: str) -> dict:
    """What an action's error answers beside the envelope: `ok: false`, `reason` (= code), `mensagem`."""
    return {"ok": False, "reason": code, "mensagem": message}


class CiotActionError(ResponseModel):
    """Errors of CIOT actions (validate, emit, retificar, cancel, encerrar): the envelope plus top-level
    `ok: false`, `reason` (= error.code) and `mensagem` (= error.message)."""
    error: ErrorObject
    ok: Literal[False]
    reason: str
    mensagem: str


register_error_schema(CiotActionError, top_level=action_error_top_level)


class CiotActionDone(ResponseModel):
    """The authority accepted the action."""
    ok: Literal[True]
    mensagem: str


class CiotValidated(ResponseModel):
    """The operation after the validation, and the validation result."""
    data: CiotOperation
    validation: CiotValidation


CiotOperationResponse = data_envelope(CiotOperation)
CiotOperationList = list_envelope(CiotOperationSummary, "CiotOperationList")


# --- serializers ---------------------------------------------------------------------------------------------------

def _num(value):
    return float(value) if value is not None else None


def trip_moment_out(value: datetime | None) -> str | None:
    """Trip moments are Brasília wall-clock times: rendered with their offset."""
    return value.replace(tzinfo=BRT).isoformat() if value is not None else None


def operation_summary(op: models.CiotOperation) -> dict:
    return {
        "id": str(op.id), "code": op.code, "status": op.status, "mode": op.mode, "environment": op.environment,
        "tipo_operacao": op.tipo_operacao, "external_id": op.external_id,
        "contratado_cpf_cnpj": op.contratado_cpf_cnpj, "contratado_nome": op.contratado_nome,
        "contratado_rntrc": op.contratado_rntrc, "valor_frete": _num(op.valor_frete),
        "codigo_ciot": op.codigo_ciot, "protocolo": op.protocolo, "contingencia": op.contingencia,
        "emitted_at": iso(op.emitted_at), "created_at": iso(op.created_at), "updated_at": iso(op.updated_at),
    }


def _child_out(row, schema) -> dict:
    out = {}
    for name in schema.model_fields:
        value = getattr(row, name)
        if isinstance(value, date):
            value = value.isoformat()
        elif value is not None and not isinstance(value, (str, int, bool)):
            value = float(value)
        out[name] = value
    return out


def event_out(event: models.CiotEvent) -> dict:
    return {"id": str(event.id), "type": event.type, "message": event.message, "data": event.data or {},
            "actor": event.actor, "created_at": iso(event.created_at)}


def operation_record(op: models.CiotOperation) -> dict:
    """The full record (GET /{id}, PATCH, DELETE): every body field, children, authority data, last 50 events."""
    record = operation_summary(op)
    for name in SCALAR_FIELDS:
        value = getattr(op, name)
        if name in ("viagem_inicio", "viagem_fim"):
            value = trip_moment_out(value)
        elif isinstance(value, date):
            value = value.isoformat()
        elif isinstance(value, uuid.UUID):
            value = str(value)
        elif value is not None and not isinstance(value, (str, int, bool)):
            value = float(value)
        record[name] = value
    record.update({
        "company_id": str(op.company_id),
        "distancia_origem": op.distancia_origem, "campos_derivados": list(op.campos_derivados or []),
        "origem": op.origem, "destino": op.destino,
        "codigo_verificador": op.codigo_verificador, "mensagem_antt": op.mensagem_antt,
        "aviso_transportador": op.aviso_transportador,
        "emitter_company_id": str(op.emitter_company_id) if op.emitter_company_id else None,
        "modality": operation_modality(op),
        "bank_data": effective_bank_data(op),
        "validation": None if op.validation_summary is None else {
            "items": op.validation_items or [], "summary": op.validation_summary,
            "validated_at": iso(op.validated_at)},
        "retificacoes": op.retificacoes, "retificado_at": iso(op.retificado_at),
        "pendencia": pending_label(op),
        "cancelamento": None if op.cancelado_at is None else {
            "cancelado_at": iso(op.cancelado_at), "motivo": op.cancel_motivo, "protocolo": op.cancel_protocolo},
        "encerramento": None if op.encerrado_at is None else {
            "encerrado_at": iso(op.encerrado_at), "peso_carga_final": _num(op.peso_carga_final),
            "distancia": _num(op.distancia_percorrida_km), "quantidade_viagens": op.quantidade_viagens,
            "data_encerramento": date_text(op.data_encerramento), "observacoes": op.encerramento_observacoes,
            "protocolo": op.encerramento_protocolo},
    })
    for name, (_, schema) in CHILDREN.items():
        record[name] = [_child_out(row, schema) for row in getattr(op, name)]
    record["events"] = [event_out(e) for e in recent_events(op)]
    return record


def emission_data(op: models.CiotOperation) -> dict:
    """`data` of an /emit answer (CiotEmissionData)."""
    return {"id": str(op.id), "code": op.code, "status": op.status, "environment": op.environment,
            "codigo_ciot": op.codigo_ciot, "codigo_verificador": op.codigo_verificador, "protocolo": op.protocolo,
            "emitter_company_id": str(op.emitter_company_id) if op.emitter_company_id else None}


def emit_answer(outcome) -> dict:
    """/emit answer: CiotEmitted (200) when issued, else CiotEmitPending (202)."""
    data = emission_data(outcome.op)
    if outcome.ok:
        return {"ok": True, "mensagem": outcome.mensagem, "data": data}
    return {"ok": False, "status": outcome.op.status, "reason": outcome.reason, "mensagem": outcome.mensagem,
            "data": data}


def created_dict(op: models.CiotOperation, validation, emission: dict | None) -> dict:
    """POST answer for a new operation (CiotCreateResult)."""
    return {"data": {"id": str(op.id), "code": op.code, "status": op.status, "codigo_ciot": op.codigo_ciot,
                     "protocolo": op.protocolo},
            "validation": validation.as_dict() if validation is not None else None,
            "emission": emission}


def imported_dict(op: models.CiotOperation) -> dict:
    """POST answer for an imported contingency CIOT (CiotImportResult)."""
    return {"mode": "imported",
            "data": {"id": str(op.id), "status": op.status, "contingencia": op.contingencia,
                     "codigo_ciot": op.codigo_ciot},
            "validation": None, "emission": None}


class CiotPdfJob(ResponseModel):
    """A batch ZIP being built by the worker (GET /ciot/operations/pdf with `Prefer: respond-async`)."""
    id: Uuid
    state: str = Field(description="queued, running, done ou failed.")
    total: int = Field(description="Quantos PDFs o ZIP terá.")
    done: int = Field(description="Quantos já foram gerados.")
    percent: int
    message: str | None
    result_url: str | None = Field(description="Onde baixar o ZIP, quando state é done.")
    created_at: Timestamp
    updated_at: Timestamp


CiotPdfJobResponse = data_envelope(CiotPdfJob)


def pdf_job_dict(job, *, job_url: str) -> dict:
    return {"id": str(job.id), "state": job.state, "total": job.total, "done": job.done, "percent": job.percent,
            "message": job.message, "result_url": f"{job_url}/zip" if job.state == "done" else None,
            "created_at": iso(job.created_at), "updated_at": iso(job.updated_at)}
