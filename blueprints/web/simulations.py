"""Pages: methodologies (list, editor with a live preview), simulations (run, save, list, detail, convert into a
freight) and the company's tax settings. Every action calls the service the API calls, writes inside one
`page_transaction()`; the preview writes nothing. Roles: admin and operador act; every logged-in role reads."""
from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required

from blueprints.web.access import roles_required
from blueprints.web.simulation_forms import (
    definition_from_form,
    definition_rows,
    inputs_from_form,
    options_text,
    shown_number,
)
from blueprints.web.transaction import page_transaction
from core.db import db
from core.errors import AppError
from core.schemas import validate_data
from domain.freights.models import Freight
from domain.freights.schemas import FreightUpdate
from domain.freights.services import find_freight, update_freight
from domain.freights.states import TERMINAL
from domain.simulations import services
from domain.simulations.definitions import INPUT_TYPES
from domain.simulations.models import FreightSimulation, Methodology
from domain.simulations.schemas import MethodologyDefinition, SimulationCreate
from domain.simulations.taxes import TAX_REGIME_LABELS, TAX_REGIMES

bp = Blueprint("simulations", __name__, url_prefix="/precos")
ACTORS = ("operador",)
TAX_LABELS = {"icms": "ICMS", "pis": "PIS", "cofins": "COFINS"}
TYPE_LABELS = {"number": "Número", "integer": "Inteiro", "boolean": "Sim/não", "enum": "Lista"}
STATUS_BADGES = {"saved": ("Salva", "info"), "converted": ("Convertida em frete", "ok")}


@bp.app_context_processor
def _labels():
    return {"tax_labels": TAX_LABELS, "input_type_labels": TYPE_LABELS, "simulation_badges": STATUS_BADGES,
            "tax_regime_labels": TAX_REGIME_LABELS, "shown_number": shown_number, "options_text": options_text}


def _actor():
    return current_user._get_current_object()


def _methodologies() -> list:
    return db.session.execute(db.select(Methodology).order_by(Methodology.name)).scalars().all()


# --- Methodologies -----------------------------------------------------------------------------------------------

@bp.get("/metodologias")
@login_required
def methodologies():
    rows = [(m, services.find_version(m)) for m in _methodologies()]
    return render_template("simulations/methodologies.html", rows=rows, company=current_user.company,
                           regimes=TAX_REGIMES, can_act=current_user.can(*ACTORS), errors={})


@bp.post("/configuracao-fiscal")
@roles_required()
def tax_settings():
    try:
        with page_transaction():
            services.update_tax_settings(current_user.company, tax_regime=request.form.get("tax_regime", ""),
                                         tax_state=(request.form.get("tax_state") or "").strip())
    except AppError as exc:
        errors = {d.field: d.message for d in exc.details}
        rows = [(m, services.find_version(m)) for m in _methodologies()]
        return render_template("simulations/methodologies.html", rows=rows, company=current_user.company,
                               regimes=TAX_REGIMES, can_act=True, errors=errors), 422
    flash("Configuração fiscal salva.", "success")
    return redirect(url_for("simulations.methodologies"))


def _editor(methodology, version, *, definition=None, errors=None, general=None, status=200):
    rows = definition_rows(definition or {"inputs": version.inputs if version else [],
                                          "components": version.components if version else []})
    return render_template("simulations/editor.html", methodology=methodology, version=version,
                           definition=definition or _definition_of(version), rows=rows, types=INPUT_TYPES,
                           errors=errors or {}, general=general, preview_inputs=_preview_inputs(definition, version),
                           preview=None), status


def _definition_of(version) -> dict:
    if version is None:
        return {"name": "", "description": "", "tax_mode": "by_outside", "inputs": [], "components": []}
    return {"name": version.name, "description": version.description or "", "tax_mode": version.tax_mode,
            "inputs": version.inputs, "components": version.components}


def _preview_inputs(definition, version) -> list:
    return (definition or _definition_of(version))["inputs"]


def _save_definition(methodology):
    definition, unreadable = definition_from_form(request.form)
    data, details = validate_data(MethodologyDefinition, definition)
    details = unreadable + list(details or [])
    if data is not None and not unreadable:
        try:
            with page_transaction():
                if methodology is None:
                    methodology = services.create_methodology(current_user.company, data, actor=_actor())
                    saved = 1
                else:
                    methodology = services.find_methodology(methodology.id, for_update=True)
                    saved = services.save_version(methodology, data, actor=_actor()).version
            flash(f"Metodologia salva (versão {saved}).", "success")
            return redirect(url_for("simulations.methodologies"))
        except AppError as exc:
            details = exc.details or []
    errors = {d.field: d.message for d in details}
    version = services.find_version(methodology) if methodology else None
    return _editor(methodology, version, definition=definition, errors=errors,
                   general="Corrija os campos destacados.", status=422)


@bp.route("/metodologias/nova", methods=["GET", "POST"])
@roles_required(*ACTORS)
def new_methodology():
    if request.method == "POST":
        return _save_definition(None)
    return _editor(None, None)


@bp.route("/metodologias/<methodology_id>/editar", methods=["GET", "POST"])
@roles_required(*ACTORS)
def edit_methodology(methodology_id):
    methodology = services.find_methodology(methodology_id)
    if request.method == "POST":
        return _save_definition(methodology)
    return _editor(methodology, services.find_version(methodology))


@bp.post("/metodologias/previa")
@roles_required(*ACTORS)
def preview():
    """The editor's live preview (htmx, on every change): the definition as typed, priced with the typed inputs."""
    definition, unreadable = definition_from_form(request.form)
    data, details = validate_data(MethodologyDefinition, definition)
    values, typed = inputs_from_form(request.form, definition["inputs"], prefix="preview-")
    problems = unreadable + list(details or []) + typed
    result = None
    if not problems:
        try:
            result = services.preview(current_user.company, data, values)
        except AppError as exc:
            problems = exc.details or []
    return render_template("simulations/_preview.html", result=result, problems=problems)


# --- Simulations -------------------------------------------------------------------------------------------------

def _chosen() -> tuple:
    methodologies = _methodologies()
    wanted = request.values.get("methodology_id")
    chosen = next((m for m in methodologies if str(m.id) == wanted), methodologies[0] if methodologies else None)
    return methodologies, chosen, (services.find_version(chosen) if chosen else None)


@bp.get("/simular")
@login_required
def simulate_page():
    methodologies, chosen, version = _chosen()
    return render_template("simulations/simulate.html", methodologies=methodologies, chosen=chosen, version=version,
                           values={}, result=None, problems=[], company=current_user.company)


@bp.post("/simular")
@roles_required(*ACTORS)
def run_simulation():
    """"Calcular" (htmx: the result fragment) or "Salvar simulação" (stores it, then its page)."""
    methodologies, chosen, version = _chosen()
    values, problems = inputs_from_form(request.form, version.inputs if version else [])
    save = request.form.get("save") == "1"
    body = {"methodology_id": str(chosen.id) if chosen else None, "inputs": values, "save": save,
            "notes": request.form.get("notes") or None,
            "tax_context": {"origin_state": request.form.get("origin_state") or None,
                            "destination_state": request.form.get("destination_state") or None,
                            "tac_autonomo": request.form.get("tac_autonomo") == "on"}}
    data, details = validate_data(SimulationCreate, body)
    problems += list(details or [])
    result = None
    if data is not None and not problems:
        try:
            with page_transaction():
                result = services.simulate(current_user.company, data, actor=_actor())
            if result.id:
                flash("Simulação salva.", "success")
                return redirect(url_for("simulations.simulation", simulation_id=result.id))
        except AppError as exc:
            problems = exc.details or [exc]
    status = 422 if problems else 200
    if request.headers.get("HX-Request"):
        return render_template("simulations/_result.html", result=result, problems=problems), status
    return render_template("simulations/simulate.html", methodologies=methodologies, chosen=chosen, version=version,
                           values=request.form, result=result, problems=problems, company=current_user.company), status


@bp.get("/simulacoes")
@login_required
def simulations():
    rows = db.session.execute(db.select(FreightSimulation, Methodology.name).join(
        Methodology, Methodology.id == FreightSimulation.methodology_id)
        .order_by(FreightSimulation.created_at.desc()).limit(200)).all()
    return render_template("simulations/list.html", rows=rows)


def _linkable_freights() -> list:
    return db.session.execute(db.select(Freight).where(Freight.status.not_in(TERMINAL), Freight.simulation_id.is_(None))
                              .order_by(Freight.created_at.desc()).limit(100)).scalars().all()


def _simulation_page(simulation, *, error=None, status=200):
    methodology = db.session.get(Methodology, simulation.methodology_id)
    freight = db.session.get(Freight, simulation.freight_id) if simulation.freight_id else None
    return render_template("simulations/show.html", simulation=simulation, methodology=methodology, freight=freight,
                           freights=_linkable_freights(), can_act=current_user.can(*ACTORS), error=error), status


@bp.get("/simulacoes/<simulation_id>")
@login_required
def simulation(simulation_id):
    return _simulation_page(services.find_simulation(simulation_id))


@bp.post("/simulacoes/<simulation_id>/vincular")
@roles_required(*ACTORS)
def link(simulation_id):
    """Convert into a freight: the freight's simulation_id set through the freights service (the same action as
    PATCH /freights/{id}), which converts the simulation and emits simulation.converted."""
    simulation = services.find_simulation(simulation_id)
    try:
        with page_transaction():
            freight = find_freight(request.form.get("freight") or "", for_update=True)
            update_freight(freight, FreightUpdate(simulation_id=str(simulation.id)), sent_fields={"simulation_id"})
    except AppError as exc:
        db.session.expire_all()
        return _simulation_page(services.find_simulation(simulation_id), error=exc.message, status=422)
    flash(f"Simulação vinculada ao frete {freight.code}.", "success")
    return redirect(url_for("simulations.simulation", simulation_id=simulation_id))
