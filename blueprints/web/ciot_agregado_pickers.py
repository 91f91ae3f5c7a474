"""The fleet picker of a held contract's completion form: the company's vehicles searched as the user types (the
kit's `picker` combobox, like the CIOT form's pickers in ciot_pickers.py); picking a vehicle of the contract's
composition fills its axles input (the tractor's `eixos_cavalo`, or its own place in the trailers' `eixos_reboques`,
the other trailers' values kept as the form holds them). Nothing is saved: the form is posted as if typed.

The plates themselves are not filled: a contract's composition (tractor and trailers) is its identity, fixed at
opening (another composition is another contract), so a vehicle outside it is listed as such and fills nothing.
Searches read only the company's records (vehicles_stmt, the request's tenant scope)."""
import json

from flask import render_template, request
from flask_login import current_user, login_required

from blueprints.web.ciot_agregado_blueprint import bp
from core.db import db
from core.formatting import fmt
from domain.ciot_agregado import services
from domain.fleet.models import Vehicle
from domain.fleet.queries import vehicles_stmt

OPTIONS = 8


def _position(index: int) -> str:
    return "cavalo / tração" if index == 0 else f"reboque {index}"


def trailer_axles(current: str, trailers: int, index: int, axles: int) -> str:
    """The trailers' axles input with trailer `index` (1-based) set to `axles`, the others as typed (`current`,
    comma-separated), one value per trailer."""
    values = [value.strip() for value in current.split(",")] if current.strip() else []
    values = (values + [""] * trailers)[:trailers]
    values[index - 1] = str(axles)
    return ", ".join(values)


def axles_fill(plates: list[str], vehicle: Vehicle, current_trailers: str) -> dict | None:
    """What picking `vehicle` fills on the completion form, or None when it cannot fill anything (not in the
    composition, or no axles on its record)."""
    if vehicle.plate not in plates or not vehicle.axles:
        return None
    index = plates.index(vehicle.plate)
    if index == 0:
        return {"eixos_cavalo": str(vehicle.axles)}
    return {"eixos_reboques": trailer_axles(current_trailers, len(plates) - 1, index, vehicle.axles)}


def vehicle_option(plates: list[str], vehicle: Vehicle, index: int, current_trailers: str) -> dict:
    fill = axles_fill(plates, vehicle, current_trailers)
    if vehicle.plate not in plates:
        why = "fora da composição deste contrato"
    elif not vehicle.axles:
        why = f"{_position(plates.index(vehicle.plate))}; sem eixos no cadastro da frota"
    else:
        why = f"{_position(plates.index(vehicle.plate))} · {vehicle.axles} eixos"
    details = [why, vehicle.vehicle_type, " ".join(filter(None, (vehicle.brand, vehicle.model)))]
    return {"id": f"pick-rectify-vehicle-{index}", "label": fmt.plate(vehicle.plate),
            "detail": " · ".join(filter(None, details)), "disabled": fill is None,
            "fill_json": json.dumps(fill or {}, ensure_ascii=False)}


@bp.get("/<agregado_id>/frota")
@login_required
def fleet_search(agregado_id):
    """The fleet picker's options for `?q=` (at least 2 characters): the company's active vehicles by plate, brand
    or model, those of the contract's composition first; `eixos_reboques` is the form's current value (hx-include),
    kept for the trailers not picked."""
    contract = services.get_agregado(agregado_id)  # another company's: 404
    query = (request.args.get("q") or "").strip()
    options = None
    if len(query) >= 2:
        plates = contract.placas
        found = db.session.scalars(vehicles_stmt(current_user.company, q=query, status="ativo")
                                   .order_by(Vehicle.plate.in_(plates).desc(), Vehicle.plate).limit(OPTIONS)).all()
        current = request.args.get("eixos_reboques", "")
        options = [vehicle_option(plates, vehicle, index, current) for index, vehicle in enumerate(found)]
    return render_template("ciot/_picker_options.html", options=options, query=query)
