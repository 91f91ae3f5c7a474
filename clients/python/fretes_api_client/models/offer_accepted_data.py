from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID






T = TypeVar("T", bound="OfferAcceptedData")



@_attrs_define
class OfferAcceptedData:
    """ 
        Attributes:
            id (UUID): A oferta.
            freight_id (UUID):
            freight_code (str):
            price (float): Preço acordado, em reais.
            carrier_id (None | UUID):
            carrier_name (None | str):
     """

    id: UUID
    freight_id: UUID
    freight_code: str
    price: float
    carrier_id: None | UUID
    carrier_name: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        freight_id = str(self.freight_id)

        freight_code = self.freight_code

        price = self.price

        carrier_id: None | str
        if isinstance(self.carrier_id, UUID):
            carrier_id = str(self.carrier_id)
        else:
            carrier_id = self.carrier_id

        carrier_name: None | str
        carrier_name = self.carrier_name


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "freight_id": freight_id,
            "freight_code": freight_code,
            "price": price,
            "carrier_id": carrier_id,
            "carrier_name": carrier_name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        freight_id = UUID(d.pop("freight_id"))




        freight_code = d.pop("freight_code")

        price = d.pop("price")

        def _parse_carrier_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                carrier_id_type_0 = UUID(data)



                return carrier_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        carrier_id = _parse_carrier_id(d.pop("carrier_id"))


        def _parse_carrier_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        carrier_name = _parse_carrier_name(d.pop("carrier_name"))


        offer_accepted_data = cls(
            id=id,
            freight_id=freight_id,
            freight_code=freight_code,
            price=price,
            carrier_id=carrier_id,
            carrier_name=carrier_name,
        )


        offer_accepted_data.additional_properties = d
        return offer_accepted_data

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
