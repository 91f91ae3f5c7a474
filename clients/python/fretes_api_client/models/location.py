from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Location")



@_attrs_define
class Location:
    """ 
        Attributes:
            city (str):
            state (str): Sigla da UF.
            ibge_code (None | str | Unset):
     """

    city: str
    state: str
    ibge_code: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        city = self.city

        state = self.state

        ibge_code: None | str | Unset
        if isinstance(self.ibge_code, Unset):
            ibge_code = UNSET
        else:
            ibge_code = self.ibge_code


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "city": city,
            "state": state,
        })
        if ibge_code is not UNSET:
            field_dict["ibge_code"] = ibge_code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        city = d.pop("city")

        state = d.pop("state")

        def _parse_ibge_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ibge_code = _parse_ibge_code(d.pop("ibge_code", UNSET))


        location = cls(
            city=city,
            state=state,
            ibge_code=ibge_code,
        )


        location.additional_properties = d
        return location

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
