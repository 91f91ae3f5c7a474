"""The aggregate contract pages' forms (WTForms, fields and rendering only: the rules are the domain schemas' and
services', whose FieldErrors land back on these inputs) and the reading of a posted form into the API body."""
from datetime import datetime

from flask import request
from wtforms import HiddenField, SelectField, StringField

from blueprints.web.cadastros_common import PlainForm, attach_errors
from blueprints.web.formkit import DecimalBRField, MaskedField, choices, read_decimals
from core.errors import FieldError
from core.formatting import BRT, fmt
from core.schemas import validate_data
from core.validators import UFS
from domain.ciot_agregado.presentation import STATUS_LABELS, TIPO_DEBITO_LABELS

UF_CHOICES = choices([("", "—")] + [(uf, uf) for uf in sorted(UFS)])


def _uf(label):
    return SelectField(label, choices=UF_CHOICES, validate_choice=False)


class AgregadoForm(PlainForm):
    partner_id = HiddenField("Transportador (TAC ou equiparado)")  # filled by the registry picker
    placa_cavalo = MaskedField("Placa do cavalo / tração")
    placas_reboques = StringField("Placas dos reboques (separadas por vírgula)")
    valor_contratado = DecimalBRField("Valor contratado (R$)", places=2)
    origem_uf = _uf("UF de origem")
    origem_municipio_nome = StringField("Município de origem")
    destino_uf = _uf("UF de destino")
    destino_municipio_nome = StringField("Município de destino")


class ViagemForm(PlainForm):
    data_viagem = StringField("Data e hora da viagem")
    expedidor_cpf_cnpj = MaskedField("CPF/CNPJ do expedidor", display=fmt.cpf_cnpj)
    expedidor_nome = StringField("Nome do expedidor")
    recebedor_cpf_cnpj = MaskedField("CPF/CNPJ do recebedor", display=fmt.cpf_cnpj)
    recebedor_nome = StringField("Nome do recebedor")
    origem_uf = _uf("UF de origem")
    origem_municipio_nome = StringField("Município de origem")
    destino_uf = _uf("UF de destino")
    destino_municipio_nome = StringField("Município de destino")
    valor = DecimalBRField("Valor (R$)", places=2)
    peso_carga = DecimalBRField("Peso da carga (kg)", places=3)


class DebitoForm(PlainForm):
    # No "Pedágio": the toll voucher is the shipper's (Lei 10.209/2001), entered on the trip; the service refuses it.
    tipo = SelectField("Tipo", choices=choices((k, v) for k, v in TIPO_DEBITO_LABELS.items() if k != "pedagio"),
                       validate_choice=False)
    valor = DecimalBRField("Valor (R$)", places=2)
    motivo = StringField("Motivo")
    data_debito = StringField("Data e hora")


class EncerrarForm(PlainForm):
    peso_carga_final = DecimalBRField("Peso final da carga (kg)", places=3)
    motivo = StringField("Motivo do encerramento")


class FilterForm(PlainForm):
    status = SelectField("Status", choices=choices([("", "Todos")] + list(STATUS_LABELS.items())),
                         validate_choice=False)
    q = StringField("Buscar")
    partner_id = HiddenField("Transportador")  # filled by the registry picker


DECIMALS = {AgregadoForm: {"valor_contratado": 2}, ViagemForm: {"valor": 2, "peso_carga": 3},
            DebitoForm: {"valor": 2}, EncerrarForm: {"peso_carga_final": 3}}
MOMENTS = ("data_viagem", "data_debito")


def _moment(value: str) -> str:
    """A datetime-local input (Brasília wall clock) as the API's date-time; anything else is left for the schema."""
    try:
        return datetime.fromisoformat(value).replace(tzinfo=BRT).isoformat()
    except ValueError:
        return value


def body_of(form) -> tuple[dict, list[FieldError]]:
    """The posted form as the API body: empty inputs absent, pt-BR numbers read (an unreadable one is an error
    naming the input, never guessed), trailers split on commas, moments with Brasília's offset."""
    body = {name: value.strip() for name, value in request.form.items() if name in form._fields and value.strip()}
    errors = read_decimals(body, DECIMALS.get(type(form), {}))
    if "placas_reboques" in body:
        body["placas_reboques"] = [p.strip() for p in body["placas_reboques"].split(",") if p.strip()]
    for name in MOMENTS:
        if name in body:
            body[name] = _moment(body[name])
    return body, errors


def parse(form_class, schema):
    """(form bound to the post, parsed model or None); the errors are already on the form's inputs."""
    form = form_class(request.form)
    body, errors = body_of(form)
    data, details = validate_data(schema, body)
    errors += list(details or [])
    general = attach_errors(form, errors)
    form.general = general
    return form, (data if not errors else None)
