from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="MarketplaceFreight")



@_attrs_define
class MarketplaceFreight:
    """ A public freight: only the fields the showcase shows, with the publishing company's name.

        Attributes:
            id (UUID):
            public_slug (str):
            code (str):
            origin_city (str):
            origin_state (str):
            destination_city (str):
            destination_state (str):
            cargo_type (None | str):
            weight_kg (float | None):
            vehicle_type (None | str):
            price (float | None):
            pickup_at (datetime.datetime | None):
            delivery_at (datetime.datetime | None):
            company_name (str):
     """

    id: UUID
    public_slug: str
    code: str
    origin_city: str
    origin_state: str
    destination_city: str
    destination_state: str
    cargo_type: None | str
    weight_kg: float | None
    vehicle_type: None | str
    price: float | None
    pickup_at: datetime.datetime | None
    delivery_at: datetime.datetime | None
    company_name: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        public_slug = self.public_slug

        code = self.code

        origin_city = self.origin_city

        origin_state = self.origin_state

        destination_city = self.destination_city

        destination_state = self.destination_state

        cargo_type: None | str
        cargo_type = self.cargo_type

        weight_kg: float | None
        weight_kg = self.weight_kg

        vehicle_type: None | str
        vehicle_type = self.vehicle_type

        price: float | None
        price = self.price

        pickup_at: None | str
        if isinstance(self.pickup_at, datetime.datetime):
            pickup_at = self.pickup_at.isoformat()
        else:
            pickup_at = self.pickup_at

        delivery_at: None | str
        if isinstance(self.delivery_at, datetime.datetime):
            delivery_at = self.delivery_at.isoformat()
        else:
            delivery_at = self.delivery_at

        company_name = self.company_name


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "public_slug": public_slug,
            "code": code,
            "origin_city": origin_city,
            "origin_state": origin_state,
            "destination_city": destination_city,
            "destination_state": destination_state,
            "cargo_type": cargo_type,
            "weight_kg": weight_kg,
            "vehicle_type": vehicle_type,
            "price": price,
            "pickup_at": pickup_at,
            "delivery_at": delivery_at,
            "company_name": company_name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        public_slug = d.pop("public_slug")

        code = d.pop("code")

        origin_city = d.pop("origin_city")

        origin_state = d.pop("origin_state")

        destination_city = d.pop("destination_city")

        destination_state = d.pop("destination_state")

        def _parse_cargo_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cargo_type = _parse_cargo_type(d.pop("cargo_type"))


        def _parse_weight_kg(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        weight_kg = _parse_weight_kg(d.pop("weight_kg"))


        def _parse_vehicle_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        vehicle_type = _parse_vehicle_type(d.pop("vehicle_type"))


        def _parse_price(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        price = _parse_price(d.pop("price"))


        def _parse_pickup_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pickup_at_type_0 = isoparse(data)



                return pickup_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        pickup_at = _parse_pickup_at(d.pop("pickup_at"))


        def _parse_delivery_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivery_at_type_0 = isoparse(data)



                return delivery_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivery_at = _parse_delivery_at(d.pop("delivery_at"))


        company_name = d.pop("company_name")

        marketplace_freight = cls(
            id=id,
            public_slug=public_slug,
            code=code,
            origin_city=origin_city,
            origin_state=origin_state,
            destination_city=destination_city,
            destination_state=destination_state,
            cargo_type=cargo_type,
            weight_kg=weight_kg,
            vehicle_type=vehicle_type,
            price=price,
            pickup_at=pickup_at,
            delivery_at=delivery_at,
            company_name=company_name,
        )


        marketplace_freight.additional_properties = d
        return marketplace_freight

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
