"""Small pieces shared by the page forms."""
from wtforms import SelectMultipleField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.widgets import CheckboxInput, ListWidget

from core.errors import FieldError
from core.formatting import decimal_input, parse_decimal
from core.validators import FieldInvalid


def choices(pairs) -> list[SelectChoice]:
    """(value, label) pairs as WTForms 3.3 choices."""
    return [SelectChoice(value, label) for value, label in pairs]


class DecimalBRField(StringField):
    """A pt-BR number input (money, weight, distance): a stored value shows as `23.000,5`, what is posted stays
    text until `read_decimals` reads it. Render it with `field(f, mask='weight')` (templates/_macros/forms.html)."""

    def __init__(self, label=None, validators=None, places: int = 2, **kwargs):
        super().__init__(label, validators, **kwargs)
        self.places = places

    def _value(self):
        if self.raw_data:
            return self.raw_data[0]
        return decimal_input(self.data, self.places) if self.data not in (None, "") else ""


class MaskedField(StringField):
    """A document, CEP, phone or plate input: the stored value shows formatted (`(11) 3333-4444`, not
    `+551133334444`); what is posted is read by the schema, which accepts the punctuation. Render it with
    `field(f, mask="phone")` so the browser masks it too."""

    def __init__(self, label=None, validators=None, display=None, **kwargs):
        super().__init__(label, validators, **kwargs)
        self.display = display

    def _value(self):
        if self.raw_data:
            return self.raw_data[0]
        return self.display(self.data) if self.data and self.display else (self.data or "")


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
