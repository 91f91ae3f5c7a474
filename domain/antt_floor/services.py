"""The area's entry point: the floor calculator, the price check and the import of acts."""
from domain.antt_floor.calculator import (  # noqa: F401
    FloorAct,
    FloorCheck,
    FloorPiece,
    FloorResult,
    FloorUnavailable,
    check_price_against_floor,
    floor_for,
)
from domain.antt_floor.catalog import CARGO_TYPES, TABLES, table_for  # noqa: F401
from domain.antt_floor.queries import acts  # noqa: F401
