"""Answers of the CIOT aggregate API: the response models and the functions that fill exactly their fields (the
pages and the PDF read the same records). Money leaves as JSON numbers with 2 places, computed from exact decimals."""
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

from core.db import iso
from core.formatting import BRT
from core.responses import (
    Date,
    ErrorObject,
    Money,
    PlateOut,
    ResponseModel,
    Timestamp,
    Uuid,
    data_envelope,
    error_model,
    list_envelope,
)
from domain.ciot_agregado import queries
from domain.ciot_agregado.models import (
    PENDENCIA_CANCELAMENTO,
    PENDENCIA_DECLARACAO,
    PENDENCIA_ENCERRAMENTO,
    STATUSES,
    CiotAgregado,
    CiotAgregadoDebito,
    CiotAgregadoViagem,
)
from domain.ciot_agregado.schemas import TipoDebito

Status = Literal[STATUSES]
CodigoCiot = Annotated[str, Field(pattern=r"^\d{12}$", description="Código CIOT, 12 dígitos.")]
LocalMoment = Annotated[datetime, Field(description="Data e hora de Brasília, com o deslocamento (-03:00).")]


class CiotAgregadoPendencia(ResponseModel):
    """A message sent to the ANTT that has not been answered yet (an addition to the contract's fields; the status
    list stays the contract's four): the opening's declaration (status `aberto`, `codigo_ciot` null), the
    cancellation (status `aberto`) or the closing (status `em_encerramento`). Pending messages are sent again
    automatically with the same idempotency key; the field is null once the ANTT answers, accepting or refusing."""
    tipo: Literal[PENDENCIA_DECLARACAO, PENDENCIA_CANCELAMENTO, PENDENCIA_ENCERRAMENTO] = Field(
        description="O que aguarda a resposta da ANTT: declaracao (abertura), cancelamento ou encerramento.")
    solicitado_at: Timestamp = Field(description="Quando o pedido foi registrado (ISO 8601 em UTC).")


class CiotAgregadoOut(ResponseModel):
    """An aggregate contract."""
    id: Uuid
    code: str = Field(description="Código do contrato na empresa (AGR-000001).")
    status: Status
    environment: Literal["homolog", "producao"]
    codigo_ciot: CodigoCiot | None = Field(description="Código CIOT, 12 dígitos; nulo enquanto a ANTT não respondeu à "
                                                       "declaração da abertura (declarada automaticamente).")
    codigo_verificador: str | None = Field(description="Código verificador da ANTT (4 dígitos), nulo enquanto não "
                                                       "declarado; com o código CIOT forma o identificador de 16 "
                                                       "dígitos.")
    protocolo: str | None
    data_abertura: Date
    data_prevista_encerramento: Date = Field(description="Abertura + 30 dias; o contrato é encerrado "
                                                         "automaticamente nesse dia.")
    partner_id: Uuid
    contratado_cpf_cnpj: str
    contratado_nome: str
    contratado_rntrc: str | None
    contratado_categoria: Literal["TAC", "TAC_EQUIPARADO"]
    placa_cavalo: PlateOut
    placas_reboques: list[PlateOut]
    valor_contratado: Money | None
    origem_uf: str | None
    origem_municipio_nome: str | None
    destino_uf: str | None
    destino_municipio_nome: str | None
    mensagem_antt: str | None = Field(description="Motivo da última recusa da ANTT (abertura, "
                                                  "encerramento ou cancelamento), quando houve.")
    aviso_transportador: str | None = Field(description=(
        "Aviso da ANTT ao transportador recebido na declaração: quando presente, deve ser apresentado ao "
        "contratado e impresso no documento."))
    encerrado_at: Timestamp | None
    encerramento_motivo: str | None
    peso_carga_final: float | None
    cancelado_at: Timestamp | None
    cancel_motivo: str | None
    pendencia: CiotAgregadoPendencia | None = Field(
        description="Pedido à ANTT ainda sem resposta (abertura, cancelamento ou encerramento), ou nulo. Um "
                    "cancelamento pendente deixa o contrato `aberto` com este campo preenchido.")
    created_at: Timestamp
    updated_at: Timestamp


class CiotAgregadoViagemOut(ResponseModel):
    """A trip (credit)."""
    id: Uuid
    numero_viagem: int = Field(description="Sequencial dentro do contrato, sem lacunas.")
    status: Literal["ativa", "cancelada"]
    data_viagem: LocalMoment
    expedidor_cpf_cnpj: str
    expedidor_nome: str
    recebedor_cpf_cnpj: str
    recebedor_nome: str
    origem_uf: str
    origem_municipio_nome: str
    destino_uf: str
    destino_municipio_nome: str
    valor: Money
    peso_carga: float | None
    cancelado_at: Timestamp | None
    cancel_motivo: str | None
    created_at: Timestamp


class CiotAgregadoDebitoOut(ResponseModel):
    """A debit, deducted from the balance."""
    id: Uuid
    numero_debito: int = Field(description="Sequencial dentro do contrato, sem lacunas.")
    status: Literal["ativo", "cancelado"]
    tipo: TipoDebito
    valor: Money
    motivo: str
    data_debito: LocalMoment
    cancelado_at: Timestamp | None
    cancel_motivo: str | None
    created_at: Timestamp


class CiotAgregadoSaldo(ResponseModel):
    """Active credits minus active debits (cancelled lines count for nothing)."""
    total_creditos: Money
    total_debitos: Money
    saldo: Money


class CiotAgregadoRota(ResponseModel):
    """Active trips of one origin → destination pair, consolidated at closing."""
    origem_uf: str
    origem_municipio_nome: str
    destino_uf: str
    destino_municipio_nome: str
    quantidade_viagens: int
    valor_total: Money
    peso_total: float = Field(description="Soma dos pesos (kg) informados nas viagens.")


class CiotAgregadoRecord(ResponseModel):
    """The contract with its trips, debits, balance and (once closed) the consolidated routes."""
    agregado: CiotAgregadoOut
    viagens: list[CiotAgregadoViagemOut]
    debitos: list[CiotAgregadoDebitoOut]
    saldo: CiotAgregadoSaldo
    rotas_consolidadas: list[CiotAgregadoRota] | None


CiotAgregadoResponse = data_envelope(CiotAgregadoOut, "CiotAgregadoResponse")
CiotAgregadoList = list_envelope(CiotAgregadoOut, "CiotAgregadoList")
CiotAgregadoViagemResponse = data_envelope(CiotAgregadoViagemOut, "CiotAgregadoViagemResponse")
CiotAgregadoDebitoResponse = data_envelope(CiotAgregadoDebitoOut, "CiotAgregadoDebitoResponse")


@error_model
class CiotAgregadoExistingError(ResponseModel):
    """409 existing_agregado: the composition already has an open contract, returned under `data`."""
    error: ErrorObject
    data: CiotAgregadoOut


def _money(value) -> float | None:
    return float(Decimal(str(value)).quantize(queries.CENTS)) if value is not None else None


def _num(value) -> float | None:
    return float(value) if value is not None else None


def _local(value: datetime) -> str:
    return value.replace(tzinfo=BRT).isoformat()


def agregado_dict(contract: CiotAgregado) -> dict:
    return {
        "id": str(contract.id), "code": contract.code, "status": contract.status,
        "environment": contract.environment, "codigo_ciot": contract.codigo_ciot,
        "codigo_verificador": contract.codigo_verificador, "protocolo": contract.protocolo,
        "data_abertura": contract.data_abertura.isoformat(),
        "data_prevista_encerramento": contract.data_prevista_encerramento.isoformat(),
        "partner_id": str(contract.partner_id), "contratado_cpf_cnpj": contract.contratado_cpf_cnpj,
        "contratado_nome": contract.contratado_nome, "contratado_rntrc": contract.contratado_rntrc,
        "contratado_categoria": contract.contratado_categoria, "placa_cavalo": contract.placa_cavalo,
        "placas_reboques": list(contract.placas_reboques or []), "valor_contratado": _money(contract.valor_contratado),
        "origem_uf": contract.origem_uf, "origem_municipio_nome": contract.origem_municipio_nome,
        "destino_uf": contract.destino_uf, "destino_municipio_nome": contract.destino_municipio_nome,
        "mensagem_antt": contract.mensagem_antt, "aviso_transportador": contract.aviso_transportador,
        "encerrado_at": iso(contract.encerrado_at),
        "encerramento_motivo": contract.encerramento_motivo, "peso_carga_final": _num(contract.peso_carga_final),
        "cancelado_at": iso(contract.cancelado_at), "cancel_motivo": contract.cancel_motivo,
        "pendencia": pendencia_dict(contract),
        "created_at": iso(contract.created_at), "updated_at": iso(contract.updated_at),
    }


def pendencia_dict(contract: CiotAgregado) -> dict | None:
    kind = contract.pendencia
    return {"tipo": kind, "solicitado_at": iso(contract.pendencia_desde)} if kind else None


def viagem_dict(trip: CiotAgregadoViagem) -> dict:
    return {
        "id": str(trip.id), "numero_viagem": trip.numero_viagem, "status": trip.status,
        "data_viagem": _local(trip.data_viagem), "expedidor_cpf_cnpj": trip.expedidor_cpf_cnpj,
        "expedidor_nome": trip.expedidor_nome, "recebedor_cpf_cnpj": trip.recebedor_cpf_cnpj,
        "recebedor_nome": trip.recebedor_nome, "origem_uf": trip.origem_uf,
        "origem_municipio_nome": trip.origem_municipio_nome, "destino_uf": trip.destino_uf,
        "destino_municipio_nome": trip.destino_municipio_nome, "valor": _money(trip.valor),
        "peso_carga": _num(trip.peso_carga), "cancelado_at": iso(trip.cancelado_at),
        "cancel_motivo": trip.cancel_motivo, "created_at": iso(trip.created_at),
    }


def debito_dict(debit: CiotAgregadoDebito) -> dict:
    return {
        "id": str(debit.id), "numero_debito": debit.numero_debito, "status": debit.status, "tipo": debit.tipo,
        "valor": _money(debit.valor), "motivo": debit.motivo, "data_debito": _local(debit.data_debito),
        "cancelado_at": iso(debit.cancelado_at), "cancel_motivo": debit.cancel_motivo,
        "created_at": iso(debit.created_at),
    }


def saldo_dict(saldo: queries.Saldo) -> dict:
    return {"total_creditos": _money(saldo.total_creditos), "total_debitos": _money(saldo.total_debitos),
            "saldo": _money(saldo.saldo)}


def rota_dict(route: dict) -> dict:
    return route | {"valor_total": _money(route["valor_total"]), "peso_total": _num(Decimal(route["peso_total"]))}


def record_dict(contract: CiotAgregado) -> dict:
    """GET /{id}: `{agregado, viagens, debitos, saldo}` plus the consolidated routes once closed (else null)."""
    routes = contract.rotas_consolidadas
    return {
        "agregado": agregado_dict(contract),
        "viagens": [viagem_dict(t) for t in queries.viagens_of(contract)],
        "debitos": [debito_dict(d) for d in queries.debitos_of(contract)],
        "saldo": saldo_dict(queries.saldo_of(contract)),
        "rotas_consolidadas": [rota_dict(r) for r in routes] if routes is not None else None,
    }
