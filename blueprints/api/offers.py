"""Public API: offers on a freight (docs/api/offers.md). The four offer endpoints answer {"data": offer}."""
from core.api import endpoint
from core.db import db
from domain.freights import offers
from domain.freights.models import Offer
from domain.freights.queries import offers_stmt
from domain.freights.schemas import OfferCounter, OfferCreate, OfferReject
from domain.freights.serializers import offer_dict
from domain.freights.services import find_freight

TAGS = ("ofertas",)


@endpoint("/freights/<freight_id>/offers", "GET", tags=TAGS, summary="Todas as ofertas recebidas pelo frete.")
def list_offers(ctx, freight_id):
    freight = find_freight(freight_id)
    found = db.session.execute(offers_stmt(ctx.account.id, freight.id)
                               .order_by(Offer.created_at, Offer.id)).scalars().all()
    return {"data": [offer_dict(offer) for offer in found]}


@endpoint("/freights/<freight_id>/offers", "POST", body=OfferCreate, tags=TAGS,
          summary="Registra a oferta de um transportador (parceiro ou nome e telefone).")
def create_offer(ctx, freight_id):
    freight = find_freight(freight_id, for_update=True)
    return {"data": offer_dict(offers.create_offer(freight, ctx.body, actor=ctx.api_key))}


@endpoint("/freights/<freight_id>/offers/<offer_id>/accept", "POST", tags=TAGS, success=200,
          summary="Aceita a oferta: o frete fica aceito; as outras ofertas abertas são rejeitadas.")
def accept_offer(ctx, freight_id, offer_id):
    return {"data": offer_dict(offers.accept_offer(freight_id, offer_id, actor=ctx.api_key))}


@endpoint("/freights/<freight_id>/offers/<offer_id>/reject", "POST", body=OfferReject, success=200, tags=TAGS,
          summary="Rejeita a oferta (reason).")
def reject_offer(ctx, freight_id, offer_id):
    return {"data": offer_dict(offers.reject_offer(freight_id, offer_id, reason=ctx.body.reason,
                                                   actor=ctx.api_key))}


@endpoint("/freights/<freight_id>/offers/<offer_id>/counter", "POST", body=OfferCounter, success=200, tags=TAGS,
          summary="Envia uma contraproposta (price > 0, valid_until futura, message).")
def counter_offer(ctx, freight_id, offer_id):
    return {"data": offer_dict(offers.counter_offer(freight_id, offer_id, ctx.body, actor=ctx.api_key))}
