from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tax_line_out_kind import TaxLineOutKind
from ..models.tax_line_out_mode import TaxLineOutMode






T = TypeVar("T", bound="TaxLineOut")



@_attrs_define
class TaxLineOut:
    """ 
        Attributes:
            kind (TaxLineOutKind):
            rate (float): Fração (0.12 = 12 %).
            base (float): Base de cálculo: o total para o ICMS; total − ICMS para PIS e COFINS.
            value (float): Valor em reais (número JSON com até 2 casas).
            mode (TaxLineOutMode):
     """

    kind: TaxLineOutKind
    rate: float
    base: float
    value: float
    mode: TaxLineOutMode
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        rate = self.rate

        base = self.base

        value = self.value

        mode = self.mode.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "rate": rate,
            "base": base,
            "value": value,
            "mode": mode,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = TaxLineOutKind(d.pop("kind"))




        rate = d.pop("rate")

        base = d.pop("base")

        value = d.pop("value")

        mode = TaxLineOutMode(d.pop("mode"))




        tax_line_out = cls(
            kind=kind,
            rate=rate,
            base=base,
            value=value,
            mode=mode,
        )


        tax_line_out.additional_properties = d
        return tax_line_out

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
