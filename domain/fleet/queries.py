"""Read-side queries of vehicles and drivers (statements for lists, lookups by natural key)."""
import re

import sqlalchemy as sa

from core.db import db
from core.tenancy import company_select
from core.validators import strip_punctuation
from domain.common import like_pattern
from domain.fleet.models import Driver, Vehicle
from domain.fleet.schemas import DRIVER_FIELDS, VEHICLE_FIELDS

# Lists select only these columns and use the rows (no ORM objects to build for a read-only page); the API's
# serialisers read rows and objects alike, so a list item and a single record look the same.
VEHICLE_LIST_COLUMNS = (Vehicle.id, *(getattr(Vehicle, name) for name in VEHICLE_FIELDS), Vehicle.created_at,
                        Vehicle.updated_at)
DRIVER_LIST_COLUMNS = (Driver.id, *(getattr(Driver, name) for name in DRIVER_FIELDS), Driver.created_at,
                       Driver.updated_at)


def vehicles_stmt(company, *, status: str | None = None, q: str | None = None, columns=None):
    """The company's vehicles; `q` matches part of the plate (any case, hyphen ignored), brand or model.
    `columns`: select these columns of Vehicle instead of whole objects (read-only lists)."""
    stmt = company_select(Vehicle, company.id, *(columns or ()))
    if status:
        stmt = stmt.where(Vehicle.status == status)
    if q:
        plate = re.sub(r"[\s\-]", "", q).upper()
        conditions = [sa.func.lower(Vehicle.brand).like(like_pattern(q.lower()), escape="\\"),
                      sa.func.lower(Vehicle.model).like(like_pattern(q.lower()), escape="\\")]
        if plate:
            conditions.append(Vehicle.plate.like(like_pattern(plate), escape="\\"))
        stmt = stmt.where(sa.or_(*conditions))
    return stmt


def drivers_stmt(company, *, status: str | None = None, q: str | None = None, columns=None):
    """The company's drivers; `q` matches part of the name (any case) or the start of the CPF.
    `columns`: select these columns of Driver instead of whole objects (read-only lists)."""
    stmt = company_select(Driver, company.id, *(columns or ()))
    if status:
        stmt = stmt.where(Driver.status == status)
    if q:
        conditions = [sa.func.lower(Driver.name).like(like_pattern(q.lower()), escape="\\")]
        digits = strip_punctuation(q)
        if digits.isdigit():
            conditions.append(Driver.cpf.like(digits + "%"))
        stmt = stmt.where(sa.or_(*conditions))
    return stmt


def vehicle_ids_by_plate(plates) -> dict[str, object]:
    """{plate: id} of the company's vehicles among `plates`, in one query."""
    return _ids_by(Vehicle, Vehicle.plate, plates)


def axles_by_plate(plates) -> dict[str, int]:
    """{plate: axles} of the company's vehicles among `plates` whose axles are registered, in one query."""
    plates = sorted(set(plates))
    if not plates:
        return {}
    rows = db.session.execute(db.select(Vehicle.plate, Vehicle.axles).where(
        Vehicle.plate.in_(plates), Vehicle.axles.is_not(None)))
    return dict(rows.all())


def driver_ids_by_cpf(cpfs) -> dict[str, object]:
    """{cpf: id} of the company's drivers among `cpfs`, in one query."""
    return _ids_by(Driver, Driver.cpf, cpfs)


def _ids_by(model, column, values) -> dict[str, object]:
    values = sorted(set(values))
    if not values:
        return {}
    rows = db.session.execute(db.select(column, model.id).where(column.in_(values)))
    return dict(rows.all())
