"""Pages: methodologies (list, editor with a live preview), simulations (run, save, list, detail, convert into a
freight) and the company's tax settings. Every action calls the service the API calls (the request's unit of work
commits it); the preview writes nothing. Roles: admin and operador act; every logged-in role reads."""
from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required

from blueprints.web.access import roles_required
from blueprints.web.dashboard_charts import price_segments
from blueprints.web.forms_adapter import read_form
from blueprints.web.simulation_forms import (
    TYPE_LABELS,
    LinkForm,
    MethodologyForm,
    NewFreightForm,
    Problem,
    SimulationForm,
    TaxSettingsForm,
    definition_from_form,
    editor_form,
    inputs_form,
    labelled,
    place_errors,
    row_label,
    typed_inputs,
    with_blank_rows,
)
from core.db import db
from core.errors import AppError, FieldError
from core.formatting import number, parse_decimal
from core.validators import FieldInvalid
from domain.freights.models import Freight
from domain.freights.schemas import FreightCreate, FreightUpdate
from domain.freights.services import create_freight, find_freight, update_freight
from domain.freights.states import TERMINAL
from domain.simulations import services
from domain.simulations.models import FreightSimulation, Methodology
from domain.simulations.schemas import MethodologyDefinition, SimulationCreate
from domain.simulations.taxes import TAX_REGIME_LABELS

bp = Blueprint("simulations", __name__, url_prefix="/precos")
ACTORS = ("operador",)
TAX_LABELS = {"icms": "ICMS", "pis": "PIS", "cofins": "COFINS"}
WITHHOLDING_LABELS = {"inss": "INSS (11 % sobre 20 % do frete)", "sest": "SEST (1,5 %)", "senat": "SENAT (1,0 %)",
                      "irrf": "IRRF (tabela mensal sobre 10 % do frete)"}


@bp.app_context_processor
def _labels():
    return {"tax_labels": TAX_LABELS, "input_type_labels": TYPE_LABELS,
            "tax_regime_labels": TAX_REGIME_LABELS, "withholding_labels": WITHHOLDING_LABELS, "row_label": row_label,
            "price_segments": price_segments}


def _actor():
    return current_user._get_current_object()


def _methodologies() -> list:
    return db.session.execute(db.select(Methodology).order_by(Methodology.name)).scalars().all()


# --- Methodologies -----------------------------------------------------------------------------------------------

def _methodologies_page(form=None, status=200):
    company = current_user.company
    rows = [(m, services.find_version(m)) for m in _methodologies()]
    form = form or TaxSettingsForm(data={"tax_regime": company.tax_regime, "tax_state": company.tax_state or ""})
    return render_template("simulations/methodologies.html", rows=rows, company=company, form=form,
                           can_act=current_user.can(*ACTORS)), status


@bp.get("/metodologias")
@login_required
def methodologies():
    return _methodologies_page()


@bp.post("/configuracao-fiscal")
@roles_required()
def tax_settings():
    form = TaxSettingsForm()
    try:
        services.update_tax_settings(current_user.company, tax_regime=form.tax_regime.data or "",
                                     tax_state=(form.tax_state.data or "").strip())
    except AppError as exc:
        for error in place_errors(form, exc.details or [exc]):  # a refusal with no field: under the state
            _add_form_error(form.tax_state, error.message)
        return _methodologies_page(form, 422)
    flash("Configuração fiscal salva.", "success")
    return redirect(url_for("simulations.methodologies"))


def _add_form_error(input_field, message):
    input_field.errors = [*input_field.errors, message]


def _editor(methodology, version, *, form=None, problems=(), status=200):
    definition = None
    if version is not None:
        definition = {"name": version.name, "description": version.description or "", "tax_mode": version.tax_mode,
                      "inputs": version.inputs, "components": version.components}
    form = form or editor_form(definition)
    read = definition_from_form(form)
    preview_form = inputs_form(read.data["inputs"], "preview", request.form if request.method == "POST" else None)
    return render_template("simulations/editor.html", methodology=methodology, version=version, form=form,
                           preview_form=preview_form, problems=labelled(problems, read.data["inputs"]),
                           invalid=status == 422, result=None), status


def _save_definition(methodology):
    form = MethodologyForm()
    read = definition_from_form(form)
    data, details = read_form(MethodologyDefinition, read.data)
    details = read.unreadable + list(details or [])
    if data is not None and not details:
        try:
            if methodology is None:
                methodology = services.create_methodology(current_user.company, data, actor=_actor())
                saved = 1
            else:
                methodology = services.find_methodology(methodology.id, for_update=True)
                saved = services.save_version(methodology, data, actor=_actor()).version
            flash(f"Metodologia salva (versão {saved}).", "success")
            return redirect(url_for("simulations.methodologies"))
        except AppError as exc:
            details = exc.details or [exc]
    rest = place_errors(form, details, read.rows)
    version = services.find_version(methodology) if methodology else None
    return _editor(methodology, version, form=with_blank_rows(form), problems=rest, status=422)


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
    read = definition_from_form(MethodologyForm())
    data, details = read_form(MethodologyDefinition, read.data)
    values, typed = typed_inputs(inputs_form(read.data["inputs"], "preview", request.form), read.data["inputs"])
    problems = read.unreadable + list(details or []) + typed
    result = None
    if not problems:
        try:
            result = services.preview(current_user.company, data, values)
        except AppError as exc:
            problems = exc.details or [exc]
    return render_template("simulations/_preview.html", result=result,
                           problems=labelled(problems, read.data["inputs"], read.data["components"]))


# --- Simulations -------------------------------------------------------------------------------------------------

def _chosen() -> tuple:
    methodologies = _methodologies()
    wanted = request.values.get("methodology_id")
    chosen = next((m for m in methodologies if str(m.id) == wanted), methodologies[0] if methodologies else None)
    return methodologies, chosen, (services.find_version(chosen) if chosen else None)


def _simulate_page(methodologies, chosen, version, *, form, fields, result=None, problems=(), status=200):
    return render_template("simulations/simulate.html", methodologies=methodologies, chosen=chosen, version=version,
                           form=form, fields=fields, result=result,
                           problems=labelled(problems, version.inputs if version else []),
                           company=current_user.company), status


@bp.get("/simular")
@login_required
def simulate_page():
    methodologies, chosen, version = _chosen()
    state = current_user.company.tax_state or ""
    form = SimulationForm(data={"methodology_id": str(chosen.id) if chosen else "", "origin_state": state,
                                "destination_state": state})
    fields = inputs_form(version.inputs if version else [], "in")
    return _simulate_page(methodologies, chosen, version, form=form, fields=fields)


@bp.post("/simular")
@roles_required(*ACTORS)
def run_simulation():
    """"Calcular" (htmx: the result fragment) or "Salvar simulação" (stores it, then its page)."""
    methodologies, chosen, version = _chosen()
    form = SimulationForm()
    inputs = version.inputs if version else []
    fields = inputs_form(inputs, "in", request.form)
    values, problems = typed_inputs(fields, inputs)
    save = request.form.get("save") == "1"
    body = {"methodology_id": str(chosen.id) if chosen else None, "inputs": values, "save": save,
            "notes": form.notes.data or None,
            "tax_context": {"origin_state": form.origin_state.data or None,
                            "destination_state": form.destination_state.data or None,
                            "tac_autonomo": bool(form.tac_autonomo.data)}}
    data, details = read_form(SimulationCreate, body)
    problems += list(details or [])
    result = None
    if data is not None and not problems:
        try:
            result = services.simulate(current_user.company, data, actor=_actor())
            if result.id:
                flash("Simulação salva.", "success")
                return redirect(url_for("simulations.simulation", simulation_id=result.id))
        except AppError as exc:
            problems = exc.details or [exc]
    status = 422 if problems else 200
    if request.headers.get("HX-Request"):
        return render_template("simulations/_result.html", result=result,
                               problems=labelled(problems, inputs)), status
    place_errors(form, [p for p in problems if isinstance(p, FieldError)], extra=fields)
    return _simulate_page(methodologies, chosen, version, form=form, fields=fields, result=result,
                          problems=problems, status=status)


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


def _simulation_page(simulation, *, form=None, status=200):
    methodology = db.session.get(Methodology, simulation.methodology_id)
    freight = db.session.get(Freight, simulation.freight_id) if simulation.freight_id else None
    form = (form or LinkForm()).set_freights(_linkable_freights())
    return render_template("simulations/show.html", simulation=simulation, methodology=methodology, freight=freight,
                           form=form, can_act=current_user.can(*ACTORS)), status


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
    form = LinkForm()
    try:
        freight = find_freight(form.freight.data or "", for_update=True)
        update_freight(freight, FreightUpdate(simulation_id=str(simulation.id)), sent_fields={"simulation_id"})
    except AppError as exc:
        db.session.expire_all()
        _add_form_error(form.freight, exc.message)
        return _simulation_page(services.find_simulation(simulation_id), form=form, status=422)
    flash(f"Simulação vinculada ao frete {freight.code}.", "success")
    return redirect(url_for("simulations.simulation", simulation_id=simulation_id))


NEW_FREIGHT_LABELS = {"origin.city": "Cidade de origem", "origin.state": "UF de origem",
                      "destination.city": "Cidade de destino", "destination.state": "UF de destino", "price": "Preço"}


def _new_freight_page(simulation, form, problems=(), status=200):
    shown = [Problem(NEW_FREIGHT_LABELS.get(p.field, p.field) if getattr(p, "field", None) else None, p.message)
             for p in problems]
    return render_template("simulations/new_freight.html", simulation=simulation, form=form,
                           problems=shown), status


@bp.get("/simulacoes/<simulation_id>/criar-frete")
@roles_required(*ACTORS)
def new_freight(simulation_id):
    """"Converter em frete" into a new freight: the form prefilled from the simulation."""
    simulation = services.find_simulation(simulation_id)
    body = services.freight_prefill(simulation)
    form = NewFreightForm(data={"origin_state": body["origin"]["state"], "price": number(simulation.total, 2),
                                "destination_state": body["destination"]["state"]})
    return _new_freight_page(simulation, form)


@bp.post("/simulacoes/<simulation_id>/criar-frete")
@roles_required(*ACTORS)
def create_freight_from(simulation_id):
    """The freight created by the freights' own create service, with the simulation's prefill and the typed
    cities; its simulation_id converts the simulation (simulation.converted) in the same transaction."""
    simulation = services.find_simulation(simulation_id)
    form = NewFreightForm()
    body = services.freight_prefill(simulation)
    body["origin"] = {"city": form.origin_city.data, "state": (form.origin_state.data or "").upper()}
    body["destination"] = {"city": form.destination_city.data, "state": (form.destination_state.data or "").upper()}
    try:
        price = parse_decimal(form.price.data)
        body["price"] = None if price is None else str(price)
    except FieldInvalid as exc:
        return _new_freight_page(simulation, form, [FieldError("price", exc.code, exc.message)], 422)
    data, details = read_form(FreightCreate, body)
    if details:
        return _new_freight_page(simulation, form, details, 422)
    try:
        freight = create_freight(current_user.company, data, actor=_actor())
    except AppError as exc:
        db.session.expire_all()
        return _new_freight_page(services.find_simulation(simulation_id), form, exc.details or [exc], 422)
    flash(f"Frete {freight.code} criado da simulação.", "success")
    return redirect(url_for("freights.show", ref=freight.code))
