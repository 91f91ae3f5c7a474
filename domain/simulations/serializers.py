"""API answers of methodologies and simulations: the response models and the functions that fill them (rule in
core/responses.py; docs/api/simulations.md)."""
from typing import Literal

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
    value: Money
    mode: Literal[TAX_MODES]  # type: ignore[valid-type]


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
        "tax_breakdown": [{**line, "rate": float(line["rate"]), "value": float(line["value"])}
                          for line in result.tax_breakdown],
        "effective_tax_rate": float(result.effective_tax_rate),
    })
    return body
