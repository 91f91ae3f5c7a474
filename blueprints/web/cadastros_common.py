"""Helpers shared by the registry pages (partners, vehicles, drivers, import)."""
import re

from flask import Response, flash, make_response, redirect, render_template, request
from flask_login import current_user, login_required
from flask_wtf import FlaskForm

from blueprints.web.access import is_htmx, roles_required
from core.errors import AppError, FieldError

# admin always passes roles_required; operador edits; financeiro and leitura only read.
editor_required = roles_required("operador")
reader_required = login_required


def can_edit() -> bool:
    return current_user.is_authenticated and current_user.can("operador")


class PlainForm(FlaskForm):
    """Fields and rendering only: CSRFProtect already checks every POST (field or X-CSRFToken header), and
    the rules are the domain schemas', so the forms carry no validators of their own."""

    class Meta:
        csrf = False


def form_values(form, names) -> dict:
    return {name: form[name].data for name in names}


def top_field(path: str) -> str:
    """`roles[1]` -> `roles`, `pagamento.chave` -> `pagamento`: the form field an error belongs to."""
    return re.split(r"[.\[]", path or "", maxsplit=1)[0]


def attach_errors(form, errors: list[FieldError]) -> list[str]:
    """Put each schema/service error under its field (by the error's `field` name); return the rest."""
    general = []
    for error in errors:
        name = top_field(error.field)
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


def done(url: str, message: str | None = None, category: str = "success") -> Response:
    """After a successful write: flash and go to `url` (htmx follows HX-Redirect; a form POST a 302)."""
    if message:
        flash(message, category)
    if is_htmx():
        response = make_response("", 200)
        response.headers["HX-Redirect"] = url
        return response
    return redirect(url)


def list_response(templates: dict, **context) -> Response:
    """The whole page, or only the part htmx asked for: `results` (search/filter) or `load-more` (next page)."""
    target = request.headers.get("HX-Target") if is_htmx() else None
    template = templates.get(target) or templates["page"]
    response = make_response(render_template(template, **context))
    response.vary.add("HX-Target")
    return response


def list_args() -> dict:
    """The query string without empty values: a filter form sends `status=` for "Todos"."""
    return {key: value for key, value in request.args.items() if value.strip()}


def filters_of(args, names) -> dict:
    """The list filters to carry into "Carregar mais" (empty ones dropped)."""
    return {name: args.get(name) for name in names if args.get(name)}
