"""Reading the simulation pages' forms: the methodology editor's rows into a definition, and the typed inputs of a
simulation (pt-BR numbers) into the values the service checks. The rules stay in domain/simulations."""
from decimal import Decimal

from core.errors import FieldError
from core.formatting import parse_decimal
from core.validators import FieldInvalid

INPUT_COLUMNS = ("key", "label", "type", "min", "max", "default", "unit", "options")
COMPONENT_COLUMNS = ("key", "label", "formula")
BLANK_ROWS = 2  # empty rows the editor offers for a new input or component


def _rows(form, prefix: str, columns) -> list[dict]:
    indexes = sorted({int(name.split("-")[1]) for name in form if name.startswith(f"{prefix}-")
                      and name.split("-")[1].isdigit()})
    rows = []
    for index in indexes:
        row = {column: (form.get(f"{prefix}-{index}-{column}") or "").strip() for column in columns}
        row["_checked"] = {name.rsplit("-", 1)[1] for name in form if name.startswith(f"{prefix}-{index}-")
                           and form.get(name) == "on"}
        if row.get("key") or row.get("label") or row.get("formula"):
            rows.append(row)
    return rows


def _number(text: str, where: str, errors: list) -> float | None:
    if not text:
        return None
    try:
        return float(parse_decimal(text, places=6))
    except FieldInvalid as exc:
        errors.append(FieldError(where, exc.code, exc.message))
        return None


def _options(text: str) -> list[dict] | None:
    """`valor=Rótulo; outro=Outro rótulo` (a value alone is its own label)."""
    if not text:
        return None
    options = []
    for part in text.split(";"):
        value, _, label = part.partition("=")
        if value.strip():
            options.append({"value": value.strip(), "label": (label or value).strip()})
    return options


def definition_from_form(form) -> tuple[dict, list[FieldError]]:
    """The posted editor as a definition dict (MethodologyDefinition validates it), plus unreadable numbers."""
    errors: list[FieldError] = []
    inputs = []
    for position, row in enumerate(_rows(form, "inputs", INPUT_COLUMNS)):
        item = {"key": row["key"], "label": row["label"], "type": row["type"] or "number",
                "required": "required" in row["_checked"], "unit": row["unit"] or None,
                "options": _options(row["options"]) if row["type"] == "enum" else None}
        for bound in ("min", "max"):
            item[bound] = _number(row[bound], f"inputs[{position}].{bound}", errors)
        item["default"] = _typed_default(item, row["default"], f"inputs[{position}].default", errors)
        inputs.append(item)
    components = [{"key": row["key"], "label": row["label"], "formula": row["formula"],
                   "in_subtotal": "in_subtotal" in row["_checked"]}
                  for row in _rows(form, "components", COMPONENT_COLUMNS)]
    definition = {"name": (form.get("name") or "").strip(), "description": (form.get("description") or "").strip(),
                  "tax_mode": form.get("tax_mode") or "by_outside", "inputs": inputs, "components": components}
    return definition, errors


def _typed_default(item: dict, text: str, where: str, errors: list):
    if not text:
        return None
    if item["type"] == "boolean":
        return text.lower() in ("sim", "true", "1", "verdadeiro")
    if item["type"] == "enum":
        return text
    return _number(text, where, errors)


def inputs_from_form(form, inputs: list[dict], prefix: str = "in-") -> tuple[dict, list[FieldError]]:
    """A simulation's inputs as typed on a page: numbers in pt-BR, a checkbox for booleans, a select for enums;
    empty fields are left out (the service applies defaults and says what is required)."""
    values, errors = {}, []
    for item in inputs:
        name = prefix + item["key"]
        if item["type"] == "boolean":
            values[item["key"]] = form.get(name) == "on"
            continue
        text = (form.get(name) or "").strip()
        if not text:
            continue
        if item["type"] == "enum":
            values[item["key"]] = text
            continue
        try:
            values[item["key"]] = parse_decimal(text, places=6)
        except FieldInvalid as exc:
            errors.append(FieldError(f"inputs.{item['key']}", exc.code, exc.message))
    return values, errors


def shown_number(value) -> str:
    """A definition's number as the editor shows it (pt-BR comma)."""
    if isinstance(value, bool):
        return "sim" if value else "não"
    if isinstance(value, str):
        return value
    if not isinstance(value, int | float | Decimal):  # None, or a blank row's missing cell
        return ""
    number = Decimal(str(value)).normalize()
    return format(number, "f").replace(".", ",")


def options_text(options) -> str:
    """Enum options as the editor shows them: `valor=Rótulo; outro=Outro`."""
    return "; ".join(f"{o['value']}={o['label']}" for o in options or [])


def definition_rows(version) -> dict:
    """The editor's rows for a saved version (plus blank rows to add new ones)."""
    return {"inputs": [*version["inputs"], *([None] * BLANK_ROWS)],
            "components": [*version["components"], *([None] * BLANK_ROWS)]}
