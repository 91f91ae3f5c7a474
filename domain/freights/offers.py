"""Business actions on offers. Each flushes; the caller commits (one transaction per action).

Accept is one transaction that first locks the freight row (services.lock_freight): two accepts racing on
offers of the same freight queue on that lock, and the second one, reading after the first committed, finds the
freight `aceito` and answers 422 invalid_status. The offer becomes `aceita`, every other open offer `rejeitada`
with the reason "outra oferta aceita", the freight `aceito` with the offer's carrier and price.
"""
import uuid

import sqlalchemy as sa

from core.actors import actor_label
from core.db import db, utcnow
from core.errors import FieldError, InvalidBody, InvalidStatus, NotFound
from core.events import emit_event
from core.formatting import fmt
from core.responses import dump
from core.tenancy import cross_tenant
from domain.freights.models import Freight, Offer
from domain.freights.presentation import OFFER_STATUS_LABELS
from domain.freights.presentation import STATUS_LABELS as FREIGHT_STATUS_LABELS
from domain.freights.schemas import OfferCounter, OfferCreate
from domain.freights.serializers import OfferAcceptedData
from domain.freights.services import _owned_id, find_freight, lock_freight, set_status
from domain.freights.states import (
    OPEN_FOR_OFFERS,
    OPEN_OFFER,
    OTHER_OFFER_ACCEPTED,
)
from domain.partners.models import Partner


def find_offer(freight: Freight, offer_id, *, for_update: bool = False) -> Offer:
    try:
        key = uuid.UUID(str(offer_id))
    except ValueError:
        raise NotFound("Oferta não encontrada.") from None
    stmt = db.select(Offer).where(Offer.id == key, Offer.freight_id == freight.id)
    if for_update:
        stmt = stmt.with_for_update()
    offer = db.session.execute(stmt).scalar_one_or_none()
    if offer is None:
        raise NotFound("Oferta não encontrada.")
    return offer


def create_offer(freight: Freight, data: OfferCreate, *, source: str = "api", actor=None) -> Offer:
    """A carrier's offer: a registered partner (carrier_id) or a name and phone; neither is required."""
    if freight.status not in OPEN_FOR_OFFERS:
        raise InvalidStatus(f"O frete está {FREIGHT_STATUS_LABELS[freight.status].lower()} e não recebe ofertas.")
    now = utcnow()
    if data.valid_until is not None and data.valid_until <= now:
        raise InvalidBody.for_field("valid_until", "Deve ser uma data futura.", code="not_future")
    offer = Offer(id=uuid.uuid4(), company_id=freight.company_id, freight_id=freight.id, status="pendente",
                  price=data.price, valid_until=data.valid_until, expires_at=data.valid_until, message=data.message,
                  carrier_name=data.carrier_name, carrier_phone=data.carrier_phone, source=source)
    if data.carrier_id:
        partner = db.session.get(Partner, _owned_id(Partner, data.carrier_id, "carrier_id", "Transportador"))
        offer.carrier_id = partner.id
        offer.carrier_name = data.carrier_name or partner.trade_name or partner.legal_name
        offer.carrier_phone = data.carrier_phone or partner.phone
    db.session.add(offer)
    if freight.status == "published":
        set_status(freight, "negotiating", note="Primeira oferta recebida.", actor=actor)
    db.session.flush()
    return offer


def accept_offer(freight_ref: str, offer_id, *, actor=None) -> Offer:
    freight = lock_freight(freight_ref)  # serialises every accept of this freight
    offer = find_offer(freight, offer_id)  # read after the lock: a concurrent accept may have rejected it
    if freight.accepted_offer_id is not None or freight.status == "aceito":
        raise InvalidStatus("Este frete já tem uma oferta aceita.",
                            details=[FieldError("offer_id", "invalid_status", "Frete já aceito.")])
    _ensure_open(offer)
    if freight.status not in OPEN_FOR_OFFERS:
        raise InvalidStatus(f"O frete está {FREIGHT_STATUS_LABELS[freight.status].lower()}; não aceita ofertas.")
    now, who = utcnow(), actor_label(actor)
    offer.status, offer.decided_at, offer.decided_by = "aceita", now, who
    db.session.execute(sa.update(Offer).where(Offer.freight_id == freight.id, Offer.id != offer.id,
                                              Offer.status.in_(OPEN_OFFER))
                       .values(status="rejeitada", reason=OTHER_OFFER_ACCEPTED, decided_at=now, decided_by=who,
                               updated_at=now).execution_options(synchronize_session="fetch"))
    freight.accepted_offer_id = offer.id
    freight.price = agreed_price(offer)
    freight.carrier_id, freight.carrier_name, freight.carrier_phone = (offer.carrier_id, offer.carrier_name,
                                                                       offer.carrier_phone)
    set_status(freight, "aceito", note=f"Oferta aceita: {fmt.money(freight.price)}.", actor=actor)
    emit_event(freight.company_id, "offer.accepted", dump(OfferAcceptedData, {
        "id": offer.id, "freight_id": freight.id, "freight_code": freight.code, "price": freight.price,
        "carrier_id": offer.carrier_id, "carrier_name": offer.carrier_name}))
    db.session.flush()
    return offer


def agreed_price(offer: Offer):
    """A countered offer is accepted at the counter-offer's price."""
    return offer.counter_price or offer.price


def reject_offer(freight_ref: str, offer_id, *, reason: str | None = None, actor=None) -> Offer:
    freight = find_freight(freight_ref)
    offer = find_offer(freight, offer_id, for_update=True)
    _ensure_open(offer)
    offer.status, offer.reason = "rejeitada", reason
    offer.decided_at, offer.decided_by = utcnow(), actor_label(actor)
    db.session.flush()
    return offer


def counter_offer(freight_ref: str, offer_id, data: OfferCounter, *, actor=None) -> Offer:
    freight = find_freight(freight_ref)
    offer = find_offer(freight, offer_id, for_update=True)
    _ensure_open(offer)
    if data.valid_until <= utcnow():
        raise InvalidBody.for_field("valid_until", "Deve ser uma data futura.", code="not_future")
    offer.status = "contraproposta"
    offer.counter_price, offer.counter_valid_until, offer.counter_message = data.price, data.valid_until, data.message
    offer.expires_at = data.valid_until
    offer.decided_by = actor_label(actor)
    db.session.flush()
    return offer


def _ensure_open(offer: Offer) -> None:
    if offer.status not in OPEN_OFFER:
        raise InvalidStatus(f"A oferta está {OFFER_STATUS_LABELS[offer.status].lower()}.",
                            details=[FieldError("offer_id", "invalid_status", "Oferta não está aberta.")])
    if offer.expires_at is not None and offer.expires_at <= utcnow():
        raise InvalidStatus("A oferta expirou.", details=[FieldError("offer_id", "invalid_status", "Oferta expirada.")])


def expire_offers(now=None) -> int:
    """Every company's open offers past their deadline become `expirada` (the periodic job; platform-wide)."""
    now = now or utcnow()
    result = db.session.execute(cross_tenant(
        sa.update(Offer).where(Offer.status.in_(OPEN_OFFER), Offer.expires_at.is_not(None), Offer.expires_at <= now)
        .values(status="expirada", updated_at=now, decided_at=now, decided_by="cron")
        .execution_options(synchronize_session=False)))
    return result.rowcount
