"""Pages: vehicles and drivers (list, create, edit, deactivate = status inativo, reactivate = status ativo), and the
vehicle spreadsheet import (fleet_import.py, routes on this blueprint). Blueprint `fleet`: any signed-in user reads,
operador (and admin) writes; no module gate (as the fleet API)."""
from collections.abc import Callable
from dataclasses import dataclass

from flask import render_template, request, url_for
from flask_login import current_user
from wtforms import BooleanField, HiddenField, SelectField, StringField, TextAreaField

from blueprints.web.access import is_htmx
from blueprints.web.fleet_blueprint import bp
from blueprints.web.formkit import DecimalBRField, MaskedField, choices, read_decimals
from blueprints.web.record_pages import (
    PlainForm,
    can_edit,
    done,
    editor_required,
    form_values,
    list_args,
    list_page,
    reader_required,
    save_form,
    toggle_status,
)
from core.db import db
from core.errors import NotFound
from core.formatting import fmt
from core.schemas import parse_query
from core.tenancy import get_owned
from core.validators import FieldInvalid, clean_phone, strip_punctuation
from domain.fleet import services
from domain.fleet.models import CNH_CATEGORIES, VEHICLE_TYPES, Driver, Vehicle
from domain.fleet.presentation import DRIVER_STATUS_LABELS, VEHICLE_STATUS_LABELS
from domain.fleet.queries import DRIVER_LIST_COLUMNS, VEHICLE_LIST_COLUMNS, driver_listing, vehicle_listing
from domain.fleet.schemas import (
    DriverCreate,
    DriverListQuery,
    DriverUpdate,
    VehicleCreate,
    VehicleListQuery,
    VehicleUpdate,
)
from domain.marketplace import services as marketplace

VEHICLE_TYPE_SUGGESTIONS = tuple(VEHICLE_TYPES)


class VehicleForm(PlainForm):
    plate = MaskedField("Placa", display=fmt.plate)
    vehicle_type = StringField("Tipo")
    renavam = StringField("RENAVAM")
    brand = StringField("Marca")
    model = StringField("Modelo")
    year = StringField("Ano de fabricação")
    capacity_kg = DecimalBRField("Capacidade (kg)", places=3)
    axles = StringField("Eixos")
    status = SelectField("Situação", choices=choices(VEHICLE_STATUS_LABELS.items()), validate_choice=False,
                         default="ativo")
    notes = TextAreaField("Observações")


VEHICLE_FORM_FIELDS = ("plate", "vehicle_type", "renavam", "brand", "model", "year", "capacity_kg", "axles", "status",
                       "notes")


class DriverForm(PlainForm):
    name = StringField("Nome completo")
    cpf = MaskedField("CPF", display=fmt.cpf_cnpj)
    phone = MaskedField("Celular", display=fmt.phone)
    cnh_number = StringField("Número da CNH (registro)")
    cnh_category = SelectField("Categoria da CNH", choices=choices([("", "—")] + [(c, c) for c in CNH_CATEGORIES]),
                               validate_choice=False)
    cnh_expires_at = StringField("Validade da CNH", render_kw={"type": "date"})
    has_mopp = BooleanField("Possui MOPP (produtos perigosos)")
    lead = HiddenField()  # the marketplace lead this driver comes from ("cadastrar motorista"), or empty


DRIVER_FORM_FIELDS = ("name", "cpf", "phone", "cnh_number", "cnh_category", "cnh_expires_at", "has_mopp")


def _globals() -> dict:
    return {"vehicle_status_labels": VEHICLE_STATUS_LABELS, "driver_status_labels": DRIVER_STATUS_LABELS,
            "vehicle_types": VEHICLE_TYPE_SUGGESTIONS, "can_edit": can_edit()}


def _vehicle_values(form) -> dict:
    values = form_values(form, VEHICLE_FORM_FIELDS)
    form.input_errors = read_decimals(values, {"capacity_kg": 3})  # "23.000,50" typed the Brazilian way
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


def _driver_from_lead(args) -> dict:
    """The new driver form opened from a lead (`?lead=<id>`): the lead's name, CPF and phone, read here (one of the
    company's leads, 404 otherwise), so no personal data travels in the URL."""
    if not args.get("lead"):
        return {}
    lead = marketplace.get_lead(args["lead"])
    return {"name": lead.driver_name, "cpf": lead.driver_doc or "", "phone": lead.driver_phone, "lead": str(lead.id)}


def _convert_lead(form, driver):
    """The lead the driver came from is marked `convertido` in the driver's transaction: only once it is saved. A
    lead that is gone (purged by the retention job while the form was open, or not the company's) refuses the save
    once, and the form comes back without it, so the next save registers the driver alone."""
    if form.lead.data:
        try:
            marketplace.update_lead_status(form.lead.data, "convertido")
        except NotFound:
            form.lead.data = ""
            raise NotFound("O lead de origem não existe mais. Salve de novo para cadastrar o motorista sem ele.",
                           code="lead_not_found") from None
    return driver


def _form_response(kind: str, form, general, record):
    context = dict(form=form, general=general, record=record, **_globals())
    status = 422 if (general or form.errors) else 200
    if is_htmx():
        return render_template(f"fleet/_{kind}_form.html", **context), status
    if record is not None:
        db.session.refresh(record)  # the header shows the stored record, not the rejected input
        return render_template(f"fleet/{kind}.html", **context), status
    return render_template(f"fleet/{kind}_new.html", **context), status


# Vehicles and drivers have the same pages (list, new, edit, deactivate = status inativo, reactivate = status
# ativo); what differs is described once per resource below and `_register` adds the six routes for it.

@dataclass(frozen=True)
class FleetResource:
    kind: str                  # "vehicle": endpoint names fleet.vehicle(s|_new|_update|...), templates
    path: str                  # "/veiculos"
    model: type
    form: type
    form_fields: tuple
    values: Callable           # form -> dict for the schema (page-friendly input normalised)
    list_query: type
    list_stmt: Callable        # (company, status=, q=, columns=) -> select
    list_columns: tuple        # what the list template reads
    create_schema: type
    update_schema: type
    create: Callable           # (company, data, actor=) -> record
    update: Callable           # (record, data, sent_fields=None)
    deactivate: Callable       # (record)
    created_msg: str
    deactivated_msg: str
    reactivated_msg: str
    prefill: Callable = lambda args: {}  # the new form's values from the GET's query (a lead's id, never its data)
    after_create: Callable = lambda form, record: record  # more of the same business action, same transaction

    @property
    def id_arg(self) -> str:   # the URL variable templates pass to url_for: vehicle_id / driver_id
        return f"{self.kind}_id"

    @property
    def detail_endpoint(self) -> str:
        return f"fleet.{self.kind}"

    def detail_url(self, record) -> str:
        return url_for(self.detail_endpoint, **{self.id_arg: record.id})


def _register(r: FleetResource) -> None:
    """Add the list / new / show / update / deactivate / reactivate routes of `r` to `bp`."""
    record_rule = f"{r.path}/<{r.id_arg}>"

    def list_view():
        query = parse_query(r.list_query, list_args())
        stmt = r.list_stmt(current_user.company_id, status=query.status, q=query.q, columns=r.list_columns)
        return list_page(f"fleet.{r.kind}s", r.kind, query, stmt, r.model, ("q", "status"), **_globals())

    def new_view():
        form = r.form() if request.method == "POST" else r.form(data=r.prefill(request.args))
        general = []
        if request.method == "POST":
            response, general = save_form(
                form, r.create_schema, r.values(form),
                write=lambda data: r.after_create(form, r.create(current_user.company, data, actor=current_user)),
                on_success=lambda record: done(r.detail_url(record), r.created_msg))
            if response is not None:
                return response
        return _form_response(r.kind, form, general, None)

    def show_view(**url_args):
        record = get_owned(r.model, url_args[r.id_arg])
        return render_template(f"fleet/{r.kind}.html", form=r.form(formdata=None, obj=record), general=[],
                               record=record, **_globals())

    def update_view(**url_args):
        record = get_owned(r.model, url_args[r.id_arg], for_update=True)
        form = r.form()
        response, general = save_form(
            form, r.update_schema, r.values(form),
            write=lambda data: r.update(record, data, sent_fields=r.form_fields),
            on_success=lambda _: done(r.detail_url(record), "Alterações salvas."))
        if response is not None:
            return response
        return _form_response(r.kind, form, general, record)

    def deactivate_view(**url_args):
        return toggle_status(r.model, url_args[r.id_arg], r.deactivate, r.detail_endpoint, r.id_arg,
                             r.deactivated_msg)

    def reactivate_view(**url_args):
        return toggle_status(r.model, url_args[r.id_arg], lambda rec: r.update(rec, r.update_schema(status="ativo")),
                             r.detail_endpoint, r.id_arg, r.reactivated_msg)

    k = r.kind
    bp.add_url_rule(r.path, f"{k}s", reader_required(list_view), methods=["GET"])
    bp.add_url_rule(f"{r.path}/novo", f"{k}_new", editor_required(new_view), methods=["GET", "POST"])
    bp.add_url_rule(record_rule, k, reader_required(show_view), methods=["GET"])
    bp.add_url_rule(record_rule, f"{k}_update", editor_required(update_view), methods=["POST"])
    bp.add_url_rule(f"{record_rule}/desativar", f"{k}_deactivate", editor_required(deactivate_view), methods=["POST"])
    bp.add_url_rule(f"{record_rule}/reativar", f"{k}_reactivate", editor_required(reactivate_view), methods=["POST"])


_register(FleetResource(
    kind="vehicle", path="/veiculos", model=Vehicle, form=VehicleForm, form_fields=VEHICLE_FORM_FIELDS,
    values=_vehicle_values, list_query=VehicleListQuery, list_stmt=vehicle_listing,
    list_columns=VEHICLE_LIST_COLUMNS,
    create_schema=VehicleCreate, update_schema=VehicleUpdate,
    create=services.create_vehicle, update=services.update_vehicle, deactivate=services.deactivate_vehicle,
    created_msg="Veículo cadastrado.", deactivated_msg="Veículo desativado (inativo).",
    reactivated_msg="Veículo reativado."))

_register(FleetResource(
    kind="driver", path="/motoristas", model=Driver, form=DriverForm, form_fields=DRIVER_FORM_FIELDS,
    values=_driver_values, list_query=DriverListQuery, list_stmt=driver_listing,
    list_columns=DRIVER_LIST_COLUMNS,
    create_schema=DriverCreate, update_schema=DriverUpdate,
    create=services.create_driver, update=services.update_driver, deactivate=services.deactivate_driver,
    created_msg="Motorista cadastrado.", deactivated_msg="Motorista desativado (inativo).",
    reactivated_msg="Motorista reativado.", prefill=_driver_from_lead,
    after_create=_convert_lead))

