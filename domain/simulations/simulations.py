"""Running a simulation: inputs checked against the methodology version, components evaluated exactly, taxes from
the table in force, every figure rounded once (half-up, centavos) at the end; saved on request, with its event;
linked to a freight (the conversion event)."""
import uuid
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal

from core.actors import actor_label
from core.clock import brasilia_today
from core.db import db, utcnow
from core.errors import AppError, FieldError, Unprocessable
from core.events import emit_event
from core.responses import dump
from core.tenancy import get_owned, get_referenced
from domain.simulations.antt import floor_against
from domain.simulations.definitions import (
    Compiled,
    ComponentError,
    check_definition,
    check_inputs,
    evaluate_components,
)
from domain.simulations.methodologies import checked_definition, compiled, find_current_version
from domain.simulations.models import FreightSimulation
from domain.simulations.schemas import MethodologyDefinition, SimulationCreate
from domain.simulations.serializers import SimulationConvertedData, SimulationCreatedData
from domain.simulations.taxes import (
    TaxContext,
    TaxTable,
    gross_up,
    resolve_context,
    table_in_force,
    tac_withholdings,
)
from domain.tenancy.services import update_company

CENTAVO = Decimal("0.01")
RATE_PLACES = Decimal("0.000001")
CURRENCY = "BRL"


@dataclass
class SimulationResult:
    """Every figure of a simulation, already rounded for the answer (exact values never leave this module)."""
    methodology_id: uuid.UUID | None
    methodology_version: int
    inputs: dict
    tax_context: TaxContext | None
    tax_table: str
    subtotal: Decimal
    total: Decimal
    breakdown: list
    tax_breakdown: list
    effective_tax_rate: Decimal
    fiscal: dict = field(default_factory=dict)  # cte, tac_withholdings, antt_floor (fiscal_details)
    currency: str = CURRENCY
    id: uuid.UUID | None = None


def money(value: Decimal) -> Decimal:
    return value.quantize(CENTAVO, rounding=ROUND_HALF_UP)


def apportion(exact: list[Decimal], target: Decimal) -> list[Decimal]:
    """Centavo amounts for exact parts that add up to `target`, their sum as shown (largest remainder): each part
    rounded down to the centavo, then the centavos still missing given one each to the parts whose discarded
    fraction is largest (the first on a tie). When the half-up roundings of the parts already add up, these are
    they; otherwise a part moves by the centavo the total needs. Parts and target ≥ 0: each within a centavo of
    its exact value. (A negative subtotal can leave the taxes a centavo short: it is taken from the part with the
    smallest fraction.)"""
    shares = [value.quantize(CENTAVO, rounding=ROUND_FLOOR) for value in exact]
    missing = int((target - sum(shares, Decimal(0))) / CENTAVO)
    order = sorted(range(len(exact)), key=lambda i: exact[i] - shares[i], reverse=missing >= 0)
    for index in order[:abs(missing)]:
        shares[index] += CENTAVO if missing > 0 else -CENTAVO
    return shares


def price(version, raw_inputs: dict, context: TaxContext | None, *, on: date | None = None
          ) -> SimulationResult:
    """The simulation's figures (nothing stored) with a version (record or row: id, methodology_id, version,
    tax_mode, inputs, components). Inputs that do not match → 422 invalid_inputs, one detail each."""
    result = price_definition(compiled(version), version.tax_mode, raw_inputs, context, on=on)
    result.methodology_id, result.methodology_version = version.methodology_id, version.version
    return result


def price_definition(definition: Compiled, tax_mode: str, raw_inputs: dict, context: TaxContext | None, *,
                     on: date | None = None) -> SimulationResult:
    """Figures of a checked definition, saved or not (the editor's preview prices the one being typed). Without a
    tax context (a preview for a company with no default state) there are no tax lines."""
    values, errors = check_inputs(definition, raw_inputs or {})
    if errors:
        raise invalid_inputs(errors)
    try:
        results = evaluate_components(definition, values)
    except ComponentError as exc:
        raise invalid_inputs([FieldError(f"components.{exc.key}", exc.code, exc.message)]) from None
    day = on or brasilia_today()
    table = table_in_force(day)
    subtotal = sum((results[c["key"]] for c in definition.components if c.get("in_subtotal", True)), Decimal(0))
    shown_subtotal = money(subtotal)
    shown_total, lines = gross_up(shown_subtotal, context, tax_mode, table) if context else (shown_subtotal, [])
    taxes = sum((line.value for line in lines), Decimal(0))
    summed = [c["key"] for c in definition.components if c.get("in_subtotal", True)]
    shown = dict(zip(summed, apportion([results[key] for key in summed], shown_subtotal), strict=True))
    return SimulationResult(
        methodology_id=None, methodology_version=0, inputs=_json_inputs(values),
        tax_context=context, tax_table=table.version, subtotal=shown_subtotal, total=shown_total,
        breakdown=[{"key": c["key"], "label": c["label"], "value": shown.get(c["key"], money(results[c["key"]]))}
                   for c in definition.components],
        tax_breakdown=[{"kind": line.kind, "rate": line.rate, "base": line.base, "value": line.value,
                        "mode": line.mode} for line in lines],
        effective_tax_rate=((taxes / shown_subtotal).quantize(RATE_PLACES, rounding=ROUND_HALF_UP)
                            if shown_subtotal else Decimal(0)),
        fiscal=fiscal_details(shown_total, shown_subtotal, lines, context, table, values, day),
    )


def fiscal_details(total: Decimal, subtotal: Decimal, lines, context: TaxContext | None, table: TaxTable,
                   values: dict, day: date) -> dict:
    """What the simulation's figures mean on paper: the CT-e's ICMS block (vBC, pICMS, vICMS) the carrier prints
    for this price, a TAC's withholdings and net, and the ANTT floor of the inputs against the total."""
    icms = next((line for line in lines if line.kind == "icms"), None)
    details = {"cte": None if icms is None else {"valor_prestacao": total, "base_calculo": icms.base,
                                                 "aliquota_icms": icms.rate, "valor_icms": icms.value},
               "tac_withholdings": None, "antt_floor": floor_against(total, values, day)}
    if context is not None and context.tac_autonomo:
        withheld = tac_withholdings(total, table.tac)
        details["tac_withholdings"] = {
            "lines": [{"kind": w.kind, "rate": w.rate, "base": w.base, "value": w.value} for w in withheld],
            "total": sum((w.value for w in withheld), Decimal(0)),
            "net": subtotal - sum((w.value for w in withheld), Decimal(0))}
    return details


def invalid_inputs(errors: list[FieldError]) -> AppError:
    return AppError("As entradas não correspondem à metodologia: "
                    + "; ".join(f"{e.field}: {e.message}" for e in errors[:5]),
                    code="invalid_inputs", status=422, details=errors)


def _json_inputs(values: dict) -> dict:
    """Typed inputs as stored and sent in events: whole numbers as ints, others as floats of their exact text."""
    def plain(value):
        if isinstance(value, Decimal):
            return int(value) if value == value.to_integral_value() else float(value)
        return value
    return {key: plain(value) for key, value in values.items()}


def simulate(company, body: SimulationCreate, *, actor=None) -> SimulationResult:
    """POST /simulations and the simulation page: the company's methodology (404 unknown, 403 another company's), its
    current version, the tax context with the company defaults; save=true stores it and emits simulation.created.
    `company` is the ORM company or the API's read-only view of it (id, tax_state, tax_regime are all it reads)."""
    version = find_current_version(company, body.methodology_id)
    context = resolve_context(body.tax_context.model_dump() if body.tax_context else None,
                              company_state=company.tax_state, company_regime=company.tax_regime)
    result = price(version, body.inputs, context)
    if body.save:
        result.id = save(company, result, notes=body.notes, actor=actor).id
    return result


def save(company, result: SimulationResult, *, notes=None, actor=None) -> FreightSimulation:
    record = FreightSimulation(
        id=uuid.uuid4(), company_id=company.id, methodology_id=result.methodology_id,
        methodology_version=result.methodology_version, status="saved", inputs=result.inputs,
        tax_context=result.tax_context.as_dict(), tax_table=result.tax_table, subtotal=result.subtotal,
        total=result.total, currency=result.currency, effective_tax_rate=result.effective_tax_rate,
        breakdown=[{**line, "value": str(line["value"])} for line in result.breakdown],
        tax_breakdown=stored(result.tax_breakdown),
        fiscal=stored(result.fiscal),
        notes=notes, created_by=actor_label(actor), created_at=utcnow())
    db.session.add(record)
    db.session.flush()
    emit_event(company, "simulation.created", dump(SimulationCreatedData, record))
    return record


def stored(value):
    """Figures as JSON keeps them exactly: Decimals as their text."""
    if isinstance(value, dict):
        return {key: stored(item) for key, item in value.items()}
    if isinstance(value, list):
        return [stored(item) for item in value]
    return str(value) if isinstance(value, Decimal) else value


def find_simulation(simulation_id) -> FreightSimulation:
    return get_owned(FreightSimulation, simulation_id)


def link_to_freight(freight, simulation_id) -> FreightSimulation:
    """A freight created or changed with `simulation_id`: the company's saved simulation (else 404 naming
    simulation_id) becomes `converted`, points at the freight and emits simulation.converted. A simulation
    already converted into another freight → 422 simulation_converted."""
    simulation = get_referenced(FreightSimulation, simulation_id, "simulation_id", "Simulação")
    if simulation.freight_id == freight.id:
        return simulation
    if simulation.freight_id is not None:
        raise Unprocessable("A simulação já foi convertida em outro frete.", code="simulation_converted",
                            details=[FieldError("simulation_id", "simulation_converted",
                                                "Simulação já convertida em outro frete.")])
    simulation.freight_id = freight.id
    simulation.status = "converted"
    simulation.converted_at = utcnow()
    db.session.flush()
    emit_event(freight.company_id, "simulation.converted", dump(SimulationConvertedData, simulation))
    return simulation


def freight_prefill(simulation: FreightSimulation) -> dict:
    """The body of a freight created from a saved simulation ("Converter em frete": the freights' create service
    takes it, and its simulation_id converts the simulation): the states of the tax context, the total as the
    price, and the ANTT floor's inputs and the weight when the methodology has them (docs/simulations.md)."""
    inputs, context = simulation.inputs or {}, simulation.tax_context or {}
    body = {"origin": {"city": "", "state": context.get("origin_state")},
            "destination": {"city": "", "state": context.get("destination_state")},
            "price": str(simulation.total), "simulation_id": str(simulation.id),
            "notes": f"Criado da simulação {simulation.id} (total {simulation.total})."}
    for source, target in (("distancia_km", "distance_km"), ("eixos", "loaded_axles"), ("tipo_carga", "cargo_type"),
                           ("tabela", "antt_table")):
        if inputs.get(source) not in (None, ""):
            body[target] = inputs[source]
    if isinstance(inputs.get("peso_t"), int | float) and inputs["peso_t"] > 0:
        body["weight_kg"] = str(Decimal(str(inputs["peso_t"])) * 1000)
    return body


def preview(company, definition: MethodologyDefinition, raw_inputs: dict) -> SimulationResult:
    """The editor's live preview: the definition being typed, checked (422 invalid_methodology) and priced with the
    typed inputs and the company's default tax context (no taxes when the company has no state). Stores nothing."""
    inputs, components = checked_definition(definition)
    compiled_definition, _ = check_definition(inputs, components)
    context = (resolve_context(None, company_state=company.tax_state, company_regime=company.tax_regime)
               if company.tax_state else None)
    return price_definition(compiled_definition, definition.tax_mode, raw_inputs, context)


def update_tax_settings(company, *, tax_regime: str, tax_state: str | None):
    """The company's regime and default state (the pages' "Configuração fiscal"; the CLI calls the tenancy service
    directly)."""
    return update_company(company, tax_regime=tax_regime, tax_state=tax_state or "")
