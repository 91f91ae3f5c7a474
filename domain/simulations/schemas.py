"""Request models of methodologies and simulations (docs/api/simulations.md)."""
import uuid
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool

from core.schemas import EmptyAsNone, ListQuery, RequestModel, Uf
from domain.simulations.definitions import INPUT_TYPES
from domain.simulations.models import TAX_MODES

Text = Annotated[str | None, EmptyAsNone]
Bound = Annotated[float | None, Field(default=None, ge=-1e12, le=1e12)]


class EnumOption(RequestModel):
    value: str = Field(min_length=1, max_length=40)
    label: str = Field(min_length=1, max_length=80)


class MethodologyInput(RequestModel):
    key: str = Field(min_length=1, max_length=40)
    label: str = Field(min_length=1, max_length=80)
    type: Literal[INPUT_TYPES]  # type: ignore[valid-type]
    required: bool = False
    min: Bound = None
    max: Bound = None
    default: float | bool | str | None = None
    unit: Text = Field(default=None, max_length=20)
    options: list[EnumOption] | None = Field(default=None, max_length=50)


class MethodologyComponent(RequestModel):
    key: str = Field(min_length=1, max_length=40)
    label: str = Field(min_length=1, max_length=80)
    formula: str = Field(min_length=1, max_length=5000)  # the formula check says more than 500 (422)
    in_subtotal: bool = True


class MethodologyDefinition(RequestModel):
    """A whole methodology as saved: creating one writes version 1, saving again writes the next version."""
    name: str = Field(min_length=2, max_length=120)
    description: Text = Field(default=None, max_length=1000)
    tax_mode: Literal[TAX_MODES] = "by_inside"  # type: ignore[valid-type]
    inputs: list[MethodologyInput] = Field(default_factory=list, max_length=30)
    components: list[MethodologyComponent] = Field(max_length=40)


class MethodologyListQuery(ListQuery):
    pass


class MethodologyQuery(RequestModel):
    version: int | None = Field(default=None, ge=1, le=1_000_000)


class TaxContextIn(RequestModel):
    origin_state: Annotated[Uf | None, EmptyAsNone] = None
    destination_state: Annotated[Uf | None, EmptyAsNone] = None
    tac_autonomo: StrictBool = False


class SimulationCreate(RequestModel):
    methodology_id: uuid.UUID
    inputs: dict[str, Any]
    save: StrictBool = False
    notes: Text = Field(default=None, max_length=2000)
    tax_context: TaxContextIn | None = None


__all__ = ["MethodologyDefinition", "MethodologyListQuery", "MethodologyQuery", "SimulationCreate", "TaxContextIn"]
