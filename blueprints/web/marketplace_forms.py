"""Forms of the marketplace pages: the public showcase's filters (a GET form named as the API's query, read the
pt-BR way), the lead and offer forms of a public freight, and the leads page's filters and per-row status."""
import re

from wtforms import SelectField, StringField, TextAreaField

from blueprints.web.formkit import DecimalBRField, choices, read_decimals, with_ids
from blueprints.web.forms_adapter import attach_errors, read_form, top_field
from blueprints.web.record_pages import PlainForm
from core.validators import UFS
from domain.fleet.models import VEHICLE_TYPES
from domain.marketplace.models import LEAD_STATUSES
from domain.marketplace.presentation import STATUS_LABELS as LEAD_STATUS_LABELS
from domain.marketplace.schemas import LeadCreate, ShowcaseQuery


class LeadForm(PlainForm):
    """Labels only: its inputs are named as LeadCreate's fields (`driver_name`), whose rules are the schema's; the
    schema reads them by name (populate_by_name) and names its errors by the API's alias (`driverName`), which
    `lead_input` maps back from the schema itself."""
    driver_name = StringField("Seu nome")
    driver_phone = StringField("Celular (WhatsApp)")
    driver_doc = StringField("CPF (opcional)")
    vehicle_plate = StringField("Placa do veículo (opcional)")
    message = TextAreaField("Mensagem (opcional)")
    website = StringField("Deixe este campo vazio")  # the honeypot, hidden by CSS


def lead_body(form: LeadForm, slug: str) -> dict:
    """The posted lead as LeadCreate's input, by field name (the fields the form and the schema share)."""
    return {"slug": slug, **{name: form[name].data for name in LeadCreate.model_fields if name in form}}


LEAD_INPUTS = {info.alias: name for name, info in LeadCreate.model_fields.items() if info.alias}


def lead_input(path: str) -> str:
    """A LeadCreate error's field (the alias, `driverPhone`) → the form's input (`driver_phone`)."""
    return LEAD_INPUTS.get(path, path)


class OfferForm(PlainForm):
    price = DecimalBRField("Seu preço (R$)", mask="money")
    carrier_name = StringField("Seu nome")
    carrier_phone = StringField("Celular (WhatsApp)")
    message = TextAreaField("Mensagem (opcional)")
    website = StringField("Deixe este campo vazio", id="offer-website")  # the honeypot, as the lead form's


UF_CHOICES = [("", "Todas")] + [(uf, uf) for uf in UFS]


class ShowcaseForm(PlainForm):
    """The showcase's filters. Inputs are named as the API's query (camelCase), so a shared link reads the same in
    both; the prices are typed the Brazilian way (5.000,00) and read by parse_decimal, never as 5.000 = 5 (plain
    numbers in a link, 1000.50, are read as the API reads them: `typed_brazilian`)."""
    originState = SelectField("Origem (UF)", choices=choices(UF_CHOICES), validate_choice=False)
    destinationState = SelectField("Destino (UF)", choices=choices(UF_CHOICES), validate_choice=False)
    vehicleType = SelectField("Veículo", validate_choice=False)
    pickupFrom = StringField("Coleta a partir de", render_kw={"type": "date"})
    minPrice = DecimalBRField("Preço mínimo (R$)", mask="money")
    maxPrice = DecimalBRField("Preço máximo (R$)", mask="money")
    search = StringField("Cidade ou código", render_kw={"type": "search"})


def vehicle_choices(selected: str | None):
    """The known vehicle types, plus the one a shared link asks for when it is not one of them (kept visible)."""
    pairs = [("", "Qualquer")] + list(VEHICLE_TYPES.items())
    if selected and selected.lower() not in VEHICLE_TYPES:
        pairs.append((selected, selected))
    return choices(pairs)


# What a person types: a decimal comma ("5.000,00", "4500,5") or thousands groups with no comma ("1.500", "12.000").
BRAZILIAN_AMOUNT = re.compile(r"\s*(R\$\s*)?(\d+(\.\d{3})*,\d*|\d{1,3}(\.\d{3})+)\s*")


def typed_brazilian(value: str | None) -> bool:
    """Whether a price in the query string is written the Brazilian way, as the page's money input sends it (or a
    person types it without the mask). Anything else ("1000.50", "5000") is read as the API reads it, so a link an
    integrator builds with plain numbers filters the same on the page as in the API."""
    return bool(value) and BRAZILIAN_AMOUNT.fullmatch(value) is not None


def read_showcase(args) -> tuple[ShowcaseForm, ShowcaseQuery, list[str]]:
    """The filter form, the query it gives and the labels of the filters it had to leave out. An input that cannot
    be read is shown with its error and left out; the other filters still apply."""
    values = {k: v for k, v in args.items() if v}
    form = ShowcaseForm(formdata=args if args else None)
    vehicle = values.get("vehicleType")
    form.vehicleType.choices = vehicle_choices(vehicle)
    if vehicle and vehicle.lower() in VEHICLE_TYPES:
        form.vehicleType.data = vehicle.lower()
    errors = read_decimals(values, {name: 2 for name in ("minPrice", "maxPrice") if typed_brazilian(values.get(name))})
    data, schema_errors = read_form(ShowcaseQuery, values)
    if data is None:  # leave out what the schema refused, keep the rest
        refused = {top_field(e.field) for e in schema_errors}
        errors += schema_errors
        data, _ = read_form(ShowcaseQuery, {k: v for k, v in values.items() if k not in refused})
    attach_errors(form, errors)
    names = dict.fromkeys(top_field(e.field) for e in errors)
    ignored = [form[name].label.text if name in form._fields else name for name in names]
    return form, data or ShowcaseQuery(), ignored


# --- The company's leads page ------------------------------------------------------------------------------------

LEAD_STATUS_CHOICES = [(s, LEAD_STATUS_LABELS[s]) for s in LEAD_STATUSES]


class LeadFilterForm(PlainForm):
    """The leads page's filters (a GET form). Fields and labels only: the inputs are named as the API's list query
    (`LeadListQuery`), which reads them, and a bad value is its 400 naming the input (`freight_id`, `status`). The
    freights offered are the company's with leads (`set_freights`)."""
    status = SelectField("Status", choices=choices([("", "Todos")] + LEAD_STATUS_CHOICES), validate_choice=False)
    freight_id = SelectField("Frete", choices=choices([("", "Todos")]), validate_choice=False)

    def set_freights(self, freights) -> "LeadFilterForm":
        self.freight_id.choices = choices([("", "Todos")] + list(freights))
        return self


def lead_filters(args, freights) -> LeadFilterForm:
    """The filter form showing the query's values, its input ids `f-status`, `f-freight_id`."""
    return with_ids(LeadFilterForm(formdata=args), "f").set_freights(freights)


class LeadStatusForm(PlainForm):
    """What a lead's status cell posts (templates/marketplace/_lead_status.html draws it, one per row, without a form
    object): named as the API's body (`LeadStatusChange`), whose schema checks it."""
    status = SelectField("Status", choices=choices(LEAD_STATUS_CHOICES), validate_choice=False)
