"""The active filters of a list as removable chips (the kit's `filter_panel`, templates/_macros/kit.html): each chip
names a filter and its value in words and links to the same list without that filter (and from its first page).
Template globals, like the status badges: a list page says which filters it has, in its template."""
import re
from dataclasses import dataclass

from flask import Blueprint, request, url_for

# No routes: registering it puts `filter_chips` and `form_chips` in the templates' globals.
bp = Blueprint("filters", __name__)
ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


@dataclass(frozen=True)
class Chip:
    text: str  # "Status: Emitido"
    url: str  # this list without that filter


def _shown(value: str) -> str:
    """A date input's value (2026-12-07) as a person writes it (07/12/2026); anything else as it was typed."""
    day = ISO_DAY.fullmatch(value)
    return f"{day[3]}/{day[2]}/{day[1]}" if day else value


def _without(name: str) -> str:
    """This list's address without the filter `name` and without a page cursor."""
    args = {key: value for key, value in request.args.items() if key not in (name, "cursor")}
    return url_for(request.endpoint, **(request.view_args or {}), **args)


@bp.app_template_global()
def filter_chips(items) -> list[Chip]:
    """`items`: (query parameter, label, value shown or None) for each filter of the list; the chips of those the
    request sets (a value shown as None falls back to what the request holds)."""
    chips = []
    for name, label, shown in items:
        value = request.args.get(name, "").strip()
        if value:
            chips.append(Chip(f"{label}: {_shown(shown if shown else value)}", _without(name)))
    return chips


@bp.app_template_global()
def form_chips(form, *names) -> list[Chip]:
    """The chips of a GET form's fields (`names`, default all): the field's label, and a select's option label
    rather than its code."""
    fields = [form[name] for name in names] if names else list(form)
    items = []
    for f in fields:
        choices = {str(value): label for value, label, *_ in f.iter_choices()} if hasattr(f, "iter_choices") \
            else {}
        value = request.args.get(f.name, "").strip()
        items.append((f.name, f.label.text, choices.get(value) or None))
    return filter_chips(items)
