"""The forms adapter: how a page reads a submitted form into its area's pydantic schema and shows what the schema
(or the service) refused, under the inputs that caused it.

`read_form` is the one way a page reads a form into a schema: the schema validates (core.schemas.validate_data,
the API's rules and messages), the inputs the page could not even read (a pt-BR number that is not one,
formkit.read_decimals) replace the schema's errors on the same fields, and, given the form, each error is placed
under its input (`attach_errors`)."""
import re

from pydantic import BaseModel

from core.errors import AppError, FieldError
from core.schemas import validate_data


def read_form(schema: type[BaseModel], values: dict, *, unreadable=(), form=None, rename=None
              ) -> tuple[BaseModel | None, list[FieldError]]:
    """`values` (the form's inputs shaped as the schema's body) validated with `schema`: (data, errors), data None
    whenever there is an error. `unreadable`: errors of inputs the page could not read, listed first, in place of
    the schema's errors on those fields (its own message, not "obrigatório"). `form`: the errors are also placed
    under its inputs (`rename` maps a body path to an input's name)."""
    data, errors = validate_data(schema, values)
    if unreadable:
        unread = {error.field for error in unreadable}
        data, errors = None, [*unreadable, *(error for error in errors if error.field not in unread)]
    if form is not None:
        attach_errors(form, errors, rename)
    return data, list(errors)


def top_field(path: str) -> str:
    """`roles[1]` -> `roles`, `pagamento.chave` -> `pagamento`: the form field an error belongs to."""
    return re.split(r"[.\[]", path or "", maxsplit=1)[0]


def attach_errors(form, errors: list[FieldError], rename=None) -> list[str]:
    """Put each schema/service error under its field (by the error's `field` name, or the input `rename(field)`
    names when the page's inputs are not named as the body: `origin.state` → `origin_state`); return the rest."""
    general = []
    for error in errors:
        name = top_field(rename(error.field or "") if rename else error.field)
        if name in form._fields and name != "csrf_token":
            field_errors = form[name].errors
            if not isinstance(field_errors, list):
                form[name].errors = field_errors = list(field_errors)
            if error.message not in field_errors:
                field_errors.append(error.message)
        elif error.message not in general:
            general.append(error.message)
    return general


def errors_of(exc: AppError) -> list[FieldError]:
    """A service error as field errors; one without details becomes a general message."""
    return list(exc.details) or [FieldError("", exc.code, exc.message)]


def place_refusal(form, exc: AppError, fallback) -> None:
    """A service's refusal under the form's inputs (attach_errors); one that names no input under `fallback`."""
    general = attach_errors(form, errors_of(exc))
    fallback.errors = [*fallback.errors, *general]
