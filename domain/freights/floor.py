"""The ANTT floor of a freight (domain.antt_floor): computed when the freight is saved, from its optional inputs
`distance_km`, `loaded_axles`, `antt_table` (A when absent) and a `cargo_type` naming one of the floor's 12 cargo
types, on the pickup day (Brasília; today when there is none). Stored on the freight so lists and offers compare
prices without reading the tables again. A price below it is flagged, never refused (docs/antt-floor.md)."""
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from core.validators import fold
from domain.antt_floor.catalog import CARGO_TYPES
from domain.antt_floor.services import FloorUnavailable, floor_for

BRASILIA = ZoneInfo("America/Sao_Paulo")
_CARGO_NAMES = {fold(name): key for key, (_code, label) in CARGO_TYPES.items()
                for name in (key.replace("_", " "), label, str(_code))}


def floor_cargo_type(cargo_type: str | None) -> str | None:
    """The floor's cargo type a freight's free-text `cargo_type` names ("Carga geral", "carga_geral", "5"), or None."""
    if not cargo_type:
        return None
    return _CARGO_NAMES.get(fold(cargo_type.replace("_", " ")))


def floor_day(pickup_at: datetime | None):
    moment = pickup_at.replace(tzinfo=ZoneInfo("UTC")) if pickup_at else datetime.now(ZoneInfo("UTC"))
    return moment.astimezone(BRASILIA).date()


def refresh_antt_floor(freight) -> None:
    """Recompute the stored floor from the freight's inputs (None when one is missing or has no figure)."""
    freight.antt_floor = freight.antt_floor_act = None
    cargo = floor_cargo_type(freight.cargo_type)
    if cargo is None or freight.distance_km is None or freight.loaded_axles is None:
        return
    try:
        floor = floor_for(on_date=floor_day(freight.pickup_at), table=freight.antt_table or "A", cargo_type=cargo,
                          loaded_axles=freight.loaded_axles, distance_km=freight.distance_km)
    except FloorUnavailable:
        return
    freight.antt_floor, freight.antt_floor_act = floor.value, floor.act.name


def below(price, floor) -> bool | None:
    """True/False when both are known, else None."""
    if price is None or floor is None:
        return None
    return Decimal(str(price)) < Decimal(str(floor))
