"""Pages: CIOT operations — list, creation form with live validation, the operation page with its actions and
emission progress, and the PDF download. The batch-PDF page (its routes on the same blueprint) is
blueprints/web/ciot_batch.py.

Every business action goes through domain.ciot.services (the functions the API calls); the creation form maps its
inputs to the creation body (blueprints/web/ciot_form.py) so OperationCreate's errors and the rules' codes land
on the inputs. Roles: admin and operador act; every logged-in role reads. Ids of another company are 404
(services.get_operation / get_owned inside the request's tenant scope).
"""
from flask import Response, flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required

from blueprints.web.access import is_htmx, roles_required
from blueprints.web.ciot_action_forms import action_forms, field_names
from blueprints.web.ciot_blueprint import ACTORS, bp
from blueprints.web.ciot_form import (
    MAX_ROWS,
    ROW_FIELDS,
    ROW_TITLES,
    TOP_SPECS,
    DraftForm,
    field_label,
    plain_words,
)
from blueprints.web.ciot_prefill import (
    copy_form,
    due_date_warnings,
    edit_form,
    fill_balance,
    fill_registry_axles,
    initial_form,
)
from blueprints.web.formkit import read_decimals
from blueprints.web.forms_adapter import read_form
from core.clock import brasilia_today
from core.db import db
from core.errors import AppError, NotFound
from core.schemas import parse_query
from domain.ciot import drafts, queries, services, states
from domain.ciot.issuer import issuer_of
from domain.ciot.operations import PATCHABLE
from domain.ciot.pdf import operation_pdf, pdf_allowed
from domain.ciot.pef.checks import authority_check
from domain.ciot.presentation import fmt
from domain.ciot.schemas import (
    CancelBody,
    CloseBody,
    OperationCreate,
    OperationListQuery,
    OperationUpdate,
    RectifyBody,
)
from domain.ciot.serializers import operation_record
from domain.fleet.queries import axles_by_plate

HTMX_STOP_POLLING = 286
# pt-BR decimal inputs of the close and rectify forms: decimals allowed
ACTION_DECIMALS = {"peso_carga_final": 3, "distancia": 2, "valor_frete": 2, "peso_carga": 3}
EVENTS_ON_PAGE = 50
LIST_STATUSES = tuple((s, fmt.status(s)) for s in states.STATES)


def _company():
    return current_user.company


def _actor():
    return current_user._get_current_object()


def _can_act() -> bool:
    return current_user.can(*ACTORS)


# --- list -------------------------------------------------------------------------------------------------------

@bp.get("/")
@login_required
def operations():
    args = {k: v for k, v in request.args.items() if v not in ("", None)}
    error, page = None, None
    try:
        query = parse_query(OperationListQuery, args)
        page = services.list_operations(status=query.statuses, tipo_operacao=query.tipo_operacao,
                                        date_from=query.date_from, date_to=query.date_to, limit=query.limit,
                                        cursor=query.cursor, q=args.get("q"))
    except AppError as exc:
        error = exc
    context = {"page": page, "error": error, "filters": args, "statuses": LIST_STATUSES, "fmt": fmt,
               "pdf_allowed": pdf_allowed, "can_act": _can_act(), "outages": services.outage_notices()}
    status = 422 if error is not None else 200
    if is_htmx() and request.headers.get("HX-Target") == "operations-table":
        return render_template("ciot/_operations_table.html", **context), status
    return render_template("ciot/operations.html", **context), status


# --- creation form ----------------------------------------------------------------------------------------------

def _form_context(form: DraftForm, **extra) -> dict:
    return {"form": form, "row_titles": ROW_TITLES, "max_rows": MAX_ROWS, "fmt": fmt,
            "due_warnings": due_date_warnings(form), "editing": None, "refusal": None, **extra}


def _check(form: DraftForm, *, live: bool = False):
    """Validate the draft and put its messages on the inputs. Live (while typing), a required input still empty
    is listed in the panel only, not flagged inline; on submit every error is inline."""
    body = form.body()
    check = drafts.check_draft(_company(), body, form.input_errors)
    pairs = [(e.field, e.message) for e in check.schema_errors if not (live and e.code == "missing")]
    pairs += [(item.field, f"{item.code}: {plain_words(item.message)}") for item in check.items]
    form.with_errors(pairs)
    return check


@bp.get("/nova")
@roles_required(*ACTORS)
def new_operation():
    """The creation form; `?a_partir_de=<id>` prefills it from that operation (a repeat trip)."""
    source = request.args.get("a_partir_de")
    if source:
        record = operation_record(services.get_operation(source))
        form = copy_form(_company(), brasilia_today(), record)
    else:
        form = initial_form(_company(), brasilia_today())
    return render_template("ciot/new.html", **_form_context(form, check=None))


def _posted_draft() -> DraftForm:
    """The posted form, vehicle axles left empty filled from the company's fleet registry and an empty balance
    instalment computed (blueprints/web/ciot_prefill.py)."""
    return fill_balance(fill_registry_axles(DraftForm.from_form(request.form), axles_by_plate))


@bp.post("/nova")
@roles_required(*ACTORS)
def create_operation():
    form = _posted_draft()
    body, errors = read_form(OperationCreate, form.body())
    if errors or form.input_errors:
        check = _check(form)
        return render_template("ciot/new.html", **_form_context(form, check=check)), 422
    # auto_emit: the creation and the emission claim are committed by the service, which waits briefly for the
    # outcome; the page says it, or polls the emission still waiting for the authority.
    result = services.create_operation(_company(), body, actor=_actor())
    op_id, code = result.op.id, result.op.code
    op = services.get_operation(op_id)
    message = f"Operação {code} criada: {fmt.status(op.status).lower()}."
    if result.validation is not None and result.validation.items:
        message += f" Validação: {result.validation.blockers} bloqueio(s), {result.validation.warnings} alerta(s)."
    if result.emission is not None and result.emission.error is not None:
        message += f" Emissão não enviada: {result.emission.error.message}"
    flash(message, "success" if op.status not in (states.COM_DIVERGENCIA, states.REJEITADO) else "warning")
    target = url_for("ciot.operation", operation_id=op_id)
    if is_htmx():
        return "", 204, {"HX-Redirect": target}
    return redirect(target)


@bp.post("/nova/validar")
@roles_required(*ACTORS)
def validate_draft():
    """The live validation panel: schema errors and rule codes of the form as it is now; nothing is saved."""
    form = _posted_draft()
    check = _check(form, live=True)
    return render_template("ciot/_live.html", check=check, form=form, fmt=fmt, oob=True,
                           due_warnings=due_date_warnings(form),
                           authority=_authority_check(check))


def _authority_check(check):
    """The carrier's RNTRC situation and plates at the ANTT (when the environment's provider can be asked)."""
    body = check.body
    if body is None:
        return None
    return authority_check(_company(), check.environment, cpf_cnpj=body.contratado_cpf_cnpj,
                           rntrc=body.contratado_rntrc, plates=[v.plate for v in body.vehicles or []])


@bp.get("/nova/linha/<kind>")
@roles_required(*ACTORS)
def new_row(kind):
    if kind not in ROW_FIELDS:
        raise NotFound()
    index = request.args.get("index", type=int)
    if index is None or not 0 <= index < 1000:
        raise NotFound()
    form = DraftForm(values={}, rows={k: [] for k in ROW_FIELDS})
    if kind == "vehicles":
        form.values[f"vehicles[{index}].vehicle_kind"] = "implemento"
    html = render_template("ciot/_row.html", kind=kind, index=index, form=form, title=ROW_TITLES[kind],
                           add_next=index + 1, fmt=fmt)
    return html, 200, {"HX-Trigger": "ciot-form-changed"}


@bp.get("/nova/linha-removida")
@roles_required(*ACTORS)
def row_removed():
    """The remove buttons swap their row out (hx-swap=delete); the header re-runs the live validation."""
    return "", 200, {"HX-Trigger": "ciot-form-changed"}


@bp.get("/nova/localizacao")
@roles_required(*ACTORS)
def location_fields():
    form = DraftForm.from_form(request.args)
    return render_template("ciot/_locations.html", **_form_context(form))


# --- correcting a saved operation (the PATCH's states) -----------------------------------------------------------

# Fixed at creation: the API refuses it on PATCH, the form shows it disabled.
FIXED_ON_EDIT = frozenset({"environment"})


def _edited_fields() -> set:
    """Every body field the form shows that a PATCH may change. All are sent, so an input emptied clears its field
    (or is refused, when the operation needs it); fields the form does not show are kept as they are."""
    shown = set(TOP_SPECS) | {"origem", "destino"} | set(ROW_FIELDS)
    return {name for name in PATCHABLE if name in shown} - FIXED_ON_EDIT


def _editable(operation_id):
    """The operation, or None when its status no longer takes a correction (emitted, emitting, closed…)."""
    op = services.get_operation(operation_id)
    return op if op.status in states.EDITABLE else None


def _not_editable(operation_id):
    op = services.get_operation(operation_id)
    flash(f"A operação {op.code} está {fmt.status(op.status).lower()}: só uma operação ainda não emitida pode ser "
          "corrigida.", "warning")
    return redirect(url_for("ciot.operation", operation_id=op.id))


@bp.get("/<operation_id>/corrigir")
@roles_required(*ACTORS)
def edit_operation(operation_id):
    """The creation form holding the saved operation, with the live panel, for every status the PATCH accepts."""
    op = _editable(operation_id)
    if op is None:
        return _not_editable(operation_id)
    form = edit_form(_company(), brasilia_today(), operation_record(op))
    return render_template("ciot/new.html", **_form_context(form, check=None, editing=op))


@bp.post("/<operation_id>/corrigir")
@roles_required(*ACTORS)
def update_operation(operation_id):
    """Save the corrected form through the PATCH's service: the operation is validated again (its status follows
    the result) and the change goes to the timeline."""
    op = _editable(operation_id)
    if op is None:
        return _not_editable(operation_id)
    form = _posted_draft()
    form.values["environment"] = op.environment  # the disabled input is not posted
    body, errors = read_form(OperationUpdate, form.body())
    refusal = None
    if not errors and not form.input_errors:
        try:
            updated, _ = services.update_operation(_company(), operation_id, body, _edited_fields(),
                                                   actor=_actor())
            code, status = updated.code, updated.status
        except AppError as exc:
            refusal = exc
    if errors or form.input_errors or refusal is not None:
        check = _check(form)
        if refusal is not None:
            form.with_errors([(d.field, d.message) for d in refusal.details])
        message = refusal.message if refusal is not None and not refusal.details else None
        return render_template("ciot/new.html", **_form_context(form, check=check, editing=op,
                                                                refusal=message)), 422
    flash(f"Operação {code} corrigida. Situação: {fmt.status(status)}.",
          "success" if status not in (states.COM_DIVERGENCIA, states.REJEITADO) else "warning")
    return redirect(url_for("ciot.operation", operation_id=operation_id))


# --- the operation page -----------------------------------------------------------------------------------------

def _panel_context(op, form_errors=(), **extra) -> dict:
    """The panel's context; `form_errors` (FieldErrors) go next to the inputs of the action form `open_form`."""
    company = _company()
    pending = queries.in_flight_attempt(op)  # a request waiting for the authority: the panel polls until it ends
    actions = states.available_actions(op, ciot_flow=company.ciot_flow) if pending is None else {}
    return {
        "op": op, "fmt": fmt, "can_act": _can_act(), "company": company,
        "events": queries.recent_events(op, limit=EVENTS_ON_PAGE),
        "modality": queries.operation_modality(op),
        "issuer": issuer_of(op, company) if op.emitter_company_id else None,
        "emitting": pending is not None, "attempt": pending,
        "pending_title": PENDING_TITLES[pending.action] if pending is not None else None,
        "actions": {**actions, "pdf": pdf_allowed(op), "edit": pending is None and op.status in states.EDITABLE},
        "message": None, "message_kind": "success", "open_form": None,
        "field_label": field_label, "plain_words": plain_words,
        "forms": action_forms(request.form, extra.get("open_form"), list(form_errors)),
        **extra,
    }


@bp.get("/<operation_id>")
@login_required
def operation(operation_id):
    op = services.get_operation(operation_id)
    return render_template("ciot/operation.html", **_panel_context(op))


def _panel_response(operation_id, *, status: int = 200, **extra):
    """After an action: the panel fragment for htmx, else a redirect to the page (message flashed)."""
    db.session.expire_all()
    op = services.get_operation(operation_id)
    if not is_htmx():
        if extra.get("message"):
            flash(extra["message"], "error" if status >= 400 else extra.get("message_kind", "success"))
        return redirect(url_for("ciot.operation", operation_id=op.id))
    return render_template("ciot/_panel.html", **_panel_context(op, **extra)), status


def _run(action):
    """Run a service action: (result, None), or (None, the error), which the request's unit of work rolls back (a
    refusal keeps its records). An action sent to the authority has committed its request and waited briefly for
    the outcome (domain/ciot/protocol.py)."""
    try:
        return action(), None
    except AppError as exc:
        return None, exc


def _after(operation_id, result, error, *, ok_message, form: str | None = None):
    if error is not None:
        return _panel_response(operation_id, status=422, message=error.message, message_kind="error",
                               form_errors=list(error.details), open_form=form)
    return _panel_response(operation_id, message=ok_message(result) if callable(ok_message) else ok_message)


@bp.post("/<operation_id>/validar")
@roles_required(*ACTORS)
def validate(operation_id):
    result, error = _run(lambda: services.validate_operation_service(_company(), operation_id, actor=_actor()))
    return _after(operation_id, result, error, ok_message=lambda r: (
        f"Validação refeita: {r[1].blockers} bloqueio(s), {r[1].warnings} alerta(s)." if r[1].items
        else "Validação sem pendências: pronta para emissão."))


@bp.post("/<operation_id>/emitir")
@roles_required(*ACTORS)
def emit(operation_id):
    outcome, error = _run(lambda: services.emit_operation(_company(), operation_id, actor=_actor()))
    if error is None:
        error = outcome.error
    if error is not None:
        return _after(operation_id, None, error, ok_message="")
    return _outcome_panel(operation_id, outcome)


@bp.get("/<operation_id>/emissao")
@login_required
def emission_status(operation_id):
    """Polled every second while a request to the authority (emission, rectification, cancellation, closing) waits
    for its answer; 286 (htmx: stop polling) once it has one."""
    db.session.expire_all()
    op = services.get_operation(operation_id)
    request_ = queries.last_authority_request(op)
    if request_ is None:
        return _pending_panel(op, "A operação não tem pedido à ANTT em andamento.", "info", stop=True)
    outcome = services.AuthorityOutcome(op, request_.action, request_.state, request_.id,
                                        error_message=(request_.response or {}).get("error"),
                                        configuration=bool((request_.response or {}).get("configuration")))
    return _outcome_panel(op.id, outcome, polled=True)


OUTCOME_KINDS = {"succeeded": "success", "rejected": "error", "failed": "warning", "claimed": "info"}
PENDING_TITLES = {"emit": "Emissão em andamento", "rectify": "Retificação em andamento",
                  "cancel": "Cancelamento em andamento", "close": "Encerramento em andamento"}


def _outcome_panel(operation_id, outcome, *, polled: bool = False):
    """The panel after a request to the authority: its outcome, or its pending state (the panel then polls). The
    polling GET and the emission's POST stop with 286 once the outcome is known (the emission's button answered so
    before the other actions were asked the same way); a rectification, cancellation or closing answers 200, or 422
    when refused or failed."""
    db.session.expire_all()
    op = services.get_operation(operation_id)
    kind = OUTCOME_KINDS.get(outcome.state, "warning")
    status = None
    if not polled and outcome.action != "emit" and not outcome.pending:
        status = 422 if kind in ("error", "warning") else 200
    return _pending_panel(op, outcome.mensagem, kind, stop=not outcome.pending, status=status)


def _pending_panel(op, message: str, kind: str, *, stop: bool, status: int | None = None):
    status = status or (HTMX_STOP_POLLING if stop else 200)
    if not is_htmx():
        flash(message, kind if kind != "info" else "info")
        return redirect(url_for("ciot.operation", operation_id=op.id))
    return render_template("ciot/_panel.html", **_panel_context(op, message=message, message_kind=kind)), status


def _form_body(model, action: str):
    """The small action forms (blueprints/web/ciot_action_forms.py) as their API bodies: empty inputs are absent
    fields."""
    data = {name: request.form.get(name, "").strip() for name in field_names(action)}
    data = {name: value for name, value in data.items() if value}
    unread = read_decimals(data, ACTION_DECIMALS)
    body, errors = read_form(model, data, unreadable=unread)
    return body, set(data), errors


def _invalid(operation_id, errors, form):
    return _panel_response(operation_id, status=422, message="Corrija os campos destacados.",
                           message_kind="error", form_errors=errors, open_form=form)


@bp.post("/<operation_id>/cancelar")
@roles_required(*ACTORS)
def cancel(operation_id):
    services.get_operation(operation_id)  # 404 before anything else
    body, _, errors = _form_body(CancelBody, "cancel")
    if errors:
        return _invalid(operation_id, errors, "cancel")
    outcome, error = _run(lambda: services.cancel_operation(_company(), operation_id, motivo=body.motivo,
                                                            actor=_actor()))
    return _after_request(operation_id, outcome, error, form="cancel")


@bp.post("/<operation_id>/encerrar")
@roles_required(*ACTORS)
def close(operation_id):
    services.get_operation(operation_id)
    body, _, errors = _form_body(CloseBody, "close")
    if errors:
        return _invalid(operation_id, errors, "close")
    outcome, error = _run(lambda: services.close_operation(_company(), operation_id, body, actor=_actor()))
    return _after_request(operation_id, outcome, error, form="close")


@bp.post("/<operation_id>/retificar")
@roles_required(*ACTORS)
def rectify(operation_id):
    services.get_operation(operation_id)
    body, sent, errors = _form_body(RectifyBody, "rectify")
    if errors:
        return _invalid(operation_id, errors, "rectify")
    outcome, error = _run(lambda: services.rectify_operation(_company(), operation_id, body, sent, actor=_actor()))
    return _after_request(operation_id, outcome, error, form="rectify")


def _after_request(operation_id, outcome, error, *, form: str):
    """A request to the authority: refused before it was sent (the form's errors), or its outcome / pending state."""
    if error is not None:
        return _after(operation_id, None, error, ok_message="", form=form)
    return _outcome_panel(operation_id, outcome)


@bp.post("/<operation_id>/excluir")
@roles_required(*ACTORS)
def delete(operation_id):
    result, error = _run(lambda: services.delete_operation(operation_id, actor=_actor()))
    return _after(operation_id, result, error,
                  ok_message="Operação cancelada antes da emissão; nada foi enviado à ANTT.")


@bp.get("/<operation_id>/pdf")
@login_required
def pdf(operation_id):
    document = operation_pdf(_company(), operation_id)
    return Response(document.content, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{document.filename}"'})

