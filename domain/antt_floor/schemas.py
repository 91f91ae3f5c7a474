"""Request model of the floor calculator's API (GET /antt/floor; docs/antt-floor.md)."""
import datetime as dt
from decimal import Decimal
from typing import Annotated

from pydantic import Field

from core.schemas import EmptyAsNone, RequestModel, money

Km = Annotated[Decimal, Field(gt=0, le=Decimal("100000"), max_digits=8, decimal_places=2)]
Tolls = money(ge=0, le=Decimal("9999999.99"), max_digits=9)


class FloorQuery(RequestModel):
    """Table, cargo type and axles are checked against the tables (422 naming the valid ones), not here."""
    distance_km: Km
    loaded_axles: int = Field(ge=1, le=20)
    cargo_type: str = Field(min_length=1, max_length=40, description="Chave (carga_geral) ou número de 1 a 12.")
    table: str = Field(default="A", min_length=1, max_length=1, description="A, B, C ou D.")
    date: Annotated[dt.date | None, EmptyAsNone] = Field(default=None, description="Data da contratação (hoje).")
    empty_return: bool = False
    return_distance_km: Annotated[Km | None, EmptyAsNone] = None
    tolls: Annotated[Tolls | None, EmptyAsNone] = None
