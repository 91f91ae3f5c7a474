"""The freight pages' forms (WTForms, fields and rendering only: the rules are the freight, offer and message
schemas' and services', whose FieldErrors land back on these inputs) and the reading of a posted form into the
API's body. Input names are the API's (`price`, `valid_until`), except a freight's places, flattened
(`origin_city` ↔ `origin.city`)."""
import uuid

from wtforms import BooleanField, HiddenField, PasswordField, SelectField, StringField, TextAreaField

from blueprints.web.formkit import DecimalBRField, LocalMomentField, choices, read_decimals
from blueprints.web.forms_adapter import read_form
from blueprints.web.record_pages import PlainForm
from core.db import db
from core.errors import FieldError
from core.formatting import fmt
from domain.antt_floor.catalog import AXLES_RANGE, CARGO_TYPES, TABLE_SHORT
from domain.fleet.models import Driver, Vehicle
from domain.freights.presentation import STATUS_LABELS as FREIGHT_STATUS_LABELS
from domain.freights.states import FREIGHT_STATUSES
from domain.partners.models import Partner

BLANK = [("", "—")]
PLACES = ("origin", "destination")


def _picker(label):
    """A registry record (carrier, driver, vehicle): a hidden input holding its id, filled by the kit's search
    picker (blueprints/web/pickers.py); the page never embeds the registry."""
    return HiddenField(label)


class FreightForm(PlainForm):
    origin_city = StringField("Cidade de origem")
    origin_state = StringField("UF de origem", render_kw={"maxlength": 2})
    destination_city = StringField("Cidade de destino")
    destination_state = StringField("UF de destino", render_kw={"maxlength": 2})
    # The floor's 12 cargo types (their labels are what is stored, as the API's exact names); a freight saved with
    # another text keeps it as an extra option (set_cargo_type), so editing never loses it.
    cargo_type = SelectField("Tipo de carga", validate_choice=False,
                             choices=choices(BLANK + [(label, f"{code} · {label}")
                                                      for code, label in CARGO_TYPES.values()]))
    weight_kg = DecimalBRField("Peso (kg)", places=3, mask="weight")
    vehicle_type = StringField("Tipo de veículo")
    price = DecimalBRField("Valor do frete (R$)", places=2, mask="money")
    distance_km = DecimalBRField("Distância (km)", places=2, mask="distance")
    loaded_axles = SelectField("Eixos carregados", validate_choice=False,
                               choices=choices(BLANK + [(str(n), f"{n} eixos") for n in AXLES_RANGE]))
    antt_table = SelectField("Tabela do piso ANTT", validate_choice=False,
                             choices=choices(BLANK + [(code, f"{code} — {label}")
                                                      for code, label in TABLE_SHORT.items()]))
    pickup_at = LocalMomentField("Coleta a partir de")
    pickup_until = LocalMomentField("Coleta até")
    delivery_at = LocalMomentField("Entrega a partir de")
    delivery_until = LocalMomentField("Entrega até")
    carrier_id = _picker("Transportador (parceiro)")
    driver_id = _picker("Motorista")
    vehicle_id = _picker("Veículo")
    visibility = SelectField("Visibilidade", validate_choice=False, default="privado",
                             choices=choices([("privado", "Privado"), ("publico", "Público (vitrine)")]))
    notes = TextAreaField("Observações")

    def keep_cargo_type(self, current: str | None) -> None:
        """A stored cargo type outside the 12 stays selectable (with a note) instead of being dropped."""
        known = {choice.value for choice in self.cargo_type.choices}
        if current and current not in known:
            self.cargo_type.choices = [*self.cargo_type.choices,
                                       *choices([(current, f"{current} (fora dos 12 tipos: piso não calculado)")])]


FREIGHT_DECIMALS = {"price": 2, "weight_kg": 3, "distance_km": 2}


def _text(field) -> str | None:
    return (field.data or "").strip() or None


def freight_body(form: FreightForm) -> tuple[dict, list[FieldError]]:
    """The posted form as the API's body: every input present (empty = None, so an edit clears it), the places
    nested, moments with Brasília's offset, pt-BR numbers read (an unreadable one is an error naming its input)."""
    body = {place: {"city": _text(form[f"{place}_city"]) or "", "state": _text(form[f"{place}_state"]) or ""}
            for place in PLACES}
    for field in form:
        if field.name.startswith(PLACES) or field.name == "csrf_token":
            continue
        body[field.name] = field.iso() if isinstance(field, LocalMomentField) else _text(field)
    return body, read_decimals(body, FREIGHT_DECIMALS)


def freight_error_field(path: str) -> str:
    """A body error's input: `origin.city` / `origin` / `origin.ibge_code` → `origin_city`, `origin.state` →
    `origin_state`; the others are named as the inputs."""
    place, _, part = path.partition(".")
    if place in PLACES:
        return f"{place}_state" if part == "state" else f"{place}_city"
    return path


def parse_freight(form: FreightForm, schema):
    """(data or None, body, errors): the body validated with `schema`; the errors are already on the inputs."""
    body, unreadable = freight_body(form)
    data, errors = read_form(schema, body, unreadable=unreadable)
    return data, body, errors


# --- Offers and messages (htmx panels of the freight page) -------------------------------------

class OfferForm(PlainForm):
    carrier_name = StringField("Transportador", render_kw={"placeholder": "Transportador",
                                                           "aria-label": "Nome do transportador"})
    carrier_phone = StringField("Telefone", render_kw={"placeholder": "Telefone",
                                                       "aria-label": "Telefone do transportador"})
    price = DecimalBRField("Valor", places=2, mask="money", render_kw={"placeholder": "Valor (R$)",
                                                                        "aria-label": "Valor da oferta",
                                                                        "required": True})
    valid_until = LocalMomentField("Válida até", render_kw={"type": "datetime-local", "aria-label": "Válida até"})
    message = StringField("Mensagem")
    carrier_id = StringField("Transportador")


class CounterOfferForm(PlainForm):
    price = DecimalBRField("Valor", places=2, mask="money", render_kw={"placeholder": "Valor (R$)",
                                                                        "aria-label": "Valor da contraproposta",
                                                                        "required": True})
    valid_until = LocalMomentField("Válida até", render_kw={"type": "datetime-local", "aria-label": "Válida até",
                                                            "required": True})
    message = StringField("Mensagem", render_kw={"placeholder": "Mensagem",
                                                 "aria-label": "Mensagem da contraproposta"})


class RejectOfferForm(PlainForm):
    reason = StringField("Motivo", render_kw={"placeholder": "Motivo", "aria-label": "Motivo da rejeição",
                                              "size": 10})


def offer_body(form) -> tuple[dict, list[FieldError]]:
    """An offer form as the API body: empty inputs absent, `valid_until` with Brasília's offset, the price read as
    pt-BR money (an unreadable one is its error)."""
    body = {}
    for field in form:
        value = field.iso() if isinstance(field, LocalMomentField) else _text(field)
        if value is not None and field.name != "csrf_token":
            body[field.name] = value
    return body, read_decimals(body, {"price": 2})


def parse_offer(form, schema):
    """(data or None, errors): the offer form validated with `schema` (an unreadable price is its only error)."""
    body, unreadable = offer_body(form)
    if unreadable:
        return None, unreadable
    return read_form(schema, body)


class MessageForm(PlainForm):
    channel = SelectField("Canal", validate_choice=False, render_kw={"aria-label": "Canal"})
    to = StringField("Destinatário", render_kw={"placeholder": "+5541999998888 ou e-mail",
                                                "aria-label": "Destinatário", "required": True})
    template = SelectField("Modelo", validate_choice=False, render_kw={"aria-label": "Modelo"})
    body = StringField("Mensagem")  # not on the page (it sends templates); a posted text is passed on


class StatusForm(PlainForm):
    status = SelectField("Novo status", choices=choices((s, FREIGHT_STATUS_LABELS[s]) for s in FREIGHT_STATUSES),
                         validate_choice=False,
                         render_kw={"aria-label": "Novo status"})
    note = StringField("Observação", render_kw={"placeholder": "Observação", "aria-label": "Observação"})


class TemplateForm(PlainForm):
    key = StringField("Identificador", render_kw={"placeholder": "ex.: aviso_entrega"})
    name = StringField("Nome")
    subject = StringField("Assunto (e-mail)")
    body = TextAreaField("Texto", render_kw={"rows": 3})


# Each channel's provider settings on the channels page: the input is `settings_<setting>` (labels: ChannelForm).
CHANNEL_FIELDS = {"email": ("host", "port", "from_address", "username"), "whatsapp": ("phone_number_id", "api_base"),
                  "sms": ("url", "sender")}


class ChannelForm(PlainForm):
    channel = HiddenField()
    provider = SelectField("Provedor", validate_choice=False)
    settings_host = StringField("Servidor SMTP")
    settings_port = StringField("Porta")
    settings_from_address = StringField("Remetente")
    settings_username = StringField("Usuário")
    settings_starttls = BooleanField("Conexão segura (recomendado)")
    settings_phone_number_id = StringField("Identificação do número no WhatsApp Business")
    settings_api_base = StringField("Endereço da API (opcional)")
    settings_url = StringField("URL de envio")
    settings_sender = StringField("Remetente")
    secret = PasswordField("Senha ou chave de acesso", render_kw={"autocomplete": "new-password"})


def channel_settings(form: ChannelForm, channel: str) -> dict:
    """The channel's settings as the service takes them: filled inputs only, the SMTP port a number (25 when it
    is not one), STARTTLS a flag."""
    settings = {name: form[f"settings_{name}"].data.strip() for name in CHANNEL_FIELDS.get(channel, ())
                if (form[f"settings_{name}"].data or "").strip()}
    if "port" in settings:
        settings["port"] = int(settings["port"]) if settings["port"].isdigit() else 25
    settings["starttls"] = bool(form.settings_starttls.data)
    return settings


# The registry pickers of the freight form: what each searches and how a chosen record is named in its box.
PICKED = {"carrier_id": ("parceiros", Partner, lambda p: p.legal_name),
          "driver_id": ("motoristas", Driver, lambda d: d.name),
          "vehicle_id": ("veiculos", Vehicle, lambda v: fmt.plate(v.plate))}
PICKER_SOURCES = {name: source for name, (source, _model, _text) in PICKED.items()}


def picked_names(form) -> dict:
    """The search box's text for each record already chosen (an edited freight's, or a post shown again): one
    lookup by id per chosen record, in the company's scope; an id that is not the company's names nothing."""
    names = {}
    for name, (_source, model, text) in PICKED.items():
        try:
            key = uuid.UUID(str(form[name].data)) if form[name].data else None
        except ValueError:
            key = None
        record = db.session.scalar(db.select(model).where(model.id == key)) if key else None
        names[name] = text(record) if record is not None else ""
    return names
