"""domain.geo.distance: the seat-to-seat estimate, the optional OSRM route and the fallbacks. The OSRM server here is
a real HTTP server on a local port answering like OSRM's /route service (the engine is external software)."""
import json
import threading
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import ClassVar

import pytest

from domain.geo.distance import (
    ESTIMATED,
    ROAD_FACTOR,
    ROUTED,
    haversine_km,
    road_distance,
    seat_coordinates,
)

SAO_PAULO, RIO, CAMPINAS, CURITIBA = "3550308", "3304557", "3509502", "4106902"
# Installed in 2025 (MT); the dataset version the coordinates come from predates it (municipios_coordenadas.md).
BOA_ESPERANCA_DO_NORTE = "5101837"


def test_every_state_capital_has_coordinates_and_every_row_is_a_known_municipality():
    from core.validators import municipalities
    from domain.geo.distance import _seats
    capitals = ("1200401", "2704302", "1600303", "1302603", "2927408", "2304400", "5300108", "3205309", "5208707",
                "2111300", "5103403", "5002704", "3106200", "1501402", "2507507", "4106902", "2611606", "2211001",
                "3304557", "2408102", "4314902", "1100205", "1400100", "4205407", "3550308", "2800308", "1721000")
    assert all(seat_coordinates(code) for code in capitals)
    known = municipalities()
    assert set(_seats()) <= set(known)
    for lat, lng in _seats().values():
        assert -34 < lat < 6 and -74 < lng < -28  # inside Brazil's bounding box


def test_coordinates_cover_every_municipality_but_the_documented_gap_each_inside_brazil():
    from core.validators import municipalities
    from domain.geo.distance import _seats
    seats, known = _seats(), municipalities()
    assert set(known) - set(seats) == {BOA_ESPERANCA_DO_NORTE}
    assert set(seats) <= set(known)
    outside = {code: point for code, point in seats.items()
               if not (-33.8 <= point[0] <= 5.3 and -74.0 <= point[1] <= -28.8)}
    assert outside == {}


@pytest.mark.parametrize("code, lat, lng", [
    (SAO_PAULO, -23.5329, -46.6395),
    ("1302603", -3.11866, -60.0212),   # Manaus
    ("4314902", -30.0318, -51.2065),   # Porto Alegre
    ("1100015", -11.9283, -61.9953),   # Alta Floresta D'Oeste: one of the rows added to complete the file
])
def test_well_known_seats_are_where_the_dataset_puts_them(code, lat, lng):
    got_lat, got_lng = seat_coordinates(code)
    assert abs(got_lat - lat) <= 0.05 and abs(got_lng - lng) <= 0.05


def test_estimate_is_the_haversine_times_the_road_factor_and_not_below_known_road_distances():
    straight = haversine_km(seat_coordinates(SAO_PAULO), seat_coordinates(RIO))
    km, method = road_distance(SAO_PAULO, RIO)
    assert method == ESTIMATED
    assert km == (Decimal(str(straight)) * ROAD_FACTOR).quantize(Decimal("0.01"))
    # Road distances by the main highways (Dutra, Régis Bittencourt, Bandeirantes): the estimate stays above them.
    assert km > 430
    assert road_distance(SAO_PAULO, CURITIBA).km > 408
    assert road_distance(SAO_PAULO, CAMPINAS).km > 95


@pytest.mark.parametrize("origin, destination", [
    (SAO_PAULO, SAO_PAULO),      # the same seat: a trip inside one city has no seat-to-seat distance
    (SAO_PAULO, BOA_ESPERANCA_DO_NORTE),  # the one municipality the data has no coordinates for
    (SAO_PAULO, None), ("", RIO), ("abc", RIO),
])
def test_no_distance_when_a_seat_is_unknown_or_the_same(origin, destination):
    assert road_distance(origin, destination) is None


class _Osrm(BaseHTTPRequestHandler):
    answer: ClassVar[dict] = {}
    paths: ClassVar[list] = []

    def do_GET(self):
        type(self).paths.append(self.path)
        body = json.dumps(type(self).answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def osrm():
    server = HTTPServer(("127.0.0.1", 0), _Osrm)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Osrm.paths = []
    yield f"http://127.0.0.1:{server.server_address[1]}", _Osrm
    server.shutdown()
    server.server_close()


def test_routed_distance_when_osrm_answers(osrm):
    url, handler = osrm
    handler.answer = {"code": "Ok", "routes": [{"distance": 429_123.4, "duration": 19000}]}
    assert road_distance(SAO_PAULO, RIO, osrm_url=url) == (Decimal("429.12"), ROUTED)
    lat_sp, lng_sp = seat_coordinates(SAO_PAULO)
    assert handler.paths[0].startswith(f"/route/v1/driving/{lng_sp:.6f},{lat_sp:.6f};")
    assert handler.paths[0].endswith("?overview=false")


@pytest.mark.parametrize("answer", [{"code": "NoRoute", "routes": []}, {"code": "Ok", "routes": []},
                                    {"code": "Ok", "routes": [{"distance": 0}]}, {"unexpected": True}])
def test_estimate_when_osrm_has_no_route(osrm, answer):
    url, handler = osrm
    handler.answer = answer
    assert road_distance(SAO_PAULO, RIO, osrm_url=url).method == ESTIMATED


def test_estimate_when_osrm_is_unreachable_or_not_http():
    assert road_distance(SAO_PAULO, RIO, osrm_url="http://127.0.0.1:9").method == ESTIMATED
    assert road_distance(SAO_PAULO, RIO, osrm_url="file:///etc/passwd").method == ESTIMATED


def test_a_route_is_asked_once_and_a_failure_is_asked_again(osrm):
    """The live panel derives the distance on every keystroke: one OSRM request per route and process, but a route
    OSRM could not give is not remembered as missing."""
    url, handler = osrm
    handler.answer = {"code": "NoRoute", "routes": []}
    assert road_distance(SAO_PAULO, RIO, osrm_url=url).method == ESTIMATED
    handler.answer = {"code": "Ok", "routes": [{"distance": 429_123.4}]}
    for _ in range(3):
        assert road_distance(SAO_PAULO, RIO, osrm_url=url) == (Decimal("429.12"), ROUTED)
    assert len(handler.paths) == 2  # the failure, then one success kept for the next two
