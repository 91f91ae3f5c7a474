"""`piso_antt(distancia_km, eixos, tipo_carga, tabela)` in formulas: the ANTT minimum freight floor of the act in
force today (domain.antt_floor), so the "Piso mínimo ANTT" methodology prices with the same figures the floor
checks use. Registered in the formula catalogue when this area is imported."""
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from domain.simulations.formulas import FormulaError, register_function

BRASILIA = ZoneInfo("America/Sao_Paulo")


def antt_floor(distance_km, axles, cargo_type, table) -> Decimal:
    from domain.antt_floor.calculator import FloorUnavailable, floor_for

    if Decimal(axles) != Decimal(axles).to_integral_value():
        raise FormulaError("antt_floor_unavailable", "piso_antt: eixos deve ser inteiro.")
    try:
        result = floor_for(on_date=datetime.now(BRASILIA).date(), table=str(table), cargo_type=str(cargo_type),
                           loaded_axles=int(axles), distance_km=distance_km)
    except FloorUnavailable as exc:
        raise FormulaError("antt_floor_unavailable", f"piso_antt: {exc.message}") from None
    return result.value


register_function("piso_antt", antt_floor, "piso_antt(distancia_km, eixos, tipo_carga, tabela): piso mínimo de "
                                           "frete da ANTT do ato em vigor hoje (tabela A, B, C ou D)", reads_data=True)
