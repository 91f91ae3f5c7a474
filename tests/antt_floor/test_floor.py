"""The floor against the bundled CSV: every figure of the latest act, the act in force on a date, the refusals."""
import csv
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal

import pytest

from core.errors import Unprocessable
from domain.antt_floor.catalog import CARGO_TYPES, TABLES, table_for
from domain.antt_floor.importer import BUNDLED_CSV
from domain.antt_floor.services import FloorUnavailable, check_price_against_floor, floor_for

ROWS = list(csv.DictReader(BUNDLED_CSV.open(encoding="utf-8")))
STARTS = sorted({row["vigencia_inicio"] for row in ROWS})
LATEST = STARTS[-1]
LATEST_ROWS = [row for row in ROWS if row["vigencia_inicio"] == LATEST]
DISTANCE = Decimal("437.5")


def _expected(row, distance=DISTANCE) -> Decimal:
    return (distance * Decimal(row["ccd"]) + Decimal(row["cc"])).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def test_the_latest_act_covers_every_table_and_cargo_type():
    assert {row["tabela"] for row in LATEST_ROWS} == set(TABLES)
    assert {row["tipo_carga"] for row in LATEST_ROWS} == set(CARGO_TYPES)
    assert len(LATEST_ROWS) == 272


@pytest.mark.parametrize("row", LATEST_ROWS, ids=lambda r: f"{r['tabela']}-{r['tipo_carga']}-{r['eixos']}")
def test_floor_of_every_table_cargo_type_and_axle_count_of_the_latest_act(row):
    result = floor_for(on_date=date.fromisoformat(LATEST), table=row["tabela"], cargo_type=row["tipo_carga"],
                       loaded_axles=int(row["eixos"]), distance_km=DISTANCE, empty_return=False)
    assert (result.ccd, result.cc) == (Decimal(row["ccd"]), Decimal(row["cc"]))
    assert result.act.name == row["resolucao"]
    back = (Decimal("0.92") * Decimal(row["ccd"]) * DISTANCE
            if row["tipo_carga"] in ("conteinerizada", "perigosa_conteinerizada") else 0)
    assert result.value == (DISTANCE * Decimal(row["ccd"]) + Decimal(row["cc"]) + back).quantize(
        Decimal("0.01"), rounding=ROUND_HALF_UP)


@pytest.mark.parametrize("starts", STARTS)
def test_a_date_in_each_acts_period_uses_that_act(starts):
    acts = {row["vigencia_inicio"]: row["resolucao"] for row in ROWS}
    first_day = date.fromisoformat(starts)
    nxt = [s for s in STARTS if s > starts]
    last_day = date.fromisoformat(nxt[0]) - timedelta(days=1) if nxt else date(2030, 1, 1)
    for day in (first_day, last_day, datetime.combine(first_day, datetime.min.time())):
        row = next(r for r in ROWS if r["vigencia_inicio"] == starts and r["tabela"] == "A"
                   and r["tipo_carga"] == "carga_geral" and r["eixos"] == "5")
        result = floor_for(on_date=day, table="A", cargo_type="carga_geral", loaded_axles=5, distance_km=DISTANCE)
        assert result.act.name == acts[starts]
        assert result.act.starts_on == first_day
        assert result.value == _expected(row)


def test_before_the_first_act_there_is_no_floor():
    with pytest.raises(FloorUnavailable) as caught:
        floor_for(on_date=date.fromisoformat(STARTS[0]) - timedelta(days=1), table="A", cargo_type="carga_geral",
                  loaded_axles=5, distance_km=100)
    assert caught.value.field == "on_date" and caught.value.reason == "no_act_in_force"


def test_an_axle_count_without_coefficient_is_a_422_naming_the_valid_ones():
    with pytest.raises(FloorUnavailable) as caught:
        floor_for(on_date=date(2026, 10, 1), table="B", cargo_type="carga_geral", loaded_axles=3,
                  distance_km=100, fields={"loaded_axles": "eixos"})
    error = caught.value
    assert isinstance(error, Unprocessable) and error.status == 422
    body = error.as_body()["error"]
    assert body["code"] == "antt_floor_unavailable"
    assert body["details"][0]["field"] == "eixos" and body["details"][0]["code"] == "invalid_axles"
    assert body["valid_axles"] == [4, 5, 6, 7, 9]
    assert "4, 5, 6, 7, 9" in body["message"]


def test_granel_pressurizada_lists_its_own_axles():
    with pytest.raises(FloorUnavailable) as caught:
        floor_for(on_date=date(2026, 10, 1), table="A", cargo_type="granel_pressurizada", loaded_axles=7,
                  distance_km=100)
    assert caught.value.extra["valid_axles"] == [5, 6, 9]


@pytest.mark.parametrize(("kwargs", "field", "reason"), [
    ({"table": "E"}, "table", "unknown_table"),
    ({"cargo_type": "areia"}, "cargo_type", "unknown_cargo_type"),
    ({"cargo_type": 13}, "cargo_type", "unknown_cargo_type"),
    ({"distance_km": 0}, "distance_km", "invalid"),
    ({"distance_km": "abc"}, "distance_km", "invalid"),
    ({"loaded_axles": 10}, "loaded_axles", "invalid_axles"),
    ({"tolls": -1}, "tolls", "invalid"),
])
def test_bad_inputs_name_their_field(kwargs, field, reason):
    params = {"on_date": date(2026, 10, 1), "table": "A", "cargo_type": "carga_geral", "loaded_axles": 5,
              "distance_km": 100, **kwargs}
    with pytest.raises(FloorUnavailable) as caught:
        floor_for(**params)
    assert (caught.value.field, caught.value.reason) == (field, reason)


def test_cargo_type_by_its_number_is_the_same_as_by_its_key():
    by_key = floor_for(on_date=date(2026, 10, 1), table="C", cargo_type="neogranel", loaded_axles=6, distance_km=50)
    by_code = floor_for(on_date=date(2026, 10, 1), table="c", cargo_type=6, loaded_axles=6, distance_km=50)
    assert by_key == by_code


def test_empty_return_and_tolls_are_added_once_rounded():
    plain = floor_for(on_date=date(2026, 10, 1), table="A", cargo_type="carga_geral", loaded_axles=5,
                      distance_km=300)
    full = floor_for(on_date=date(2026, 10, 1), table="A", cargo_type="carga_geral", loaded_axles=5,
                     distance_km=300, empty_return=True, return_distance_km=250, tolls="123.45")
    exact = 300 * plain.ccd + plain.cc + Decimal("0.92") * plain.ccd * 250 + Decimal("123.45")
    assert full.value == exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    assert [p.key for p in full.pieces] == ["displacement", "loading", "empty_return", "tolls"]
    assert [p.key for p in plain.pieces] == ["displacement", "loading"]


def test_containers_always_pay_the_empty_return():
    result = floor_for(on_date=date(2026, 10, 1), table="A", cargo_type="conteinerizada", loaded_axles=5,
                       distance_km=100, empty_return=False)
    assert result.empty_return and result.return_distance_km == 100
    assert "obrigatório para contêineres" in result.pieces[-1].label


def test_table_for_maps_the_contract_to_a_table():
    assert table_for(whole_composition=True, high_performance=False) == "A"
    assert table_for(whole_composition=False, high_performance=False) == "B"
    assert table_for(whole_composition=True, high_performance=True) == "C"
    assert table_for(whole_composition=False, high_performance=True) == "D"


def test_price_check_flags_below_and_passes_at_the_floor():
    params = {"on_date": date(2026, 10, 1), "table": "A", "cargo_type": "carga_geral", "loaded_axles": 5,
              "distance_km": 100}
    floor = floor_for(**params).value
    below = check_price_against_floor(floor - Decimal("0.01"), **params)
    at = check_price_against_floor(floor, **params)
    assert below.below and below.shortfall == Decimal("0.01") and "abaixo do piso" in below.message()
    assert not at.below and at.shortfall == 0


@pytest.mark.parametrize("missing", ["on_date", "table", "cargo_type", "loaded_axles", "distance_km"])
def test_price_check_is_none_when_data_is_unknown(missing):
    params = {"on_date": date(2026, 10, 1), "table": "A", "cargo_type": "carga_geral", "loaded_axles": 5,
              "distance_km": 100, missing: None}
    assert check_price_against_floor(Decimal(1), **params) is None


def test_price_check_is_none_when_the_tables_have_no_figure():
    assert check_price_against_floor(Decimal(1), on_date=date(2026, 10, 1), table="B", cargo_type="carga_geral",
                                     loaded_axles=2, distance_km=100) is None
