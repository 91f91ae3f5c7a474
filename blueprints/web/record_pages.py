"""Helpers the pages share: the plain form base, list pages with "Carregar mais", saving a form through a domain
schema, and the answers after a save (partners, fleet and most other areas use them)."""
from flask import Response, flash, make_response, redirect, render_template, request, url_for
from flask_login import current_user, login_required
from flask_wtf import FlaskForm

from blueprints.web.access import is_htmx, roles_required
from blueprints.web.forms_adapter import attach_errors, errors_of, read_form
from core.errors import AppError
from core.pagination import paginate
from core.tenancy import get_owned

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


# --- The steps every registry page repeats ------------------------------------------------------
# Partners, vehicles, drivers and bank accounts all list, save and toggle the same way; only the model,
# schema, service and messages differ. These helpers keep that one way in one place.

TEMPLATE_AREA = {"partner": "partners", "vehicle": "fleet", "driver": "fleet"}  # templates/<area>/


def list_page(endpoint: str, kind: str, query, stmt, model, filter_names, **context) -> Response:
    """One page of `stmt` with a "Carregar mais" link that keeps the filters; whole page or htmx fragment.
    `stmt` selects columns (the area's *_LIST_COLUMNS): the templates read rows, no ORM objects are built."""
    page = paginate(stmt, model=model, limit=query.limit, cursor=query.cursor, rows=True)
    filters = filters_of(list_args(), filter_names)
    more_url = url_for(endpoint, cursor=page.next_cursor, **filters) if page.has_more else None
    area = TEMPLATE_AREA[kind]
    return list_response({"page": f"{area}/{kind}s.html", "results": f"{area}/_{kind}_results.html",
                          "load-more": f"{area}/_{kind}_rows.html"},
                         page=page, query=query, more_url=more_url, **context)


def save_form(form, schema, values: dict, write, on_success):
    """Validate `values` with `schema`, run `write(data)`, commit and answer `on_success(result)`.

    Returns (response, []) on success, or (None, general errors) with the schema's or the service's errors
    attached to the form's fields, the transaction rolled back, for the caller to re-render the form.
    """
    data, errors = read_form(schema, values, unreadable=getattr(form, "input_errors", []))
    if data is not None:
        try:
            result = write(data)
            return on_success(result), []
        except AppError as exc:
            errors = errors_of(exc)
    return None, attach_errors(form, errors)


def toggle_status(model, record_id, change, endpoint: str, id_arg: str, message: str) -> Response:
    """Deactivate / reactivate: lock the company's record, apply `change`, commit, back to its page."""
    record = get_owned(model, record_id, for_update=True)
    change(record)
    return done(url_for(endpoint, **{id_arg: record.id}), message)


def body_too_large(exc) -> tuple:
    """A POST over the app's body limit on a registry page: the error page (htmx: the error card, retargeted to
    the main area, as blueprints/errors.py answers htmx)."""
    message = "Corpo da requisição maior que o limite permitido."
    if is_htmx():
        return (render_template("errors/_body.html", status=413, title=message, message=message), 413,
                {"HX-Retarget": "main.content", "HX-Reswap": "innerHTML"})
    return render_template("errors/error.html", status=413, title=message, message=message), 413
