from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.antt_floor_piece_key import AnttFloorPieceKey






T = TypeVar("T", bound="AnttFloorPiece")



@_attrs_define
class AnttFloorPiece:
    """ 
        Attributes:
            key (AnttFloorPieceKey):
            label (str):
            formula (str):
            value (float): Arredondado ao centavo para exibição; o total é arredondado uma vez.
     """

    key: AnttFloorPieceKey
    label: str
    formula: str
    value: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        key = self.key.value

        label = self.label

        formula = self.formula

        value = self.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "key": key,
            "label": label,
            "formula": formula,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key = AnttFloorPieceKey(d.pop("key"))




        label = d.pop("label")

        formula = d.pop("formula")

        value = d.pop("value")

        antt_floor_piece = cls(
            key=key,
            label=label,
            formula=formula,
            value=value,
        )


        antt_floor_piece.additional_properties = d
        return antt_floor_piece

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
