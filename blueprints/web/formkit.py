"""Small pieces shared by the page forms."""
from wtforms import SelectMultipleField
from wtforms.fields.choices import SelectChoice
from wtforms.widgets import CheckboxInput, ListWidget


def choices(pairs) -> list[SelectChoice]:
    """(value, label) pairs as WTForms 3.3 choices."""
    return [SelectChoice(value, label) for value, label in pairs]


class MultiCheckboxField(SelectMultipleField):
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()
