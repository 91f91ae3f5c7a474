"""What the platform fills in a CIOT declaration when the body leaves it out (docs/ciot-rules.md "Derived fields").

A field the authority's manual asks for is taken from what the declaration already says; when nothing says it, the
conservative default applies. The explicit value always wins: only fields the body leaves empty (None) are filled.

| path                              | filled with                                                           |
|-----------------------------------|-----------------------------------------------------------------------|
| `tipo_chave_pix`                  | the type the root `chave_pix`'s own format says (domain.payee.checks) |
| `payments[i].tipo_chave_pix`      | the same, from the PIX payment's `codigo_pagamento`                   |
| `composicao_contratada` (lotação) | `completa`: the declared vehicles are the ones hired (floor tables A/C) |
| `alto_desempenho` (lotação)       | `false`: the manual's standard; high performance is opt-in            |
| `retorno_vazio` (lotação)         | `true` for containers (types 4 and 10, owed by Res. 5.867), else `false` |
| `vehicles[i].axles`               | the axles of the company's fleet registry for that plate              |
| `distancia_km`                    | the road distance between origin and destination (domain.geo.distance) |

`Derivation.derived` lists the paths filled; the record keeps them (`campos_derivados`) so that a later change
derives them again from the new data, and the validation shows an information item for each (rules/derived.py).
`distance_method` says how the distance was obtained: `informada`, `estimada` or `rota`.
"""
from collections.abc import Callable
from dataclasses import dataclass, field

from domain.fleet.queries import axles_by_plate
from domain.geo.distance import INFORMED, configured_osrm_url, road_distance, road_distance_between
from domain.payee.checks import pix_key_kind

CONTAINER_CARGO_CODES = (4, 10)  # conteinerizada, perigosa conteinerizada: the empty return is owed by law


@dataclass
class Derivation:
    body: object                       # domain.ciot.schemas.OperationCreate, with the filled values
    derived: list[str] = field(default_factory=list)
    distance_method: str | None = None  # informada | estimada | rota | None (no distance)


def derive(body, *, registry_axles: Callable[[list[str]], dict] | None = None,
           osrm_url: str | None = None) -> Derivation:
    """The body with every derivable field it leaves empty filled; nothing it carries is changed."""
    updates: dict = {}
    derived: list[str] = []
    _pix_types(body, updates, derived)
    if body.tipo_operacao == "lotacao":
        _indicators(body, updates, derived)
    _axles(body, registry_axles, updates, derived)
    method = INFORMED if body.distancia_km is not None else None
    if body.distancia_km is None:
        distance = _distance(body.origem, body.destino, osrm_url)
        if distance is not None:
            updates["distancia_km"], method = distance.km, distance.method
            derived.append("distancia_km")
    return Derivation(body.model_copy(update=updates) if updates else body, derived, method)


def _pix_types(body, updates: dict, derived: list) -> None:
    if body.chave_pix and not body.tipo_chave_pix:
        kind = pix_key_kind(body.chave_pix)
        if kind:
            updates["tipo_chave_pix"] = kind
            derived.append("tipo_chave_pix")
    payments, changed = list(body.payments), False
    for index, payment in enumerate(payments):
        if payment.tipo_pagamento == "pix" and payment.codigo_pagamento and not payment.tipo_chave_pix:
            kind = pix_key_kind(payment.codigo_pagamento)
            if kind:
                payments[index] = payment.model_copy(update={"tipo_chave_pix": kind})
                derived.append(f"payments[{index}].tipo_chave_pix")
                changed = True
    if changed:
        updates["payments"] = payments


def _indicators(body, updates: dict, derived: list) -> None:
    if body.composicao_contratada is None:
        updates["composicao_contratada"] = "completa"
        derived.append("composicao_contratada")
    if body.alto_desempenho is None:
        updates["alto_desempenho"] = False
        derived.append("alto_desempenho")
    if body.retorno_vazio is None:
        updates["retorno_vazio"] = body.codigo_tipo_carga in CONTAINER_CARGO_CODES
        derived.append("retorno_vazio")


def _axles(body, registry_axles, updates: dict, derived: list) -> None:
    missing = [vehicle.plate for vehicle in body.vehicles if vehicle.axles is None and vehicle.plate]
    known = registry_axles(missing) if missing and registry_axles is not None else {}
    if not known:
        return
    vehicles = list(body.vehicles)
    for index, vehicle in enumerate(vehicles):
        axles = known.get(vehicle.plate) if vehicle.axles is None else None
        if axles:
            vehicles[index] = vehicle.model_copy(update={"axles": int(axles)})
            derived.append(f"vehicles[{index}].axles")
    updates["vehicles"] = vehicles


def _distance(origem, destino, osrm_url):
    if origem is None or destino is None or origem.tipo != destino.tipo:
        return None
    if origem.tipo == "municipio":
        return road_distance(origem.codigo_municipio, destino.codigo_municipio, osrm_url=osrm_url)
    if origem.tipo == "latlng" and None not in (origem.lat, origem.lng, destino.lat, destino.lng):
        return road_distance_between((origem.lat, origem.lng), (destino.lat, destino.lng), osrm_url=osrm_url)
    return None  # a CEP gives no estimate: the platform has no CEP-to-municipality table


def derive_for_company(body) -> Derivation:
    """`derive` with the current company's fleet registry (tenant-scoped) and the configured routing engine: what
    creation, PATCH, /validate and the page's live panel all use."""
    return derive(body, registry_axles=axles_by_plate, osrm_url=configured_osrm_url())


def _path(path: str) -> tuple:
    """"vehicles[1].axles" → ("vehicles", 1, "axles"); "tipo_chave_pix" → ("tipo_chave_pix",)."""
    if "[" not in path:
        return (path,)
    name, rest = path.split("[", 1)
    index, attr = rest.split("].", 1)
    return name, int(index), attr


def read_path(target, path: str):
    parts = _path(path)
    if len(parts) == 1:
        return getattr(target, parts[0])
    return getattr(getattr(target, parts[0])[parts[1]], parts[2])


def write_path(target, path: str, value) -> None:
    """Sets a body path on a record or a dict-like body: an operation's column, or a child row's."""
    parts = _path(path)
    if isinstance(target, dict):
        if len(parts) == 1:
            target[parts[0]] = value
        else:
            target[parts[0]][parts[1]][parts[2]] = value
        return
    if len(parts) == 1:
        setattr(target, parts[0], value)
    else:
        setattr(getattr(target, parts[0])[parts[1]], parts[2], value)


def top_field(path: str) -> str:
    return _path(path)[0]
