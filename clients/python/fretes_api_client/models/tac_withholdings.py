from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.tac_withholding_line import TacWithholdingLine





T = TypeVar("T", bound="TacWithholdings")



@_attrs_define
class TacWithholdings:
    """ Retained by the contracting company from a TAC's freight (tac_autonomo=true only).

        Attributes:
            lines (list[TacWithholdingLine]):
            total (float): Valor em reais (número JSON com até 2 casas).
            net (float): Subtotal − retenções: o que o TAC recebe.
     """

    lines: list[TacWithholdingLine]
    total: float
    net: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.tac_withholding_line import TacWithholdingLine
        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)



        total = self.total

        net = self.net


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "lines": lines,
            "total": total,
            "net": net,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tac_withholding_line import TacWithholdingLine
        d = dict(src_dict)
        lines = []
        _lines = d.pop("lines")
        for lines_item_data in (_lines):
            lines_item = TacWithholdingLine.from_dict(lines_item_data)



            lines.append(lines_item)


        total = d.pop("total")

        net = d.pop("net")

        tac_withholdings = cls(
            lines=lines,
            total=total,
            net=net,
        )


        tac_withholdings.additional_properties = d
        return tac_withholdings

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
