"""Business actions on vehicles and drivers. Each validates, flushes and leaves the commit to the caller.

Vehicles are unique by plate and drivers by CPF within a company: a duplicate is a 409 carrying the
existing record's id, checked before writing and enforced by a unique constraint (a concurrent insert that
wins the race gives the same 409). Bulk creation (the API's /drivers/bulk, the spreadsheet import) reads the
existing keys in one query and inserts every new record in one flush.
"""
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from core.db import db, flush_unique
from core.errors import AppError, Conflict, FieldError, InvalidBody
from domain.common import actor_user_id, apply_changes, invalid_body, missing_required, raise_invalid, sent_of
from domain.fleet.models import Driver, Vehicle
from domain.fleet.queries import driver_ids_by_cpf, vehicle_ids_by_plate
from domain.fleet.schemas import (
    DRIVER_FIELDS,
    MAX_BULK_ITEMS,
    VEHICLE_FIELDS,
    DriverCreate,
    DriverUpdate,
    VehicleCreate,
    VehicleUpdate,
    validate_driver_row,
    validate_vehicle_row,
)


def vehicle_conflict(existing_id) -> Conflict:
    return Conflict("Já existe um veículo com esta placa nesta empresa.", code="vehicle_plate_exists",
                    details=[FieldError("plate", "duplicate", "Placa já cadastrada.")],
                    extra={"existing_id": str(existing_id)})


def driver_conflict(existing_id) -> Conflict:
    return Conflict("Já existe um motorista com este CPF nesta empresa.", code="driver_cpf_exists",
                    details=[FieldError("cpf", "duplicate", "CPF já cadastrado.")],
                    extra={"existing_id": str(existing_id)})


@dataclass(frozen=True)
class _Kind:
    model: type
    key: str                                   # the natural key, unique per company
    fields: tuple
    lookup: Callable                           # (keys) -> {key: id} among the company's records
    conflict: Callable                         # existing_id -> Conflict
    validate_row: Callable                     # dict -> (model | None, [FieldError])


VEHICLES = _Kind(Vehicle, "plate", VEHICLE_FIELDS, vehicle_ids_by_plate, vehicle_conflict, validate_vehicle_row)
DRIVERS = _Kind(Driver, "cpf", DRIVER_FIELDS, driver_ids_by_cpf, driver_conflict, validate_driver_row)


@dataclass
class BulkConflict:
    index: int
    key: str            # the plate or CPF
    existing_id: uuid.UUID  # the registered record, or the one created from an earlier item of the same batch


@dataclass
class BulkError:
    index: int
    error: AppError     # InvalidBody with details naming the item's fields


@dataclass
class BulkResult:
    created: list = field(default_factory=list)
    conflicts: list[BulkConflict] = field(default_factory=list)
    errors: list[BulkError] = field(default_factory=list)


# --- Vehicles ----------------------------------------------------------------------------------

def create_vehicle(company, data: VehicleCreate, *, actor=None) -> Vehicle:
    return _create(VEHICLES, company, data, actor)


def update_vehicle(vehicle: Vehicle, data: VehicleUpdate, sent_fields=None) -> Vehicle:
    return _update(VEHICLES, vehicle, data, sent_fields)


def deactivate_vehicle(vehicle: Vehicle) -> Vehicle:
    """Soft delete: status `inativo` (idempotent)."""
    return _deactivate(vehicle)


def bulk_create_vehicles(company, items: Sequence, *, actor=None) -> BulkResult:
    """Raw dicts (spreadsheet rows): valid ones created, duplicate plates in `conflicts`, invalid in `errors`."""
    return _bulk_create(VEHICLES, company, items, actor)


# --- Drivers -----------------------------------------------------------------------------------

def create_driver(company, data: DriverCreate, *, actor=None) -> Driver:
    return _create(DRIVERS, company, data, actor)


def update_driver(driver: Driver, data: DriverUpdate, sent_fields=None) -> Driver:
    return _update(DRIVERS, driver, data, sent_fields)


def deactivate_driver(driver: Driver) -> Driver:
    """Soft delete: status `inativo` (idempotent)."""
    return _deactivate(driver)


def bulk_create_drivers(company, items: Sequence, *, actor=None) -> BulkResult:
    """Raw dicts (API bulk items, spreadsheet rows): valid ones created, CPFs already registered or repeated
    in the batch in `conflicts`, invalid items in `errors`; none of them stops the batch."""
    return _bulk_create(DRIVERS, company, items, actor)


# --- The shared mechanics ----------------------------------------------------------------------

def _create(kind: _Kind, company, data, actor):
    key = getattr(data, kind.key)
    _raise_if_taken(kind, key)
    record = kind.model(id=uuid.uuid4(), company_id=company.id, created_by_user_id=actor_user_id(actor),
                        **data.model_dump())
    flush_unique(lambda: db.session.add(record), lambda: _taken(kind, key))
    return record


def _update(kind: _Kind, record, data, sent_fields):
    sent = sent_of(data, sent_fields, kind.fields)
    changes = {name: getattr(data, name) for name in sent}
    raise_invalid(missing_required(record, changes))
    key = changes.get(kind.key, getattr(record, kind.key))
    if key != getattr(record, kind.key):
        _raise_if_taken(kind, key, exclude_id=record.id)
    flush_unique(lambda: apply_changes(record, changes),
                 lambda: _taken(kind, key, exclude_id=record.id))
    return record


def _deactivate(record):
    if record.status != "inativo":
        record.status = "inativo"
        db.session.flush()
    return record


def _taken(kind: _Kind, key, *, exclude_id=None) -> Conflict | None:
    existing = kind.lookup([key]).get(key)
    if existing is None or existing == exclude_id:
        return None
    return kind.conflict(existing)


def _raise_if_taken(kind: _Kind, key, *, exclude_id=None) -> None:
    conflict = _taken(kind, key, exclude_id=exclude_id)
    if conflict is not None:
        raise conflict


class _RaceLost(Exception):
    """A concurrent request inserted one of the batch's keys between our read and our flush."""


def _bulk_create(kind: _Kind, company, items: Sequence, actor) -> BulkResult:
    if len(items) > MAX_BULK_ITEMS:
        raise InvalidBody.for_field("items", f"Envie no máximo {MAX_BULK_ITEMS} itens.", "too_long")
    result = BulkResult()
    valid = []
    for index, item in enumerate(items):
        if isinstance(item, dict):
            data, details = kind.validate_row(item)
        else:
            data, details = None, [FieldError("item", "dict_type", "Cada item deve ser um objeto.")]
        if data is None:
            result.errors.append(BulkError(index, invalid_body(details)))
        else:
            valid.append((index, data))
    user_id = actor_user_id(actor)
    for _attempt in range(3):
        known = kind.lookup([getattr(data, kind.key) for _, data in valid])  # one query
        result.created, result.conflicts = [], []
        for index, data in valid:
            key = getattr(data, kind.key)
            if key in known:
                result.conflicts.append(BulkConflict(index, key, known[key]))
                continue
            record = kind.model(id=uuid.uuid4(), company_id=company.id, created_by_user_id=user_id,
                                **data.model_dump())
            known[key] = record.id
            result.created.append(record)
        try:
            flush_unique(lambda: db.session.add_all(result.created), _RaceLost)  # one flush
        except _RaceLost:
            continue  # read the keys again: the racing rows are now conflicts
        return result
    raise Conflict("Cadastros concorrentes impediram o lote; tente novamente.", code="conflict")
