"""Pages: CIOT aggregate contracts (TAC agregado) — the list with its filters and the warning for contracts closing
within 3 days, the opening form, and the contract page as a ledger (trips and debits interleaved by date with the
running balance) where trips and debits are added and cancelled inline, the contract closed or cancelled after a
confirmation, and the PDF downloaded.

Every action calls the service the API calls (domain.ciot_agregado.services), in the request's unit of work; a
service's error lands on the form it came from (422 fragment). Opening and cancelling commit that phase, then send
the message to the authority (phase 2, docs/ciot-agregado.md) and say its outcome: done, refused
(the reason), or, with the authority out of reach, sent again automatically. Roles: admin and operador act;
every logged-in role reads. Another company's id is 404 (the request's tenant scope)."""
import json
import uuid
from datetime import timedelta

import sqlalchemy as sa
from flask import Response, flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required

from blueprints.web.access import is_htmx, roles_required
from blueprints.web.ciot_agregado_blueprint import bp
from blueprints.web.ciot_agregado_forms import (
    PAYMENT_INPUTS,
    AgregadoForm,
    DebitoForm,
    EncerrarForm,
    FilterForm,
    RetificarForm,
    ViagemForm,
    form_field_of,
    parse,
)
from blueprints.web.dashboard_charts import agregado_balance
from blueprints.web.forms_adapter import attach_errors
from core.clock import brasilia_today
from core.db import db
from core.errors import AppError, FieldError, NotFound
from core.formatting import fmt, parse_decimal
from core.schemas import parse_query
from core.validators import municipalities
from domain.ciot_agregado import pdf, presentation, queries, services
from domain.ciot_agregado.contracts import AGGREGATE_CATEGORIES
from domain.ciot_agregado.routes import missing_distances
from domain.ciot_agregado.schemas import (
    CiotAgregadoClose,
    CiotAgregadoCreate,
    CiotAgregadoDebitoCreate,
    CiotAgregadoListQuery,
    CiotAgregadoRetificar,
    CiotAgregadoViagemCreate,
)
from domain.partners.models import Partner
from domain.partners.queries import partners_stmt

ACTORS = ("operador",)


def _actor():
    return current_user._get_current_object()


def _can_act() -> bool:
    return current_user.can(*ACTORS)


PICKER_OPTIONS = 8
PICKER_TARGETS = ("expedidor", "recebedor", "transportador")


def _carrier_name(partner_id) -> str:
    """The chosen carrier's name for the picker's search box on a re-rendered form ("" when none or not ours)."""
    try:
        key = uuid.UUID(str(partner_id)) if partner_id else None
    except ValueError:
        return ""
    name = db.session.scalar(sa.select(Partner.legal_name).where(Partner.id == key)) if key else None  # tenant-scoped
    return name or ""


def _picker_fill(target: str, partner: Partner) -> dict:
    if target == "transportador":
        return {"partner_id": str(partner.id)}
    return {f"{target}_cpf_cnpj": fmt.cpf_cnpj(partner.cpf_cnpj), f"{target}_nome": partner.legal_name}


def _partner_detail(partner: Partner) -> str:
    return " · ".join(filter(None, (fmt.cpf_cnpj(partner.cpf_cnpj), f"RNTRC {partner.rntrc}" if partner.rntrc else "")))


@bp.get("/cadastro/<target>")
@login_required
def registry_search(target):
    """The registry pickers' options for `?q=` (at least 2 characters): active partners filling the trip's expedidor
    or recebedor, or TAC / TAC_EQUIPARADO carriers filling `partner_id` (the opening form and the list filter)."""
    if target not in PICKER_TARGETS:
        raise NotFound()
    query = (request.args.get("q") or "").strip()
    options = None
    if len(query) >= 2:
        stmt = partners_stmt(current_user.company, q=query, only_active=True)
        if target == "transportador":
            stmt = stmt.where(Partner.rntrc_categoria.in_(AGGREGATE_CATEGORIES))
        found = db.session.scalars(stmt.order_by(Partner.legal_name).limit(PICKER_OPTIONS)).all()
        options = [{"id": f"pick-{target}-{index}", "label": p.legal_name, "detail": _partner_detail(p),
                    "fill_json": json.dumps(_picker_fill(target, p), ensure_ascii=False)}
                   for index, p in enumerate(found)]
    return render_template("ciot/_picker_options.html", options=options, query=query)


# --- list ---------------------------------------------------------------------------------------------------------

@bp.get("/")
@login_required
def agregados():
    args = {k: v for k, v in request.args.items() if v not in ("", None)}
    filters = FilterForm(request.args)
    error, page = None, None
    try:
        query = parse_query(CiotAgregadoListQuery, args)
        page = services.list_agregados(status=query.statuses, partner_id=query.partner_id, q=query.q,
                                       limit=query.limit, cursor=query.cursor)
    except AppError as exc:
        error = exc
    closing = services.list_agregados(closing_before=brasilia_today() + timedelta(days=presentation.WARN_DAYS),
                                      limit=50, cursor=None).items
    context = {"page": page, "error": error, "args": args, "filters": filters, "closing_soon": closing,
               "labels": presentation, "today": brasilia_today(), "can_act": _can_act(),
               "carrier_name": _carrier_name(args.get("partner_id"))}
    status = 422 if error is not None else 200
    if is_htmx() and request.headers.get("HX-Target") == "agregados-table":
        return render_template("ciot_agregado/_table.html", **context), status
    return render_template("ciot_agregado/list.html", **context), status


# --- the authority's outcomes, in words ---------------------------------------------------------------------------

def _refusal(agregado_id) -> str:
    return services.get_agregado(agregado_id).mensagem_antt or ""


UNREACHABLE = "a ANTT não respondeu agora; o envio é repetido automaticamente e esta página mostra o resultado."


def _held(agregado_id) -> str:
    return "; ".join(gap["mensagem"] for gap in services.get_agregado(agregado_id).bloqueios or [])


OPENING_WORDS = {
    "declarado": lambda code, _: (f"Contrato {code} aberto e declarado na ANTT.", "success"),
    services.HELD: lambda code, agregado_id: (f"Contrato {code} registrado e retido, sem declaração na ANTT: "
                                              f"{_held(agregado_id)} Complete os dados em \"Retificar\".",
                                              "warning"),
    services.PENDING: lambda code, _: (f"Contrato {code} registrado, ainda sem código CIOT: {UNREACHABLE}",
                                       "warning"),
    services.REJECTED: lambda code, agregado_id: (f"Abertura rejeitada pela ANTT: {_refusal(agregado_id)} O "
                                                  f"contrato {code} foi cancelado.", "error"),
}
CANCEL_WORDS = {
    "cancelado": lambda code, _: (f"Contrato {code} cancelado.", "success"),
    services.PENDING: lambda code, _: (f"Cancelamento do contrato {code} enviado: {UNREACHABLE}", "warning"),
    services.REJECTED: lambda code, agregado_id: (f"Cancelamento rejeitado pela ANTT: {_refusal(agregado_id)}",
                                                  "error"),
}
CLOSE_WORDS = {
    "encerrado": lambda code, _: (f"Contrato {code} encerrado na ANTT.", "success"),
    services.PENDING: lambda code, _: (f"Encerramento do contrato {code} enviado: {UNREACHABLE}", "warning"),
    services.REJECTED: lambda code, agregado_id: (f"Encerramento rejeitado pela ANTT: {_refusal(agregado_id)}",
                                                  "error"),
}


# --- opening ------------------------------------------------------------------------------------------------------

@bp.route("/novo", methods=["GET", "POST"])
@roles_required(*ACTORS)
def new_agregado():
    form, status = AgregadoForm(), 200
    if request.method == "POST":
        form, data = parse(AgregadoForm, CiotAgregadoCreate)
        if data is not None:
            try:
                contract, outcome = services.open_agregado(current_user.company, data, actor=_actor())
                target, code = contract.id, contract.code
                flash(*OPENING_WORDS.get(outcome, OPENING_WORDS[services.PENDING])(code, target))
                return redirect(url_for("ciot_agregado.agregado", agregado_id=target))
            except services.ExistingAgregado as exc:
                existing = exc.contract
                form.general = [f"{exc.message} Abra-o em vez de criar outro."]
                form.existing = existing
            except AppError as exc:
                form.general = attach_errors(form, exc.details) or [exc.message]
        status = 422
    carrier = _carrier_name(form.partner_id.data)
    return render_template("ciot_agregado/new.html", form=form, carrier_name=carrier), status


def _municipality_names(uf: str | None) -> list[str]:
    uf = (uf or "").upper()
    return sorted(name for name, state in municipalities().values() if state == uf) if uf else []


@bp.get("/municipios")
@login_required
def municipios():
    """The IBGE municipality picker: `<option>`s of the UF chosen in the select that asked (origem_uf/destino_uf)."""
    uf = next((v for k, v in request.args.items() if k.endswith("uf")), "")
    return render_template("ciot_agregado/_municipio_options.html", names=_municipality_names(uf))


# --- the contract page ----------------------------------------------------------------------------------------------

# What the next trip keeps of the previous one: its parties and its route (a TAC agregado runs the same lane).
KEPT_FOR_NEXT_TRIP = ("expedidor_cpf_cnpj", "expedidor_nome", "recebedor_cpf_cnpj", "recebedor_nome", "origem_uf",
                      "origem_municipio_nome", "destino_uf", "destino_municipio_nome")


def _next_trip_form(viagens) -> ViagemForm:
    """A fresh trip form filled with the last recorded trip's parties and route (date, value and weight empty)."""
    if not viagens:
        return ViagemForm(formdata=None)
    last = max(viagens, key=lambda trip: trip.numero_viagem)
    return ViagemForm(formdata=None, data={name: getattr(last, name) for name in KEPT_FOR_NEXT_TRIP})


def _rectify_form(contract) -> RetificarForm:
    return RetificarForm(formdata=None, data={
        "valor_contratado": contract.valor_contratado,
        "data_prevista_encerramento": contract.data_prevista_encerramento.isoformat(),
        "origem_uf": contract.origem_uf or "", "origem_municipio_nome": contract.origem_municipio_nome,
        "destino_uf": contract.destino_uf or "", "destino_municipio_nome": contract.destino_municipio_nome,
        **{name: getattr(contract, name) for name in PAYMENT_INPUTS},
        "eixos_cavalo": (contract.veiculos or [{}])[0].get("eixos") or "",
        "eixos_reboques": ", ".join(str(v.get("eixos") or "") for v in (contract.veiculos or [])[1:])})


def _forms(contract, viagens, trip=None, debit=None, close=None, rectify=None) -> dict:
    return {"trip_form": trip or _next_trip_form(viagens), "debit_form": debit or DebitoForm(formdata=None),
            "close_form": close or EncerrarForm(formdata=None), "rectify_form": rectify or _rectify_form(contract)}


def _missing_distances(contract) -> list[dict]:
    """The routes the closing form must ask a distance for (an open, declared contract only)."""
    if contract.status != "aberto" or contract.retido:
        return []
    return missing_distances(queries.active_trips(contract))


def _page(agregado_id, status=200, message=None, category="success", **forms):
    """The contract page, or only its body for htmx (the forms' answers swap it whole)."""
    contract = services.get_agregado(agregado_id)
    viagens, debitos = queries.viagens_of(contract), queries.debitos_of(contract)
    ledger = presentation.ledger(viagens, debitos)
    context = {"agregado": contract, "ledger": ledger, "balance_chart": agregado_balance(ledger), "viagens": viagens,
               "debitos": debitos, "saldo": queries.saldo_of(contract), "events": queries.events_of(contract, 20),
               "labels": presentation, "can_act": _can_act(), "message": message, "category": category,
               "missing_distances": _missing_distances(contract),
               "municipality_names": _municipality_names,  # the rectify form's pickers start with the route's UFs
               "can_rectify": _can_act() and contract.status == "aberto" and (
                   contract.retido or (contract.pendencia is None and current_user.company.ciot_flow == "legacy")),
               **_forms(contract, viagens, **forms)}
    if is_htmx():
        return render_template("ciot_agregado/_body.html", **context), status
    return render_template("ciot_agregado/show.html", **context), status


@bp.get("/<agregado_id>")
@login_required
def agregado(agregado_id):
    return _page(agregado_id)


def _done(agregado_id, message: str, category: str = "success", status: int = 200):
    if is_htmx():
        return _page(agregado_id, status=status, message=message, category=category)
    flash(message, category)
    return redirect(url_for("ciot_agregado.agregado", agregado_id=agregado_id))


def _failed(agregado_id, exc: AppError, form_key: str, form):
    """A service's refusal: on its form's inputs (or above the form), the page answered 422."""
    form.general = attach_errors(form, exc.details, rename=form_field_of) or [exc.message]
    return _page(agregado_id, status=422, **{form_key: form})


def _add_line(agregado_id, form_class, schema, form_key, add, message):
    services.get_agregado(agregado_id)  # 404 before reading the form
    form, data = parse(form_class, schema)
    if data is None:
        return _page(agregado_id, status=422, **{form_key: form})
    try:
        line = add(agregado_id, data, actor=_actor())
        text = message(line)
    except AppError as exc:
        return _failed(agregado_id, exc, form_key, form)
    return _done(agregado_id, text)


@bp.post("/<agregado_id>/viagens")
@roles_required(*ACTORS)
def add_viagem(agregado_id):
    return _add_line(agregado_id, ViagemForm, CiotAgregadoViagemCreate, "trip", services.add_viagem,
                     lambda t: f"Viagem {t.numero_viagem} lançada.")


@bp.post("/<agregado_id>/debitos")
@roles_required(*ACTORS)
def add_debito(agregado_id):
    return _add_line(agregado_id, DebitoForm, CiotAgregadoDebitoCreate, "debit", services.add_debito,
                     lambda d: f"Débito {d.numero_debito} lançado.")


def _simple_action(agregado_id, run, message):
    """Cancel a line, cancel or close the contract: the refusal (422) comes back as the page's message."""
    try:
        text = message(run())
    except AppError as exc:
        return _done(agregado_id, exc.message, "error", 422)
    return _done(agregado_id, text)


def _motivo() -> str:
    return (request.form.get("motivo") or "").strip()


def _motivo_error() -> AppError | None:
    motivo = _motivo()
    if 3 <= len(motivo) <= 500:
        return None
    return AppError("Informe o motivo do cancelamento (3 a 500 caracteres).", code="invalid_body", status=400,
                    details=[FieldError("motivo", "invalid", "Informe o motivo (3 a 500 caracteres).")])


def _cancel_line(agregado_id, line_id, cancel, what):
    services.get_agregado(agregado_id)

    def run():
        error = _motivo_error()
        if error is not None:
            raise error
        return cancel(agregado_id, line_id, motivo=_motivo(), actor=_actor())
    return _simple_action(agregado_id, run, lambda line: f"{what} cancelado(a): {line.cancel_motivo}")


@bp.post("/<agregado_id>/viagens/<viagem_id>/cancelar")
@roles_required(*ACTORS)
def cancel_viagem(agregado_id, viagem_id):
    return _cancel_line(agregado_id, viagem_id, services.cancel_viagem, "Viagem")


@bp.post("/<agregado_id>/debitos/<debito_id>/cancelar")
@roles_required(*ACTORS)
def cancel_debito(agregado_id, debito_id):
    return _cancel_line(agregado_id, debito_id, services.cancel_debito, "Débito")


@bp.post("/<agregado_id>/cancelar")
@roles_required(*ACTORS)
def cancel_agregado(agregado_id):
    services.get_agregado(agregado_id)
    try:
        # An empty input is no reason given (the standard one is sent); a typed one is checked by the service.
        contract, outcome = services.cancel(current_user.company, agregado_id, motivo=_motivo() or None,
                                            actor=_actor())
        code = contract.code
    except AppError as exc:
        return _done(agregado_id, exc.message, "error", 422)
    message, category = CANCEL_WORDS.get(outcome, CANCEL_WORDS[services.PENDING])(code, agregado_id)
    return _done(agregado_id, message, category, 422 if outcome == services.REJECTED else 200)


ROUTE_DISTANCE_INPUT = "distancia__"  # + origin code + "__" + destination code: a route the closing cannot compute


def _route_distances() -> tuple[dict, str | None]:
    """The closing form's distances of the routes listed without one (routes.missing_distances), read as pt-BR
    numbers; (distances, None) or ({}, the message naming an unreadable one)."""
    found = {}
    for name, value in request.form.items():
        if not name.startswith(ROUTE_DISTANCE_INPUT) or not value.strip():
            continue
        origin, _, dest = name[len(ROUTE_DISTANCE_INPUT):].partition("__")
        try:
            km = parse_decimal(value, places=1)
        except ValueError:
            km = None
        if km is None or km <= 0:
            return {}, f"Distância inválida: '{value}' (informe os km, maior que zero)."
        found[(origin, dest)] = km
    return found, None


@bp.post("/<agregado_id>/encerrar")
@roles_required(*ACTORS)
def encerrar(agregado_id):
    services.get_agregado(agregado_id)
    form, data = parse(EncerrarForm, CiotAgregadoClose)
    if data is None:
        return _page(agregado_id, status=422, close=form)
    distancias, bad = _route_distances()
    if bad:
        form.general = [bad]
        return _page(agregado_id, status=422, close=form)
    try:
        contract, outcome = services.close(current_user.company, agregado_id, peso_carga_final=data.peso_carga_final,
                                           motivo=data.motivo, actor=_actor(), distancias=distancias)
    except AppError as exc:
        return _failed(agregado_id, exc, "close", form)
    message, category = CLOSE_WORDS.get(outcome, CLOSE_WORDS[services.PENDING])(contract.code, agregado_id)
    return _done(agregado_id, message, category, 422 if outcome == services.REJECTED else 200)


RECTIFY_WORDS = {
    services.RECTIFIED: lambda contract: (f"Retificação registrada na ANTT; CIOT {contract.codigo_ciot} mantido.",
                                          "success"),
    services.STILL_HELD: lambda contract: ("Dados da declaração atualizados; o contrato segue retido. Falta: "
                                           + "; ".join(g["mensagem"] for g in contract.bloqueios), "warning"),
    services.PENDING: lambda contract: (f"Retificação enviada: {UNREACHABLE}", "warning"),
    services.REJECTED: lambda contract: (f"Retificação rejeitada pela ANTT: {contract.mensagem_antt}", "error"),
}


@bp.post("/<agregado_id>/retificar")
@roles_required(*ACTORS)
def retificar(agregado_id):
    """Rectify a declared contract (legacy flow) or complete a held one, through the API's service; a completed
    declaration is then sent as at opening."""
    contract = services.get_agregado(agregado_id)
    form, data = parse(RetificarForm, CiotAgregadoRetificar, plates=contract.placas)
    if data is None:
        return _page(agregado_id, status=422, rectify=form)
    try:
        completing = contract.retido
        contract, outcome = services.rectify(current_user.company, agregado_id, data, form.sent, actor=_actor())
    except AppError as exc:
        if not exc.details:  # the flow, the status: the page's message
            return _done(agregado_id, exc.message, "error", 422)
        return _failed(agregado_id, exc, "rectify", form)
    if completing and outcome != services.STILL_HELD:  # the completed declaration was sent, as at opening
        text = OPENING_WORDS.get(outcome, OPENING_WORDS[services.PENDING])(contract.code, agregado_id)
    else:
        text = RECTIFY_WORDS[outcome](contract)
    return _done(agregado_id, *text, status=422 if outcome == services.REJECTED else 200)


@bp.get("/<agregado_id>/pdf")
@login_required
def agregado_pdf(agregado_id):
    document = pdf.agregado_pdf(current_user.company, agregado_id)
    return Response(document.content, mimetype="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="{document.filename}"', "Cache-Control": "private, no-store"})

