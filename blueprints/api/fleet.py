"""Public API: vehicles and drivers (public-api.md "Vehicle", "Driver"; docs/api/partners-fleet.md)."""

from core.api import endpoint
from core.db import iso
from core.pagination import paginate
from core.tenancy import get_owned
from domain.fleet import services
from domain.fleet.models import Driver, Vehicle
from domain.fleet.queries import DRIVER_LIST_COLUMNS, VEHICLE_LIST_COLUMNS, drivers_stmt, vehicles_stmt
from domain.fleet.schemas import (DRIVER_FIELDS, VEHICLE_FIELDS, DriverBulk, DriverCreate, DriverListQuery,
                                  DriverUpdate, VehicleCreate, VehicleListQuery, VehicleUpdate)

VEHICLE_TAGS, DRIVER_TAGS = ("frota",), ("motoristas",)




def vehicle_dict(vehicle: Vehicle) -> dict:
    data = _record(vehicle, VEHICLE_FIELDS)
    data["capacity_kg"] = float(vehicle.capacity_kg) if vehicle.capacity_kg is not None else None
    return data


def driver_dict(driver: Driver) -> dict:
    data = _record(driver, DRIVER_FIELDS)
    data["cnh_expires_at"] = driver.cnh_expires_at.isoformat() if driver.cnh_expires_at else None
    return data


VEHICLE_KEYS = tuple(column.key for column in VEHICLE_LIST_COLUMNS)
DRIVER_KEYS = tuple(column.key for column in DRIVER_LIST_COLUMNS)


def vehicle_row(row) -> dict:
    """A list row (VEHICLE_LIST_COLUMNS) as vehicle_dict would write it, built straight from the row."""
    data = _row(VEHICLE_KEYS, row)
    if data["capacity_kg"] is not None:
        data["capacity_kg"] = float(data["capacity_kg"])
    return data


def driver_row(row) -> dict:
    """A list row (DRIVER_LIST_COLUMNS) as driver_dict would write it, built straight from the row."""
    data = _row(DRIVER_KEYS, row)
    if data["cnh_expires_at"] is not None:
        data["cnh_expires_at"] = data["cnh_expires_at"].isoformat()
    return data


def _row(keys, row) -> dict:
    data = dict(zip(keys, row))
    data["id"] = str(data["id"])
    data["created_at"], data["updated_at"] = iso(data["created_at"]), iso(data["updated_at"])
    return data


def _record(record, fields) -> dict:
    data = {"id": str(record.id)}
    data.update({name: getattr(record, name) for name in fields})
    data["created_at"], data["updated_at"] = iso(record.created_at), iso(record.updated_at)
    return data


# --- Vehicles ----------------------------------------------------------------------------------

@endpoint("/vehicles", "GET", query=VehicleListQuery, tags=VEHICLE_TAGS,
          summary="Lista veículos (status, q), mais novos primeiro.")
def list_vehicles(ctx):
    query = ctx.query
    stmt = vehicles_stmt(ctx.account, status=query.status, q=query.q, columns=VEHICLE_LIST_COLUMNS)
    return paginate(stmt, model=Vehicle, limit=query.limit, cursor=query.cursor, rows=True).envelope(vehicle_row)


@endpoint("/vehicles", "POST", body=VehicleCreate, tags=VEHICLE_TAGS,
          summary="Cadastra um veículo; 409 vehicle_plate_exists se a placa já existe.")
def create_vehicle(ctx):
    return {"data": vehicle_dict(services.create_vehicle(ctx.company, ctx.body, actor=ctx.api_key))}


@endpoint("/vehicles/<vehicle_id>", "GET", tags=VEHICLE_TAGS, summary="Um veículo.")
def get_vehicle(ctx, vehicle_id):
    return {"data": vehicle_dict(get_owned(Vehicle, vehicle_id))}


@endpoint("/vehicles/<vehicle_id>", "PATCH", body=VehicleUpdate, tags=VEHICLE_TAGS,
          summary="Altera os campos enviados do veículo.")
def update_vehicle(ctx, vehicle_id):
    vehicle = get_owned(Vehicle, vehicle_id, for_update=True)
    return {"data": vehicle_dict(services.update_vehicle(vehicle, ctx.body))}


@endpoint("/vehicles/<vehicle_id>", "DELETE", tags=VEHICLE_TAGS,
          summary="Exclusão lógica: o veículo passa a inativo.")
def delete_vehicle(ctx, vehicle_id):
    vehicle = get_owned(Vehicle, vehicle_id, for_update=True)
    return {"data": vehicle_dict(services.deactivate_vehicle(vehicle))}


# --- Drivers -----------------------------------------------------------------------------------

@endpoint("/drivers", "GET", query=DriverListQuery, tags=DRIVER_TAGS,
          summary="Lista motoristas (status, q), mais novos primeiro.")
def list_drivers(ctx):
    query = ctx.query
    stmt = drivers_stmt(ctx.account, status=query.status, q=query.q, columns=DRIVER_LIST_COLUMNS)
    return paginate(stmt, model=Driver, limit=query.limit, cursor=query.cursor, rows=True).envelope(driver_row)


@endpoint("/drivers", "POST", body=DriverCreate, tags=DRIVER_TAGS,
          summary="Cadastra um motorista; 409 driver_cpf_exists se o CPF já existe.")
def create_driver(ctx):
    return {"data": driver_dict(services.create_driver(ctx.company, ctx.body, actor=ctx.api_key))}


@endpoint("/drivers/bulk", "POST", body=DriverBulk, success=200, tags=DRIVER_TAGS,
          summary="Cadastra até 200 motoristas; CPFs repetidos vão para conflicts, itens inválidos para errors.")
def bulk_create_drivers(ctx):
    result = services.bulk_create_drivers(ctx.company, ctx.body.items, actor=ctx.api_key)
    return {"data": {
        "created": [driver_dict(driver) for driver in result.created],
        "conflicts": [{"index": c.index, "cpf": c.key, "existing_id": str(c.existing_id)} for c in result.conflicts],
        "errors": [{"index": e.index, "error": e.error.as_body()["error"]} for e in result.errors],
    }}


@endpoint("/drivers/<driver_id>", "GET", tags=DRIVER_TAGS, summary="Um motorista.")
def get_driver(ctx, driver_id):
    return {"data": driver_dict(get_owned(Driver, driver_id))}


@endpoint("/drivers/<driver_id>", "PATCH", body=DriverUpdate, tags=DRIVER_TAGS,
          summary="Altera os campos enviados do motorista (os da criação, todos opcionais).")
def update_driver(ctx, driver_id):
    driver = get_owned(Driver, driver_id, for_update=True)
    return {"data": driver_dict(services.update_driver(driver, ctx.body))}


@endpoint("/drivers/<driver_id>", "DELETE", tags=DRIVER_TAGS,
          summary="Exclusão lógica: o motorista passa a inativo.")
def delete_driver(ctx, driver_id):
    driver = get_owned(Driver, driver_id, for_update=True)
    return {"data": driver_dict(services.deactivate_driver(driver))}
