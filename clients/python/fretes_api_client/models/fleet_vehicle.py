from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fleet_vehicle_status import FleetVehicleStatus
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="FleetVehicle")



@_attrs_define
class FleetVehicle:
    """ A vehicle of the company's fleet (not to be confused with a CIOT operation's vehicle item).

        Attributes:
            id (UUID):
            plate (str): Placa AAA9999 ou Mercosul AAA9A99, maiúsculas, sem hífen.
            vehicle_type (None | str):
            renavam (None | str):
            brand (None | str):
            model (None | str):
            year (int | None):
            capacity_kg (float | None):
            axles (int | None):
            status (FleetVehicleStatus):
            notes (None | str):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            updated_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    plate: str
    vehicle_type: None | str
    renavam: None | str
    brand: None | str
    model: None | str
    year: int | None
    capacity_kg: float | None
    axles: int | None
    status: FleetVehicleStatus
    notes: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        plate = self.plate

        vehicle_type: None | str
        vehicle_type = self.vehicle_type

        renavam: None | str
        renavam = self.renavam

        brand: None | str
        brand = self.brand

        model: None | str
        model = self.model

        year: int | None
        year = self.year

        capacity_kg: float | None
        capacity_kg = self.capacity_kg

        axles: int | None
        axles = self.axles

        status = self.status.value

        notes: None | str
        notes = self.notes

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "plate": plate,
            "vehicle_type": vehicle_type,
            "renavam": renavam,
            "brand": brand,
            "model": model,
            "year": year,
            "capacity_kg": capacity_kg,
            "axles": axles,
            "status": status,
            "notes": notes,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        plate = d.pop("plate")

        def _parse_vehicle_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        vehicle_type = _parse_vehicle_type(d.pop("vehicle_type"))


        def _parse_renavam(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        renavam = _parse_renavam(d.pop("renavam"))


        def _parse_brand(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        brand = _parse_brand(d.pop("brand"))


        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))


        def _parse_year(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        year = _parse_year(d.pop("year"))


        def _parse_capacity_kg(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        capacity_kg = _parse_capacity_kg(d.pop("capacity_kg"))


        def _parse_axles(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        axles = _parse_axles(d.pop("axles"))


        status = FleetVehicleStatus(d.pop("status"))




        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))


        created_at = isoparse(d.pop("created_at"))




        updated_at = isoparse(d.pop("updated_at"))




        fleet_vehicle = cls(
            id=id,
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
            created_at=created_at,
            updated_at=updated_at,
        )


        fleet_vehicle.additional_properties = d
        return fleet_vehicle

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
