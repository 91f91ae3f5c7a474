"""Public API: the ANTT floor calculator (no key), the same calculator as the page /piso-minimo
(docs/antt-floor.md)."""
from core.api import endpoint, tag
from core.clock import brasilia_today
from core.responses import ErrorCode
from domain.antt_floor.schemas import FloorQuery
from domain.antt_floor.serializers import AnttFloorResponse, floor_dict
from domain.antt_floor.services import floor_for

TAGS = (tag("piso-antt", "Piso mínimo de frete da ANTT (Lei 13.703/2018): calculadora pública, sem chave."),)
FIELDS = {"on_date": "date"}
NO_COEFFICIENT = ErrorCode(
    422, "antt_floor_unavailable", "Sem coeficiente para 3 eixos carregados na tabela B, Carga geral (Portaria SUROC "
    "22/2026). Eixos com coeficiente: 4, 5, 6, 7, 9.", extra={"valid_axles": [4, 5, 6, 7, 9]},
    details=(("loaded_axles", "invalid_axles", "Sem coeficiente para 3 eixos carregados na tabela B, Carga geral "
              "(Portaria SUROC 22/2026). Eixos com coeficiente: 4, 5, 6, 7, 9."),))


@endpoint("/antt/floor", "GET", public=True, query=FloorQuery, tags=TAGS, response=AnttFloorResponse,
          errors=(NO_COEFFICIENT,), operation_id="getAnttFloor",
          summary="Piso mínimo da ANTT de uma viagem: distância × CCD + CC do ato em vigor na data, com cada parte "
                  "explicada. 422 quando as tabelas não têm o eixo, o tipo de carga ou a tabela pedidos.")
def get_antt_floor(ctx):
    q = ctx.query
    result = floor_for(on_date=q.date or brasilia_today(), table=q.table, cargo_type=q.cargo_type,
                       loaded_axles=q.loaded_axles, distance_km=q.distance_km, empty_return=q.empty_return,
                       return_distance_km=q.return_distance_km, tolls=q.tolls, fields=FIELDS)
    return {"data": floor_dict(result)}
