from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.freight_update_antt_table_type_0 import FreightUpdateAnttTableType0
from ..models.freight_update_visibility_type_0 import FreightUpdateVisibilityType0
from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.location import Location





T = TypeVar("T", bound="FreightUpdate")



@_attrs_define
class FreightUpdate:
    """ 
        Attributes:
            cargo_type (None | str | Unset):
            weight_kg (float | None | str | Unset):
            vehicle_type (None | str | Unset):
            price (float | None | str | Unset):
            pickup_at (datetime.datetime | None | Unset):
            pickup_until (datetime.datetime | None | Unset):
            delivery_at (datetime.datetime | None | Unset):
            delivery_until (datetime.datetime | None | Unset):
            visibility (FreightUpdateVisibilityType0 | None | Unset):
            carrier_id (None | str | Unset):
            driver_id (None | str | Unset):
            vehicle_id (None | str | Unset):
            simulation_id (None | str | Unset):
            notes (None | str | Unset):
            distance_km (float | None | str | Unset):
            loaded_axles (int | None | Unset):
            antt_table (FreightUpdateAnttTableType0 | None | Unset):
            origin (Location | None | Unset):
            destination (Location | None | Unset):
     """

    cargo_type: None | str | Unset = UNSET
    weight_kg: float | None | str | Unset = UNSET
    vehicle_type: None | str | Unset = UNSET
    price: float | None | str | Unset = UNSET
    pickup_at: datetime.datetime | None | Unset = UNSET
    pickup_until: datetime.datetime | None | Unset = UNSET
    delivery_at: datetime.datetime | None | Unset = UNSET
    delivery_until: datetime.datetime | None | Unset = UNSET
    visibility: FreightUpdateVisibilityType0 | None | Unset = UNSET
    carrier_id: None | str | Unset = UNSET
    driver_id: None | str | Unset = UNSET
    vehicle_id: None | str | Unset = UNSET
    simulation_id: None | str | Unset = UNSET
    notes: None | str | Unset = UNSET
    distance_km: float | None | str | Unset = UNSET
    loaded_axles: int | None | Unset = UNSET
    antt_table: FreightUpdateAnttTableType0 | None | Unset = UNSET
    origin: Location | None | Unset = UNSET
    destination: Location | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.location import Location
        cargo_type: None | str | Unset
        if isinstance(self.cargo_type, Unset):
            cargo_type = UNSET
        else:
            cargo_type = self.cargo_type

        weight_kg: float | None | str | Unset
        if isinstance(self.weight_kg, Unset):
            weight_kg = UNSET
        else:
            weight_kg = self.weight_kg

        vehicle_type: None | str | Unset
        if isinstance(self.vehicle_type, Unset):
            vehicle_type = UNSET
        else:
            vehicle_type = self.vehicle_type

        price: float | None | str | Unset
        if isinstance(self.price, Unset):
            price = UNSET
        else:
            price = self.price

        pickup_at: None | str | Unset
        if isinstance(self.pickup_at, Unset):
            pickup_at = UNSET
        elif isinstance(self.pickup_at, datetime.datetime):
            pickup_at = self.pickup_at.isoformat()
        else:
            pickup_at = self.pickup_at

        pickup_until: None | str | Unset
        if isinstance(self.pickup_until, Unset):
            pickup_until = UNSET
        elif isinstance(self.pickup_until, datetime.datetime):
            pickup_until = self.pickup_until.isoformat()
        else:
            pickup_until = self.pickup_until

        delivery_at: None | str | Unset
        if isinstance(self.delivery_at, Unset):
            delivery_at = UNSET
        elif isinstance(self.delivery_at, datetime.datetime):
            delivery_at = self.delivery_at.isoformat()
        else:
            delivery_at = self.delivery_at

        delivery_until: None | str | Unset
        if isinstance(self.delivery_until, Unset):
            delivery_until = UNSET
        elif isinstance(self.delivery_until, datetime.datetime):
            delivery_until = self.delivery_until.isoformat()
        else:
            delivery_until = self.delivery_until

        visibility: None | str | Unset
        if isinstance(self.visibility, Unset):
            visibility = UNSET
        elif isinstance(self.visibility, FreightUpdateVisibilityType0):
            visibility = self.visibility.value
        else:
            visibility = self.visibility

        carrier_id: None | str | Unset
        if isinstance(self.carrier_id, Unset):
            carrier_id = UNSET
        else:
            carrier_id = self.carrier_id

        driver_id: None | str | Unset
        if isinstance(self.driver_id, Unset):
            driver_id = UNSET
        else:
            driver_id = self.driver_id

        vehicle_id: None | str | Unset
        if isinstance(self.vehicle_id, Unset):
            vehicle_id = UNSET
        else:
            vehicle_id = self.vehicle_id

        simulation_id: None | str | Unset
        if isinstance(self.simulation_id, Unset):
            simulation_id = UNSET
        else:
            simulation_id = self.simulation_id

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        distance_km: float | None | str | Unset
        if isinstance(self.distance_km, Unset):
            distance_km = UNSET
        else:
            distance_km = self.distance_km

        loaded_axles: int | None | Unset
        if isinstance(self.loaded_axles, Unset):
            loaded_axles = UNSET
        else:
            loaded_axles = self.loaded_axles

        antt_table: None | str | Unset
        if isinstance(self.antt_table, Unset):
            antt_table = UNSET
        elif isinstance(self.antt_table, FreightUpdateAnttTableType0):
            antt_table = self.antt_table.value
        else:
            antt_table = self.antt_table

        origin: dict[str, Any] | None | Unset
        if isinstance(self.origin, Unset):
            origin = UNSET
        elif isinstance(self.origin, Location):
            origin = self.origin.to_dict()
        else:
            origin = self.origin

        destination: dict[str, Any] | None | Unset
        if isinstance(self.destination, Unset):
            destination = UNSET
        elif isinstance(self.destination, Location):
            destination = self.destination.to_dict()
        else:
            destination = self.destination


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if cargo_type is not UNSET:
            field_dict["cargo_type"] = cargo_type
        if weight_kg is not UNSET:
            field_dict["weight_kg"] = weight_kg
        if vehicle_type is not UNSET:
            field_dict["vehicle_type"] = vehicle_type
        if price is not UNSET:
            field_dict["price"] = price
        if pickup_at is not UNSET:
            field_dict["pickup_at"] = pickup_at
        if pickup_until is not UNSET:
            field_dict["pickup_until"] = pickup_until
        if delivery_at is not UNSET:
            field_dict["delivery_at"] = delivery_at
        if delivery_until is not UNSET:
            field_dict["delivery_until"] = delivery_until
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if carrier_id is not UNSET:
            field_dict["carrier_id"] = carrier_id
        if driver_id is not UNSET:
            field_dict["driver_id"] = driver_id
        if vehicle_id is not UNSET:
            field_dict["vehicle_id"] = vehicle_id
        if simulation_id is not UNSET:
            field_dict["simulation_id"] = simulation_id
        if notes is not UNSET:
            field_dict["notes"] = notes
        if distance_km is not UNSET:
            field_dict["distance_km"] = distance_km
        if loaded_axles is not UNSET:
            field_dict["loaded_axles"] = loaded_axles
        if antt_table is not UNSET:
            field_dict["antt_table"] = antt_table
        if origin is not UNSET:
            field_dict["origin"] = origin
        if destination is not UNSET:
            field_dict["destination"] = destination

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.location import Location
        d = dict(src_dict)
        def _parse_cargo_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cargo_type = _parse_cargo_type(d.pop("cargo_type", UNSET))


        def _parse_weight_kg(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        weight_kg = _parse_weight_kg(d.pop("weight_kg", UNSET))


        def _parse_vehicle_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vehicle_type = _parse_vehicle_type(d.pop("vehicle_type", UNSET))


        def _parse_price(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        price = _parse_price(d.pop("price", UNSET))


        def _parse_pickup_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pickup_at_type_0 = isoparse(data)



                return pickup_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        pickup_at = _parse_pickup_at(d.pop("pickup_at", UNSET))


        def _parse_pickup_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pickup_until_type_0 = isoparse(data)



                return pickup_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        pickup_until = _parse_pickup_until(d.pop("pickup_until", UNSET))


        def _parse_delivery_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivery_at_type_0 = isoparse(data)



                return delivery_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        delivery_at = _parse_delivery_at(d.pop("delivery_at", UNSET))


        def _parse_delivery_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivery_until_type_0 = isoparse(data)



                return delivery_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        delivery_until = _parse_delivery_until(d.pop("delivery_until", UNSET))


        def _parse_visibility(data: object) -> FreightUpdateVisibilityType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                visibility_type_0 = FreightUpdateVisibilityType0(data)



                return visibility_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FreightUpdateVisibilityType0 | None | Unset, data)

        visibility = _parse_visibility(d.pop("visibility", UNSET))


        def _parse_carrier_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        carrier_id = _parse_carrier_id(d.pop("carrier_id", UNSET))


        def _parse_driver_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        driver_id = _parse_driver_id(d.pop("driver_id", UNSET))


        def _parse_vehicle_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vehicle_id = _parse_vehicle_id(d.pop("vehicle_id", UNSET))


        def _parse_simulation_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        simulation_id = _parse_simulation_id(d.pop("simulation_id", UNSET))


        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))


        def _parse_distance_km(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        distance_km = _parse_distance_km(d.pop("distance_km", UNSET))


        def _parse_loaded_axles(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        loaded_axles = _parse_loaded_axles(d.pop("loaded_axles", UNSET))


        def _parse_antt_table(data: object) -> FreightUpdateAnttTableType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                antt_table_type_0 = FreightUpdateAnttTableType0(data)



                return antt_table_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FreightUpdateAnttTableType0 | None | Unset, data)

        antt_table = _parse_antt_table(d.pop("antt_table", UNSET))


        def _parse_origin(data: object) -> Location | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                origin_type_0 = Location.from_dict(data)



                return origin_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Location | None | Unset, data)

        origin = _parse_origin(d.pop("origin", UNSET))


        def _parse_destination(data: object) -> Location | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                destination_type_0 = Location.from_dict(data)



                return destination_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Location | None | Unset, data)

        destination = _parse_destination(d.pop("destination", UNSET))


        freight_update = cls(
            cargo_type=cargo_type,
            weight_kg=weight_kg,
            vehicle_type=vehicle_type,
            price=price,
            pickup_at=pickup_at,
            pickup_until=pickup_until,
            delivery_at=delivery_at,
            delivery_until=delivery_until,
            visibility=visibility,
            carrier_id=carrier_id,
            driver_id=driver_id,
            vehicle_id=vehicle_id,
            simulation_id=simulation_id,
            notes=notes,
            distance_km=distance_km,
            loaded_axles=loaded_axles,
            antt_table=antt_table,
            origin=origin,
            destination=destination,
        )


        freight_update.additional_properties = d
        return freight_update

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
