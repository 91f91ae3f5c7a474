"""The operation record and the creation body, each as the other: `to_body(op)` rebuilds the body the rules engine
judges (creation, PATCH, /validate, /emit and /retificar all judge the same thing), and `store_scalar` /
`store_children` write body fields onto the record."""
import uuid
from datetime import date, datetime
from decimal import Decimal

from domain.ciot.clock import local_moment
from domain.ciot.models import CiotContratante, CiotDocument, CiotOperation, CiotPayment, CiotVehicle
from domain.ciot.schemas import Contratante, Document, OperationCreate, Payment, Vehicle

# Body fields stored 1:1 on the operation (origem/destino are JSON, children are tables).
SCALAR_FIELDS = (
    "external_id", "freight_id", "tipo_operacao", "contratado_cpf_cnpj", "contratado_rntrc", "contratado_tipo",
    "contratado_nome", "equiparado_tac", "distancia_km", "codigo_natureza_carga", "codigo_tipo_carga",
    "composicao_contratada", "alto_desempenho", "retorno_vazio", "peso_carga", "valor_frete", "destinatario_cpf_cnpj",
    "destinatario_nome", "bank_code", "agency", "account_number", "cpf_cnpj_owner", "titular_parentesco",
    "data_declaracao",
    "viagem_inicio", "viagem_fim", "chave_pix", "tipo_chave_pix", "tipo_pagamento", "indicador_pagamento",
    "contingencia", "justificativa_contingencia", "data_emissao_original",
)
LOCATION_FIELDS = ("origem", "destino")
CHILDREN = {
    "contratantes": (CiotContratante, Contratante),
    "vehicles": (CiotVehicle, Vehicle),
    "payments": (CiotPayment, Payment),
    "documents": (CiotDocument, Document),
}


def _child_values(row, schema) -> dict:
    return {name: getattr(row, name) for name in schema.model_fields}


def to_body(op: CiotOperation, **overrides) -> OperationCreate:
    """The creation body rebuilt from the record (the rules engine's input). `overrides` replace fields (used by
    /retificar to validate the rectified operation before changing anything)."""
    data = {name: getattr(op, name) for name in SCALAR_FIELDS}
    data["environment"] = op.environment
    for name in LOCATION_FIELDS:
        data[name] = getattr(op, name)
    for name, (_, schema) in CHILDREN.items():
        data[name] = [_child_values(row, schema) for row in getattr(op, name)]
    if op.mode == "imported":
        data["codigo_ciot"] = op.codigo_ciot
    data.update({"auto_validate": True, "auto_emit": False})
    for name, value in overrides.items():
        if isinstance(value, list):
            data[name] = [item.model_dump() if hasattr(item, "model_dump") else item for item in value]
        else:
            data[name] = value
    return OperationCreate.model_validate(data)


def store_scalar(op: CiotOperation, name: str, value) -> None:
    if name in ("viagem_inicio", "viagem_fim"):
        value = local_moment(value, name)
    elif name in LOCATION_FIELDS:
        value = value.model_dump(mode="json", exclude_none=True) if value is not None else None
    setattr(op, name, value)


def store_children(op: CiotOperation, name: str, items) -> None:
    model, schema = CHILDREN[name]
    rows = []
    for position, item in enumerate(items or []):
        values = item.model_dump() if hasattr(item, "model_dump") else dict(item)
        values = {k: values.get(k) for k in schema.model_fields}
        if name == "contratantes" and position == 0 and not values.get("papel"):
            values["papel"] = "principal"  # "default: the first is principal"
        rows.append(model(id=uuid.uuid4(), company_id=op.company_id, operation_id=op.id, position=position,
                          **values))
    setattr(op, name, rows)


def jsonable(value):
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return float(value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def date_text(value) -> str | None:
    return value.isoformat() if value else None
