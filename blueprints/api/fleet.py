"""Public API: vehicles and drivers (reference: docs/api/partners-fleet.md)."""

from core.api import endpoint, tag
from core.pagination import paginate
from core.responses import ErrorCode
from core.tenancy import get_owned
from domain.fleet import services
from domain.fleet.models import Driver, Vehicle
from domain.fleet.queries import driver_listing, vehicle_listing
from domain.fleet.schemas import (
    DriverBulk,
    DriverCreate,
    DriverListQuery,
    DriverUpdate,
    VehicleCreate,
    VehicleListQuery,
    VehicleUpdate,
)
from domain.fleet.serializers import (
    DriverBulkResponse,
    DriverList,
    DriverResponse,
    VehicleList,
    VehicleResponse,
    bulk_result_dict,
    driver_dict,
    vehicle_dict,
)

VEHICLE_TAGS = (tag("frota", "Veículos da frota da empresa: cadastro, consulta, alteração e desativação."),)
DRIVER_TAGS = (tag("motoristas", "Motoristas: cadastro (um a um ou em lote), consulta, alteração e desativação."),)
PLATE_EXISTS = ErrorCode(409, "vehicle_plate_exists", "Já existe um veículo com esta placa nesta empresa.",
                         schema="ConflictError", extra={"existing_id": "0b6f7c1e-2d3a-4e5f-8a9b-c0d1e2f3a4b5"},
                         details=(("plate", "duplicate", "Placa já cadastrada."),))
DRIVER_EXISTS = ErrorCode(409, "driver_cpf_exists", "Já existe um motorista com este CPF nesta empresa.",
                          schema="ConflictError", extra={"existing_id": "1c2d3e4f-5a6b-4c7d-9e8f-a0b1c2d3e4f5"},
                          details=(("cpf", "duplicate", "CPF já cadastrado."),))




# --- Vehicles ----------------------------------------------------------------------------------

@endpoint("/vehicles", "GET", query=VehicleListQuery, tags=VEHICLE_TAGS, response=VehicleList,
          summary="Lista veículos (status, q), mais novos primeiro.")
def list_vehicles(ctx):
    query = ctx.query
    stmt = vehicle_listing(ctx.account.id, status=query.status, q=query.q)
    return paginate(stmt, model=Vehicle, limit=query.limit, cursor=query.cursor, rows=True).envelope(vehicle_dict)


@endpoint("/vehicles", "POST", body=VehicleCreate, tags=VEHICLE_TAGS, response=VehicleResponse,
          errors=(PLATE_EXISTS,),
          summary="Cadastra um veículo; 409 vehicle_plate_exists se a placa já existe.")
def create_vehicle(ctx):
    return {"data": vehicle_dict(services.create_vehicle(ctx.company, ctx.body, actor=ctx.api_key))}


@endpoint("/vehicles/<vehicle_id>", "GET", tags=VEHICLE_TAGS, response=VehicleResponse, summary="Um veículo.")
def get_vehicle(ctx, vehicle_id):
    return {"data": vehicle_dict(get_owned(Vehicle, vehicle_id))}


@endpoint("/vehicles/<vehicle_id>", "PATCH", body=VehicleUpdate, tags=VEHICLE_TAGS, response=VehicleResponse,
          errors=(PLATE_EXISTS,),
          summary="Altera os campos enviados do veículo.")
def update_vehicle(ctx, vehicle_id):
    vehicle = get_owned(Vehicle, vehicle_id, for_update=True)
    return {"data": vehicle_dict(services.update_vehicle(vehicle, ctx.body))}


@endpoint("/vehicles/<vehicle_id>", "DELETE", tags=VEHICLE_TAGS, response=VehicleResponse,
          summary="Exclusão lógica: o veículo passa a inativo.")
def delete_vehicle(ctx, vehicle_id):
    vehicle = get_owned(Vehicle, vehicle_id, for_update=True)
    return {"data": vehicle_dict(services.deactivate_vehicle(vehicle))}


# --- Drivers -----------------------------------------------------------------------------------

@endpoint("/drivers", "GET", query=DriverListQuery, tags=DRIVER_TAGS, response=DriverList,
          summary="Lista motoristas (status, q), mais novos primeiro.")
def list_drivers(ctx):
    query = ctx.query
    stmt = driver_listing(ctx.account.id, status=query.status, q=query.q)
    return paginate(stmt, model=Driver, limit=query.limit, cursor=query.cursor, rows=True).envelope(driver_dict)


@endpoint("/drivers", "POST", body=DriverCreate, tags=DRIVER_TAGS, response=DriverResponse,
          errors=(DRIVER_EXISTS,),
          summary="Cadastra um motorista; 409 driver_cpf_exists se o CPF já existe.")
def create_driver(ctx):
    return {"data": driver_dict(services.create_driver(ctx.company, ctx.body, actor=ctx.api_key))}


@endpoint("/drivers/bulk", "POST", body=DriverBulk, success=200, tags=DRIVER_TAGS, response=DriverBulkResponse,
          operation_id="bulkCreateDrivers",
          summary="Cadastra até 200 motoristas; CPFs repetidos vão para conflicts, itens inválidos para errors.")
def bulk_create_drivers(ctx):
    result = services.bulk_create_drivers(ctx.company, ctx.body.items, actor=ctx.api_key)
    return {"data": bulk_result_dict(result)}


@endpoint("/drivers/<driver_id>", "GET", tags=DRIVER_TAGS, response=DriverResponse, summary="Um motorista.")
def get_driver(ctx, driver_id):
    return {"data": driver_dict(get_owned(Driver, driver_id))}


@endpoint("/drivers/<driver_id>", "PATCH", body=DriverUpdate, tags=DRIVER_TAGS, response=DriverResponse,
          errors=(DRIVER_EXISTS,),
          summary="Altera os campos enviados do motorista (os da criação, todos opcionais).")
def update_driver(ctx, driver_id):
    driver = get_owned(Driver, driver_id, for_update=True)
    return {"data": driver_dict(services.update_driver(driver, ctx.body))}


@endpoint("/drivers/<driver_id>", "DELETE", tags=DRIVER_TAGS, response=DriverResponse,
          summary="Exclusão lógica: o motorista passa a inativo.")
def delete_driver(ctx, driver_id):
    driver = get_owned(Driver, driver_id, for_update=True)
    return {"data": driver_dict(services.deactivate_driver(driver))}
