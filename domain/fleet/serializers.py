"""API answers of vehicles and drivers: the response models and the functions that fill them (rule in
core/responses.py). The functions read ORM objects and selected rows alike, so a list built from plain rows and a
single record look the same."""
from typing import Literal

from core.db import iso
from core.responses import (
    CpfOut,
    Date,
    ErrorObject,
    PlateOut,
    ResponseModel,
    Timestamp,
    Uuid,
    data_envelope,
    fields_of,
    list_envelope,
)
from domain.fleet.models import CNH_CATEGORIES, DRIVER_STATUSES, VEHICLE_STATUSES
from domain.fleet.queries import DRIVER_LIST_COLUMNS, VEHICLE_LIST_COLUMNS


class FleetVehicle(ResponseModel):
    """A vehicle of the company's fleet (not to be confused with a CIOT operation's vehicle item)."""
    id: Uuid
    plate: PlateOut
    vehicle_type: str | None
    renavam: str | None
    brand: str | None
    model: str | None
    year: int | None
    capacity_kg: float | None
    axles: int | None
    status: Literal[VEHICLE_STATUSES]
    notes: str | None
    created_at: Timestamp
    updated_at: Timestamp


class Driver(ResponseModel):
    id: Uuid
    name: str
    phone: str
    cpf: CpfOut
    cnh_number: str | None
    cnh_category: Literal[CNH_CATEGORIES] | None
    cnh_expires_at: Date | None
    has_mopp: bool
    status: Literal[DRIVER_STATUSES]
    created_at: Timestamp
    updated_at: Timestamp


class DriverConflict(ResponseModel):
    index: int
    cpf: CpfOut
    existing_id: Uuid


class DriverItemError(ResponseModel):
    index: int
    error: ErrorObject


class DriverBulkResult(ResponseModel):
    created: list[Driver]
    conflicts: list[DriverConflict]
    errors: list[DriverItemError]


VehicleResponse = data_envelope(FleetVehicle, "VehicleResponse")
VehicleList = list_envelope(FleetVehicle, "VehicleList")
DriverResponse = data_envelope(Driver)
DriverList = list_envelope(Driver)
DriverBulkResponse = data_envelope(DriverBulkResult, "DriverBulkResponse")

_STAMPS = ("id", "created_at", "updated_at")
_VEHICLE_PLAIN = tuple(name for name in FleetVehicle.model_fields if name not in _STAMPS + ("capacity_kg",))
_DRIVER_PLAIN = tuple(name for name in Driver.model_fields if name not in _STAMPS + ("cnh_expires_at",))


def vehicle_dict(vehicle) -> dict:
    capacity = vehicle.capacity_kg
    return {**_stamps(vehicle), **fields_of(FleetVehicle, vehicle, _VEHICLE_PLAIN),
            "capacity_kg": float(capacity) if capacity is not None else None}


def driver_dict(driver) -> dict:
    expires = driver.cnh_expires_at
    return {**_stamps(driver), **fields_of(Driver, driver, _DRIVER_PLAIN),
            "cnh_expires_at": expires.isoformat() if expires else None}


VEHICLE_KEYS = tuple(column.key for column in VEHICLE_LIST_COLUMNS)
DRIVER_KEYS = tuple(column.key for column in DRIVER_LIST_COLUMNS)


def vehicle_row(row) -> dict:
    """A list row (domain.fleet.queries.VEHICLE_LIST_COLUMNS) as vehicle_dict writes it, straight from the row."""
    data = _row(VEHICLE_KEYS, row)
    if data["capacity_kg"] is not None:
        data["capacity_kg"] = float(data["capacity_kg"])
    return data


def driver_row(row) -> dict:
    """A list row (domain.fleet.queries.DRIVER_LIST_COLUMNS) as driver_dict writes it, straight from the row."""
    data = _row(DRIVER_KEYS, row)
    if data["cnh_expires_at"] is not None:
        data["cnh_expires_at"] = data["cnh_expires_at"].isoformat()
    return data


def _row(keys, row) -> dict:
    data = dict(zip(keys, row, strict=True))
    data["id"] = str(data["id"])
    data["created_at"], data["updated_at"] = iso(data["created_at"]), iso(data["updated_at"])
    return data


def _stamps(record) -> dict:
    return {"id": str(record.id), "created_at": iso(record.created_at), "updated_at": iso(record.updated_at)}


def bulk_result_dict(result) -> dict:
    return {
        "created": [driver_dict(driver) for driver in result.created],
        "conflicts": [{"index": c.index, "cpf": c.key, "existing_id": str(c.existing_id)} for c in result.conflicts],
        "errors": [{"index": e.index, "error": e.error.as_body()["error"]} for e in result.errors],
    }
