"""The closing's consolidated routes, as the manual's closing of a TAC agregado asks: the active trips grouped by
origin → destination (IBGE municipalities), each with its distance (> 0), the number of trips, the total weight, and
the totals of value and toll vouchers.

A route's distance is the one its trips gave (`distancia_km`, the most recent trip's when they differ), else the one
`route_distance` computes between the municipal seats, the way CIOT operations compute theirs (domain.geo.distance).
A route no distance can be computed for (inside one municipality, or a seat without coordinates) takes the one
the closing gives (`rotas` of POST /encerrar, the closing form), else the closing is refused before anything
changes (422 distancia_indisponivel naming the route)."""
from collections import OrderedDict
from decimal import Decimal

from core.errors import Unprocessable
from core.validators import resolve_ibge_code
from domain.geo.distance import (
    INFORMED,  # the trips' own distance; computed ones say how (estimada | rota)
    configured_osrm_url,
    road_distance,
    seat_coordinates,
)

KM = Decimal("0.1")


def route_distance(origin_ibge: str, dest_ibge: str) -> tuple[Decimal, str] | None:
    """(km, method) between two municipalities, or None when it cannot be computed (the same municipality, or one
    without coordinates). The single place the aggregate asks for a distance."""
    found = road_distance(origin_ibge, dest_ibge, osrm_url=configured_osrm_url())
    if found is None or found.km <= 0:
        return None
    return Decimal(found.km).quantize(KM), found.method


def _code(trip, side: str) -> str:
    """The trip's IBGE code of `side`; trips recorded before codes were kept carry IBGE names, resolved here."""
    code = getattr(trip, f"{side}_codigo_ibge")
    return code or resolve_ibge_code(getattr(trip, f"{side}_municipio_nome"), getattr(trip, f"{side}_uf"))


def trip_key(trip) -> tuple[str, str]:
    """The trip's route: (origin, destination) IBGE codes."""
    return _code(trip, "origem"), _code(trip, "destino")


def _new_route(trip, origin: str, dest: str) -> dict:
    return {"origem_codigo_ibge": origin, "origem_uf": trip.origem_uf,
            "origem_municipio_nome": trip.origem_municipio_nome, "destino_codigo_ibge": dest,
            "destino_uf": trip.destino_uf, "destino_municipio_nome": trip.destino_municipio_nome,
            "quantidade_viagens": 0, "valor_total": Decimal(0), "peso_total": Decimal(0),
            "valor_vale_pedagio_total": Decimal(0), "distancia_km": None, "distancia_metodo": None}


def uncomputable(origin_ibge: str, dest_ibge: str) -> bool:
    """True when no distance can be computed between the two municipalities (the same one, or a seat the shipped
    coordinates do not have), read without asking a routing engine: the pages ask for these before closing."""
    a, b = seat_coordinates(origin_ibge), seat_coordinates(dest_ibge)
    return a is None or b is None or a == b


def missing_distances(trips) -> list[dict]:
    """The routes (origin/destination codes and names) of these active trips whose distance no trip gave and none
    can be computed: the closing must be given them (`rotas` of POST /encerrar, the closing form's inputs)."""
    routes = consolidate(trips, compute=False)
    return [r for r in routes if not r["distancia_km"] and uncomputable(r["origem_codigo_ibge"],
                                                                        r["destino_codigo_ibge"])]


def consolidate(trips, given: dict | None = None, *, compute: bool = True) -> list[dict]:
    """The active trips (in numero order) as routes, in route order (origin UF, name, destination UF, name). A
    route's distance: the trips' (the latest given), else `given[(origem_codigo_ibge, destino_codigo_ibge)]` (the
    closing's), else computed; 422 `distancia_indisponivel` naming the route when none of these gives one.
    `compute=False` leaves uncomputed distances null (missing_distances)."""
    given = given or {}
    routes: dict[tuple, dict] = OrderedDict()
    for trip in trips:
        origin, dest = trip_key(trip)
        route = routes.setdefault((origin, dest), _new_route(trip, origin, dest))
        route["quantidade_viagens"] += 1
        route["valor_total"] += trip.valor
        route["peso_total"] += trip.peso_carga or 0
        route["valor_vale_pedagio_total"] += trip.valor_vale_pedagio or 0
        if trip.distancia_km:
            route["distancia_km"], route["distancia_metodo"] = Decimal(trip.distancia_km).quantize(KM), INFORMED
    for key, route in routes.items():
        if route["distancia_km"] is None and key in given:
            route["distancia_km"], route["distancia_metodo"] = Decimal(given[key]).quantize(KM), INFORMED
        if route["distancia_km"] is None and compute:
            computed = route_distance(route["origem_codigo_ibge"], route["destino_codigo_ibge"])
            if computed is None:
                raise Unprocessable(
                    f"Não foi possível calcular a distância da rota {route['origem_municipio_nome']}/"
                    f"{route['origem_uf']} → {route['destino_municipio_nome']}/{route['destino_uf']} (mesmo "
                    "município, ou sede sem coordenadas): informe-a no encerramento (rotas: origem_codigo_ibge, "
                    "destino_codigo_ibge, distancia_km).", code="distancia_indisponivel",
                    extra={"origem_codigo_ibge": route["origem_codigo_ibge"],
                           "destino_codigo_ibge": route["destino_codigo_ibge"]})
            route["distancia_km"], route["distancia_metodo"] = computed
    ordered = sorted(routes.values(), key=lambda r: (r["origem_uf"], r["origem_municipio_nome"], r["destino_uf"],
                                                     r["destino_municipio_nome"]))
    return [_stored(route) for route in ordered]


def _stored(route: dict) -> dict:
    """JSON-ready (the contract stores the routes): exact decimals as text, as before."""
    return route | {"valor_total": str(route["valor_total"].quantize(Decimal("0.01"))),
                    "peso_total": str(Decimal(route["peso_total"]).quantize(Decimal("0.001"))),
                    "valor_vale_pedagio_total": str(route["valor_vale_pedagio_total"].quantize(Decimal("0.01"))),
                    "distancia_km": str(route["distancia_km"]) if route["distancia_km"] is not None else None}
