"""The aggregate contract pages' forms (WTForms, fields and rendering only: the rules are the domain schemas' and
services', whose FieldErrors land back on these inputs) and the reading of a posted form into the API body."""
from datetime import datetime

from flask import request
from wtforms import HiddenField, SelectField, StringField

from blueprints.web.formkit import DecimalBRField, MaskedField, choices, read_decimals
from blueprints.web.forms_adapter import attach_errors, read_form
from blueprints.web.record_pages import PlainForm
from core.errors import FieldError
from core.formatting import BRT, fmt
from core.validators import UFS
from domain.ciot_agregado.presentation import PAYMENT_LABELS, STATUS_LABELS, TIPO_DEBITO_LABELS
from domain.payee.checks import HOLDER_RELATIONSHIPS

UF_CHOICES = choices([("", "—")] + [(uf, uf) for uf in sorted(UFS)])


def _uf(label):
    return SelectField(label, choices=UF_CHOICES, validate_choice=False)


PAYMENT_CHOICES = choices([("", "—")] + list(PAYMENT_LABELS.items()))
PIX_KIND_CHOICES = choices([("", "Ler da chave"), ("cpf", "CPF"), ("cnpj", "CNPJ"), ("email", "E-mail"),
                            ("telefone", "Telefone"), ("aleatoria", "Chave aleatória")])
HOLDER_CHOICES = choices([("", "O próprio TAC / sem parentesco")] + list(HOLDER_RELATIONSHIPS.items()))


class DeclarationFields(PlainForm):
    """What the declaration needs besides the composition (declaration_data.py): payment and axles."""
    tipo_pagamento = SelectField("Forma de pagamento do TAC", choices=PAYMENT_CHOICES, validate_choice=False)
    chave_pix = MaskedField("Chave PIX", mask="pix_key")
    tipo_chave_pix = SelectField("Tipo da chave PIX", choices=PIX_KIND_CHOICES, validate_choice=False)
    banco = StringField("Banco (código COMPE)")
    agencia = StringField("Agência")
    conta = StringField("Conta")
    cpf_cnpj_owner = MaskedField("CPF/CNPJ do titular (vazio: o próprio TAC)", display=fmt.cpf_cnpj)
    titular_parentesco = SelectField("Parentesco do titular com o TAC", choices=HOLDER_CHOICES,
                                     validate_choice=False)
    eixos_cavalo = StringField("Eixos do cavalo / caminhão")
    eixos_reboques = StringField("Eixos dos reboques (na ordem das placas, separados por vírgula)")


class AgregadoForm(DeclarationFields):
    partner_id = HiddenField("Transportador (TAC ou equiparado)")  # filled by the registry picker
    placa_cavalo = MaskedField("Placa do cavalo / tração")
    placas_reboques = StringField("Placas dos reboques (separadas por vírgula)")
    valor_contratado = DecimalBRField("Valor contratado (R$)", places=2)
    origem_uf = _uf("UF de origem")
    origem_municipio_nome = StringField("Município de origem")
    destino_uf = _uf("UF de destino")
    destino_municipio_nome = StringField("Município de destino")


class RetificarForm(DeclarationFields):
    """The contract page's rectification (a declared contract: value, end date, route) and completion (a held one:
    also payment and axles)."""
    valor_contratado = DecimalBRField("Valor contratado (R$)", places=2)
    data_prevista_encerramento = StringField("Data prevista de encerramento")
    origem_uf = _uf("UF de origem")
    origem_municipio_nome = StringField("Município de origem")
    destino_uf = _uf("UF de destino")
    destino_municipio_nome = StringField("Município de destino")
    observacoes = StringField("Observações")


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
    distancia_km = DecimalBRField("Distância (km)", places=1)
    valor_vale_pedagio = DecimalBRField("Vale-pedágio (R$, custo do embarcador)", places=2)


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


DECIMALS = {AgregadoForm: {"valor_contratado": 2}, RetificarForm: {"valor_contratado": 2},
            ViagemForm: {"valor": 2, "peso_carga": 3, "distancia_km": 1, "valor_vale_pedagio": 2},
            DebitoForm: {"valor": 2}, EncerrarForm: {"peso_carga_final": 3}}
PAYMENT_INPUTS = ("tipo_pagamento", "chave_pix", "tipo_chave_pix", "banco", "agencia", "conta", "cpf_cnpj_owner",
                  "titular_parentesco")
MOMENTS = ("data_viagem", "data_debito")


def _moment(value: str) -> str:
    """A datetime-local input (Brasília wall clock) as the API's date-time; anything else is left for the schema."""
    try:
        return datetime.fromisoformat(value).replace(tzinfo=BRT).isoformat()
    except ValueError:
        return value


def body_of(form, plates: list[str] | None = None) -> tuple[dict, list[FieldError]]:
    """The posted form as the API body: empty inputs absent, pt-BR numbers read (an unreadable one is an error
    naming the input, never guessed), trailers split on commas, moments with Brasília's offset."""
    body = {name: value.strip() for name, value in request.form.items() if name in form._fields and value.strip()}
    errors = read_decimals(body, DECIMALS.get(type(form), {}))
    if "placas_reboques" in body:
        body["placas_reboques"] = [p.strip() for p in body["placas_reboques"].split(",") if p.strip()]
    for name in MOMENTS:
        if name in body:
            body[name] = _moment(body[name])
    if isinstance(form, DeclarationFields):
        _declaration_body(body, errors, plates)
    return body, errors


def _declaration_body(body: dict, errors: list, plates: list[str] | None) -> None:
    """The payment inputs as the body's `pagamento`, the axles inputs as its `veiculos` (in the composition's order:
    the posted plates, or `plates`, the contract's, for a rectification)."""
    payment = {name: body.pop(name) for name in PAYMENT_INPUTS if name in body}
    if payment:
        body["pagamento"] = payment
    axles = [body.pop("eixos_cavalo", "")] + [a.strip() for a in body.pop("eixos_reboques", "").split(",")]
    plates = plates or [body.get("placa_cavalo", ""), *body.get("placas_reboques", [])]
    veiculos = []
    for index, (plate, value) in enumerate(zip(plates, axles, strict=False)):
        if not value:
            continue
        if not value.isdigit():
            errors.append(FieldError("eixos_cavalo" if index == 0 else "eixos_reboques", "invalid",
                                     "Informe os eixos em números inteiros."))
            continue
        veiculos.append({"placa": plate, "eixos": int(value)})
    if veiculos:
        body["veiculos"] = veiculos


def form_field_of(error_field: str) -> str:
    """The page input of a body field: `pagamento.chave_pix` → chave_pix, `veiculos[0].eixos` → eixos_cavalo,
    `veiculos[1].eixos` → eixos_reboques."""
    if error_field.startswith("pagamento."):
        return error_field.split(".", 1)[1]
    if error_field.startswith("veiculos["):
        return "eixos_cavalo" if error_field.startswith("veiculos[0]") else "eixos_reboques"
    return error_field


def parse(form_class, schema, plates: list[str] | None = None):
    """(form bound to the post, parsed model or None, the body's field names as sent); the errors are already on
    the form's inputs. `plates`: the composition the axles inputs refer to, when the form has no plate inputs."""
    form = form_class(request.form)
    body, errors = body_of(form, plates)
    data, details = read_form(schema, body)
    errors += list(details or [])
    general = attach_errors(form, errors, rename=form_field_of)
    form.general = general
    form.sent = set(body)
    return form, (data if not errors else None)
