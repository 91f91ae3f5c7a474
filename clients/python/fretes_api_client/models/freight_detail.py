from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.freight_detail_antt_table_type_0 import FreightDetailAnttTableType0
from ..models.freight_detail_status import FreightDetailStatus
from ..models.freight_detail_visibility import FreightDetailVisibility
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.antt_floor_out import AnttFloorOut
  from ..models.carrier_ref import CarrierRef
  from ..models.driver_ref import DriverRef
  from ..models.place import Place
  from ..models.status_change import StatusChange
  from ..models.vehicle_ref import VehicleRef





T = TypeVar("T", bound="FreightDetail")



@_attrs_define
class FreightDetail:
    """ GET by id: the freight with its status history, oldest first.

        Attributes:
            id (UUID):
            code (str): Código sequencial por empresa.
            status (FreightDetailStatus):
            visibility (FreightDetailVisibility):
            public_slug (None | str): Identificador da página pública (só com visibility=publico).
            origin (Place): Origin or destination of a freight.
            destination (Place): Origin or destination of a freight.
            cargo_type (None | str):
            weight_kg (float | None):
            vehicle_type (None | str):
            price (float | None):
            pickup_at (datetime.datetime | None):
            pickup_until (datetime.datetime | None):
            delivery_at (datetime.datetime | None):
            delivery_until (datetime.datetime | None):
            carrier (CarrierRef | None):
            driver (DriverRef | None):
            vehicle (None | VehicleRef):
            accepted_offer_id (None | UUID):
            simulation_id (None | UUID):
            notes (None | str):
            distance_km (float | None): Distância da viagem em km (entrada do piso ANTT).
            loaded_axles (int | None): Eixos carregados da composição, 2 a 9 (entrada do piso ANTT).
            antt_table (FreightDetailAnttTableType0 | None): Tabela do piso: A composição completa, B só tração, C/D em alto
                desempenho (A quando null).
            antt_floor (AnttFloorOut | None): Piso mínimo da ANTT; null quando falta distance_km, loaded_axles ou um
                cargo_type das tabelas.
            antt_floor_pendencia (None | str): Por que o piso não foi calculado (ex.: "piso não calculado: informe o tipo de
                carga"); null quando há piso.
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            updated_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            status_history (list[StatusChange]):
     """

    id: UUID
    code: str
    status: FreightDetailStatus
    visibility: FreightDetailVisibility
    public_slug: None | str
    origin: Place
    destination: Place
    cargo_type: None | str
    weight_kg: float | None
    vehicle_type: None | str
    price: float | None
    pickup_at: datetime.datetime | None
    pickup_until: datetime.datetime | None
    delivery_at: datetime.datetime | None
    delivery_until: datetime.datetime | None
    carrier: CarrierRef | None
    driver: DriverRef | None
    vehicle: None | VehicleRef
    accepted_offer_id: None | UUID
    simulation_id: None | UUID
    notes: None | str
    distance_km: float | None
    loaded_axles: int | None
    antt_table: FreightDetailAnttTableType0 | None
    antt_floor: AnttFloorOut | None
    antt_floor_pendencia: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    status_history: list[StatusChange]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.antt_floor_out import AnttFloorOut
        from ..models.carrier_ref import CarrierRef
        from ..models.driver_ref import DriverRef
        from ..models.place import Place
        from ..models.status_change import StatusChange
        from ..models.vehicle_ref import VehicleRef
        id = str(self.id)

        code = self.code

        status = self.status.value

        visibility = self.visibility.value

        public_slug: None | str
        public_slug = self.public_slug

        origin = self.origin.to_dict()

        destination = self.destination.to_dict()

        cargo_type: None | str
        cargo_type = self.cargo_type

        weight_kg: float | None
        weight_kg = self.weight_kg

        vehicle_type: None | str
        vehicle_type = self.vehicle_type

        price: float | None
        price = self.price

        pickup_at: None | str
        if isinstance(self.pickup_at, datetime.datetime):
            pickup_at = self.pickup_at.isoformat()
        else:
            pickup_at = self.pickup_at

        pickup_until: None | str
        if isinstance(self.pickup_until, datetime.datetime):
            pickup_until = self.pickup_until.isoformat()
        else:
            pickup_until = self.pickup_until

        delivery_at: None | str
        if isinstance(self.delivery_at, datetime.datetime):
            delivery_at = self.delivery_at.isoformat()
        else:
            delivery_at = self.delivery_at

        delivery_until: None | str
        if isinstance(self.delivery_until, datetime.datetime):
            delivery_until = self.delivery_until.isoformat()
        else:
            delivery_until = self.delivery_until

        carrier: dict[str, Any] | None
        if isinstance(self.carrier, CarrierRef):
            carrier = self.carrier.to_dict()
        else:
            carrier = self.carrier

        driver: dict[str, Any] | None
        if isinstance(self.driver, DriverRef):
            driver = self.driver.to_dict()
        else:
            driver = self.driver

        vehicle: dict[str, Any] | None
        if isinstance(self.vehicle, VehicleRef):
            vehicle = self.vehicle.to_dict()
        else:
            vehicle = self.vehicle

        accepted_offer_id: None | str
        if isinstance(self.accepted_offer_id, UUID):
            accepted_offer_id = str(self.accepted_offer_id)
        else:
            accepted_offer_id = self.accepted_offer_id

        simulation_id: None | str
        if isinstance(self.simulation_id, UUID):
            simulation_id = str(self.simulation_id)
        else:
            simulation_id = self.simulation_id

        notes: None | str
        notes = self.notes

        distance_km: float | None
        distance_km = self.distance_km

        loaded_axles: int | None
        loaded_axles = self.loaded_axles

        antt_table: None | str
        if isinstance(self.antt_table, FreightDetailAnttTableType0):
            antt_table = self.antt_table.value
        else:
            antt_table = self.antt_table

        antt_floor: dict[str, Any] | None
        if isinstance(self.antt_floor, AnttFloorOut):
            antt_floor = self.antt_floor.to_dict()
        else:
            antt_floor = self.antt_floor

        antt_floor_pendencia: None | str
        antt_floor_pendencia = self.antt_floor_pendencia

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        status_history = []
        for status_history_item_data in self.status_history:
            status_history_item = status_history_item_data.to_dict()
            status_history.append(status_history_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "code": code,
            "status": status,
            "visibility": visibility,
            "public_slug": public_slug,
            "origin": origin,
            "destination": destination,
            "cargo_type": cargo_type,
            "weight_kg": weight_kg,
            "vehicle_type": vehicle_type,
            "price": price,
            "pickup_at": pickup_at,
            "pickup_until": pickup_until,
            "delivery_at": delivery_at,
            "delivery_until": delivery_until,
            "carrier": carrier,
            "driver": driver,
            "vehicle": vehicle,
            "accepted_offer_id": accepted_offer_id,
            "simulation_id": simulation_id,
            "notes": notes,
            "distance_km": distance_km,
            "loaded_axles": loaded_axles,
            "antt_table": antt_table,
            "antt_floor": antt_floor,
            "antt_floor_pendencia": antt_floor_pendencia,
            "created_at": created_at,
            "updated_at": updated_at,
            "status_history": status_history,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.antt_floor_out import AnttFloorOut
        from ..models.carrier_ref import CarrierRef
        from ..models.driver_ref import DriverRef
        from ..models.place import Place
        from ..models.status_change import StatusChange
        from ..models.vehicle_ref import VehicleRef
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        code = d.pop("code")

        status = FreightDetailStatus(d.pop("status"))




        visibility = FreightDetailVisibility(d.pop("visibility"))




        def _parse_public_slug(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        public_slug = _parse_public_slug(d.pop("public_slug"))


        origin = Place.from_dict(d.pop("origin"))




        destination = Place.from_dict(d.pop("destination"))




        def _parse_cargo_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cargo_type = _parse_cargo_type(d.pop("cargo_type"))


        def _parse_weight_kg(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        weight_kg = _parse_weight_kg(d.pop("weight_kg"))


        def _parse_vehicle_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        vehicle_type = _parse_vehicle_type(d.pop("vehicle_type"))


        def _parse_price(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        price = _parse_price(d.pop("price"))


        def _parse_pickup_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pickup_at_type_0 = isoparse(data)



                return pickup_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        pickup_at = _parse_pickup_at(d.pop("pickup_at"))


        def _parse_pickup_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pickup_until_type_0 = isoparse(data)



                return pickup_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        pickup_until = _parse_pickup_until(d.pop("pickup_until"))


        def _parse_delivery_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivery_at_type_0 = isoparse(data)



                return delivery_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivery_at = _parse_delivery_at(d.pop("delivery_at"))


        def _parse_delivery_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivery_until_type_0 = isoparse(data)



                return delivery_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivery_until = _parse_delivery_until(d.pop("delivery_until"))


        def _parse_carrier(data: object) -> CarrierRef | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                carrier_type_0 = CarrierRef.from_dict(data)



                return carrier_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CarrierRef | None, data)

        carrier = _parse_carrier(d.pop("carrier"))


        def _parse_driver(data: object) -> DriverRef | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                driver_type_0 = DriverRef.from_dict(data)



                return driver_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DriverRef | None, data)

        driver = _parse_driver(d.pop("driver"))


        def _parse_vehicle(data: object) -> None | VehicleRef:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                vehicle_type_0 = VehicleRef.from_dict(data)



                return vehicle_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | VehicleRef, data)

        vehicle = _parse_vehicle(d.pop("vehicle"))


        def _parse_accepted_offer_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                accepted_offer_id_type_0 = UUID(data)



                return accepted_offer_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        accepted_offer_id = _parse_accepted_offer_id(d.pop("accepted_offer_id"))


        def _parse_simulation_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                simulation_id_type_0 = UUID(data)



                return simulation_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        simulation_id = _parse_simulation_id(d.pop("simulation_id"))


        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))


        def _parse_distance_km(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        distance_km = _parse_distance_km(d.pop("distance_km"))


        def _parse_loaded_axles(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        loaded_axles = _parse_loaded_axles(d.pop("loaded_axles"))


        def _parse_antt_table(data: object) -> FreightDetailAnttTableType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                antt_table_type_0 = FreightDetailAnttTableType0(data)



                return antt_table_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FreightDetailAnttTableType0 | None, data)

        antt_table = _parse_antt_table(d.pop("antt_table"))


        def _parse_antt_floor(data: object) -> AnttFloorOut | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                antt_floor_type_0 = AnttFloorOut.from_dict(data)



                return antt_floor_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AnttFloorOut | None, data)

        antt_floor = _parse_antt_floor(d.pop("antt_floor"))


        def _parse_antt_floor_pendencia(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        antt_floor_pendencia = _parse_antt_floor_pendencia(d.pop("antt_floor_pendencia"))


        created_at = isoparse(d.pop("created_at"))




        updated_at = isoparse(d.pop("updated_at"))




        status_history = []
        _status_history = d.pop("status_history")
        for status_history_item_data in (_status_history):
            status_history_item = StatusChange.from_dict(status_history_item_data)



            status_history.append(status_history_item)


        freight_detail = cls(
            id=id,
            code=code,
            status=status,
            visibility=visibility,
            public_slug=public_slug,
            origin=origin,
            destination=destination,
            cargo_type=cargo_type,
            weight_kg=weight_kg,
            vehicle_type=vehicle_type,
            price=price,
            pickup_at=pickup_at,
            pickup_until=pickup_until,
            delivery_at=delivery_at,
            delivery_until=delivery_until,
            carrier=carrier,
            driver=driver,
            vehicle=vehicle,
            accepted_offer_id=accepted_offer_id,
            simulation_id=simulation_id,
            notes=notes,
            distance_km=distance_km,
            loaded_axles=loaded_axles,
            antt_table=antt_table,
            antt_floor=antt_floor,
            antt_floor_pendencia=antt_floor_pendencia,
            created_at=created_at,
            updated_at=updated_at,
            status_history=status_history,
        )


        freight_detail.additional_properties = d
        return freight_detail

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
