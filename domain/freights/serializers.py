"""API answers of the freights and offers areas: the response models and the one function per resource that fills
them (rule in core/responses.py; the endpoint declares the envelope; docs/api/freights.md, docs/api/offers.md)."""
from types import SimpleNamespace
from typing import Literal

from pydantic import Field

from core.responses import (
    IbgeOut,
    Money,
    PageInfo,
    PlateOut,
    ResponseModel,
    Timestamp,
    Uuid,
    data_envelope,
    dump,
    list_envelope,
)
from domain.freights.floor import below, floor_pending
from domain.freights.models import Offer as OfferRecord
from domain.freights.states import FREIGHT_STATUSES, OFFER_STATUSES, VISIBILITIES


class Place(ResponseModel):
    """Origin or destination of a freight."""
    city: str
    state: str = Field(description="UF, duas letras.")
    ibge_code: IbgeOut | None


class CarrierRef(ResponseModel):
    """The carrier: a registered partner (id) or only a name and phone."""
    id: Uuid | None
    name: str | None
    phone: str | None


class DriverRef(ResponseModel):
    id: Uuid
    name: str
    phone: str | None


class VehicleRef(ResponseModel):
    id: Uuid
    plate: PlateOut


class AnttFloorOut(ResponseModel):
    """The ANTT minimum freight floor of the trip (computed when the freight is saved; docs/antt-floor.md)."""
    value: Money = Field(description="Piso mínimo da ANTT da viagem, em reais.")
    act: str = Field(description="Ato da ANTT cujos coeficientes valem na data da coleta.",
                     examples=["Portaria SUROC 22/2026"])
    below: bool | None = Field(description="true quando price está abaixo do piso; null sem price.")


class OfferFloorOut(ResponseModel):
    """The freight's ANTT floor against the offer's price and counter-offer."""
    value: Money
    act: str
    below: bool = Field(description="true quando o price da oferta está abaixo do piso.")
    counter_below: bool | None = Field(description="true quando a contraproposta está abaixo do piso; null sem ela.")


class Freight(ResponseModel):
    """A freight as the API returns it."""
    id: Uuid
    code: str = Field(description="Código sequencial por empresa.", examples=["FRT-000001"])
    status: Literal[FREIGHT_STATUSES]
    visibility: Literal[VISIBILITIES]
    public_slug: str | None = Field(description="Identificador da página pública (só com visibility=publico).")
    origin: Place
    destination: Place
    cargo_type: str | None
    weight_kg: float | None
    vehicle_type: str | None
    price: Money | None
    pickup_at: Timestamp | None
    pickup_until: Timestamp | None
    delivery_at: Timestamp | None
    delivery_until: Timestamp | None
    carrier: CarrierRef | None
    driver: DriverRef | None
    vehicle: VehicleRef | None
    accepted_offer_id: Uuid | None
    simulation_id: Uuid | None
    notes: str | None
    distance_km: float | None = Field(description="Distância da viagem em km (entrada do piso ANTT).")
    loaded_axles: int | None = Field(description="Eixos carregados da composição, 2 a 9 (entrada do piso ANTT).")
    antt_table: Literal["A", "B", "C", "D"] | None = Field(
        description="Tabela do piso: A composição completa, B só tração, C/D em alto desempenho (A quando null).")
    antt_floor: AnttFloorOut | None = Field(
        description="Piso mínimo da ANTT; null quando falta distance_km, loaded_axles ou um cargo_type das tabelas.")
    antt_floor_pendencia: str | None = Field(
        description="Por que o piso não foi calculado (ex.: \"piso não calculado: informe o tipo de carga\"); null "
                    "quando há piso.")
    created_at: Timestamp
    updated_at: Timestamp


class StatusChange(ResponseModel):
    """One entry of the status history: from, to, note, who and when."""
    from_: Literal[FREIGHT_STATUSES] | None = Field(alias="from", description="null na criação do frete.")
    to: Literal[FREIGHT_STATUSES]
    note: str | None
    actor: str | None = Field(description="Quem mudou: usuário ou chave de API.")
    at: Timestamp


class FreightDetail(Freight):
    """GET by id: the freight with its status history, oldest first."""
    status_history: list[StatusChange]


class OfferCounterOut(ResponseModel):
    """The counter-offer sent to the carrier."""
    price: Money
    valid_until: Timestamp | None
    message: str | None


class Offer(ResponseModel):
    """A carrier's offer on a freight."""
    id: Uuid
    freight_id: Uuid
    status: Literal[OFFER_STATUSES]
    price: Money
    valid_until: Timestamp | None
    message: str | None
    carrier: CarrierRef
    counter: OfferCounterOut | None
    reason: str | None
    source: Literal["api", "pagina", "publico"]
    decided_at: Timestamp | None
    antt_floor: OfferFloorOut | None = Field(description="O piso ANTT do frete; null quando o frete não o tem.")
    created_at: Timestamp
    updated_at: Timestamp


class OfferList(ResponseModel):
    """The offers of a freight, oldest first, a page at a time (200 by default)."""
    data: list[Offer]
    page: PageInfo


# --- Webhook event data (registered with their summaries in domain/webhooks/payloads.py) ---------------------

class FreightStatusChangedData(ResponseModel):
    id: Uuid
    code: str = Field(description="FRT-000123")
    from_: str | None = Field(alias="from", description=f"Status anterior: {', '.join(FREIGHT_STATUSES)}.")
    to: str = Field(description="Novo status.")
    note: str | None


class OfferAcceptedData(ResponseModel):
    id: Uuid = Field(description="A oferta.")
    freight_id: Uuid
    freight_code: str
    price: float = Field(description="Preço acordado, em reais.")
    carrier_id: Uuid | None
    carrier_name: str | None


FreightResponse = data_envelope(Freight)
FreightDetailResponse = data_envelope(FreightDetail)
FreightList = list_envelope(Freight)
OfferResponse = data_envelope(Offer)


def freight_dict(row) -> dict:
    """A row of queries.FREIGHT_COLUMNS as the API answers it (the list, the detail, the pages): the flat columns,
    the places and parties nested, the ANTT floor against the price. (Read through one dict of the row: a list page
    builds 50 of these.)"""
    r = row._asdict()
    return dump(Freight, {
        **r,
        "origin": {"city": r["origin_city"], "state": r["origin_state"], "ibge_code": r["origin_ibge"]},
        "destination": {"city": r["destination_city"], "state": r["destination_state"],
                        "ibge_code": r["destination_ibge"]},
        "carrier": ({"id": r["carrier_id"], "name": r["carrier_name"], "phone": r["carrier_phone"]}
                    if r["carrier_id"] or r["carrier_name"] else None),
        "driver": ({"id": r["driver_id"], "name": r["driver_name"], "phone": r["driver_phone"]}
                   if r["driver_id"] else None),
        "vehicle": {"id": r["vehicle_id"], "plate": r["vehicle_plate"]} if r["vehicle_id"] else None,
        "antt_floor": (None if r["antt_floor"] is None else {
            "value": r["antt_floor"], "act": r["antt_floor_act"], "below": below(r["price"], r["antt_floor"])}),
        "antt_floor_pendencia": floor_pending(SimpleNamespace(**{
            name: r[name] for name in ("antt_floor", "cargo_type", "distance_km", "loaded_axles")})),
    })


def status_change_dict(change) -> dict:
    return dump(StatusChange, {"from": change.from_status, "to": change.to_status, "note": change.note,
                               "actor": change.actor, "at": change.created_at})


def offer_dict(offer: OfferRecord, freight) -> dict:
    """`freight`: the offer's freight (its stored ANTT floor)."""
    counter = None
    if offer.counter_price is not None:
        counter = {"price": offer.counter_price, "valid_until": offer.counter_valid_until,
                   "message": offer.counter_message}
    floor = None
    if freight.antt_floor is not None:
        floor = {"value": freight.antt_floor, "act": freight.antt_floor_act,
                 "below": below(offer.price, freight.antt_floor),
                 "counter_below": below(offer.counter_price, freight.antt_floor)}
    return dump(Offer, {**{name: getattr(offer, name) for name in _OFFER_COLUMNS}, "counter": counter,
                        "carrier": {"id": offer.carrier_id, "name": offer.carrier_name, "phone": offer.carrier_phone},
                        "antt_floor": floor})


_OFFER_COLUMNS = tuple(name for name in Offer.model_fields if name not in ("carrier", "counter", "antt_floor"))
