"""Road distance between two municipalities, for declarations that omit it (CIOT `distancia_km`, aggregate trips).

    road_distance("3550308", "3304557")  # RoadDistance(km=Decimal("464.44"), method="estimada")
    km, method = road_distance(origin_ibge, dest_ibge, osrm_url="http://osrm:5000")

Two ways, in this order:
- `rota`: an OSRM routing engine over HTTP (`GET {url}/route/v1/driving/{lng},{lat};{lng},{lat}`), when a URL is
  configured (setting `OSRM_URL`). Any failure of the engine (down, slow, no route) falls back to the estimate.
- `estimada`: the great-circle (haversine) distance between the two municipal seats times `ROAD_FACTOR`.

The seats' coordinates are data: `data/municipios_coordenadas.csv` (source and licence in
`data/municipios_coordenadas.md`). A municipality without coordinates, or the same municipality on both ends (a
trip inside one city has no seat-to-seat distance), gives None: the caller then asks for the distance.

Why 1.30: road distances in Brazil run 1.2 to 1.3 times the straight line on average (the detour index of the
national network); the upper end is taken so that an estimate seldom falls *below* the real road distance, and the
ANTT floor computed from it is not understated. It stays an estimate: callers show it as something to confirm.
"""
import csv
import json
import math
import urllib.error
import urllib.parse
import urllib.request
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from flask import current_app

DATA_FILE = Path(__file__).resolve().parents[2] / "data" / "municipios_coordenadas.csv"
ROAD_FACTOR = Decimal("1.30")
EARTH_RADIUS_KM = 6371.0088  # mean radius (IUGG)
OSRM_TIMEOUT_SECONDS = 3

ESTIMATED = "estimada"
ROUTED = "rota"
INFORMED = "informada"  # the declaration's own distance (not computed here; the callers' third value)
METHODS = (INFORMED, ESTIMATED, ROUTED)


class RoadDistance(NamedTuple):
    km: Decimal     # 2 places, half-up
    method: str     # "estimada" | "rota"


@lru_cache(maxsize=1)
def _seats() -> dict[str, tuple[float, float]]:
    with open(DATA_FILE, encoding="utf-8") as fh:
        return {row["codigo_ibge"]: (float(row["latitude"]), float(row["longitude"])) for row in csv.DictReader(fh)}


def seat_coordinates(ibge_code) -> tuple[float, float] | None:
    """(latitude, longitude) of the municipal seat, or None when the data has no row for the code."""
    return _seats().get(str(ibge_code or "").strip())


def haversine_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    lat1, lng1, lat2, lng2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


def _km(value) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def osrm_route_km(osrm_url: str, a: tuple[float, float], b: tuple[float, float]) -> Decimal | None:
    """The driving distance OSRM answers between two points, or None when it cannot (any failure: the caller falls
    back to the estimate; a routing engine is an optional precision, never a reason to refuse a declaration)."""
    base = (osrm_url or "").rstrip("/")
    if not base.startswith(("http://", "https://")):
        return None
    try:
        return _routed_km(base, a, b)
    except (urllib.error.URLError, TimeoutError, OSError, ValueError, KeyError, IndexError, TypeError):
        return None


@lru_cache(maxsize=4096)
def _routed_km(base: str, a: tuple[float, float], b: tuple[float, float]) -> Decimal:
    """One route asked once per process: the live panel validates on every keystroke and PATCH/validate derive again,
    while a route between two seats does not change. Failures raise, so they are not kept and are asked again."""
    path = f"/route/v1/driving/{a[1]:.6f},{a[0]:.6f};{b[1]:.6f},{b[0]:.6f}"
    url = base + urllib.parse.quote(path, safe="/,;.-") + "?overview=false"
    with urllib.request.urlopen(url, timeout=OSRM_TIMEOUT_SECONDS) as response:  # noqa: S310 (http/https only)
        answer = json.loads(response.read() or b"{}")
    meters = answer["routes"][0]["distance"] if answer.get("code") == "Ok" else None
    if not isinstance(meters, (int, float)) or meters <= 0:
        raise ValueError(f"OSRM answered no route: {answer.get('code')}")
    return _km(Decimal(str(meters)) / 1000)


def road_distance(origin_ibge, dest_ibge, *, osrm_url: str | None = None) -> RoadDistance | None:
    """The road distance between two municipalities (IBGE codes): routed by OSRM when `osrm_url` is given and it
    answers, else estimated from the seats; None when neither is possible."""
    return road_distance_between(seat_coordinates(origin_ibge), seat_coordinates(dest_ibge), osrm_url=osrm_url)


def road_distance_between(a: tuple[float, float] | None, b: tuple[float, float] | None, *,
                          osrm_url: str | None = None) -> RoadDistance | None:
    """The same between two points (latitude, longitude): a declaration located by coordinates."""
    if a is None or b is None or a == b:
        return None
    if osrm_url:
        routed = osrm_route_km(osrm_url, a, b)
        if routed is not None:
            return RoadDistance(routed, ROUTED)
    return RoadDistance(_km(Decimal(str(haversine_km(a, b))) * ROAD_FACTOR), ESTIMATED)


def configured_osrm_url() -> str | None:
    """The OSRM URL of the running app (setting OSRM_URL), or None outside an app or when unset."""
    try:
        return (current_app.config.get("OSRM_URL") or "").strip() or None
    except RuntimeError:  # no application context (CLI scripts, pure tests)
        return None
