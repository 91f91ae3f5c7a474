"""Business actions on messages. `queue_message` validates, renders and stores the message `queued` and
enqueues its delivery on the `messages` queue after the commit; the job (domain/messages/jobs.py) sends it through
the company's adapter for the channel with `attempt_delivery` (domain/messages/delivery.py), with retries on
transient errors and `failed` with the provider's reason after the last try (or at once when the provider refuses
it)."""
import secrets
import uuid

from core import crypto, formatting
from core.db import db, utcnow
from core.errors import FieldError, NotFound, Unprocessable
from core.queue import enqueue_after_commit
from core.tenancy import cross_tenant
from core.transaction import commit_phase
from domain.fleet.models import Driver
from domain.freights.models import Freight
from domain.freights.services import find_freight
from domain.messages.channels import PROVIDERS
from domain.messages.delivery import (  # noqa: F401  (re-exported: the API finds a message here, tests a try)
    attempt_delivery,
    channel_setting,
    find_message,
    mark_failed,
)
from domain.messages.jobs import deliver_message
from domain.messages.models import CHANNELS, ChannelSetting, Message
from domain.messages.presentation import SIMULATED_PROVIDER
from domain.messages.schemas import MessageCreate
from domain.messages.templates import get_template, render

RETRIES = 4  # after the first try: RQ retries at 10, 30, 60 and 60 seconds (core.queue)


def freight_variables(freight: Freight) -> dict:
    """What a template can use from the freight, without being sent: codigo, origem, destino, tipo_carga,
    peso_kg, valor, data_coleta, data_entrega and motorista (when there is one)."""
    values = {"codigo": freight.code, "origem": f"{freight.origin_city}/{freight.origin_state}",
              "destino": f"{freight.destination_city}/{freight.destination_state}",
              "tipo_carga": freight.cargo_type,
              "peso_kg": formatting.number(freight.weight_kg, 0) if freight.weight_kg else None,
              "valor": formatting.money(freight.price) if freight.price is not None else None,
              "data_coleta": formatting.when(freight.pickup_at) if freight.pickup_at else None,
              "data_entrega": formatting.when(freight.delivery_at) if freight.delivery_at else None,
              "transportador": freight.carrier_name}
    if freight.driver_id:
        values["motorista"] = db.session.get(Driver, freight.driver_id).name
    return {name: value for name, value in values.items() if value}


def queue_message(company, data: MessageCreate) -> Message:
    freight = None
    if data.freight_id:
        try:
            freight = find_freight(data.freight_id)
        except NotFound:
            raise NotFound("Frete não encontrado.",
                           details=[FieldError("freight_id", "not_found", "Frete não encontrado.")]) from None
    variables = {**(freight_variables(freight) if freight else {}), **data.variables}
    if data.template:
        subject, body = render(get_template(data.template), variables)
        subject = data.subject or subject
    else:
        subject, body = data.subject, data.body
    message = Message(id=uuid.uuid4(), company_id=company.id, freight_id=freight.id if freight else None,
                      channel=data.channel, to=data.to, template=data.template,
                      variables={k: str(v) for k, v in data.variables.items()}, subject=subject, body=body,
                      status="queued", created_at=utcnow())
    db.session.add(message)
    db.session.flush()
    enqueue_after_commit(deliver_message, str(message.id), queue="messages", retries=RETRIES)
    return message


def send_message(company, data: MessageCreate) -> Message:
    """The page's send: the message queued and committed at once, so its delivery runs (inline) before the panel
    shows it (the API answers 202 with the queued message instead: queue_message)."""
    message = queue_message(company, data)
    commit_phase("the message's delivery runs (inline) before the panel shows it")
    return message


def simulated_channels() -> set[str]:
    """The company's channels that send nothing (no provider configured, or the development one): the pages name
    them "(simulado)" so nobody believes a WhatsApp went out."""
    real = db.session.execute(db.select(ChannelSetting.channel)
                              .where(ChannelSetting.provider != SIMULATED_PROVIDER)).scalars()
    return set(CHANNELS) - set(real)


def configure_channel(company, channel: str, provider: str, settings: dict,
                      secret: str | None = None) -> ChannelSetting:
    """Choose the provider of a channel (integrations page). A blank `secret` keeps the stored one."""
    if channel not in PROVIDERS.get(provider, ()):
        raise Unprocessable(f"O provedor {provider} não atende o canal {channel}.", code="invalid_provider",
                            details=[FieldError("provider", "invalid_provider", "Provedor não atende o canal.")])
    setting = channel_setting(channel)
    if setting is None:
        setting = ChannelSetting(company_id=company.id, channel=channel)
        db.session.add(setting)
    setting.provider, setting.settings = provider, dict(settings)
    setting.callback_token = setting.callback_token or secrets.token_urlsafe(24)  # kept across edits
    if secret:
        setting.secret_encrypted = crypto.encrypt(secret)
    db.session.flush()
    return setting


def record_provider_status(provider_message_id: str, status: str, reason: str | None = None) -> Message | None:
    """A provider's delivery callback: `delivered` (or `failed` with its reason) for the message it names."""
    message = db.session.execute(db.select(Message).where(Message.provider_message_id == provider_message_id)
                                 ).scalar_one_or_none()
    if message is None:
        return None
    if status == "delivered" and message.status in ("queued", "sent"):
        message.status, message.delivered_at = "delivered", utcnow()
    elif status == "failed" and message.status != "delivered":
        mark_failed(message, reason or "Falha informada pelo provedor.")
    db.session.flush()
    return message


def channel_by_callback_token(token: str) -> ChannelSetting | None:
    """The channel setting whose delivery-status callback URL carries `token` (a platform-wide lookup: the
    provider calls without our API key; the token is what identifies the company)."""
    if not token or len(token) > 64:
        return None
    return db.session.execute(cross_tenant(db.select(ChannelSetting).where(ChannelSetting.callback_token == token))
                              ).scalar_one_or_none()


def whatsapp_statuses(payload: dict) -> list[tuple[str, str, str | None]]:
    """(provider id, status, reason) from a WhatsApp Cloud API webhook (entry[].changes[].value.statuses[]);
    `read` counts as delivered."""
    found = []
    for entry in payload.get("entry") or []:
        for change in (entry or {}).get("changes") or []:
            for status in ((change or {}).get("value") or {}).get("statuses") or []:
                state = {"delivered": "delivered", "read": "delivered", "failed": "failed"}.get(status.get("status"))
                errors = status.get("errors") or [{}]
                reason = errors[0].get("title") or errors[0].get("message") if state == "failed" else None
                if state and status.get("id"):
                    found.append((str(status["id"]), state, reason))
    return found
