from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TaxContextIn")



@_attrs_define
class TaxContextIn:
    """ 
        Attributes:
            origin_state (None | str | Unset):
            destination_state (None | str | Unset):
            tac_autonomo (bool | Unset): Padrão: false.
     """

    origin_state: None | str | Unset = UNSET
    destination_state: None | str | Unset = UNSET
    tac_autonomo: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        origin_state: None | str | Unset
        if isinstance(self.origin_state, Unset):
            origin_state = UNSET
        else:
            origin_state = self.origin_state

        destination_state: None | str | Unset
        if isinstance(self.destination_state, Unset):
            destination_state = UNSET
        else:
            destination_state = self.destination_state

        tac_autonomo = self.tac_autonomo


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if origin_state is not UNSET:
            field_dict["origin_state"] = origin_state
        if destination_state is not UNSET:
            field_dict["destination_state"] = destination_state
        if tac_autonomo is not UNSET:
            field_dict["tac_autonomo"] = tac_autonomo

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_origin_state(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        origin_state = _parse_origin_state(d.pop("origin_state", UNSET))


        def _parse_destination_state(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        destination_state = _parse_destination_state(d.pop("destination_state", UNSET))


        tac_autonomo = d.pop("tac_autonomo", UNSET)

        tax_context_in = cls(
            origin_state=origin_state,
            destination_state=destination_state,
            tac_autonomo=tac_autonomo,
        )


        tax_context_in.additional_properties = d
        return tax_context_in

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
