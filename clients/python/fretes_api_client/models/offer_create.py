from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime






T = TypeVar("T", bound="OfferCreate")



@_attrs_define
class OfferCreate:
    """ 
        Attributes:
            price (float | str):
            valid_until (datetime.datetime | None | Unset):
            message (None | str | Unset):
            carrier_id (None | str | Unset):
            carrier_name (None | str | Unset):
            carrier_phone (None | str | Unset):
     """

    price: float | str
    valid_until: datetime.datetime | None | Unset = UNSET
    message: None | str | Unset = UNSET
    carrier_id: None | str | Unset = UNSET
    carrier_name: None | str | Unset = UNSET
    carrier_phone: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        price: float | str
        price = self.price

        valid_until: None | str | Unset
        if isinstance(self.valid_until, Unset):
            valid_until = UNSET
        elif isinstance(self.valid_until, datetime.datetime):
            valid_until = self.valid_until.isoformat()
        else:
            valid_until = self.valid_until

        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        carrier_id: None | str | Unset
        if isinstance(self.carrier_id, Unset):
            carrier_id = UNSET
        else:
            carrier_id = self.carrier_id

        carrier_name: None | str | Unset
        if isinstance(self.carrier_name, Unset):
            carrier_name = UNSET
        else:
            carrier_name = self.carrier_name

        carrier_phone: None | str | Unset
        if isinstance(self.carrier_phone, Unset):
            carrier_phone = UNSET
        else:
            carrier_phone = self.carrier_phone


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "price": price,
        })
        if valid_until is not UNSET:
            field_dict["valid_until"] = valid_until
        if message is not UNSET:
            field_dict["message"] = message
        if carrier_id is not UNSET:
            field_dict["carrier_id"] = carrier_id
        if carrier_name is not UNSET:
            field_dict["carrier_name"] = carrier_name
        if carrier_phone is not UNSET:
            field_dict["carrier_phone"] = carrier_phone

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_price(data: object) -> float | str:
            return cast(float | str, data)

        price = _parse_price(d.pop("price"))


        def _parse_valid_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                valid_until_type_0 = isoparse(data)



                return valid_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        valid_until = _parse_valid_until(d.pop("valid_until", UNSET))


        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))


        def _parse_carrier_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        carrier_id = _parse_carrier_id(d.pop("carrier_id", UNSET))


        def _parse_carrier_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        carrier_name = _parse_carrier_name(d.pop("carrier_name", UNSET))


        def _parse_carrier_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        carrier_phone = _parse_carrier_phone(d.pop("carrier_phone", UNSET))


        offer_create = cls(
            price=price,
            valid_until=valid_until,
            message=message,
            carrier_id=carrier_id,
            carrier_name=carrier_name,
            carrier_phone=carrier_phone,
        )


        offer_create.additional_properties = d
        return offer_create

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
