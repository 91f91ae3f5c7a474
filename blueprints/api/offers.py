"""Public API: offers on a freight (docs/api/offers.md). The four offer endpoints answer {"data": offer}."""
from core.api import endpoint, tag
from core.db import db
from core.pagination import paginate
from core.responses import ErrorCode
from domain.freights import offers
from domain.freights.models import Freight, Offer
from domain.freights.queries import offers_stmt
from domain.freights.schemas import OfferCounter, OfferCreate, OfferListQuery, OfferReject
from domain.freights.serializers import OfferList, OfferResponse, offer_dict
from domain.freights.services import find_freight

TAGS = (tag("ofertas", "Ofertas de transportadores sobre um frete: registrar, aceitar, rejeitar e contrapropor. "
                       "Aceitar uma oferta aceita o frete e rejeita as outras abertas."),)

NOT_FUTURE = ErrorCode(400, "invalid_body", "Campo inválido: valid_until. Deve ser uma data futura.",
                       details=(("valid_until", "not_future", "Deve ser uma data futura."),))
CLOSED_FREIGHT = ErrorCode(422, "invalid_status", "O frete está em trânsito e não recebe ofertas.")
OFFER_NOT_OPEN = ErrorCode(422, "invalid_status", "A oferta está rejeitada.",
                           details=(("offer_id", "invalid_status", "Oferta não está aberta."),))
ALREADY_ACCEPTED = ErrorCode(422, "invalid_status", "Este frete já tem uma oferta aceita.",
                             details=(("offer_id", "invalid_status", "Frete já aceito."),))


@endpoint("/freights/<freight_id>/offers", "GET", query=OfferListQuery, tags=TAGS, response=OfferList,
          summary="Ofertas recebidas pelo frete, mais antigas primeiro; limit padrão 200 (o máximo), cursor.")
def list_offers(ctx, freight_id):
    freight = find_freight(freight_id)
    page = paginate(offers_stmt(ctx.account.id, freight.id), model=Offer, limit=ctx.query.limit,
                    cursor=ctx.query.cursor, descending=False)
    return page.envelope(lambda offer: offer_dict(offer, freight))


@endpoint("/freights/<freight_id>/offers", "POST", body=OfferCreate, tags=TAGS, response=OfferResponse,
          errors=(NOT_FUTURE, CLOSED_FREIGHT),
          summary="Registra a oferta de um transportador (parceiro ou nome e telefone).")
def create_offer(ctx, freight_id):
    freight = find_freight(freight_id, for_update=True)
    return {"data": offer_dict(offers.create_offer(freight, ctx.body, actor=ctx.api_key), freight)}


@endpoint("/freights/<freight_id>/offers/<offer_id>/accept", "POST", tags=TAGS, success=200, response=OfferResponse,
          errors=(ALREADY_ACCEPTED, OFFER_NOT_OPEN, CLOSED_FREIGHT),
          summary="Aceita a oferta: o frete fica aceito; as outras ofertas abertas são rejeitadas.")
def accept_offer(ctx, freight_id, offer_id):
    return _answer(offers.accept_offer(freight_id, offer_id, actor=ctx.api_key))


@endpoint("/freights/<freight_id>/offers/<offer_id>/reject", "POST", body=OfferReject, success=200, tags=TAGS,
          response=OfferResponse, errors=(OFFER_NOT_OPEN,), summary="Rejeita a oferta (reason).")
def reject_offer(ctx, freight_id, offer_id):
    return _answer(offers.reject_offer(freight_id, offer_id, reason=ctx.body.reason, actor=ctx.api_key))


@endpoint("/freights/<freight_id>/offers/<offer_id>/counter", "POST", body=OfferCounter, success=200, tags=TAGS,
          response=OfferResponse, errors=(OFFER_NOT_OPEN, NOT_FUTURE),
          summary="Envia uma contraproposta (price > 0, valid_until futura, message).")
def counter_offer(ctx, freight_id, offer_id):
    return _answer(offers.counter_offer(freight_id, offer_id, ctx.body, actor=ctx.api_key))


def _answer(offer: Offer) -> dict:
    """The offer with its freight's ANTT floor (the freight the action loaded: no new query)."""
    return {"data": offer_dict(offer, db.session.get(Freight, offer.freight_id))}
