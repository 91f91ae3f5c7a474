from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="AnttFloorOut")



@_attrs_define
class AnttFloorOut:
    """ The ANTT minimum freight floor of the trip (computed when the freight is saved; docs/antt-floor.md).

        Attributes:
            value (float): Piso mínimo da ANTT da viagem, em reais.
            act (str): Ato da ANTT cujos coeficientes valem na data da coleta.
            below (bool | None): true quando price está abaixo do piso; null sem price.
     """

    value: float
    act: str
    below: bool | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        value = self.value

        act = self.act

        below: bool | None
        below = self.below


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "value": value,
            "act": act,
            "below": below,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        value = d.pop("value")

        act = d.pop("act")

        def _parse_below(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        below = _parse_below(d.pop("below"))


        antt_floor_out = cls(
            value=value,
            act=act,
            below=below,
        )


        antt_floor_out.additional_properties = d
        return antt_floor_out

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
