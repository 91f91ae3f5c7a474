"""A methodology's definition: typed inputs and named components. Checked when saved (keys, types, bounds, formula
syntax, unknown names, cycles, a trial run), then compiled for evaluation; a simulation's inputs are checked
against it (one detail per input)."""
import keyword
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from core.errors import FieldError
from domain.simulations import antt  # noqa: F401  registers piso_antt in the formula catalogue
from domain.simulations.formulas import (
    FUNCTIONS,
    Budget,
    FormulaError,
    Parsed,
    collector_paused,
    evaluate,
    evaluator,
    parse_formula,
)

KEY = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
INPUT_TYPES = ("number", "integer", "boolean", "enum")
MAX_INPUTS = 30
MAX_COMPONENTS = 40
INPUT_LIMIT = Decimal("1e12")  # no typed number beyond this, whatever the methodology's max says
# Errors that depend on reference data rather than on the formula (a function whose table has no figure for
# the sample inputs): not a reason to refuse saving.
DATA_DEPENDENT_CODES = frozenset({"antt_floor_unavailable"})


@dataclass(frozen=True)
class Compiled:
    """A checked definition, ready to evaluate: inputs by key, components in definition order and in the order
    their dependencies allow."""
    inputs: tuple
    components: tuple
    parsed: dict
    order: tuple


# --- Checking a definition ---------------------------------------------------------------------------------------

def check_definition(inputs: list[dict], components: list[dict]) -> tuple[Compiled | None, list[FieldError]]:
    """The compiled definition, or the errors naming each offending field (`inputs[1].max`, `components[0].formula`)."""
    errors: list[FieldError] = []
    if not components:
        errors.append(FieldError("components", "required", "Inclua ao menos um componente."))
    if len(inputs) > MAX_INPUTS:
        errors.append(FieldError("inputs", "too_many", f"No máximo {MAX_INPUTS} entradas."))
    if len(components) > MAX_COMPONENTS:
        errors.append(FieldError("components", "too_many", f"No máximo {MAX_COMPONENTS} componentes."))
    seen: dict[str, str] = {}
    for index, item in enumerate(inputs):
        errors += _check_key(item.get("key"), f"inputs[{index}]", seen)
        errors += _check_input(item, f"inputs[{index}]")
    parsed: dict[str, Parsed] = {}
    for index, item in enumerate(components):
        where = f"components[{index}]"
        errors += _check_key(item.get("key"), where, seen)
        if not (item.get("label") or "").strip():
            errors.append(FieldError(f"{where}.label", "required", "Informe o rótulo."))
        try:
            parsed[item.get("key")] = parse_formula(item.get("formula") or "")
        except FormulaError as exc:
            errors.append(FieldError(f"{where}.formula", exc.code, exc.message))
    if errors:
        return None, errors
    component_index = {c["key"]: i for i, c in enumerate(components)}
    input_keys = {i["key"] for i in inputs}
    for key, formula in parsed.items():
        unknown = sorted(formula.names - input_keys - set(component_index))
        if unknown:
            errors.append(FieldError(f"components[{component_index[key]}].formula", "unknown_name",
                                     f"Nome desconhecido: {', '.join(unknown)}."))
    if errors:
        return None, errors
    order, cycle = _evaluation_order(parsed)
    if cycle:
        first = component_index[cycle[0]]
        return None, [FieldError(f"components[{first}].formula", "cycle",
                                 f"Referência circular: {' → '.join(cycle)}.")]
    compiled = Compiled(tuple(inputs), tuple(components), parsed, tuple(order))
    return compiled, _trial_run(compiled, component_index)


def _check_key(key, where: str, seen: dict) -> list[FieldError]:
    if not isinstance(key, str) or not KEY.match(key) or keyword.iskeyword(key):
        return [FieldError(f"{where}.key", "invalid_key",
                           "Use letras minúsculas, números e _ (começando por letra, até 40).")]
    if key in FUNCTIONS:
        return [FieldError(f"{where}.key", "reserved_key", f"{key} é o nome de uma função.")]
    if key in seen:
        return [FieldError(f"{where}.key", "duplicate_key", f"Chave repetida: {key} (também em {seen[key]}).")]
    seen[key] = where
    return []


def _check_input(item: dict, where: str) -> list[FieldError]:
    errors = []
    kind = item.get("type")
    if kind not in INPUT_TYPES:
        return [FieldError(f"{where}.type", "invalid_type", f"Tipo deve ser um de: {', '.join(INPUT_TYPES)}.")]
    if not (item.get("label") or "").strip():
        errors.append(FieldError(f"{where}.label", "required", "Informe o rótulo."))
    if kind == "enum":
        options = item.get("options") or []
        values = [o.get("value") for o in options if isinstance(o, dict)]
        if not values or len(values) != len(options) or not all(isinstance(v, str) and v for v in values):
            errors.append(FieldError(f"{where}.options", "required", "Enumeração precisa de opções {value, label}."))
        elif len(set(values)) != len(values):
            errors.append(FieldError(f"{where}.options", "duplicate_option", "Opções repetidas."))
    if kind in ("number", "integer"):
        low, high = item.get("min"), item.get("max")
        if low is not None and high is not None and Decimal(str(low)) > Decimal(str(high)):
            errors.append(FieldError(f"{where}.max", "min_above_max", "O máximo deve ser maior ou igual ao mínimo."))
    if item.get("default") is not None:
        _, problem = coerce_input(item, item["default"])
        if problem:
            errors.append(FieldError(f"{where}.default", "invalid_default", problem))
    return errors


def _evaluation_order(parsed: dict[str, Parsed]) -> tuple[list[str], list[str] | None]:
    """Components ordered so each comes after those it reads (depth-first); or the first cycle found."""
    order: list[str] = []
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(key: str) -> list[str] | None:
        if state.get(key) == "done":
            return None
        if state.get(key) == "open":
            return [*path[path.index(key):], key]
        state[key] = "open"
        path.append(key)
        for name in sorted(parsed[key].names & parsed.keys()):
            cycle = visit(name)
            if cycle:
                return cycle
        path.pop()
        state[key] = "done"
        order.append(key)
        return None

    for key in parsed:
        cycle = visit(key)
        if cycle:
            return order, cycle
    return order, None


def _trial_run(compiled: Compiled, component_index: dict) -> list[FieldError]:
    """Evaluate once with sample inputs (defaults, else min, else 1 / first option / false): a formula that cannot
    run at all (a huge power, a division by a constant zero) is refused now, not at the first simulation."""
    sample = {item["key"]: sample_value(item) for item in compiled.inputs}
    try:
        evaluate_components(compiled, sample)
    except ComponentError as exc:
        if exc.code in DATA_DEPENDENT_CODES:  # e.g. no ANTT act loaded yet: the formula itself is fine
            return []
        return [FieldError(f"components[{component_index[exc.key]}].formula", exc.code, exc.message)]
    return []


def sample_value(item: dict):
    if item.get("default") is not None:
        return coerce_input(item, item["default"])[0]
    kind = item["type"]
    if kind == "boolean":
        return False
    if kind == "enum":
        return item["options"][0]["value"]
    low = item.get("min")
    return Decimal(str(low)) if low is not None and Decimal(str(low)) > 0 else Decimal(1)


# --- Evaluating ----------------------------------------------------------------------------------------------------

class ComponentError(Exception):
    def __init__(self, key: str, code: str, message: str):
        super().__init__(message)
        self.key, self.code, self.message = key, code, message


def evaluate_components(compiled: Compiled, values: dict) -> dict:
    """Every component's exact value, by key, evaluated in dependency order within one time budget."""
    names = dict(values)
    with collector_paused():
        shared = evaluator(names, Budget())
        for key in compiled.order:
            try:
                result = evaluate(compiled.parsed[key], names, using=shared)
            except FormulaError as exc:
                raise ComponentError(key, exc.code, f"Componente {key}: {exc.message}") from None
            if isinstance(result, bool) or not isinstance(result, Decimal):
                raise ComponentError(key, "not_a_number", f"Componente {key}: o resultado não é um número.")
            names[key] = result
    return {key: names[key] for key in compiled.parsed}


# --- A simulation's inputs -----------------------------------------------------------------------------------------

def check_inputs(compiled: Compiled, raw: dict) -> tuple[dict, list[FieldError]]:
    """The typed input values (defaults filled in) or one error per input that does not match
    (`inputs.distancia_km`), plus one per unknown key."""
    values, errors = {}, []
    known = {item["key"] for item in compiled.inputs}
    for key in sorted(set(raw) - known):
        errors.append(FieldError(f"inputs.{key}", "unknown_input", f"Entrada desconhecida nesta metodologia: {key}."))
    for item in compiled.inputs:
        key = item["key"]
        given = raw.get(key)
        if given is None:
            if item.get("default") is not None:
                values[key] = coerce_input(item, item["default"])[0]
            elif item.get("required"):
                errors.append(FieldError(f"inputs.{key}", "required", f"Informe {item['label']}."))
            else:
                values[key] = sample_zero(item)
            continue
        value, problem = coerce_input(item, given)
        if problem:
            errors.append(FieldError(f"inputs.{key}", "invalid_input", problem))
        else:
            values[key] = value
    return values, errors


def sample_zero(item: dict):
    """An optional input left out: 0, false, or the first option (documented in docs/simulations.md)."""
    return {"boolean": False, "enum": (item.get("options") or [{}])[0].get("value")}.get(item["type"], Decimal(0))


def coerce_input(item: dict, given) -> tuple[object, str | None]:
    """(value, None) or (None, pt-BR problem) for one input of the given type and bounds. Numbers as JSON numbers
    (a numeric string too, as an integrator may send one); booleans only true/false."""
    kind = item["type"]
    if kind == "boolean":
        return (given, None) if isinstance(given, bool) else (None, "Esperado true ou false.")
    if kind == "enum":
        options = [o["value"] for o in item.get("options") or []]
        return (given, None) if given in options else (None, f"Use um de: {', '.join(options)}.")
    if isinstance(given, bool) or not isinstance(given, int | float | str | Decimal):
        return None, "Esperado um número."
    try:
        number = Decimal(str(given).strip())
    except InvalidOperation:
        return None, "Esperado um número."
    if not number.is_finite() or abs(number) > INPUT_LIMIT:
        return None, "Número fora do limite."
    if kind == "integer" and number != number.to_integral_value():
        return None, "Esperado um número inteiro."
    for bound, compare, text in (("min", lambda a, b: a < b, "no mínimo"), ("max", lambda a, b: a > b, "no máximo")):
        if item.get(bound) is not None and compare(number, Decimal(str(item[bound]))):
            return None, f"Deve ser {text} {item[bound]}."
    return number, None
