from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_vehicle_out_vehicle_kind import CiotVehicleOutVehicleKind
from typing import cast






T = TypeVar("T", bound="CiotVehicleOut")



@_attrs_define
class CiotVehicleOut:
    """ 
        Attributes:
            plate (str):
            vehicle_kind (CiotVehicleOutVehicleKind):
            rntrc (None | str):
            axles (int | None):
            own_fleet (bool | None):
     """

    plate: str
    vehicle_kind: CiotVehicleOutVehicleKind
    rntrc: None | str
    axles: int | None
    own_fleet: bool | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        plate = self.plate

        vehicle_kind = self.vehicle_kind.value

        rntrc: None | str
        rntrc = self.rntrc

        axles: int | None
        axles = self.axles

        own_fleet: bool | None
        own_fleet = self.own_fleet


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "plate": plate,
            "vehicle_kind": vehicle_kind,
            "rntrc": rntrc,
            "axles": axles,
            "own_fleet": own_fleet,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        plate = d.pop("plate")

        vehicle_kind = CiotVehicleOutVehicleKind(d.pop("vehicle_kind"))




        def _parse_rntrc(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rntrc = _parse_rntrc(d.pop("rntrc"))


        def _parse_axles(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        axles = _parse_axles(d.pop("axles"))


        def _parse_own_fleet(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        own_fleet = _parse_own_fleet(d.pop("own_fleet"))


        ciot_vehicle_out = cls(
            plate=plate,
            vehicle_kind=vehicle_kind,
            rntrc=rntrc,
            axles=axles,
            own_fleet=own_fleet,
        )


        ciot_vehicle_out.additional_properties = d
        return ciot_vehicle_out

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
