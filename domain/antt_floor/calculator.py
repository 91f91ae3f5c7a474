"""The floor of one trip: `distance_km × CCD + CC` of the act in force on the date, for a table, a cargo type and a
number of loaded axles, plus the empty return and the tolls where they apply (docs/antt-floor.md).

Stable interface (other areas call these): `floor_for`, `check_price_against_floor`, `FloorResult`, `FloorCheck`,
`FloorUnavailable`, `table_for` (domain.antt_floor.catalog)."""
from dataclasses import dataclass
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

import sqlalchemy as sa

from core.db import db
from core.errors import FieldError, Unprocessable
from core.formatting import decimal as fmt_decimal
from core.formatting import money
from domain.antt_floor.catalog import (
    CARGO_TYPE_BY_CODE,
    CARGO_TYPES,
    CONTAINER_CARGO_TYPES,
    EMPTY_RETURN_SHARE,
    TABLES,
    cargo_label,
)
from domain.antt_floor.models import AnttFloorAct, AnttFloorCoefficient

CENTAVO = Decimal("0.01")


class FloorUnavailable(Unprocessable):
    """No floor for these inputs (no coefficient for the axles, unknown cargo type or table, no act in force):
    422 naming the field; `extra.valid_axles` lists the axle counts that have a coefficient when that is the cause."""
    code, message = "antt_floor_unavailable", "Não há piso mínimo da ANTT para os dados informados."

    def __init__(self, field: str, reason: str, message: str, **extra):
        super().__init__(message, details=[FieldError(field, reason, message)], extra=extra)
        self.field, self.reason = field, reason


@dataclass(frozen=True)
class FloorAct:
    name: str
    starts_on: date


@dataclass(frozen=True)
class FloorPiece:
    """One line of the explanation: what it is, how it was computed, its value (to the centavo, for display)."""
    key: str
    label: str
    formula: str
    value: Decimal


@dataclass(frozen=True)
class FloorResult:
    value: Decimal  # the floor, half-up to centavos once, at the end
    ccd: Decimal  # R$/km
    cc: Decimal  # R$
    act: FloorAct
    table: str
    cargo_type: str
    loaded_axles: int
    distance_km: Decimal
    empty_return: bool
    return_distance_km: Decimal | None
    tolls: Decimal | None
    pieces: tuple[FloorPiece, ...]

    @property
    def table_label(self) -> str:
        return TABLES[self.table]

    @property
    def cargo_label(self) -> str:
        return cargo_label(self.cargo_type)

    @property
    def source(self) -> str:
        return f"{self.act.name}, em vigor desde {self.act.starts_on:%d/%m/%Y}"

    def as_dict(self) -> dict:
        """JSON-ready: numbers as floats (money 2 places, coefficients 4), dates ISO."""
        return {
            "value": float(self.value), "ccd": float(self.ccd), "cc": float(self.cc),
            "act": {"name": self.act.name, "starts_on": self.act.starts_on.isoformat()},
            "table": self.table, "cargo_type": self.cargo_type, "loaded_axles": self.loaded_axles,
            "distance_km": float(self.distance_km), "empty_return": self.empty_return,
            "return_distance_km": None if self.return_distance_km is None else float(self.return_distance_km),
            "tolls": None if self.tolls is None else float(self.tolls),
        }


@dataclass(frozen=True)
class FloorCheck:
    price: Decimal
    floor: FloorResult

    @property
    def below(self) -> bool:
        return self.price < self.floor.value

    @property
    def shortfall(self) -> Decimal:
        return max(self.floor.value - self.price, Decimal(0))

    def message(self, subject: str = "Valor") -> str:
        floor = self.floor
        return (f"{subject} {money(self.price)} abaixo do piso mínimo da ANTT de {money(floor.value)} "
                f"({floor.act.name}, tabela {floor.table}, {floor.cargo_label}, {floor.loaded_axles} eixos "
                f"carregados, {fmt_decimal(floor.distance_km, 2)} km).")


def floor_for(*, on_date: date, table: str, cargo_type: str | int, loaded_axles: int, distance_km,
              empty_return: bool = False, return_distance_km=None, tolls=None,
              fields: dict[str, str] | None = None) -> FloorResult:
    """The ANTT floor of a trip. `cargo_type` is a key of `CARGO_TYPES` or its number (1–12, the CIOT
    `codigo_tipo_carga`). The empty return (92 % × CCD × return km, return km defaulting to the outbound distance)
    is added when `empty_return` is true and always for containers, where the law makes it mandatory; `tolls`
    are added on top. `fields` renames the parameters in errors to the caller's field names
    (e.g. `{"loaded_axles": "eixos"}`). Raises FloorUnavailable (422)."""
    names = {**{key: key for key in ("on_date", "table", "cargo_type", "loaded_axles", "distance_km",
                                     "return_distance_km", "tolls")}, **(fields or {})}
    day = on_date.date() if isinstance(on_date, datetime) else on_date
    table = _checked_table(table, names["table"])
    cargo = _checked_cargo_type(cargo_type, names["cargo_type"])
    distance = _positive(distance_km, names["distance_km"], "a distância em km")
    ccd, cc, act = _lookup(day, table, cargo, loaded_axles, names)
    empty_return = bool(empty_return) or cargo in CONTAINER_CARGO_TYPES
    back = None
    if empty_return:
        back = (distance if return_distance_km is None
                else _positive(return_distance_km, names["return_distance_km"], "a distância de retorno em km"))
    toll = None if tolls in (None, "") else _not_negative(tolls, names["tolls"])
    pieces = _pieces(ccd, cc, distance, back, toll, cargo)
    exact = sum((piece.exact for piece in pieces), Decimal(0))
    return FloorResult(
        value=exact.quantize(CENTAVO, rounding=ROUND_HALF_UP), ccd=ccd, cc=cc, act=act, table=table,
        cargo_type=cargo, loaded_axles=int(loaded_axles), distance_km=distance, empty_return=empty_return,
        return_distance_km=back, tolls=toll, pieces=tuple(piece.shown for piece in pieces))


def check_price_against_floor(price, *, on_date: date | None, table: str | None, cargo_type: str | int | None,
                              loaded_axles: int | None, distance_km, empty_return: bool = False,
                              return_distance_km=None, tolls=None) -> FloorCheck | None:
    """The price against the floor, or None when the data the floor needs is not known (a missing input, or inputs
    the tables have no figure for): a price check informs, it never refuses the price."""
    if price is None or None in (on_date, table, cargo_type, loaded_axles, distance_km):
        return None
    try:
        floor = floor_for(on_date=on_date, table=table, cargo_type=cargo_type, loaded_axles=loaded_axles,
                          distance_km=distance_km, empty_return=empty_return,
                          return_distance_km=return_distance_km, tolls=tolls)
    except FloorUnavailable:
        return None
    return FloorCheck(price=Decimal(str(price)), floor=floor)


# --- inputs ------------------------------------------------------------------------------------------------

def _checked_table(table, field: str) -> str:
    code = str(table or "").strip().upper()
    if code not in TABLES:
        raise FloorUnavailable(field, "unknown_table", f"Tabela '{table}' não existe: use A, B, C ou D.",
                               valid_tables=list(TABLES))
    return code


def _checked_cargo_type(cargo_type, field: str) -> str:
    if isinstance(cargo_type, int) and not isinstance(cargo_type, bool):
        key = CARGO_TYPE_BY_CODE.get(cargo_type)
    else:
        key = str(cargo_type or "").strip()
        key = CARGO_TYPE_BY_CODE.get(int(key)) if key.isdigit() else key
    if key not in CARGO_TYPES:
        raise FloorUnavailable(field, "unknown_cargo_type",
                               f"Tipo de carga '{cargo_type}' não existe nas tabelas do piso: use um de "
                               f"{', '.join(CARGO_TYPES)} (ou o número de 1 a 12).",
                               valid_cargo_types=list(CARGO_TYPES))
    return key


def _as_decimal(value, field: str, what: str) -> Decimal:
    try:
        amount = value if isinstance(value, Decimal) else Decimal(str(value))
    except (InvalidOperation, ValueError):
        raise FloorUnavailable(field, "invalid", f"Informe {what} como número.") from None
    if not amount.is_finite():
        raise FloorUnavailable(field, "invalid", f"Informe {what} como número.")
    return amount


def _positive(value, field: str, what: str) -> Decimal:
    amount = _as_decimal(value, field, what)
    if amount <= 0:
        raise FloorUnavailable(field, "invalid", f"Informe {what}, maior que zero.")
    return amount


def _not_negative(value, field: str) -> Decimal:
    amount = _as_decimal(value, field, "o pedágio em R$")
    if amount < 0:
        raise FloorUnavailable(field, "invalid", "O pedágio não pode ser negativo.")
    return amount


# --- data ----------------------------------------------------------------------------------------------------

_ACTS, _COEFFICIENTS = AnttFloorAct.__table__, AnttFloorCoefficient.__table__
# One statement, built once: the coefficient of the act in force on :day. Run on the session's connection (platform
# data: no tenant filter to add), it costs one round trip; the reason of a miss is looked up only then.
_FLOOR = (sa.select(_COEFFICIENTS.c.ccd, _COEFFICIENTS.c.cc, _ACTS.c.name, _ACTS.c.starts_on)
          .join(_ACTS, _ACTS.c.id == _COEFFICIENTS.c.act_id)
          .where(_ACTS.c.starts_on == sa.select(sa.func.max(_ACTS.c.starts_on))
                 .where(_ACTS.c.starts_on <= sa.bindparam("day")).scalar_subquery(),
                 _COEFFICIENTS.c.table_code == sa.bindparam("table"),
                 _COEFFICIENTS.c.cargo_type == sa.bindparam("cargo"),
                 _COEFFICIENTS.c.axles == sa.bindparam("axles")))


def _lookup(day: date, table: str, cargo: str, loaded_axles, names: dict):
    if isinstance(loaded_axles, int) and not isinstance(loaded_axles, bool):
        row = db.session.connection().execute(
            _FLOOR, {"day": day, "table": table, "cargo": cargo, "axles": loaded_axles}).first()
        if row is not None:
            return row.ccd, row.cc, FloorAct(row.name, row.starts_on)
    act_id, act = _act_in_force(day, names["on_date"])
    return (*_coefficients(act_id, act, table, cargo, loaded_axles, names["loaded_axles"]), act)

def _act_in_force(day: date, field: str):
    row = db.session.execute(
        sa.select(AnttFloorAct.id, AnttFloorAct.name, AnttFloorAct.starts_on)
        .where(AnttFloorAct.starts_on <= day).order_by(AnttFloorAct.starts_on.desc()).limit(1)).first()
    if row is None:
        first = db.session.execute(sa.select(sa.func.min(AnttFloorAct.starts_on))).scalar()
        since = f" (o primeiro ato cadastrado vale desde {first:%d/%m/%Y})" if first else ""
        raise FloorUnavailable(field, "no_act_in_force",
                               f"Nenhum ato da ANTT com piso mínimo em vigor em {day:%d/%m/%Y}{since}.")
    return row.id, FloorAct(row.name, row.starts_on)


def _coefficients(act_id, act: FloorAct, table: str, cargo: str, loaded_axles, field: str):
    columns = AnttFloorCoefficient
    where = (columns.act_id == act_id, columns.table_code == table, columns.cargo_type == cargo)
    axles = loaded_axles if isinstance(loaded_axles, int) and not isinstance(loaded_axles, bool) else None
    if axles is not None:
        row = db.session.execute(sa.select(columns.ccd, columns.cc).where(*where, columns.axles == axles)).first()
        if row is not None:
            return row.ccd, row.cc
    valid = list(db.session.execute(sa.select(columns.axles).where(*where).order_by(columns.axles)).scalars())
    listed = ", ".join(str(n) for n in valid) or "nenhum"
    raise FloorUnavailable(
        field, "invalid_axles",
        f"Sem coeficiente para {loaded_axles} eixos carregados na tabela {table}, {cargo_label(cargo)} "
        f"({act.name}). Eixos com coeficiente: {listed}.", valid_axles=valid)


# --- explanation ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Piece:
    exact: Decimal
    shown: FloorPiece


def _piece(key: str, label: str, formula: str, exact: Decimal) -> _Piece:
    return _Piece(exact, FloorPiece(key, label, formula, exact.quantize(CENTAVO, rounding=ROUND_HALF_UP)))


def _pieces(ccd: Decimal, cc: Decimal, distance: Decimal, back: Decimal | None, toll: Decimal | None,
            cargo: str) -> list[_Piece]:
    km, rate = fmt_decimal(distance, 2), fmt_decimal(ccd, 4)
    pieces = [
        _piece("displacement", "Custo de deslocamento (CCD × distância)",
               f"{km} km × R$ {rate}/km", distance * ccd),
        _piece("loading", "Custo de carga e descarga (CC)", "valor fixo por viagem", cc),
    ]
    if back is not None:
        why = "obrigatório para contêineres" if cargo in CONTAINER_CARGO_TYPES else "informado na contratação"
        pieces.append(_piece("empty_return", f"Retorno vazio ({why})",
                             f"92% × R$ {rate}/km × {fmt_decimal(back, 2)} km", EMPTY_RETURN_SHARE * ccd * back))
    if toll is not None:
        pieces.append(_piece("tolls", "Pedágio (somado ao piso)", "valor informado", toll))
    return pieces
