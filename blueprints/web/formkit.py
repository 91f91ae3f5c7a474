"""Small pieces shared by the page forms."""
from datetime import datetime

from wtforms import SelectMultipleField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.widgets import CheckboxInput, ListWidget

from core.errors import FieldError
from core.formatting import BRT, decimal_input, local, parse_decimal
from core.validators import FieldInvalid


def choices(pairs) -> list[SelectChoice]:
    """(value, label) pairs as WTForms 3.3 choices."""
    return [SelectChoice(value, label) for value, label in pairs]


class DecimalBRField(StringField):
    """A pt-BR number input (money, weight, distance): a stored value shows as `23.000,5`, what is posted stays
    text until `read_decimals` reads it. Render it with `field(f, mask='weight')` (templates/_macros/forms.html)."""

    def __init__(self, label=None, validators=None, places: int = 2, mask: str = "decimal", **kwargs):
        super().__init__(label, validators, **kwargs)
        self.places = places
        self.mask = mask  # the kit's mask `field()` renders when none is given (money, weight, distance, decimal)

    def _value(self):
        if self.raw_data:
            return self.raw_data[0]
        return decimal_input(self.data, self.places) if self.data not in (None, "") else ""


class MaskedField(StringField):
    """A document, CEP, phone or plate input: the stored value shows formatted (`(11) 3333-4444`, not
    `+551133334444`); what is posted is read by the schema, which accepts the punctuation. Render it with
    `field(f, mask="phone")` so the browser masks it too."""

    def __init__(self, label=None, validators=None, display=None, mask: str | None = None, **kwargs):
        super().__init__(label, validators, **kwargs)
        self.display = display
        self.mask = mask  # cpf_cnpj, cep, phone, plate: the kit's mask `field()` renders when none is given

    def _value(self):
        if self.raw_data:
            return self.raw_data[0]
        return self.display(self.data) if self.data and self.display else (self.data or "")


class LocalMomentField(StringField):
    """A datetime-local input on Brasília's wall clock: a stored moment (naive = UTC) shows as `2030-12-01T08:00`
    in Brasília time; `iso()` gives what was posted with Brasília's offset, or the text as typed for the schema to
    refuse it (naming the input), never guessed."""

    def __init__(self, label=None, validators=None, **kwargs):
        kwargs.setdefault("render_kw", {"type": "datetime-local"})
        super().__init__(label, validators, **kwargs)

    def _value(self):
        if self.raw_data:
            return self.raw_data[0]
        if isinstance(self.data, datetime):
            return local(self.data).strftime("%Y-%m-%dT%H:%M")
        return self.data or ""

    def iso(self) -> str | None:
        return local_iso(self.data if isinstance(self.data, str) else self._value())


def local_iso(value: str | None) -> str | None:
    """`2030-12-01T08:00` (Brasília wall clock) → `2030-12-01T08:00:00-03:00`; empty → None; unreadable as is."""
    value = (value or "").strip()
    if not value:
        return None
    try:
        return datetime.fromisoformat(value).replace(tzinfo=BRT).isoformat()
    except ValueError:
        return value


class MultiCheckboxField(SelectMultipleField):
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()


def read_decimals(data: dict, places: dict) -> list[FieldError]:
    """Read the pt-BR decimal inputs of a posted form in place ("5.000,00" → "5000.00"; `places` per input name).
    An unreadable one is removed from `data` and returned as a FieldError naming it, never guessed."""
    errors = []
    for name, decimals in places.items():
        if data.get(name):
            try:
                data[name] = str(parse_decimal(data[name], decimals))
            except FieldInvalid as exc:
                del data[name]
                errors.append(FieldError(name, exc.code, exc.message))
    return errors


def with_ids(form, prefix: str):
    """Give a form repeated on a page (one per table row or per card) unique input ids, `<prefix>-<name>`, its
    labels following; the names (what is posted) stay the same."""
    for input_field in form:
        input_field.id = input_field.label.field_id = f"{prefix}-{input_field.name}"
    return form
