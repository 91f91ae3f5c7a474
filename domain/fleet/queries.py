"""Read-side queries of vehicles and drivers (statements for lists, lookups by natural key)."""
import functools
import re

import sqlalchemy as sa

from core.db import db
from core.pagination import Listing, TextSearch
from core.tenancy import company_rows
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
# A list search's first read (core.pagination.TextSearch): the newest rows, where a term on one row in ten fills a
# page; a fleet holds thousands at most, so fewer than the CIOT operations' window.
SEARCH_WINDOW = 500
CPF_DIGITS = 11


def vehicles_stmt(company, *, status: str | None = None, q: str | None = None, columns=None):
    """The company's vehicles (whole objects, or these columns) as a Select, filtered as `vehicle_listing`."""
    return vehicle_listing(company.id, status=status, q=q, columns=columns or ()).select()


def vehicle_listing(company_id, *, status: str | None = None, q: str | None = None,
                    columns=VEHICLE_LIST_COLUMNS) -> Listing:
    """The company's vehicles (rows of `columns`); `q` matches part of the plate (any case, hyphen ignored), brand
    or model (read as core.pagination.TextSearch says: `columns` must hold plate, brand and model)."""
    plate = re.sub(r"[\s\-]", "", q or "").upper()
    params = {"company_id": company_id, "status": status, "q": like_pattern(q.lower()) if q else None,
              "plate": like_pattern(plate) if plate else None}
    shape = (bool(status), tuple(columns))
    if not q:
        return Listing(_vehicles, shape, params)
    base, match = _vehicles(*shape), functools.partial(_vehicle_match, bool(plate))
    return Listing(_vehicles, shape, params, TextSearch(base, match, SEARCH_WINDOW, base.where(match(Vehicle))))


def _vehicles(status: bool, columns: tuple) -> sa.Select:
    # The statement of this filter shape, values bound at execution (core.pagination.Listing).
    stmt = company_rows(Vehicle, *columns)
    if status:
        stmt = stmt.where(Vehicle.status == sa.bindparam("status"))
    return stmt


def _vehicle_match(plate: bool, columns) -> sa.ColumnElement:
    """`q` in the brand or model (lower case), or the plate's part `plate`, of `columns` (the model or a subquery's
    `.c`): each expression as ix_vehicles_search_trgm indexes it."""
    term = sa.bindparam("q")
    conditions = [sa.func.lower(columns.brand).like(term, escape="\\"),
                  sa.func.lower(columns.model).like(term, escape="\\")]
    if plate:
        conditions.append(columns.plate.like(sa.bindparam("plate"), escape="\\"))
    return sa.or_(*conditions)


def drivers_stmt(company, *, status: str | None = None, q: str | None = None, columns=None):
    """The company's drivers (whole objects, or these columns) as a Select, filtered as `driver_listing`."""
    return driver_listing(company.id, status=status, q=q, columns=columns or ()).select()


def driver_listing(company_id, *, status: str | None = None, q: str | None = None,
                   columns=DRIVER_LIST_COLUMNS) -> Listing:
    """The company's drivers (rows of `columns`); `q` matches part of the name (any case) or the start of the CPF
    (read as core.pagination.TextSearch says: `columns` must hold name and cpf)."""
    digits = strip_punctuation(q or "")
    by_cpf = bool(q) and digits.isdigit()
    # A CPF is stored as its 11 digits: those starting with `digits` are a range of (company_id, cpf), which a LIKE
    # prefix is not under a non-C collation (the search then read every driver of the table).
    params = {"company_id": company_id, "status": status, "q": like_pattern(q.lower()) if q else None,
              "cpf_from": digits.ljust(CPF_DIGITS, "0") if by_cpf else None,
              "cpf_to": digits.ljust(CPF_DIGITS, "9") if by_cpf else None}
    shape = (bool(status), tuple(columns))
    if not q:
        return Listing(_drivers, shape, params)
    base, match = _drivers(*shape), functools.partial(_driver_match, by_cpf)
    return Listing(_drivers, shape, params, TextSearch(base, match, SEARCH_WINDOW, base.where(match(Driver))))


def _drivers(status: bool, columns: tuple) -> sa.Select:
    stmt = company_rows(Driver, *columns)
    if status:
        stmt = stmt.where(Driver.status == sa.bindparam("status"))
    return stmt


def _driver_match(by_cpf: bool, columns) -> sa.ColumnElement:
    """`q` in the name (lower case, as ix_drivers_search_trgm indexes it), or the CPF in [cpf_from, cpf_to]."""
    conditions = [sa.func.lower(columns.name).like(sa.bindparam("q"), escape="\\")]
    if by_cpf:
        conditions.append(columns.cpf.between(sa.bindparam("cpf_from"), sa.bindparam("cpf_to")))
    return sa.or_(*conditions)


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
