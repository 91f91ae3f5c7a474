"""Request models of vehicles and drivers, shared by the API, the pages and the spreadsheet import."""
import re
from datetime import date
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field

from core import validators as v
from core.errors import FieldError
from core.schemas import E164, CpfDigits, ListQuery, Plate, RequestModel, validate_data
from domain.common import optional, text
from domain.fleet.models import CNH_CATEGORIES, DRIVER_STATUSES, VEHICLE_STATUSES

MAX_BULK_ITEMS = 200

VehicleStatus = Literal[VEHICLE_STATUSES]
DriverStatus = Literal[DRIVER_STATUSES]
CnhCategory = Literal[CNH_CATEGORIES]


def renavam_check_digit(first10: str) -> int:
    total = sum(int(d) * w for d, w in zip(reversed(first10), (2, 3, 4, 5, 6, 7, 8, 9, 2, 3), strict=False))
    rest = (total * 10) % 11
    return 0 if rest == 10 else rest


def clean_renavam(value: str) -> str:
    digits = v.strip_punctuation(value)
    if not re.fullmatch(r"\d{9}|\d{11}", digits):
        raise v.FieldInvalid("RENAVAM deve ter 11 dígitos (ou 9, no formato antigo).", "invalid_format")
    digits = digits.zfill(11)
    if len(set(digits)) == 1 or renavam_check_digit(digits[:10]) != int(digits[10]):
        raise v.FieldInvalid("RENAVAM inválido (dígito verificador não confere).", "invalid_check_digit")
    return digits


def _sensible_year(year: int) -> int:
    latest = date.today().year + 1  # noqa: DTZ011  a year bound: the server's date is close enough
    if not 1950 <= year <= latest:
        raise v.FieldInvalid(f"Ano de fabricação deve estar entre 1950 e {latest}.", "invalid_year")
    return year


def clean_cnh_number(value: str) -> str:
    digits = v.strip_punctuation(value)
    if not re.fullmatch(r"\d{11}", digits):
        raise v.FieldInvalid("Número da CNH (registro) deve ter 11 dígitos.", "invalid_format")
    return digits


Renavam = Annotated[str, Field(max_length=20), AfterValidator(clean_renavam)]
Year = Annotated[int, AfterValidator(_sensible_year)]
CapacityKg = Annotated[Decimal, Field(ge=0, le=Decimal("9999999999.99"), max_digits=12, decimal_places=2)]
Axles = Annotated[int, Field(ge=1, le=10)]
CnhNumber = Annotated[str, Field(max_length=20), AfterValidator(clean_cnh_number)]
Name = text(200, 1)


# --- Vehicles ----------------------------------------------------------------------------------

class VehicleListQuery(ListQuery):
    """GET /vehicles and the vehicles page: filters of the list."""
    status: VehicleStatus | None = None
    q: str | None = Field(default=None, max_length=100)


class DriverListQuery(ListQuery):
    """GET /drivers and the drivers page: filters of the list."""
    status: DriverStatus | None = None
    q: str | None = Field(default=None, max_length=100)


class VehicleUpdate(RequestModel):
    """PATCH body: any subset of the vehicle's fields. A sent `null` clears an optional field; the required
    ones (typed without `| None`) refuse it."""
    plate: Plate = None
    vehicle_type: optional(text(40)) = None
    renavam: optional(Renavam) = None
    brand: optional(text(60)) = None
    model: optional(text(60)) = None
    year: optional(Year) = None
    capacity_kg: optional(CapacityKg) = None
    axles: optional(Axles) = None
    status: VehicleStatus = None
    notes: optional(text(2000)) = None


class VehicleCreate(VehicleUpdate):
    plate: Plate
    status: VehicleStatus = "ativo"


VEHICLE_FIELDS = tuple(VehicleUpdate.model_fields)


def validate_vehicle_row(data: dict) -> tuple[VehicleCreate | None, list[FieldError]]:
    """One vehicle (a spreadsheet line, a form) checked with the API's rules, without raising."""
    return validate_data(VehicleCreate, data)


# --- Drivers -----------------------------------------------------------------------------------

class DriverUpdate(RequestModel):
    """PATCH body: the creation fields, all optional. A sent `null` clears an optional field; the required
    ones (typed without `| None`) refuse it."""
    name: Name = None
    phone: E164 = None
    cpf: CpfDigits = None
    cnh_number: optional(CnhNumber) = None
    cnh_category: optional(CnhCategory) = None
    cnh_expires_at: optional(date) = None
    has_mopp: bool = None
    status: DriverStatus = None


class DriverCreate(DriverUpdate):
    name: Name
    phone: E164
    cpf: CpfDigits
    has_mopp: bool = False
    status: DriverStatus = "ativo"


DRIVER_FIELDS = tuple(DriverUpdate.model_fields)


class DriverBulk(RequestModel):
    """`{items: [Driver, ...]}`: each item is checked on its own, so one bad item never stops the batch."""
    items: Annotated[list[Any], Field(min_length=1, max_length=MAX_BULK_ITEMS)]


def validate_driver_row(data: dict) -> tuple[DriverCreate | None, list[FieldError]]:
    """One driver (a bulk item, a spreadsheet line, a form) checked with the API's rules, without raising."""
    return validate_data(DriverCreate, data)
