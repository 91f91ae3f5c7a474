from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_vehicle_vehicle_kind import CiotVehicleVehicleKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CiotVehicle")



@_attrs_define
class CiotVehicle:
    """ 
        Attributes:
            plate (str):
            vehicle_kind (CiotVehicleVehicleKind):
            rntrc (None | str | Unset):
            axles (int | None | Unset):
            own_fleet (bool | None | Unset):
     """

    plate: str
    vehicle_kind: CiotVehicleVehicleKind
    rntrc: None | str | Unset = UNSET
    axles: int | None | Unset = UNSET
    own_fleet: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        plate = self.plate

        vehicle_kind = self.vehicle_kind.value

        rntrc: None | str | Unset
        if isinstance(self.rntrc, Unset):
            rntrc = UNSET
        else:
            rntrc = self.rntrc

        axles: int | None | Unset
        if isinstance(self.axles, Unset):
            axles = UNSET
        else:
            axles = self.axles

        own_fleet: bool | None | Unset
        if isinstance(self.own_fleet, Unset):
            own_fleet = UNSET
        else:
            own_fleet = self.own_fleet


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "plate": plate,
            "vehicle_kind": vehicle_kind,
        })
        if rntrc is not UNSET:
            field_dict["rntrc"] = rntrc
        if axles is not UNSET:
            field_dict["axles"] = axles
        if own_fleet is not UNSET:
            field_dict["own_fleet"] = own_fleet

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        plate = d.pop("plate")

        vehicle_kind = CiotVehicleVehicleKind(d.pop("vehicle_kind"))




        def _parse_rntrc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rntrc = _parse_rntrc(d.pop("rntrc", UNSET))


        def _parse_axles(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        axles = _parse_axles(d.pop("axles", UNSET))


        def _parse_own_fleet(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        own_fleet = _parse_own_fleet(d.pop("own_fleet", UNSET))


        ciot_vehicle = cls(
            plate=plate,
            vehicle_kind=vehicle_kind,
            rntrc=rntrc,
            axles=axles,
            own_fleet=own_fleet,
        )


        ciot_vehicle.additional_properties = d
        return ciot_vehicle

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
