"""The public ANTT floor calculator (`/piso-minimo`, no login, phone first): a GET form that works without JS
(htmx swaps only the result), each figure explained with the act that set it (docs/antt-floor.md)."""
from datetime import date

from flask import Blueprint, render_template, request
from wtforms import BooleanField, SelectField, StringField

from blueprints.web.access import is_htmx
from blueprints.web.formkit import choices
from blueprints.web.forms_adapter import attach_errors
from blueprints.web.record_pages import PlainForm
from core.clock import brasilia_today
from core.errors import FieldError
from core.formatting import parse_decimal
from core.public_urls import public_url
from core.validators import FieldInvalid
from domain.antt_floor.catalog import AXLES_RANGE, CARGO_TYPES, TABLE_SHORT
from domain.antt_floor.services import FloorUnavailable, acts, floor_for

bp = Blueprint("antt_floor", __name__)

# The floor's parameters → this form's inputs, so the calculator's errors land under the right one.
FIELDS = {"on_date": "data", "table": "tabela", "cargo_type": "tipo_carga", "loaded_axles": "eixos",
          "distance_km": "distancia", "return_distance_km": "km_retorno", "tolls": "pedagio"}


class FloorForm(PlainForm):
    distancia = StringField("Distância da viagem (km)")
    eixos = SelectField("Eixos carregados", choices=choices((str(n), f"{n} eixos") for n in AXLES_RANGE),
                        default="5")
    tipo_carga = SelectField("Tipo de carga", choices=choices((key, label) for key, (_n, label)
                                                              in CARGO_TYPES.items()), default="carga_geral")
    tabela = SelectField("Tabela (o que foi contratado)",
                         choices=choices((code, f"{code} — {label}") for code, label in TABLE_SHORT.items()),
                         default="A")
    data = StringField("Data da contratação")
    retorno_vazio = BooleanField("Retorno vazio (frota dedicada, carga perigosa sem frete de volta)")
    km_retorno = StringField("Distância do retorno (km, se diferente)")
    pedagio = StringField("Pedágio da viagem (R$, opcional)")


@bp.route("/piso-minimo")
def calculator():
    form = FloorForm(formdata=request.args if request.args else None)
    result, errors = (_calculate(form) if request.args.get("distancia") is not None else (None, []))
    general = attach_errors(form, errors)
    status = 422 if errors else 200
    template = "antt_floor/_result.html" if is_htmx() else "antt_floor/calculator.html"
    return render_template(template, form=form, result=result, general=general, acts=acts(),
                           canonical=public_url("antt_floor.calculator")), status


def _calculate(form: FloorForm):
    """(FloorResult, []) or (None, errors named by the form's inputs)."""
    values, errors = {}, []
    for name, places in (("distancia", 2), ("km_retorno", 2), ("pedagio", 2)):
        try:
            values[name] = parse_decimal(form[name].data, places)
        except FieldInvalid as exc:
            errors.append(FieldError(name, exc.code, exc.message))
    if values.get("distancia") is None and not errors:
        errors.append(FieldError("distancia", "required", "Informe a distância da viagem em km."))
    on_date = _date(form.data.data, errors)
    if errors:
        return None, errors
    try:
        result = floor_for(on_date=on_date, table=form.tabela.data, cargo_type=form.tipo_carga.data,
                           loaded_axles=int(form.eixos.data) if str(form.eixos.data).isdigit() else form.eixos.data,
                           distance_km=values["distancia"], empty_return=form.retorno_vazio.data,
                           return_distance_km=values["km_retorno"], tolls=values["pedagio"], fields=FIELDS)
    except FloorUnavailable as exc:
        return None, exc.details
    return result, []


def _date(text, errors) -> date:
    if not text:
        return brasilia_today()
    try:
        return date.fromisoformat(text)
    except ValueError:
        errors.append(FieldError("data", "invalid_date", "Data inválida: use o seletor de data (dd/mm/aaaa)."))
        return brasilia_today()
