"""Pages: vehicles and drivers (list, create, edit, deactivate = status inativo, reactivate = status ativo)."""
from flask import render_template, request, url_for
from flask_login import current_user
from wtforms import BooleanField, SelectField, StringField, TextAreaField

from blueprints.api.fleet import DriverListQuery, VehicleListQuery
from blueprints.web.access import is_htmx
from blueprints.web.cadastros import bp
from blueprints.web.cadastros_common import (PlainForm, attach_errors, can_edit, done, editor_required, errors_of,
                                             filters_of, form_values, list_args, list_response, reader_required)
from blueprints.web.formkit import choices
from core.db import db
from core.errors import AppError
from core.pagination import paginate
from core.queue import commit
from core.schemas import parse_query, validate_data
from core.tenancy import get_owned
from core.validators import FieldInvalid, clean_phone, strip_punctuation
from domain.fleet import services
from domain.fleet.importer import pt_number
from domain.fleet.models import CNH_CATEGORIES, Driver, Vehicle
from domain.fleet.queries import drivers_stmt, vehicles_stmt
from domain.fleet.schemas import DriverCreate, DriverUpdate, VehicleCreate, VehicleUpdate

VEHICLE_STATUS_LABELS = {"ativo": "Ativo", "manutencao": "Em manutenção", "inativo": "Inativo"}
DRIVER_STATUS_LABELS = {"ativo": "Ativo", "inativo": "Inativo"}
VEHICLE_TYPE_SUGGESTIONS = ("truck", "toco", "carreta", "bitrem", "rodotrem", "cavalo", "vuc", "3/4", "van",
                            "utilitario")


class VehicleForm(PlainForm):
    plate = StringField("Placa")
    vehicle_type = StringField("Tipo")
    renavam = StringField("RENAVAM")
    brand = StringField("Marca")
    model = StringField("Modelo")
    year = StringField("Ano de fabricação")
    capacity_kg = StringField("Capacidade (kg)")
    status = SelectField("Situação", choices=choices(VEHICLE_STATUS_LABELS.items()), validate_choice=False,
                         default="ativo")
    notes = TextAreaField("Observações")


VEHICLE_FORM_FIELDS = ("plate", "vehicle_type", "renavam", "brand", "model", "year", "capacity_kg", "status", "notes")


class DriverForm(PlainForm):
    name = StringField("Nome completo")
    cpf = StringField("CPF")
    phone = StringField("Celular")
    cnh_number = StringField("Número da CNH (registro)")
    cnh_category = SelectField("Categoria da CNH", choices=choices([("", "—")] + [(c, c) for c in CNH_CATEGORIES]),
                               validate_choice=False)
    cnh_expires_at = StringField("Validade da CNH", render_kw={"type": "date"})
    has_mopp = BooleanField("Possui MOPP (produtos perigosos)")


DRIVER_FORM_FIELDS = ("name", "cpf", "phone", "cnh_number", "cnh_category", "cnh_expires_at", "has_mopp")


VEHICLE_BADGES = {status: ({"ativo": "badge-ok", "manutencao": "badge-warn", "inativo": "badge-muted"}[status], label)
                  for status, label in VEHICLE_STATUS_LABELS.items()}


def _globals() -> dict:
    return {"vehicle_status_labels": VEHICLE_STATUS_LABELS, "driver_status_labels": DRIVER_STATUS_LABELS,
            "vehicle_badges": VEHICLE_BADGES,
            "vehicle_types": VEHICLE_TYPE_SUGGESTIONS, "can_edit": can_edit()}


def _vehicle_values(form) -> dict:
    values = form_values(form, VEHICLE_FORM_FIELDS)
    if values["capacity_kg"]:  # "23.000,50" typed the Brazilian way, as the spreadsheet import reads it
        values["capacity_kg"] = pt_number(values["capacity_kg"].strip())
    return values


def _driver_values(form) -> dict:
    values = form_values(form, DRIVER_FORM_FIELDS)
    if values["cpf"]:  # the page accepts 123.456.789-09; the API takes digits only
        values["cpf"] = strip_punctuation(values["cpf"])
    phone = (values["phone"] or "").strip()
    if phone and not phone.startswith("+"):  # (11) 98765-4321 -> +5511987654321; else the schema explains
        try:
            values["phone"] = clean_phone(phone)
        except FieldInvalid:
            pass
    return values


def _form_response(kind: str, form, general, record):
    context = dict(form=form, general=general, record=record, **_globals())
    status = 422 if (general or form.errors) else 200
    if is_htmx():
        return render_template(f"cadastros/_{kind}_form.html", **context), status
    if record is not None:
        db.session.refresh(record)
        return render_template(f"cadastros/{kind}.html", **context), status
    return render_template(f"cadastros/{kind}_new.html", **context), status


# --- Vehicles ----------------------------------------------------------------------------------

@bp.get("/veiculos")
@reader_required
def vehicles():
    query = parse_query(VehicleListQuery, list_args())
    stmt = vehicles_stmt(current_user.company, status=query.status, q=query.q)
    page = paginate(stmt, model=Vehicle, limit=query.limit, cursor=query.cursor)
    filters = filters_of(list_args(), ("q", "status"))
    more_url = url_for("cadastros.vehicles", cursor=page.next_cursor, **filters) if page.has_more else None
    return list_response({"page": "cadastros/vehicles.html", "results": "cadastros/_vehicle_results.html",
                          "load-more": "cadastros/_vehicle_rows.html"},
                         page=page, query=query, more_url=more_url, **_globals())


@bp.route("/veiculos/novo", methods=["GET", "POST"])
@editor_required
def vehicle_new():
    form, general = VehicleForm(), []
    if request.method == "POST":
        data, errors = validate_data(VehicleCreate, _vehicle_values(form))
        if data is not None:
            try:
                vehicle = services.create_vehicle(current_user.company, data, actor=current_user)
                commit()
                return done(url_for("cadastros.vehicle", vehicle_id=vehicle.id), "Veículo cadastrado.")
            except AppError as exc:
                db.session.rollback()
                errors = errors_of(exc)
        general = attach_errors(form, errors)
    return _form_response("vehicle", form, general, None)


@bp.get("/veiculos/<vehicle_id>")
@reader_required
def vehicle(vehicle_id):
    record = get_owned(Vehicle, vehicle_id)
    return render_template("cadastros/vehicle.html", form=VehicleForm(formdata=None, obj=record), general=[],
                           record=record, **_globals())


@bp.post("/veiculos/<vehicle_id>")
@editor_required
def vehicle_update(vehicle_id):
    record = get_owned(Vehicle, vehicle_id, for_update=True)
    form = VehicleForm()
    data, errors = validate_data(VehicleUpdate, _vehicle_values(form))
    if data is not None:
        try:
            services.update_vehicle(record, data, sent_fields=VEHICLE_FORM_FIELDS)
            commit()
            return done(url_for("cadastros.vehicle", vehicle_id=record.id), "Alterações salvas.")
        except AppError as exc:
            db.session.rollback()
            errors = errors_of(exc)
    return _form_response("vehicle", form, attach_errors(form, errors), record)


@bp.post("/veiculos/<vehicle_id>/desativar")
@editor_required
def vehicle_deactivate(vehicle_id):
    record = get_owned(Vehicle, vehicle_id, for_update=True)
    services.deactivate_vehicle(record)
    commit()
    return done(url_for("cadastros.vehicle", vehicle_id=record.id), "Veículo desativado (inativo).")


@bp.post("/veiculos/<vehicle_id>/reativar")
@editor_required
def vehicle_reactivate(vehicle_id):
    record = get_owned(Vehicle, vehicle_id, for_update=True)
    services.update_vehicle(record, VehicleUpdate(status="ativo"))
    commit()
    return done(url_for("cadastros.vehicle", vehicle_id=record.id), "Veículo reativado.")


# --- Drivers -----------------------------------------------------------------------------------

@bp.get("/motoristas")
@reader_required
def drivers():
    query = parse_query(DriverListQuery, list_args())
    stmt = drivers_stmt(current_user.company, status=query.status, q=query.q)
    page = paginate(stmt, model=Driver, limit=query.limit, cursor=query.cursor)
    filters = filters_of(list_args(), ("q", "status"))
    more_url = url_for("cadastros.drivers", cursor=page.next_cursor, **filters) if page.has_more else None
    return list_response({"page": "cadastros/drivers.html", "results": "cadastros/_driver_results.html",
                          "load-more": "cadastros/_driver_rows.html"},
                         page=page, query=query, more_url=more_url, **_globals())


@bp.route("/motoristas/novo", methods=["GET", "POST"])
@editor_required
def driver_new():
    form, general = DriverForm(), []
    if request.method == "POST":
        data, errors = validate_data(DriverCreate, _driver_values(form))
        if data is not None:
            try:
                driver = services.create_driver(current_user.company, data, actor=current_user)
                commit()
                return done(url_for("cadastros.driver", driver_id=driver.id), "Motorista cadastrado.")
            except AppError as exc:
                db.session.rollback()
                errors = errors_of(exc)
        general = attach_errors(form, errors)
    return _form_response("driver", form, general, None)


@bp.get("/motoristas/<driver_id>")
@reader_required
def driver(driver_id):
    record = get_owned(Driver, driver_id)
    return render_template("cadastros/driver.html", form=DriverForm(formdata=None, obj=record), general=[],
                           record=record, **_globals())


@bp.post("/motoristas/<driver_id>")
@editor_required
def driver_update(driver_id):
    record = get_owned(Driver, driver_id, for_update=True)
    form = DriverForm()
    data, errors = validate_data(DriverUpdate, _driver_values(form))
    if data is not None:
        try:
            services.update_driver(record, data, sent_fields=DRIVER_FORM_FIELDS)
            commit()
            return done(url_for("cadastros.driver", driver_id=record.id), "Alterações salvas.")
        except AppError as exc:
            db.session.rollback()
            errors = errors_of(exc)
    return _form_response("driver", form, attach_errors(form, errors), record)


@bp.post("/motoristas/<driver_id>/desativar")
@editor_required
def driver_deactivate(driver_id):
    record = get_owned(Driver, driver_id, for_update=True)
    services.deactivate_driver(record)
    commit()
    return done(url_for("cadastros.driver", driver_id=record.id), "Motorista desativado (inativo).")


@bp.post("/motoristas/<driver_id>/reativar")
@editor_required
def driver_reactivate(driver_id):
    record = get_owned(Driver, driver_id, for_update=True)
    services.update_driver(record, DriverUpdate(status="ativo"))
    commit()
    return done(url_for("cadastros.driver", driver_id=record.id), "Motorista reativado.")
