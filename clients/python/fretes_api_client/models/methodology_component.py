from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="MethodologyComponent")



@_attrs_define
class MethodologyComponent:
    """ 
        Attributes:
            key (str):
            label (str):
            formula (str):
            in_subtotal (bool | Unset): Padrão: true.
     """

    key: str
    label: str
    formula: str
    in_subtotal: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        key = self.key

        label = self.label

        formula = self.formula

        in_subtotal = self.in_subtotal


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "key": key,
            "label": label,
            "formula": formula,
        })
        if in_subtotal is not UNSET:
            field_dict["in_subtotal"] = in_subtotal

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key = d.pop("key")

        label = d.pop("label")

        formula = d.pop("formula")

        in_subtotal = d.pop("in_subtotal", UNSET)

        methodology_component = cls(
            key=key,
            label=label,
            formula=formula,
            in_subtotal=in_subtotal,
        )


        methodology_component.additional_properties = d
        return methodology_component

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
