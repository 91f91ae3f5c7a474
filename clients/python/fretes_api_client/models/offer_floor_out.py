from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="OfferFloorOut")



@_attrs_define
class OfferFloorOut:
    """ The freight's ANTT floor against the offer's price and counter-offer.

        Attributes:
            value (float): Valor em reais (número JSON com até 2 casas).
            act (str):
            below (bool): true quando o price da oferta está abaixo do piso.
            counter_below (bool | None): true quando a contraproposta está abaixo do piso; null sem ela.
     """

    value: float
    act: str
    below: bool
    counter_below: bool | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        value = self.value

        act = self.act

        below = self.below

        counter_below: bool | None
        counter_below = self.counter_below


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "value": value,
            "act": act,
            "below": below,
            "counter_below": counter_below,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        value = d.pop("value")

        act = d.pop("act")

        below = d.pop("below")

        def _parse_counter_below(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        counter_below = _parse_counter_below(d.pop("counter_below"))


        offer_floor_out = cls(
            value=value,
            act=act,
            below=below,
            counter_below=counter_below,
        )


        offer_floor_out.additional_properties = d
        return offer_floor_out

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
