"""The ANTT floor of a freight (domain.antt_floor): computed when the freight is saved, from its optional inputs
`distance_km`, `loaded_axles`, `antt_table` (A when absent) and a `cargo_type` naming one of the floor's 12 cargo
types, on the pickup day (Brasília; today when there is none). Stored on the freight so lists and offers compare
prices without reading the tables again. A price below it is flagged on the freight and on every offer and
counter-offer, and it cannot be published to the marketplace (`check_publishable`; docs/antt-floor.md)."""
from datetime import datetime
from decimal import Decimal
from functools import lru_cache

from core.clock import brasilia_date, brasilia_today
from core.errors import FieldError, Unprocessable
from core.formatting import money
from core.validators import fold
from domain.antt_floor.catalog import CARGO_TYPES
from domain.antt_floor.services import FloorUnavailable, floor_for

_CARGO_NAMES = {fold(name): key for key, (_code, label) in CARGO_TYPES.items()
                for name in (key.replace("_", " "), label, str(_code))}


# Remembered per text: a list asks it for every row (floor_pending), and a company's freights repeat a few texts;
# folding one (Unicode decomposition, a regular expression) cost more than the rest of the row's floor fields.
@lru_cache(maxsize=1024)
def floor_cargo_type(cargo_type: str | None) -> str | None:
    """The floor's cargo type a freight's free-text `cargo_type` names ("Carga geral", "carga_geral", "5"), or None."""
    if not cargo_type:
        return None
    return _CARGO_NAMES.get(fold(cargo_type.replace("_", " ")))


def floor_day(pickup_at: datetime | None):
    return brasilia_date(pickup_at) if pickup_at else brasilia_today()


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


NO_CARGO_TYPE = "piso não calculado: informe o tipo de carga"


def floor_pending(freight) -> str | None:
    """Why a freight has no floor (pt-BR, for the record and the page instead of a dash), or None when it has one:
    a cargo type that is none of the floor's 12 names it first, then the missing distance or loaded axles."""
    if getattr(freight, "antt_floor", None) is not None:
        return None
    if floor_cargo_type(freight.cargo_type) is None:
        return NO_CARGO_TYPE + " (um dos 12 tipos das tabelas da ANTT)"
    missing = [label for value, label in ((freight.distance_km, "a distância"),
                                          (freight.loaded_axles, "os eixos carregados")) if value is None]
    if missing:
        return f"piso não calculado: informe {' e '.join(missing)}"
    return "piso não calculado: as tabelas da ANTT não têm coeficiente para estes eixos e tipo de carga"


def check_publishable(freight) -> None:
    """A public freight (the marketplace) may not offer a price below the ANTT floor (Lei 13.703/2018): 422
    `below_antt_floor` naming the price, the floor and the act. A private one keeps only the flag."""
    if freight.visibility != "publico" or not below(freight.price, freight.antt_floor):
        return
    message = (f"O valor do frete ({money(freight.price)}) está abaixo do piso mínimo da ANTT de "
               f"{money(freight.antt_floor)} ({freight.antt_floor_act}): um frete abaixo do piso não pode ser "
               "publicado no marketplace (Lei 13.703/2018). Ajuste o valor ou mantenha o frete privado.")
    raise Unprocessable(message, code="below_antt_floor",
                        details=[FieldError("price", "below_antt_floor", message)],
                        extra={"antt_floor": float(freight.antt_floor), "act": freight.antt_floor_act})
