"""CIOT operations as the API writes them (the PDF and the pages read the same fields): the list summary, the
full record and timeline events."""
import uuid
from datetime import date, datetime

from core.db import iso
from domain.ciot.mapping import CHILDREN, SCALAR_FIELDS, date_text
from domain.ciot.models import CiotEvent, CiotOperation
from domain.ciot.provider import BRT
from domain.ciot.queries import operation_modality, recent_events


def _num(value):
    return float(value) if value is not None else None


def trip_moment_out(value: datetime | None) -> str | None:
    """Trip moments are Brasília wall-clock times: rendered with their offset."""
    return value.replace(tzinfo=BRT).isoformat() if value is not None else None


def operation_summary(op: CiotOperation) -> dict:
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


def event_out(event: CiotEvent) -> dict:
    return {"id": str(event.id), "type": event.type, "message": event.message, "data": event.data or {},
            "actor": event.actor, "created_at": iso(event.created_at)}


def operation_record(op: CiotOperation) -> dict:
    """The full record (GET /{id}, PATCH, DELETE): every body field, children, authority data, last 50 events."""
    from domain.ciot.modality import effective_bank_data
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
        "origem": op.origem, "destino": op.destino,
        "codigo_verificador": op.codigo_verificador, "mensagem_antt": op.mensagem_antt,
        "emitter_company_id": str(op.emitter_company_id) if op.emitter_company_id else None,
        "modality": operation_modality(op),
        "bank_data": effective_bank_data(op),
        "validation": None if op.validation_summary is None else {
            "items": op.validation_items or [], "summary": op.validation_summary,
            "validated_at": iso(op.validated_at)},
        "retificacoes": op.retificacoes, "retificado_at": iso(op.retificado_at),
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
