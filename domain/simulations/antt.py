"""`piso_antt(distancia_km, eixos, tipo_carga, tabela)` in formulas: the ANTT minimum freight floor of the act in
force today (domain.antt_floor), so the "Piso mínimo ANTT" methodology prices with the same figures the floor
checks use. Registered in the formula catalogue when this area is imported."""
from decimal import Decimal

from core.clock import brasilia_today
from core.formatting import money as money_text
from domain.antt_floor.calculator import FloorCheck, FloorUnavailable, floor_for
from domain.simulations.formulas import FormulaError, register_function


def antt_floor(distance_km, axles, cargo_type, table) -> Decimal:
    if Decimal(axles) != Decimal(axles).to_integral_value():
        raise FormulaError("antt_floor_unavailable", "piso_antt: eixos deve ser inteiro.")
    try:
        result = floor_for(on_date=brasilia_today(), table=str(table), cargo_type=str(cargo_type),
                           loaded_axles=int(axles), distance_km=distance_km)
    except FloorUnavailable as exc:
        raise FormulaError("antt_floor_unavailable", f"piso_antt: {exc.message}") from None
    return result.value


register_function("piso_antt", antt_floor, "piso_antt(distancia_km, eixos, tipo_carga, tabela): piso mínimo de "
                                           "frete da ANTT do ato em vigor hoje (tabela A, B, C ou D)", reads_data=True)


# The inputs a methodology names to let its simulations be checked against the floor (the "Piso mínimo ANTT"
# template has them all; the cost model only the distance). `tabela` defaults to A (the whole combination hired).
FLOOR_INPUTS = {"distancia_km": "a distância", "eixos": "os eixos carregados", "tipo_carga": "o tipo de carga"}


def floor_against(total: Decimal, values: dict, day) -> dict:
    """The ANTT floor of the simulation's inputs on `day` and whether the total falls below it (a warning: the
    CIOT and the freights enforce it). `value` null with the reason when the inputs do not say enough."""
    missing = [label for key, label in FLOOR_INPUTS.items() if values.get(key) in (None, "")]
    if missing:
        return {"value": None, "below": None,
                "message": "Piso ANTT não calculado: a metodologia não informa " + " nem ".join(missing) + "."}
    try:
        floor = floor_for(on_date=day, table=str(values.get("tabela") or "A"), cargo_type=str(values["tipo_carga"]),
                          loaded_axles=int(values["eixos"]), distance_km=values["distancia_km"],
                          tolls=values.get("pedagio") or None)
    except (FloorUnavailable, ValueError, TypeError) as exc:
        return {"value": None, "below": None,
                "message": f"Piso ANTT não calculado: {getattr(exc, 'message', None) or exc}"}
    check = FloorCheck(price=total, floor=floor)
    return {"value": floor.value, "below": check.below, "act": floor.act.name, "table": floor.table,
            "cargo_type": floor.cargo_type, "loaded_axles": floor.loaded_axles, "distance_km": floor.distance_km,
            "message": check.message("Total") if check.below else
            f"Total acima do piso mínimo da ANTT de {money_text(floor.value)} ({floor.source})."}
