"""API answers of vehicles and drivers: the response models and the one function per resource that fills them
(rule in core/responses.py), from ORM objects and selected rows alike, so a list item and a single record are the
same."""
from typing import Literal

from core.responses import (
    CpfOut,
    Date,
    ErrorObject,
    PlateOut,
    ResponseModel,
    Timestamp,
    Uuid,
    data_envelope,
    dump,
    list_envelope,
)
from domain.fleet.models import CNH_CATEGORIES, DRIVER_STATUSES, VEHICLE_STATUSES


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

def vehicle_dict(vehicle) -> dict:
    """A vehicle (an ORM object or a list row of domain.fleet.queries.VEHICLE_LIST_COLUMNS) as the API answers it."""
    return dump(FleetVehicle, vehicle)


def driver_dict(driver) -> dict:
    """A driver (an ORM object or a list row of domain.fleet.queries.DRIVER_LIST_COLUMNS) as the API answers it."""
    return dump(Driver, driver)


def bulk_result_dict(result) -> dict:
    return dump(DriverBulkResult, {
        "created": result.created,
        "conflicts": [{"index": c.index, "cpf": c.key, "existing_id": c.existing_id} for c in result.conflicts],
        "errors": [{"index": e.index, "error": e.error.as_body()["error"]} for e in result.errors],
    })
