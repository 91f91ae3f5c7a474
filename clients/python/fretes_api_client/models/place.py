from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Place")



@_attrs_define
class Place:
    """ Origin or destination of a freight.

        Attributes:
            city (str):
            state (str): UF, duas letras.
            ibge_code (None | str):
     """

    city: str
    state: str
    ibge_code: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        city = self.city

        state = self.state

        ibge_code: None | str
        ibge_code = self.ibge_code


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "city": city,
            "state": state,
            "ibge_code": ibge_code,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        city = d.pop("city")

        state = d.pop("state")

        def _parse_ibge_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ibge_code = _parse_ibge_code(d.pop("ibge_code"))


        place = cls(
            city=city,
            state=state,
            ibge_code=ibge_code,
        )


        place.additional_properties = d
        return place

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
