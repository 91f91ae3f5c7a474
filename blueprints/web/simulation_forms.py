"""The simulation pages' forms (WTForms, fields and rendering only: the rules are domain/simulations'). The
methodology editor is one row form per input and per component (`inputs-0-key`, `components-1-formula`); a
methodology's inputs are a form built from its definition (`in-<key>` on the simulation page, `preview-<key>` in the
editor's preview). The service's errors name the body's paths (`inputs[0].min`, `tax_context.origin_state`): they
land under their inputs, and what has no input is listed with its pt-BR label (`problem_label`), never the path."""
import re
from dataclasses import dataclass, field
from decimal import Decimal

from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, FieldList, Form, FormField, HiddenField, SelectField, StringField, TextAreaField
from wtforms.fields.core import UnboundField
from wtforms.form import BaseForm

from blueprints.web.formkit import choices
from blueprints.web.record_pages import PlainForm
from core.errors import FieldError
from core.formatting import decimal_input, parse_decimal
from core.validators import FieldInvalid
from domain.simulations.taxes import TAX_REGIME_LABELS

TYPE_LABELS = {"number": "Número", "integer": "Inteiro", "boolean": "Sim/não", "enum": "Lista"}
TAX_MODE_LABELS = {"by_inside": "Por dentro (impostos embutidos no preço, como o CT-e os calcula)",
                   "by_outside": "Por fora (nome antigo; calculado como \"por dentro\")"}
BLANK_ROWS = 2  # empty rows the editor offers for a new input or component
NUMBER = {"inputmode": "decimal", "autocomplete": "off"}


class InputRow(Form):
    key = StringField("Chave", render_kw={"size": 14, "spellcheck": "false"})
    label = StringField("Rótulo", render_kw={"size": 16})
    type = SelectField("Tipo", choices=choices(TYPE_LABELS.items()), default="number", validate_choice=False)
    required = BooleanField("Obrigatória")
    min = StringField("Mínimo", render_kw={"size": 6, **NUMBER})
    max = StringField("Máximo", render_kw={"size": 6, **NUMBER})
    default = StringField("Padrão", render_kw={"size": 8})
    unit = StringField("Unidade", render_kw={"size": 6})
    options = StringField("Opções", render_kw={"size": 20})


class ComponentRow(Form):
    key = StringField("Chave", render_kw={"size": 14, "spellcheck": "false"})
    label = StringField("Rótulo", render_kw={"size": 16})
    formula = StringField("Fórmula", render_kw={"size": 40, "spellcheck": "false", "class": "mono"})
    in_subtotal = BooleanField("No subtotal", default=True)


class MethodologyForm(PlainForm):
    name = StringField("Nome", render_kw={"maxlength": 120})
    tax_mode = SelectField("Impostos", choices=choices(TAX_MODE_LABELS.items()), validate_choice=False)
    description = TextAreaField("Descrição")
    inputs = FieldList(FormField(InputRow))
    components = FieldList(FormField(ComponentRow))


class SimulationForm(PlainForm):
    """The simulation page's own fields; the methodology's inputs are `inputs_form(version.inputs, "in")`."""
    methodology_id = HiddenField("Metodologia")
    origin_state = StringField("UF de origem", render_kw={"maxlength": 2})
    destination_state = StringField("UF de destino", render_kw={"maxlength": 2})
    tac_autonomo = BooleanField("Transportador autônomo (TAC)")
    notes = TextAreaField("Observações (ao salvar)", render_kw={"maxlength": 2000})


class TaxSettingsForm(PlainForm):
    tax_regime = SelectField("Regime tributário", choices=choices(TAX_REGIME_LABELS.items()), validate_choice=False)
    tax_state = StringField("UF padrão", render_kw={"maxlength": 2})


class LinkForm(PlainForm):
    freight = SelectField("Vincular ao frete", validate_choice=False)

    def set_freights(self, freights) -> "LinkForm":
        self.freight.choices = choices((f.code, f"{f.code} · {f.origin_city}/{f.origin_state} → "
                                                f"{f.destination_city}/{f.destination_state}") for f in freights)
        return self


class NewFreightForm(PlainForm):
    """"Converter em frete" into a new freight: what the simulation does not know (the cities), the states and the
    price it prefilled; the ANTT floor's inputs, the weight and the link come from the simulation itself."""
    origin_city = StringField("Cidade de origem", render_kw={"maxlength": 120})
    origin_state = StringField("UF de origem", render_kw={"maxlength": 2})
    destination_city = StringField("Cidade de destino", render_kw={"maxlength": 120})
    destination_state = StringField("UF de destino", render_kw={"maxlength": 2})
    price = StringField("Preço (R$)", render_kw=NUMBER)


# --- labels: a body path as the page names it --------------------------------------------------------------------

def _labels(*form_classes) -> dict:
    return {name: unbound.args[0] for form_class in form_classes for name, unbound in vars(form_class).items()
            if isinstance(unbound, UnboundField) and unbound.args}


ROWS = {"inputs": ("entrada", "da entrada", _labels(InputRow)),
        "components": ("componente", "do componente", _labels(ComponentRow))}
ROW_CHECKBOXES = {"required": "Entrada {n} obrigatória", "in_subtotal": "Componente {n} no subtotal"}
FIELD_LABELS = {**_labels(MethodologyForm, SimulationForm, TaxSettingsForm, LinkForm), "inputs": "Entradas",
                "components": "Componentes", "tax_context": "Impostos", "simulation_id": "Simulação"}
PATH = re.compile(r"^(?P<root>\w+)(?:\[(?P<index>\d+)\])?(?:\.(?P<sub>\w+))?$")
FORM = "Formulário"


def row_label(name: str, rows: str, number: int) -> str:
    """An editor cell's accessible name: `Fórmula do componente 2`, `Entrada 1 obrigatória`."""
    if name in ROW_CHECKBOXES:
        return ROW_CHECKBOXES[name].format(n=number)
    return f"{ROWS[rows][2][name]} {ROWS[rows][1]} {number}"


def problem_label(path: str | None, inputs=(), components=()) -> str:
    """The pt-BR name of a body path: `inputs[0].min` → `Mínimo da entrada 1`, `inputs.peso_t` → the input's label,
    `components.margem` → `Componente Margem`, `tax_context.origin_state` → `UF de origem`; never the path."""
    match = PATH.match(path or "")
    if not match:
        return FORM
    root, index, sub = match["root"], match["index"], match["sub"]
    if root in ROWS and index is not None:
        number = int(index) + 1
        return row_label(sub, root, number) if sub in ROWS[root][2] else f"{ROWS[root][0].capitalize()} {number}"
    if root in ROWS and sub:
        if root == "inputs":
            named = {item.get("key"): input_label(item) for item in inputs}
            if sub in named:
                return named[sub]
        named = {item.get("key"): item.get("label") for item in components}
        if root == "components" and sub in named:
            return f"Componente {named[sub]}"
    if root == "tax_context" and sub:
        return FIELD_LABELS.get(sub, FIELD_LABELS["tax_context"])
    return FIELD_LABELS.get(root, FORM)


@dataclass
class Problem:
    label: str | None
    message: str


def labelled(problems, inputs=(), components=()) -> list[Problem]:
    """Errors (FieldErrors, or an AppError without details) as the page lists them: label and message."""
    return [Problem(problem_label(p.field, inputs, components) if getattr(p, "field", None) else None, p.message)
            for p in problems]


# --- the editor --------------------------------------------------------------------------------------------------

def shown_number(value) -> str:
    """A definition's number as the editor shows it (pt-BR comma)."""
    if isinstance(value, bool):
        return "sim" if value else "não"
    if isinstance(value, str):
        return value
    if not isinstance(value, int | float | Decimal):  # None
        return ""
    return decimal_input(value, places=None)


def options_text(options) -> str:
    """Enum options as the editor shows them: `valor=Rótulo; outro=Outro`."""
    return "; ".join(f"{o['value']}={o['label']}" for o in options or [])


def editor_form(definition: dict | None) -> MethodologyForm:
    """The editor for a saved definition (or an empty one): the definition as the editor would post it, plus blank
    rows to add inputs and components."""
    definition = definition or {"name": "", "description": "", "tax_mode": "by_inside", "inputs": [],
                                "components": []}
    posted = MultiDict({"name": definition["name"], "description": definition.get("description") or "",
                        "tax_mode": definition["tax_mode"]})
    for index, item in enumerate(definition["inputs"]):
        prefix = f"inputs-{index}-"
        posted.update({prefix + "key": item["key"], prefix + "label": item["label"], prefix + "type": item["type"],
                       prefix + "unit": item.get("unit") or "", prefix + "options": options_text(item.get("options")),
                       **{prefix + name: shown_number(item.get(name)) for name in ("min", "max", "default")}})
        if item.get("required"):
            posted[prefix + "required"] = "y"
    for index, item in enumerate(definition["components"]):
        prefix = f"components-{index}-"
        posted.update({prefix + name: item[name] for name in ("key", "label", "formula")})
        if item.get("in_subtotal", True):
            posted[prefix + "in_subtotal"] = "y"
    return with_blank_rows(MethodologyForm(formdata=posted))


def with_blank_rows(form: MethodologyForm) -> MethodologyForm:
    for _ in range(BLANK_ROWS):
        form.inputs.append_entry()
        form.components.append_entry()
    return form


@dataclass
class Definition:
    """The posted editor as a definition dict (MethodologyDefinition validates it), the numbers it could not read,
    and for each definition row the editor row it came from (blank rows are left out)."""
    data: dict
    unreadable: list[FieldError] = field(default_factory=list)
    rows: dict = field(default_factory=lambda: {"inputs": [], "components": []})


def _text(input_field) -> str:
    return (input_field.data or "").strip()


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
    options = []
    for part in (text or "").split(";"):
        value, _, label = part.partition("=")
        if value.strip():
            options.append({"value": value.strip(), "label": (label or value).strip()})
    return options or None


def _typed_default(item: dict, text: str, where: str, errors: list):
    if not text:
        return None
    if item["type"] == "boolean":
        return text.lower() in ("sim", "true", "1", "verdadeiro")
    if item["type"] == "enum":
        return text
    return _number(text, where, errors)


def _filled(row, names) -> bool:
    return any(_text(row[name]) for name in names)


def definition_from_form(form: MethodologyForm) -> Definition:
    read = Definition({"name": _text(form.name), "description": _text(form.description),
                       "tax_mode": form.tax_mode.data or "by_inside", "inputs": [], "components": []})
    for entry in form.inputs:
        row = entry.form
        if not _filled(row, ("key", "label")):
            continue
        where = f"inputs[{len(read.data['inputs'])}]"
        item = {"key": _text(row.key), "label": _text(row.label), "type": row.type.data or "number",
                "required": bool(row.required.data), "unit": _text(row.unit) or None,
                "options": _options(_text(row.options)) if row.type.data == "enum" else None}
        for bound in ("min", "max"):
            item[bound] = _number(_text(row[bound]), f"{where}.{bound}", read.unreadable)
        item["default"] = _typed_default(item, _text(row.default), f"{where}.default", read.unreadable)
        read.data["inputs"].append(item)
        read.rows["inputs"].append(row)
    for entry in form.components:
        row = entry.form
        if _filled(row, ("key", "label", "formula")):
            read.data["components"].append({"key": _text(row.key), "label": _text(row.label),
                                            "formula": _text(row.formula), "in_subtotal": bool(row.in_subtotal.data)})
            read.rows["components"].append(row)
    return read


def _add_error(input_field, message: str) -> None:
    if not isinstance(input_field.errors, list):
        input_field.errors = list(input_field.errors)
    if message not in input_field.errors:
        input_field.errors.append(message)


def place_errors(form, errors: list[FieldError], rows: dict | None = None, extra=None) -> list[FieldError]:
    """Each error under its input: a row's cell (`inputs[1].max`, through `rows`), a top-level input (`name`), a
    tax field (`tax_context.origin_state`) or, through `extra` (the methodology's inputs form), a typed input
    (`inputs.peso_t`). Returns those with no input, for the page's list."""
    rest = []
    for error in errors:
        target = _input_of(form, getattr(error, "field", None) or "", rows or {}, extra)
        if target is None:
            rest.append(error)
        else:
            _add_error(target, error.message)
    return rest


def _input_of(form, path: str, rows: dict, extra):
    match = PATH.match(path)
    if not match:
        return None
    root, index, sub = match["root"], match["index"], match["sub"]
    if index is not None and root in rows and int(index) < len(rows[root]):
        row = rows[root][int(index)]
        return row._fields.get(sub, row.key)
    if root == "inputs" and sub and extra is not None and sub in extra:
        return extra[sub]
    name = sub if root == "tax_context" else (root if index is None and not sub else None)
    if name not in form or isinstance(form[name], FieldList | HiddenField):  # shown in the page's list instead
        return None
    return form[name]


# --- a methodology's inputs ---------------------------------------------------------------------------------------

def input_label(item: dict) -> str:
    """A methodology input as pages name it: its label and unit, `Distância (km)`."""
    return (item.get("label") or "") + (f" ({item['unit']})" if item.get("unit") else "")


def _input_field(item: dict):
    label = input_label(item) + (" *" if item.get("required") else "")
    if item["type"] == "boolean":
        return BooleanField(label, default=bool(item.get("default")))
    if item["type"] == "enum":
        return SelectField(label, choices=choices((o["value"], o["label"]) for o in item.get("options") or []),
                           default=item.get("default"), validate_choice=False)
    return StringField(label, default=shown_number(item.get("default")), render_kw=NUMBER)


def inputs_form(inputs: list[dict], prefix: str, formdata=None) -> BaseForm:
    """A methodology's inputs as a form, `<prefix>-<key>` (keys are the form's item names, so a key such as `data`
    never meets a Form attribute); what was posted when `formdata`, else the defaults."""
    form = BaseForm([(item["key"], _input_field(item)) for item in inputs if item.get("key")], prefix=prefix)
    form.process(formdata)
    return form


def typed_inputs(form: BaseForm, inputs: list[dict]) -> tuple[dict, list[FieldError]]:
    """The typed values: pt-BR numbers read, a checkbox for booleans, a select for enums; empty fields left out (the
    service applies defaults and says what is required). An unreadable number → its error, under its input too."""
    values, errors = {}, []
    for item in inputs:
        if item.get("key") not in form:
            continue
        input_field = form[item["key"]]
        if item["type"] == "boolean":
            values[item["key"]] = bool(input_field.data)
            continue
        text = (input_field.data or "").strip()
        if not text:
            continue
        if item["type"] == "enum":
            values[item["key"]] = text
            continue
        try:
            values[item["key"]] = parse_decimal(text, places=6)
        except FieldInvalid as exc:
            errors.append(FieldError(f"inputs.{item['key']}", exc.code, exc.message))
            _add_error(input_field, exc.message)
    return values, errors
