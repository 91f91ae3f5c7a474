"""Request models of the CIOT aggregate contracts (docs/ciot-agregado.md). Structure, types, enums, CPF/CNPJ check
digits, plates and UFs are a 400 `invalid_body` naming the field; business rules (carrier category, an open
contract for the composition, the contract's status) are the services' 409/422."""
from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Literal
from uuid import UUID

from pydantic import BeforeValidator, Field, field_validator, model_validator
from pydantic.json_schema import WithJsonSchema
from pydantic_core import PydanticCustomError

from core.schemas import CpfCnpj, ListQuery, Plate, RequestModel, Uf, comma_choices, money
from core.validators import FieldInvalid, municipality_name
from domain.ciot_agregado.models import STATUSES
from domain.ciot_agregado.places import resolve_side

Money = money(gt=0, le=Decimal("999999999.99"), max_digits=14)
Weight = Annotated[Decimal, Field(gt=0, lt=Decimal("9999999.99"), max_digits=15, decimal_places=3)]
Name = Annotated[str, Field(min_length=1, max_length=200)]
Municipio = Annotated[str, Field(min_length=1, max_length=120)]
Motivo = Annotated[str, Field(min_length=3, max_length=500)]
TipoPagamento = Literal["pix", "conta_corrente", "conta_poupanca", "conta_pagamento", "cartao_pre_pago_ip"]
TipoDebito = Literal["adiantamento", "abastecimento", "pedagio", "manutencao", "multa", "outros"]


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


TipoChavePix = Literal["cpf", "cnpj", "email", "telefone", "aleatoria"]
TitularParentesco = Literal["conjuge", "companheiro", "parente_1_grau", "parente_2_grau"]
TipoVeiculo = Literal["automotor", "cavalo_trator", "implemento"]


class CiotAgregadoPagamento(RequestModel):
    """How the TAC is paid (docs/ciot-agregado.md, "Declaration data"): PIX (`chave_pix`; `tipo_chave_pix` read from
    the key when omitted) or a bank account (`banco`, `agencia`, `conta`); `cpf_cnpj_owner` the holder (default the
    TAC), with `titular_parentesco` when the holder is the TAC's relative. What is missing or cannot be accepted
    holds the declaration (bloqueios) instead of refusing the request."""
    tipo_pagamento: TipoPagamento | None = None
    chave_pix: Annotated[str | None, Field(max_length=140)] = None
    tipo_chave_pix: TipoChavePix | None = None
    banco: Annotated[str | None, Field(max_length=10)] = None
    agencia: Annotated[str | None, Field(max_length=10)] = None
    conta: Annotated[str | None, Field(max_length=20)] = None
    cpf_cnpj_owner: CpfCnpj | None = None
    titular_parentesco: TitularParentesco | None = None


class CiotAgregadoVeiculo(RequestModel):
    """A vehicle of the composition (its plate must be the tractor's or a trailer's): kind and axles. Omitted, the
    kind follows the composition (tractor with trailers: cavalo_trator; alone: automotor; trailers: implemento) and
    the axles come from the fleet registry when the plate is there."""
    placa: Plate
    tipo_veiculo: TipoVeiculo | None = None
    eixos: Annotated[int | None, Field(ge=1, le=20)] = None


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
    veiculos: Annotated[list[CiotAgregadoVeiculo], Field(max_length=4)] = Field(default_factory=list)

    @field_validator("placas_reboques")
    @classmethod
    def _distinct_plates(cls, value):
        if len(set(value)) != len(value):
            raise ValueError("Placas de reboque repetidas.")
        return value

    _municipalities = model_validator(mode="after")(check_municipalities)


class CiotAgregadoRetificar(RequestModel):
    """POST /retificar: what changes (at least one). On a declared contract (legacy CIOT flow) only
    `valor_contratado`, `data_prevista_encerramento` and the route (`origem_*`, `destino_*`); on a contract held for
    its declaration data, also `pagamento` and `veiculos`, and it is declared once complete."""
    valor_contratado: Money | None = None
    data_prevista_encerramento: date | None = None
    origem_uf: Uf | None = None
    origem_municipio_nome: Municipio | None = None
    destino_uf: Uf | None = None
    destino_municipio_nome: Municipio | None = None
    pagamento: CiotAgregadoPagamento | None = None
    veiculos: Annotated[list[CiotAgregadoVeiculo] | None, Field(max_length=4)] = None
    observacoes: Annotated[str | None, Field(max_length=500)] = None

    _municipalities = model_validator(mode="after")(check_municipalities)


def resolve_trip_places(model):
    """origem/destino of a trip as IBGE municipalities (places.resolve_side): by code, by name with its UF, or by a
    name only one municipality has; all three fields are then filled with the table's code, name and UF. A 400
    names the field to blame (nothing given, unknown, ambiguous, a code and a name that disagree)."""
    for side in ("origem", "destino"):
        try:
            place = resolve_side(getattr(model, f"{side}_codigo_ibge"), getattr(model, f"{side}_municipio_nome"),
                                 getattr(model, f"{side}_uf"))
        except FieldInvalid as exc:
            raise PydanticCustomError(exc.code, exc.message, {"field": f"{side}_{exc.field}"}) from None
        setattr(model, f"{side}_codigo_ibge", place.codigo_ibge)
        setattr(model, f"{side}_municipio_nome", place.nome)
        setattr(model, f"{side}_uf", place.uf)
    return model


IbgeCode = Annotated[str, Field(pattern=r"^\d{7}$", description="Código IBGE do município, 7 dígitos.")]
Distance = Annotated[Decimal, Field(gt=0, le=Decimal("20000"), max_digits=6, decimal_places=1,
                                    description="Distância em km (> 0); calculada entre as sedes quando omitida.")]


class CiotAgregadoViagemCreate(RequestModel):
    """A trip of the contract (a credit). Origin and destination are IBGE municipalities: `…_codigo_ibge`, or
    `…_municipio_nome` with `…_uf` (the UF may be left out when only one municipality has the name). `peso_carga`
    (kg, optional) feeds the consolidated routes' total weight; `distancia_km` (optional) is computed when omitted;
    `valor_vale_pedagio` (optional) is the shipper's toll voucher of the trip, never in the carrier's balance."""
    data_viagem: Moment
    expedidor_cpf_cnpj: CpfCnpj
    expedidor_nome: Name
    recebedor_cpf_cnpj: CpfCnpj
    recebedor_nome: Name
    origem_codigo_ibge: IbgeCode | None = None
    origem_uf: Uf | None = None
    origem_municipio_nome: Municipio | None = None
    destino_codigo_ibge: IbgeCode | None = None
    destino_uf: Uf | None = None
    destino_municipio_nome: Municipio | None = None
    valor: Money
    peso_carga: Weight | None = None
    distancia_km: Distance | None = None
    valor_vale_pedagio: Money | None = None

    _places = model_validator(mode="after")(resolve_trip_places)


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
    """Cancelling the whole contract (only with every trip and debit already cancelled); the reason is optional, and
    when given 3 to 500 characters: that check is the service's (cancellation.cancellation_motivo), which the page
    calls too, so the schema only bounds the text's size."""
    motivo: Annotated[str | None, Field(max_length=2000)] = None


class CiotAgregadoRotaDistancia(RequestModel):
    """The distance of a route whose trips gave none and which cannot be computed (inside one municipality, or a
    seat without coordinates)."""
    origem_codigo_ibge: IbgeCode
    destino_codigo_ibge: IbgeCode
    distancia_km: Distance


class CiotAgregadoClose(RequestModel):
    """POST /encerrar. `rotas` (optional): distances for routes the closing cannot compute (422
    distancia_indisponivel names them)."""
    peso_carga_final: Weight
    motivo: Motivo
    rotas: Annotated[list[CiotAgregadoRotaDistancia], Field(max_length=200)] = Field(default_factory=list)

    @property
    def distancias(self) -> dict:
        return {(r.origem_codigo_ibge, r.destino_codigo_ibge): r.distancia_km for r in self.rotas}


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
