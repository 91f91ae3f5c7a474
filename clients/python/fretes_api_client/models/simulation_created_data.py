from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.simulation_created_data_inputs import SimulationCreatedDataInputs





T = TypeVar("T", bound="SimulationCreatedData")



@_attrs_define
class SimulationCreatedData:
    """ 
        Attributes:
            id (UUID):
            methodology_id (UUID):
            methodology_version (int):
            total (float):
            currency (str):
            status (str):
            inputs (SimulationCreatedDataInputs):
            freight_id (None | UUID):
            created_by (None | str):
     """

    id: UUID
    methodology_id: UUID
    methodology_version: int
    total: float
    currency: str
    status: str
    inputs: SimulationCreatedDataInputs
    freight_id: None | UUID
    created_by: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.simulation_created_data_inputs import SimulationCreatedDataInputs
        id = str(self.id)

        methodology_id = str(self.methodology_id)

        methodology_version = self.methodology_version

        total = self.total

        currency = self.currency

        status = self.status

        inputs = self.inputs.to_dict()

        freight_id: None | str
        if isinstance(self.freight_id, UUID):
            freight_id = str(self.freight_id)
        else:
            freight_id = self.freight_id

        created_by: None | str
        created_by = self.created_by


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "methodology_id": methodology_id,
            "methodology_version": methodology_version,
            "total": total,
            "currency": currency,
            "status": status,
            "inputs": inputs,
            "freight_id": freight_id,
            "created_by": created_by,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.simulation_created_data_inputs import SimulationCreatedDataInputs
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        methodology_id = UUID(d.pop("methodology_id"))




        methodology_version = d.pop("methodology_version")

        total = d.pop("total")

        currency = d.pop("currency")

        status = d.pop("status")

        inputs = SimulationCreatedDataInputs.from_dict(d.pop("inputs"))




        def _parse_freight_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                freight_id_type_0 = UUID(data)



                return freight_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        freight_id = _parse_freight_id(d.pop("freight_id"))


        def _parse_created_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_by = _parse_created_by(d.pop("created_by"))


        simulation_created_data = cls(
            id=id,
            methodology_id=methodology_id,
            methodology_version=methodology_version,
            total=total,
            currency=currency,
            status=status,
            inputs=inputs,
            freight_id=freight_id,
            created_by=created_by,
        )


        simulation_created_data.additional_properties = d
        return simulation_created_data

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
