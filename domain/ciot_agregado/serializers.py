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
from domain.ciot_agregado.declaration_data import PAYMENT_FIELDS
from domain.ciot_agregado.models import (
    PENDENCIA_CANCELAMENTO,
    PENDENCIA_DECLARACAO,
    PENDENCIA_ENCERRAMENTO,
    PENDENCIA_RETIFICACAO,
    STATUSES,
    CiotAgregado,
    CiotAgregadoDebito,
    CiotAgregadoViagem,
)
from domain.ciot_agregado.schemas import TipoDebito

Status = Literal[STATUSES]
# The IdOperacaoTransporte the authority issued: up to 12 digits (GerarIdOperacaoTransporte).
CodigoCiot = Annotated[str, Field(pattern=r"^\d{1,12}$", description="Código CIOT, até 12 dígitos.")]
LocalMoment = Annotated[datetime, Field(description="Data e hora de Brasília, com o deslocamento (-03:00).")]


class CiotAgregadoPendencia(ResponseModel):
    """A message sent to the ANTT that has not been answered yet (an addition to the contract's fields; the status
    list stays the contract's four): the opening's declaration (status `aberto`, `codigo_ciot` null), the
    cancellation or the rectification (status `aberto`) or the closing (status `em_encerramento`). Pending messages
    are sent again automatically with the same idempotency key; the field is null once the ANTT answers, accepting or
    refusing."""
    tipo: Literal[PENDENCIA_DECLARACAO, PENDENCIA_CANCELAMENTO, PENDENCIA_RETIFICACAO, PENDENCIA_ENCERRAMENTO] = Field(
        description="O que aguarda a resposta da ANTT: declaracao (abertura), cancelamento, retificacao ou "
                    "encerramento.")
    solicitado_at: Timestamp = Field(description="Quando o pedido foi registrado (ISO 8601 em UTC).")


class CiotAgregadoVeiculoOut(ResponseModel):
    """A vehicle of the composition as declared."""
    placa: PlateOut
    tipo_veiculo: Literal["automotor", "cavalo_trator", "implemento"]
    eixos: int | None = Field(description="Nulo enquanto não informado (o contrato fica retido: `bloqueios`).")
    eixos_origem: Literal["informado", "frota"] | None = Field(
        description="De onde vieram os eixos: do pedido, ou do cadastro da frota pela placa.")


class CiotAgregadoPagamentoOut(ResponseModel):
    """How the TAC is paid (null fields when not given)."""
    tipo_pagamento: str | None
    chave_pix: str | None
    tipo_chave_pix: str | None = Field(description="Informado, ou lido do formato da chave.")
    banco: str | None
    agencia: str | None
    conta: str | None
    cpf_cnpj_owner: str | None = Field(description="Titular; nulo: o próprio TAC.")
    titular_parentesco: str | None


class CiotAgregadoBloqueio(ResponseModel):
    """What the declaration lacks: the contract is held (aberto, never sent to the ANTT) until it is given in
    POST /retificar."""
    campo: str
    mensagem: str


class CiotAgregadoOut(ResponseModel):
    """An aggregate contract."""
    id: Uuid
    code: str = Field(description="Código do contrato na empresa (AGR-000001).")
    status: Status
    environment: Literal["homolog", "producao"]
    codigo_ciot: CodigoCiot | None = Field(description="Código CIOT, até 12 dígitos; nulo enquanto a ANTT não "
                                                       "respondeu à declaração da abertura (declarada "
                                                       "automaticamente).")
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
    bloqueios: list[CiotAgregadoBloqueio] = Field(
        description="O que falta à declaração (valor, pagamento, eixos): enquanto não vazio o contrato fica "
                    "`aberto` sem codigo_ciot e não é enviado à ANTT; complete-o em POST …/retificar.")
    veiculos: list[CiotAgregadoVeiculoOut]
    pagamento: CiotAgregadoPagamentoOut
    retificacoes: int
    retificado_at: Timestamp | None
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
    origem_codigo_ibge: str | None = Field(description="Código IBGE da origem (nulo em viagens lançadas antes de o "
                                                       "código ser guardado).")
    origem_uf: str
    origem_municipio_nome: str
    destino_codigo_ibge: str | None = Field(description="Código IBGE do destino (idem).")
    destino_uf: str
    destino_municipio_nome: str
    valor: Money
    peso_carga: float | None
    distancia_km: float | None = Field(description="A distância informada na viagem; nula quando omitida (a rota "
                                                   "consolidada a calcula).")
    valor_vale_pedagio: Money | None = Field(description="Vale-pedágio da viagem: custo do embarcador, fora do saldo.")
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
    """Active credits minus active debits (cancelled lines count for nothing). The toll vouchers are the shipper's
    cost (Lei 10.209/2001): their own line, never in the balance."""
    total_creditos: Money
    total_debitos: Money
    saldo: Money
    total_vale_pedagio: Money = Field(description="Soma dos vales-pedágio das viagens ativas: custo do embarcador, "
                                                  "pago à parte do frete; não entra no saldo.")


class CiotAgregadoRota(ResponseModel):
    """Active trips of one origin → destination pair, consolidated at closing. Routes stored before the IBGE
    codes and distances were kept have those fields null."""
    origem_codigo_ibge: str | None = None
    origem_uf: str
    origem_municipio_nome: str
    destino_codigo_ibge: str | None = None
    destino_uf: str
    destino_municipio_nome: str
    distancia_km: float | None = Field(default=None, description="Distância da rota (km, > 0): a informada nas "
                                                                 "viagens, ou calculada entre as sedes.")
    distancia_metodo: Literal["informada", "estimada", "rota"] | None = Field(
        default=None, description="informada (nas viagens), estimada (linha reta entre as sedes × fator rodoviário) "
                                  "ou rota (motor de rotas).")
    quantidade_viagens: int
    valor_total: Money
    peso_total: float = Field(description="Soma dos pesos (kg) informados nas viagens.")
    valor_vale_pedagio_total: Money | None = Field(default=None, description="Soma dos vales-pedágio (custo do "
                                                                             "embarcador).")


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
        "pendencia": pendencia_dict(contract), "bloqueios": list(contract.bloqueios or []),
        "veiculos": [{"placa": v["placa"], "tipo_veiculo": v["tipo_veiculo"], "eixos": v.get("eixos"),
                      "eixos_origem": v.get("eixos_origem")} for v in contract.veiculos or []],
        "pagamento": {name: getattr(contract, name) for name in PAYMENT_FIELDS},
        "retificacoes": contract.retificacoes or 0, "retificado_at": iso(contract.retificado_at),
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
        "recebedor_nome": trip.recebedor_nome, "origem_codigo_ibge": trip.origem_codigo_ibge,
        "origem_uf": trip.origem_uf, "origem_municipio_nome": trip.origem_municipio_nome,
        "destino_codigo_ibge": trip.destino_codigo_ibge, "destino_uf": trip.destino_uf,
        "destino_municipio_nome": trip.destino_municipio_nome, "valor": _money(trip.valor),
        "peso_carga": _num(trip.peso_carga), "distancia_km": _num(trip.distancia_km),
        "valor_vale_pedagio": _money(trip.valor_vale_pedagio), "cancelado_at": iso(trip.cancelado_at),
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
            "saldo": _money(saldo.saldo), "total_vale_pedagio": _money(saldo.total_vale_pedagio)}


def rota_dict(route: dict) -> dict:
    """A stored route (exact decimals as text); older routes lack the codes, distance and tolls (null)."""
    return {"origem_codigo_ibge": None, "destino_codigo_ibge": None, "distancia_metodo": None} | route | {
        "valor_total": _money(route["valor_total"]), "peso_total": _num(Decimal(route["peso_total"])),
        "distancia_km": _num(Decimal(route["distancia_km"])) if route.get("distancia_km") else None,
        "valor_vale_pedagio_total": _money(route.get("valor_vale_pedagio_total"))}


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
