"""Request models of the marketplace: the showcase filters, the public lead and the lead management."""
from datetime import date
from decimal import Decimal
from typing import Annotated, Literal

from pydantic import BeforeValidator, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from core import validators as v
from core.schemas import Cpf, ListQuery, Plate, RequestModel, Uf, _doc, _wrap

LeadStatus = Literal["novo", "contatado", "convertido", "descartado"]
BrMobile = Annotated[str, _wrap(v.clean_br_mobile),
                     _doc("Celular brasileiro com DDD, em qualquer formato; gravado em E.164.",
                          example="(11) 98765-4321")]


def _blank_to_none(value):
    return None if isinstance(value, str) and not value.strip() else value


Optional = BeforeValidator(_blank_to_none)


class ShowcaseQuery(ListQuery):
    """The showcase's filters (camelCase, as the contract names them)."""
    model_config = ConfigDict(populate_by_name=True)

    origin_state: Annotated[Uf | None, Optional] = Field(default=None, alias="originState")
    destination_state: Annotated[Uf | None, Optional] = Field(default=None, alias="destinationState")
    vehicle_type: Annotated[str | None, Optional] = Field(default=None, alias="vehicleType", max_length=40)
    min_price: Annotated[Decimal | None, Optional] = Field(default=None, alias="minPrice", ge=0)
    max_price: Annotated[Decimal | None, Optional] = Field(default=None, alias="maxPrice", ge=0)
    pickup_from: Annotated[date | None, Optional] = Field(default=None, alias="pickupFrom")
    search: Annotated[str | None, Optional] = Field(default=None, max_length=100)

    @model_validator(mode="after")
    def _prices_in_order(self):
        """A range that can match nothing is a mistake, not an empty showcase: the API answers 400 naming maxPrice
        (as the freight windows name their end), and the page leaves that filter out under its label."""
        if self.min_price is not None and self.max_price is not None and self.min_price > self.max_price:
            raise PydanticCustomError("price_order", "Deve ser igual ou maior que o preço mínimo.",
                                      {"field": "maxPrice"})
        return self


class LeadCreate(RequestModel):
    """A driver's interest in a public freight. `website` is the honeypot: people leave it empty."""
    model_config = ConfigDict(populate_by_name=True)

    slug: str = Field(min_length=1, max_length=120)
    driver_name: str = Field(alias="driverName", min_length=2, max_length=80)
    driver_phone: BrMobile = Field(alias="driverPhone")
    driver_doc: Annotated[Cpf | None, Optional] = Field(default=None, alias="driverDoc")
    vehicle_plate: Annotated[Plate | None, Optional] = Field(default=None, alias="vehiclePlate")
    message: Annotated[str | None, Optional] = Field(default=None, max_length=500)
    website: str | None = Field(default=None, max_length=500, description="Honeypot: deixe vazio.")


class LeadListQuery(ListQuery):
    status: LeadStatus | None = None
    freight_id: Annotated[str | None, Optional] = Field(default=None, max_length=40)


class LeadStatusChange(RequestModel):
    status: LeadStatus


class LeadCountQuery(RequestModel):
    status: LeadStatus = "novo"
