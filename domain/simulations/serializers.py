"""API answers of methodologies and simulations: the response models and the functions that fill them (rule in
core/responses.py; docs/api/simulations.md)."""
from typing import Any, Literal

from pydantic import Field

from core.db import iso
from core.responses import Money, ResponseModel, Timestamp, Uuid, data_envelope, list_envelope
from domain.simulations.definitions import INPUT_TYPES
from domain.simulations.models import TAX_MODES


class MethodologyInputOption(ResponseModel):
    value: str
    label: str


class MethodologyInputOut(ResponseModel):
    """One input the simulation request must (or may) carry in `inputs`."""
    key: str = Field(description="Chave em `inputs`.")
    label: str
    type: Literal[INPUT_TYPES]  # type: ignore[valid-type]
    required: bool
    min: float | None
    max: float | None
    default: float | bool | str | None
    unit: str | None
    options: list[MethodologyInputOption] | None = Field(description="Opções (só para type=enum).")


class MethodologyComponentOut(ResponseModel):
    key: str
    label: str
    formula: str
    in_subtotal: bool


class Methodology(ResponseModel):
    """A methodology at one version (the current one unless `?version=` asks for another)."""
    id: Uuid
    name: str
    description: str | None
    version: int = Field(description="A versão mostrada; simulações devolvem `methodology_version`.")
    current_version: int
    template: str | None = Field(description="Modelo de origem: antt_floor, cost_model ou null.")
    tax_mode: Literal[TAX_MODES]  # type: ignore[valid-type]
    inputs: list[MethodologyInputOut]
    components: list[MethodologyComponentOut]
    created_at: Timestamp
    updated_at: Timestamp


class BreakdownLine(ResponseModel):
    key: str
    label: str
    value: Money


class TaxLineOut(ResponseModel):
    kind: Literal["icms", "pis", "cofins"]
    rate: float = Field(description="Fração (0.12 = 12 %).")
    base: Money = Field(description="Base de cálculo: o total para o ICMS; total − ICMS para PIS e COFINS.")
    value: Money
    mode: Literal[TAX_MODES]  # type: ignore[valid-type]


class SimulationCte(ResponseModel):
    """The ICMS block of the CT-e a carrier issues for this total (vTPrest, vBC, pICMS, vICMS)."""
    valor_prestacao: Money
    base_calculo: Money
    aliquota_icms: float = Field(description="Fração.")
    valor_icms: Money


class TacWithholdingLine(ResponseModel):
    kind: Literal["inss", "sest", "senat", "irrf"]
    rate: float = Field(description="Fração (IRRF: a da faixa).")
    base: Money
    value: Money


class TacWithholdings(ResponseModel):
    """Retained by the contracting company from a TAC's freight (tac_autonomo=true only)."""
    lines: list[TacWithholdingLine]
    total: Money
    net: Money = Field(description="Subtotal − retenções: o que o TAC recebe.")


class SimulationFloor(ResponseModel):
    """The ANTT floor of the inputs (distancia_km, eixos, tipo_carga, tabela, pedagio) against the total."""
    value: Money | None = Field(description="Null quando as entradas não bastam (ver message).")
    below: bool | None
    message: str


class Simulation(ResponseModel):
    """A priced simulation. `id` only when it was saved (save=true)."""
    id: Uuid | None = Field(default=None, description="Presente só com save=true.")
    methodology_id: Uuid
    methodology_version: int
    subtotal: Money
    total: Money
    currency: str = Field(description="ISO 4217.", examples=["BRL"])
    breakdown: list[BreakdownLine]
    tax_breakdown: list[TaxLineOut]
    effective_tax_rate: float = Field(description="Impostos / subtotal (fração).")
    cte: SimulationCte | None = Field(description="Null sem ICMS (sem contexto fiscal).")
    tac_withholdings: TacWithholdings | None = Field(description="Só com tac_autonomo=true.")
    antt_floor: SimulationFloor


MethodologyResponse = data_envelope(Methodology)
MethodologyList = list_envelope(Methodology)
SimulationResponse = data_envelope(Simulation)


def methodology_dict(methodology, version) -> dict:
    return {
        "id": methodology.id, "name": version.name, "description": version.description, "version": version.version,
        "current_version": methodology.current_version, "template": methodology.template,
        "tax_mode": version.tax_mode,
        "inputs": [{name: item.get(name) for name in MethodologyInputOut.model_fields} for item in version.inputs],
        "components": [{name: item.get(name, True if name == "in_subtotal" else None)
                        for name in MethodologyComponentOut.model_fields} for item in version.components],
        "created_at": iso(methodology.created_at), "updated_at": iso(methodology.updated_at),
    }


def simulation_dict(result) -> dict:
    body = {} if result.id is None else {"id": result.id}
    body.update({
        "methodology_id": result.methodology_id, "methodology_version": result.methodology_version,
        "subtotal": float(result.subtotal), "total": float(result.total), "currency": result.currency,
        "breakdown": [{**line, "value": float(line["value"])} for line in result.breakdown],
        "tax_breakdown": [{**line, "rate": float(line["rate"]), "base": float(line["base"]),
                           "value": float(line["value"])} for line in result.tax_breakdown],
        "effective_tax_rate": float(result.effective_tax_rate),
        **fiscal_dict(result.fiscal),
    })
    return body


def fiscal_dict(fiscal: dict) -> dict:
    cte, withheld, floor = fiscal["cte"], fiscal["tac_withholdings"], fiscal["antt_floor"]
    return {
        "cte": None if cte is None else {"valor_prestacao": float(cte["valor_prestacao"]),
                                         "base_calculo": float(cte["base_calculo"]),
                                         "aliquota_icms": float(cte["aliquota_icms"]),
                                         "valor_icms": float(cte["valor_icms"])},
        "tac_withholdings": None if withheld is None else {
            "lines": [{"kind": w["kind"], "rate": float(w["rate"]), "base": float(w["base"]),
                       "value": float(w["value"])} for w in withheld["lines"]],
            "total": float(withheld["total"]), "net": float(withheld["net"])},
        "antt_floor": {"value": None if floor["value"] is None else float(floor["value"]), "below": floor["below"],
                       "message": floor["message"]},
    }


# --- Webhook event data (registered with their summaries in domain/webhooks/payloads.py) ---------------------

class SimulationCreatedData(ResponseModel):
    id: Uuid
    methodology_id: Uuid
    methodology_version: int
    total: float
    currency: str
    status: str
    inputs: dict[str, Any]
    freight_id: Uuid | None
    created_by: str | None


class SimulationConvertedData(ResponseModel):
    id: Uuid
    methodology_id: Uuid
    total: float
    currency: str
    freight_id: Uuid
