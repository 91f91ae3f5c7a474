from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SimulationFloor")



@_attrs_define
class SimulationFloor:
    """ The ANTT floor of the inputs (distancia_km, eixos, tipo_carga, tabela, pedagio) against the total.

        Attributes:
            value (float | None): Null quando as entradas não bastam (ver message).
            below (bool | None):
            message (str):
     """

    value: float | None
    below: bool | None
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        value: float | None
        value = self.value

        below: bool | None
        below = self.below

        message = self.message


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "value": value,
            "below": below,
            "message": message,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))


        def _parse_below(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        below = _parse_below(d.pop("below"))


        message = d.pop("message")

        simulation_floor = cls(
            value=value,
            below=below,
            message=message,
        )


        simulation_floor.additional_properties = d
        return simulation_floor

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
