"""API answer of the floor calculator: the response model and the function that fills it."""
from typing import Literal

from pydantic import Field

from core.responses import Date, Money, ResponseModel, data_envelope
from domain.antt_floor.calculator import FloorResult


class AnttFloorAct(ResponseModel):
    name: str = Field(examples=["Portaria SUROC 22/2026"])
    starts_on: Date = Field(description="Início da vigência.")


class AnttFloorPiece(ResponseModel):
    key: Literal["displacement", "loading", "empty_return", "tolls"]
    label: str
    formula: str
    value: Money = Field(description="Arredondado ao centavo para exibição; o total é arredondado uma vez.")


class AnttFloor(ResponseModel):
    """The ANTT minimum freight floor of a trip: distance × CCD + CC (+ empty return, + tolls)."""
    value: Money = Field(description="O piso, arredondado ao centavo (meio para cima) uma vez, no total.")
    ccd: float = Field(description="Coeficiente de custo de deslocamento, R$/km (4 casas).")
    cc: Money = Field(description="Coeficiente de custo de carga e descarga, R$ por viagem.")
    act: AnttFloorAct
    table: Literal["A", "B", "C", "D"]
    table_label: str
    cargo_type: str
    cargo_label: str
    loaded_axles: int
    distance_km: float
    empty_return: bool = Field(description="true quando o retorno vazio entrou (sempre em contêineres).")
    return_distance_km: float | None
    tolls: Money | None
    pieces: list[AnttFloorPiece]


AnttFloorResponse = data_envelope(AnttFloor)


def floor_dict(result: FloorResult) -> dict:
    return {**result.as_dict(), "table_label": result.table_label, "cargo_label": result.cargo_label,
            "pieces": [{"key": p.key, "label": p.label, "formula": p.formula, "value": float(p.value)}
                       for p in result.pieces]}
