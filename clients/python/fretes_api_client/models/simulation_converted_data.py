from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from uuid import UUID






T = TypeVar("T", bound="SimulationConvertedData")



@_attrs_define
class SimulationConvertedData:
    """ 
        Attributes:
            id (UUID):
            methodology_id (UUID):
            total (float):
            currency (str):
            freight_id (UUID):
     """

    id: UUID
    methodology_id: UUID
    total: float
    currency: str
    freight_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        methodology_id = str(self.methodology_id)

        total = self.total

        currency = self.currency

        freight_id = str(self.freight_id)


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "methodology_id": methodology_id,
            "total": total,
            "currency": currency,
            "freight_id": freight_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        methodology_id = UUID(d.pop("methodology_id"))




        total = d.pop("total")

        currency = d.pop("currency")

        freight_id = UUID(d.pop("freight_id"))




        simulation_converted_data = cls(
            id=id,
            methodology_id=methodology_id,
            total=total,
            currency=currency,
            freight_id=freight_id,
        )


        simulation_converted_data.additional_properties = d
        return simulation_converted_data

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
