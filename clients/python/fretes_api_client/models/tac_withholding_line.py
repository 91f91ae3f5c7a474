from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tac_withholding_line_kind import TacWithholdingLineKind






T = TypeVar("T", bound="TacWithholdingLine")



@_attrs_define
class TacWithholdingLine:
    """ 
        Attributes:
            kind (TacWithholdingLineKind):
            rate (float): Fração (IRRF: a da faixa).
            base (float): Valor em reais (número JSON com até 2 casas).
            value (float): Valor em reais (número JSON com até 2 casas).
     """

    kind: TacWithholdingLineKind
    rate: float
    base: float
    value: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        rate = self.rate

        base = self.base

        value = self.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "rate": rate,
            "base": base,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = TacWithholdingLineKind(d.pop("kind"))




        rate = d.pop("rate")

        base = d.pop("base")

        value = d.pop("value")

        tac_withholding_line = cls(
            kind=kind,
            rate=rate,
            base=base,
            value=value,
        )


        tac_withholding_line.additional_properties = d
        return tac_withholding_line

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
