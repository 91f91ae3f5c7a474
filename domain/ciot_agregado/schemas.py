"""Request models of the CIOT aggregate contracts (docs/ciot-agregado.md). Structure, types, enums, CPF/CNPJ check
digits, plates and UFs are a 400 `invalid_body` naming the field; business rules (carrier category, an open
contract for the composition, the contract's status) are the services' 409/422."""
from datetime import datetime
from decimal import Decimal
from typing import Annotated, Literal
from uuid import UUID

from pydantic import BeforeValidator, Field, field_validator, model_validator
from pydantic.json_schema import WithJsonSchema
from pydantic_core import PydanticCustomError

from core.schemas import CpfCnpj, ListQuery, Plate, RequestModel, Uf, comma_choices, money
from core.validators import FieldInvalid, municipality_name
from domain.ciot_agregado.models import STATUSES

Money = money(gt=0, le=Decimal("999999999.99"), max_digits=14)
Weight = Annotated[Decimal, Field(gt=0, lt=Decimal("9999999.99"), max_digits=15, decimal_places=3)]
Name = Annotated[str, Field(min_length=1, max_length=200)]
Municipio = Annotated[str, Field(min_length=1, max_length=120)]
Motivo = Annotated[str, Field(min_length=3, max_length=500)]
TipoPagamento = Literal["pix", "conta_corrente", "conta_poupanca", "conta_pagamento", "cartao_pre_pago_ip"]
TipoDebito = Literal["adiantamento", "abastecimento", "pedagio", "manutencao", "multa", "outros"]
TIPOS_DEBITO = TipoDebito.__args__


def _local_moment(value):
    """A date alone means midnight; an offset, when sent, is converted to Brasília time (stored naive)."""
    if isinstance(value, str) and len(value.strip()) == 10:
        return value.strip() + "T00:00:00"
    return value


Moment = Annotated[datetime, BeforeValidator(_local_moment), WithJsonSchema({
    "type": "string", "examples": ["2026-11-25", "2026-11-25T08:30:00", "2026-11-25T08:30:00-03:00"],
    "description": "Data (AAAA-MM-DD) ou data e hora ISO 8601; sem deslocamento, é hora de Brasília."})]


def check_municipalities(model):
    """origem/destino: a municipality name must be one of the IBGE list in its UF (the pages' pickers offer the
    same list); it is stored with the IBGE spelling. A name without its UF, or unknown in it, is a 400 naming the
    field."""
    for side in ("origem", "destino"):
        name, uf = getattr(model, f"{side}_municipio_nome"), getattr(model, f"{side}_uf")
        if name is None:
            continue
        if uf is None:
            raise PydanticCustomError("required", "Informe a UF do município.", {"field": f"{side}_uf"})
        try:
            setattr(model, f"{side}_municipio_nome", municipality_name(name, uf))
        except FieldInvalid as exc:
            raise PydanticCustomError(exc.code, exc.message, {"field": f"{side}_municipio_nome"}) from None
    return model


class CiotAgregadoPagamento(RequestModel):
    tipo_pagamento: TipoPagamento | None = None
    chave_pix: Annotated[str | None, Field(max_length=140)] = None
    cpf_cnpj_owner: CpfCnpj | None = None


class CiotAgregadoCreate(RequestModel):
    """POST /ciot-agregado/operations. The environment is the company's (never sent); the contract runs 30 days."""
    partner_id: UUID = Field(description="Parceiro transportador (categoria RNTRC TAC ou TAC_EQUIPARADO).")
    placa_cavalo: Plate
    placas_reboques: Annotated[list[Plate], Field(max_length=3)] = Field(default_factory=list)
    valor_contratado: Money | None = None
    origem_uf: Uf | None = None
    origem_municipio_nome: Municipio | None = None
    destino_uf: Uf | None = None
    destino_municipio_nome: Municipio | None = None
    pagamento: CiotAgregadoPagamento | None = None

    @field_validator("placas_reboques")
    @classmethod
    def _distinct_plates(cls, value):
        if len(set(value)) != len(value):
            raise ValueError("Placas de reboque repetidas.")
        return value

    _municipalities = model_validator(mode="after")(check_municipalities)


class CiotAgregadoViagemCreate(RequestModel):
    """A trip of the contract (a credit). `peso_carga` (kg, optional) feeds the consolidated routes' total weight."""
    data_viagem: Moment
    expedidor_cpf_cnpj: CpfCnpj
    expedidor_nome: Name
    recebedor_cpf_cnpj: CpfCnpj
    recebedor_nome: Name
    origem_uf: Uf
    origem_municipio_nome: Municipio
    destino_uf: Uf
    destino_municipio_nome: Municipio
    valor: Money
    peso_carga: Weight | None = None

    _municipalities = model_validator(mode="after")(check_municipalities)


class CiotAgregadoDebitoCreate(RequestModel):
    """A debit of the contract, deducted from the balance. `data_debito` defaults to now (Brasília)."""
    tipo: TipoDebito
    valor: Money
    motivo: Motivo
    data_debito: Moment | None = None


class CiotAgregadoCancelMovement(RequestModel):
    """Cancelling a trip or a debit: the reason is required and kept on the line."""
    motivo: Motivo


class CiotAgregadoCancel(RequestModel):
    """Cancelling the whole contract (only with every trip and debit already cancelled); the reason is optional."""
    motivo: Motivo | None = None


class CiotAgregadoClose(RequestModel):
    """POST /encerrar."""
    peso_carga_final: Weight
    motivo: Motivo


class CiotAgregadoListQuery(ListQuery):
    """GET /ciot-agregado/operations: status (one or a comma list), partner_id, q (code, codigo_ciot or a plate)."""
    status: str | None = Field(default=None, max_length=100)
    partner_id: UUID | None = None
    q: str | None = Field(default=None, max_length=60)

    @field_validator("status")
    @classmethod
    def _known_statuses(cls, value):
        return comma_choices(value, STATUSES, what="Status desconhecido")

    @property
    def statuses(self) -> list[str]:
        return self.status.split(",") if self.status else []
