"""The forms adapter (blueprints/web/forms_adapter.read_form): a submitted form read into its area's schema, the
schema's errors placed under the inputs that caused them, an input the page could not read reported by its own
message instead of the schema's."""
from pathlib import Path

from werkzeug.datastructures import MultiDict

from blueprints.web.forms_adapter import read_form
from blueprints.web.freight_forms import StatusForm
from core.errors import FieldError
from domain.freights.schemas import FreightStatusChange


def posted(app, **values) -> StatusForm:
    with app.test_request_context(method="POST", data=values):
        return StatusForm(formdata=MultiDict(values))


def test_a_valid_form_becomes_the_schema_with_no_errors(app):
    form = posted(app, status="published", note="ok")
    data, errors = read_form(FreightStatusChange, {"status": form.status.data, "note": form.note.data}, form=form)
    assert (data.status, data.note, errors) == ("published", "ok", [])
    assert not form.status.errors and not form.note.errors


def test_a_refused_value_is_placed_under_its_input(app):
    form = posted(app, status="teleported", note="")
    data, errors = read_form(FreightStatusChange, {"status": form.status.data}, form=form)
    assert data is None and [e.field for e in errors] == ["status"]
    assert form.status.errors == [errors[0].message] and not form.note.errors


def test_an_unreadable_input_replaces_the_schema_error_on_it():
    unread = FieldError("status", "invalid", "Não foi possível ler o status.")
    data, errors = read_form(FreightStatusChange, {"note": "x" * 1001}, unreadable=[unread])
    assert data is None
    assert (errors[0].field, errors[0].message) == ("status", "Não foi possível ler o status.")
    assert [e.field for e in errors] == ["status", "note"]  # the schema's "required" on status is not repeated


def test_an_unreadable_input_refuses_the_form_even_when_the_schema_passes():
    unread = FieldError("note", "invalid", "Texto ilegível.")
    data, errors = read_form(FreightStatusChange, {"status": "published"}, unreadable=[unread])
    assert data is None and errors == [unread]


def test_rename_places_a_body_path_under_the_page_s_input(app):
    """A page whose inputs are not named as the body (`origin.state` → `origin_state`) names the input by `rename`."""
    form = posted(app, status="", note="")
    read_form(FreightStatusChange, {"status": "teleported"}, form=form,
              rename=lambda path: "note" if path == "status" else path)
    assert form.note.errors and not form.status.errors


# --- The one way: no page validates a form by another path ---------------------------------------------------------

WEB = Path(__file__).resolve().parents[2] / "blueprints" / "web"


def reads_a_schema_itself(source: str) -> bool:
    return "validate_data(" in source


def test_every_page_reads_its_forms_through_the_adapter():
    modules = [p for p in WEB.glob("*.py") if p.name != "forms_adapter.py"]
    assert len(modules) > 20
    found = [p.name for p in modules if reads_a_schema_itself(p.read_text(encoding="utf-8"))]
    assert found == [], f"read forms with forms_adapter.read_form: {found}"


def test_the_check_finds_a_page_validating_by_itself():
    assert reads_a_schema_itself("data, errors = validate_data(LeadCreate, body)")
    assert not reads_a_schema_itself("data, errors = read_form(LeadCreate, body, form=form)")
