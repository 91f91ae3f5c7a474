"""The CIOT operation creation body (docs/api/ciot.md), as declared models.

Only structure, types and enums are enforced here (their failures are 400 `invalid_body`, docs/decisions.md
§4 "CIOT operations"). Everything the authority's manual checks — document check digits, RNTRC and plate
formats, composition, dates, bank data — is a validation rule in domain.ciot.rules, so an operation
with such problems is still created and carries blockers the dispatcher can fix.
"""
from datetime import date, datetime, time
from decimal import Decimal
from typing import Annotated, Literal
from uuid import UUID

from pydantic import BeforeValidator, Field, field_validator, model_validator
from pydantic.json_schema import WithJsonSchema
from pydantic_core import PydanticCustomError

from core.schemas import EndDate, ListQuery, RequestModel, check_date_order, comma_choices, money
from core.validators import strip_punctuation
from domain.ciot.states import STATES

TipoOperacao = Literal["lotacao", "fracionada"]
Environment = Literal["homolog", "producao"]
ContratadoTipo = Literal["TAC", "ETC", "CTC"]
TipoPagamento = Literal["pix", "conta_corrente", "cartao_pre_pago_ip", "conta_poupanca", "conta_pagamento", "outros"]
IndicadorPagamento = Literal["vista", "prazo"]
Papel = Literal["principal", "solidario", "intermediario"]
VehicleKind = Literal["automotor", "implemento", "cavalo_trator"]
PaymentKind = Literal["adiantamento", "saldo", "parcela", "pedagio", "ajuste"]
DocumentKind = Literal["nfe", "cte", "mdfe"]
LocationTipo = Literal["municipio", "cep", "latlng"]
# Our own reading of a PIX key (derived from the key's format when omitted, domain.payee.checks); not the manual's
# IdentificadorPix (#16.8), which identifies a PIX transfer, not a key.
TipoChavePix = Literal["cpf", "cnpj", "email", "telefone", "aleatoria"]
# The account holder's relationship to a TAC (Lei 11.442/2007, art. 5º-A, § 1º): domain.payee.checks.
TitularParentesco = Literal["conjuge", "companheiro", "parente_1_grau", "parente_2_grau"]
ComposicaoContratada = Literal["completa", "apenas_tracao"]  # floor tables A/C or B/D


def _document_text(value):
    """CPF/CNPJ 'formatted or digits': punctuation stripped; check digits are a rule, not a 400."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError("Deve ser texto.")
    return strip_punctuation(value).upper() or None


def _plate_text(value):
    if value is None or not isinstance(value, str):
        return value
    return value.replace("-", "").replace(" ", "").upper()


def _trip_moment(value):
    """Trip dates accept a date (midnight) or a date-time; stored as a naive UTC-less local datetime."""
    if value is None or isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return datetime.combine(value, time())
    if isinstance(value, str) and len(value.strip()) == 10:
        return datetime.combine(date.fromisoformat(value.strip()), time())
    return value


def _required_document_text(value):
    """Like _document_text, but "" stays a (too short) string so min_length reports it instead of crashing."""
    if isinstance(value, str):
        return strip_punctuation(value).upper()
    return _document_text(value)


DocText = Annotated[str | None, BeforeValidator(_document_text)]
# A required CPF/CNPJ: null, "" or punctuation only are a 400 naming the field (never a length check on None).
RequiredDocText = Annotated[Annotated[str, Field(min_length=1, max_length=18)],
                            BeforeValidator(_required_document_text)]
PlateText = Annotated[str, BeforeValidator(_plate_text)]
TripMoment = Annotated[datetime | None, BeforeValidator(_trip_moment), WithJsonSchema({
    "anyOf": [{"type": "string", "examples": ["2026-11-25", "2026-11-25T18:00:00", "2026-11-25T18:00:00-03:00"]},
              {"type": "null"}],
    "description": "Data (AAAA-MM-DD) ou data e hora ISO 8601; sem deslocamento, é hora de Brasília."})]
Money = money(ge=0, le=Decimal("999999999.99"), max_digits=14)


class CiotLocation(RequestModel):
    tipo: LocationTipo
    uf: str | None = Field(default=None, max_length=2)
    codigo_municipio: str | None = Field(default=None, max_length=7)
    municipio_nome: str | None = Field(default=None, max_length=120)
    cep: str | None = Field(default=None, max_length=9)
    lat: float | None = Field(default=None, ge=-90, le=90)
    lng: float | None = Field(default=None, ge=-180, le=180)
    endereco_descricao: str | None = Field(default=None, max_length=300)


class CiotContratante(RequestModel):
    cpf_cnpj: Annotated[str, Field(min_length=1, max_length=18)]
    nome: Annotated[str, Field(min_length=1, max_length=200)]
    rntrc: str | None = Field(default=None, max_length=12)
    papel: Papel | None = None
    valor_frete: Money | None = None
    percentual: Decimal | None = Field(default=None, ge=0, le=100)
    observacoes: str | None = Field(default=None, max_length=500)


class CiotVehicle(RequestModel):
    plate: Annotated[PlateText, Field(min_length=1, max_length=10)]
    vehicle_kind: VehicleKind
    rntrc: str | None = Field(default=None, max_length=12)
    axles: int | None = Field(default=None, ge=1, le=20)
    own_fleet: bool | None = None


class CiotPayment(RequestModel):
    kind: PaymentKind
    contratante_index: int | None = Field(default=None, ge=0, le=99)
    contratante_cpf_cnpj: DocText = Field(default=None, max_length=18)
    tipo_pagamento: TipoPagamento
    indicador_pagamento: IndicadorPagamento
    amount: Money
    due_date: date
    banco: str | None = Field(default=None, max_length=10)
    agencia: str | None = Field(default=None, max_length=10)
    conta: str | None = Field(default=None, max_length=20)
    titular_cpf_cnpj: DocText = Field(default=None, max_length=18)
    codigo_pagamento: str | None = Field(default=None, max_length=140)
    tipo_chave_pix: TipoChavePix | None = None
    titular_parentesco: TitularParentesco | None = None


class CiotDocument(RequestModel):
    kind: DocumentKind
    access_key: str | None = Field(default=None, max_length=60)
    number: str | None = Field(default=None, max_length=20)
    series: str | None = Field(default=None, max_length=5)
    emitter_cnpj: DocText = Field(default=None, max_length=18)
    emitter_name: str | None = Field(default=None, max_length=200)
    freight_value: Money | None = None
    cargo_weight_kg: Decimal | None = Field(default=None, ge=0, le=Decimal("999999999"))


# Schema names carry the area (`CiotVehicle` is a CIOT operation's vehicle item, not the fleet's vehicle); the
# short names stay for the code.
Location, Contratante, Vehicle = CiotLocation, CiotContratante, CiotVehicle
Payment, Document = CiotPayment, CiotDocument


class OperationFields(RequestModel):
    """Fields an operation carries (creation and PATCH share them)."""
    external_id: str | None = Field(default=None, max_length=100)
    freight_id: UUID | None = None
    contratado_tipo: ContratadoTipo | None = None
    contratado_nome: str | None = Field(default=None, max_length=200)
    equiparado_tac: bool | None = None
    origem: Location | None = None
    destino: Location | None = None
    distancia_km: Decimal | None = Field(default=None, ge=0, le=100000)
    codigo_natureza_carga: str | None = Field(default=None, max_length=10)
    codigo_tipo_carga: int | None = Field(default=None, ge=0, le=99)
    composicao_contratada: ComposicaoContratada | None = None
    alto_desempenho: bool | None = None
    retorno_vazio: bool | None = None
    peso_carga: Decimal | None = Field(default=None, ge=0, le=Decimal("999999999"))
    valor_frete: Money | None = None
    destinatario_cpf_cnpj: DocText = Field(default=None, max_length=18)
    destinatario_nome: str | None = Field(default=None, max_length=200)
    bank_code: str | None = Field(default=None, max_length=10)
    agency: str | None = Field(default=None, max_length=10)
    account_number: str | None = Field(default=None, max_length=20)
    cpf_cnpj_owner: DocText = Field(default=None, max_length=18)
    titular_parentesco: TitularParentesco | None = None
    data_declaracao: date | None = None
    viagem_inicio: TripMoment = None
    viagem_fim: TripMoment = None
    chave_pix: str | None = Field(default=None, max_length=140)
    tipo_chave_pix: TipoChavePix | None = None
    tipo_pagamento: TipoPagamento | None = None
    indicador_pagamento: IndicadorPagamento | None = None


class CiotOperationCreate(OperationFields):
    environment: Environment | None = None
    tipo_operacao: TipoOperacao
    contratado_cpf_cnpj: RequiredDocText
    contratado_rntrc: Annotated[str, Field(min_length=1, max_length=12)]
    contingencia: bool = False
    justificativa_contingencia: str | None = Field(default=None, max_length=500)
    codigo_ciot: str | None = Field(default=None, pattern=r"^\d{12}$")
    data_emissao_original: date | None = None
    contratantes: Annotated[list[Contratante], Field(min_length=1, max_length=20)]
    vehicles: Annotated[list[Vehicle], Field(min_length=1, max_length=20)]
    payments: Annotated[list[Payment], Field(max_length=100)] = []  # noqa: RUF012  a pydantic field: each model gets its own copy
    documents: Annotated[list[Document], Field(max_length=500)] = []  # noqa: RUF012
    auto_validate: bool = True
    auto_emit: bool = False

    @model_validator(mode="after")
    def _contingency_needs_reason(self):
        if self.contingencia and not (self.justificativa_contingencia or "").strip():
            raise PydanticCustomError("required", "Obrigatória quando contingencia=true.",
                                      {"field": "justificativa_contingencia"})
        return self


# --- Additions for the other CIOT endpoints (PATCH and the actions), same field types as creation -----------

class CiotOperationUpdate(OperationFields):
    """PATCH body: every field optional; child lists replace the stored ones when sent. Protected fields
    (id, company_id, codigo_ciot, codigo_verificador, protocolo, status, environment) are refused by the endpoint;
    `contingencia` and the mode cannot change after creation (unknown fields are ignored)."""
    tipo_operacao: TipoOperacao | None = None
    contratado_cpf_cnpj: RequiredDocText | None = None
    contratado_rntrc: Annotated[str | None, Field(min_length=1, max_length=12)] = None
    justificativa_contingencia: str | None = Field(default=None, max_length=500)
    data_emissao_original: date | None = None
    contratantes: Annotated[list[Contratante] | None, Field(min_length=1, max_length=20)] = None
    vehicles: Annotated[list[Vehicle] | None, Field(min_length=1, max_length=20)] = None
    payments: Annotated[list[Payment] | None, Field(max_length=100)] = None
    documents: Annotated[list[Document] | None, Field(max_length=500)] = None


class CiotRectifyBody(RequestModel):
    """POST /retificar (legacy flow): only these fields can change after emission."""
    valor_frete: Money | None = None
    peso_carga: Decimal | None = Field(default=None, ge=0, le=Decimal("999999999"))
    data_declaracao: date | None = None
    viagem_inicio: TripMoment = None
    viagem_fim: TripMoment = None
    payments: Annotated[list[Payment] | None, Field(max_length=100)] = None
    documents: Annotated[list[Document] | None, Field(max_length=500)] = None
    observacoes: str | None = Field(default=None, max_length=500)


class CiotCancelBody(RequestModel):
    motivo: Annotated[str, Field(min_length=3, max_length=500)]


class CiotCloseBody(RequestModel):
    """POST /encerrar."""
    peso_carga_final: Annotated[Decimal, Field(gt=0, lt=Decimal("9999999.99"))]  # the manual's bound (CRG02)
    distancia: Decimal | None = Field(default=None, ge=0, le=100000)
    quantidade_viagens: int = Field(default=1, ge=1, le=10000)
    data_encerramento: date | None = None
    observacoes: str | None = Field(default=None, max_length=500)


OperationCreate, OperationUpdate = CiotOperationCreate, CiotOperationUpdate
RectifyBody, CancelBody, CloseBody = CiotRectifyBody, CiotCancelBody, CiotCloseBody


class OperationListQuery(ListQuery):
    """GET /ciot/operations: `status` (one or a comma list), `tipo_operacao`, `from` / `to` (created_at dates,
    inclusive, UTC), limit, cursor."""
    status: str | None = Field(default=None, max_length=300)
    tipo_operacao: TipoOperacao | None = None
    date_from: date | None = Field(default=None, alias="from")
    date_to: EndDate | None = Field(default=None, alias="to")

    @field_validator("status")
    @classmethod
    def _known_statuses(cls, value):
        return comma_choices(value, STATES, what="Status desconhecido")

    @model_validator(mode="after")
    def _ordered_dates(self):
        check_date_order(self.date_from, self.date_to)
        return self

    @property
    def statuses(self) -> list[str]:
        return self.status.split(",") if self.status else []
