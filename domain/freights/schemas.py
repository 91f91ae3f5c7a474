"""Request models of freights and offers (docs/api/freights.md, docs/api/offers.md)."""
from datetime import UTC, datetime
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator
from pydantic_core import PydanticCustomError

from core import validators as v
from core.schemas import EmptyAsNone, Limit, ListQuery, Phone, RequestModel, Uf, comma_choices, money
from domain.freights.states import FREIGHT_STATUSES

MIN_TS, MAX_TS = datetime(2000, 1, 1, tzinfo=UTC), datetime(2100, 1, 1, tzinfo=UTC)


def _utc_naive(value: datetime) -> datetime:
    """Timestamps are stored naive in UTC; one without a zone is taken as UTC. Years 2000..2099 only (checked before
    converting: an offset on 0001-01-01 or 9999-12-31 would overflow)."""
    if not 2000 <= value.year <= 2099:
        raise PydanticCustomError("datetime_range", "Data e hora fora do intervalo aceito (2000 a 2099).")
    value = value.astimezone(UTC) if value.tzinfo is not None else value.replace(tzinfo=UTC)
    if not MIN_TS <= value < MAX_TS:
        raise PydanticCustomError("datetime_range", "Data e hora fora do intervalo aceito (2000 a 2099).")
    return value.replace(tzinfo=None)


Timestamp = Annotated[datetime, AfterValidator(_utc_naive)]
Money = money(gt=0, le=Decimal("99999999.99"), max_digits=12)
Weight = Annotated[Decimal, Field(gt=0, le=Decimal("999999999"), max_digits=13, decimal_places=3)]
Text = Annotated[str | None, EmptyAsNone]
Distance = Annotated[Decimal, Field(gt=0, le=Decimal("100000"), max_digits=8, decimal_places=2)]


class Location(RequestModel):
    city: str = Field(min_length=1, max_length=120)
    state: Uf
    ibge_code: Annotated[str | None, EmptyAsNone] = None

    @model_validator(mode="after")
    def _code_in_state(self):
        if self.ibge_code is not None:
            try:
                self.ibge_code = v.clean_ibge_code(self.ibge_code, self.state)
            except v.FieldInvalid as exc:
                raise PydanticCustomError(exc.code, exc.message, {"field": "ibge_code"}) from None
        return self


class FreightFields(RequestModel):
    cargo_type: Text = Field(default=None, max_length=80)
    weight_kg: Weight | None = None
    vehicle_type: Text = Field(default=None, max_length=40)
    price: Money | None = None
    pickup_at: Timestamp | None = None
    pickup_until: Timestamp | None = None
    delivery_at: Timestamp | None = None
    delivery_until: Timestamp | None = None
    visibility: Literal["privado", "publico"] | None = None
    carrier_id: Text = None
    driver_id: Text = None
    vehicle_id: Text = None
    simulation_id: Text = None
    notes: Text = Field(default=None, max_length=2000)
    # The ANTT floor's inputs (docs/antt-floor.md); with a cargo_type naming a floor cargo type.
    distance_km: Distance | None = None
    loaded_axles: int | None = Field(default=None, ge=2, le=9)
    antt_table: Literal["A", "B", "C", "D"] | None = None

    @model_validator(mode="after")
    def _windows_in_order(self):
        for start, end in (("pickup_at", "pickup_until"), ("delivery_at", "delivery_until"),
                           ("pickup_at", "delivery_at")):
            first, last = getattr(self, start), getattr(self, end)
            if first and last and first > last:
                raise PydanticCustomError("date_order", date_order_message(start), {"field": end})
        return self


WINDOW_STARTS = {"pickup_at": "ao início da coleta", "delivery_at": "ao início da entrega"}


def date_order_message(start: str) -> str:
    """The message names the window in pt-BR (it shows under a page's input), never the API field (issue 9)."""
    return f"Deve ser igual ou posterior {WINDOW_STARTS[start]}."


class FreightCreate(FreightFields):
    origin: Location
    destination: Location


class FreightUpdate(FreightFields):
    origin: Location | None = None
    destination: Location | None = None


class FreightStatusChange(RequestModel):
    status: Literal[FREIGHT_STATUSES]  # type: ignore[valid-type]
    note: Text = Field(default=None, max_length=1000)


class OfferListQuery(ListQuery):
    """GET /freights/{id}/offers: oldest first. `limit` defaults to the maximum (200), so a caller that never paged
    (the list had no pagination before) still gets every offer of any freight with up to 200 of them."""
    limit: Limit = 200


class FreightListQuery(ListQuery):
    status: str | None = Field(default=None, max_length=200)
    visibility: Literal["privado", "publico"] | None = None
    q: Text = Field(default=None, max_length=100)
    created_from: Timestamp | None = None
    created_to: Timestamp | None = None

    @model_validator(mode="after")
    def _check(self):
        try:
            self.status = comma_choices(self.status, FREIGHT_STATUSES, what="Status desconhecido")
        except ValueError as exc:
            raise PydanticCustomError("invalid_status", str(exc), {"field": "status"}) from None
        if self.created_from and self.created_to and self.created_from > self.created_to:
            raise PydanticCustomError("date_order", "created_from deve ser anterior a created_to.",
                                      {"field": "created_from"})
        return self

    @property
    def statuses(self) -> list[str]:
        return self.status.split(",") if self.status else []


# --- Offers ------------------------------------------------------------------------------------

class OfferCreate(RequestModel):
    price: Money
    valid_until: Timestamp | None = None
    message: Text = Field(default=None, max_length=1000)
    carrier_id: Text = None
    carrier_name: Text = Field(default=None, min_length=2, max_length=200)
    carrier_phone: Annotated[Phone | None, EmptyAsNone] = None


class OfferReject(RequestModel):
    reason: Text = Field(default=None, max_length=500)


class OfferCounter(RequestModel):
    price: Money
    valid_until: Timestamp
    message: Text = Field(default=None, max_length=1000)


__all__ = ["FreightCreate", "FreightListQuery", "FreightStatusChange", "FreightUpdate", "Location", "OfferCounter",
           "OfferCreate", "OfferReject", "Timestamp"]
