from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.vehicle_update_status import VehicleUpdateStatus
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="VehicleUpdate")



@_attrs_define
class VehicleUpdate:
    """ PATCH body: any subset of the vehicle's fields. A sent `null` clears an optional field; the required
    ones (typed without `| None`) refuse it.

        Attributes:
            plate (str | Unset): Placa AAA9999 ou Mercosul AAA9A99 (hífen e minúsculas aceitos; gravada em maiúsculas sem
                hífen).
            vehicle_type (None | str | Unset):
            renavam (None | str | Unset):
            brand (None | str | Unset):
            model (None | str | Unset):
            year (int | None | Unset):
            capacity_kg (float | None | str | Unset):
            axles (int | None | Unset):
            status (VehicleUpdateStatus | Unset):
            notes (None | str | Unset):
     """

    plate: str | Unset = UNSET
    vehicle_type: None | str | Unset = UNSET
    renavam: None | str | Unset = UNSET
    brand: None | str | Unset = UNSET
    model: None | str | Unset = UNSET
    year: int | None | Unset = UNSET
    capacity_kg: float | None | str | Unset = UNSET
    axles: int | None | Unset = UNSET
    status: VehicleUpdateStatus | Unset = UNSET
    notes: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        plate = self.plate

        vehicle_type: None | str | Unset
        if isinstance(self.vehicle_type, Unset):
            vehicle_type = UNSET
        else:
            vehicle_type = self.vehicle_type

        renavam: None | str | Unset
        if isinstance(self.renavam, Unset):
            renavam = UNSET
        else:
            renavam = self.renavam

        brand: None | str | Unset
        if isinstance(self.brand, Unset):
            brand = UNSET
        else:
            brand = self.brand

        model: None | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        else:
            model = self.model

        year: int | None | Unset
        if isinstance(self.year, Unset):
            year = UNSET
        else:
            year = self.year

        capacity_kg: float | None | str | Unset
        if isinstance(self.capacity_kg, Unset):
            capacity_kg = UNSET
        else:
            capacity_kg = self.capacity_kg

        axles: int | None | Unset
        if isinstance(self.axles, Unset):
            axles = UNSET
        else:
            axles = self.axles

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value


        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if plate is not UNSET:
            field_dict["plate"] = plate
        if vehicle_type is not UNSET:
            field_dict["vehicle_type"] = vehicle_type
        if renavam is not UNSET:
            field_dict["renavam"] = renavam
        if brand is not UNSET:
            field_dict["brand"] = brand
        if model is not UNSET:
            field_dict["model"] = model
        if year is not UNSET:
            field_dict["year"] = year
        if capacity_kg is not UNSET:
            field_dict["capacity_kg"] = capacity_kg
        if axles is not UNSET:
            field_dict["axles"] = axles
        if status is not UNSET:
            field_dict["status"] = status
        if notes is not UNSET:
            field_dict["notes"] = notes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        plate = d.pop("plate", UNSET)

        def _parse_vehicle_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vehicle_type = _parse_vehicle_type(d.pop("vehicle_type", UNSET))


        def _parse_renavam(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        renavam = _parse_renavam(d.pop("renavam", UNSET))


        def _parse_brand(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        brand = _parse_brand(d.pop("brand", UNSET))


        def _parse_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        model = _parse_model(d.pop("model", UNSET))


        def _parse_year(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        year = _parse_year(d.pop("year", UNSET))


        def _parse_capacity_kg(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        capacity_kg = _parse_capacity_kg(d.pop("capacity_kg", UNSET))


        def _parse_axles(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        axles = _parse_axles(d.pop("axles", UNSET))


        _status = d.pop("status", UNSET)
        status: VehicleUpdateStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = VehicleUpdateStatus(_status)




        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))


        vehicle_update = cls(
            plate=plate,
            vehicle_type=vehicle_type,
            renavam=renavam,
            brand=brand,
            model=model,
            year=year,
            capacity_kg=capacity_kg,
            axles=axles,
            status=status,
            notes=notes,
        )


        vehicle_update.additional_properties = d
        return vehicle_update

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
