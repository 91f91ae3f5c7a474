from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.offer_source import OfferSource
from ..models.offer_status import OfferStatus
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.carrier_ref import CarrierRef
  from ..models.offer_counter_out import OfferCounterOut
  from ..models.offer_floor_out import OfferFloorOut





T = TypeVar("T", bound="Offer")



@_attrs_define
class Offer:
    """ A carrier's offer on a freight.

        Attributes:
            id (UUID):
            freight_id (UUID):
            status (OfferStatus):
            price (float): Valor em reais (número JSON com até 2 casas).
            valid_until (datetime.datetime | None):
            message (None | str):
            carrier (CarrierRef): The carrier: a registered partner (id) or only a name and phone.
            counter (None | OfferCounterOut):
            reason (None | str):
            source (OfferSource):
            decided_at (datetime.datetime | None):
            antt_floor (None | OfferFloorOut): O piso ANTT do frete; null quando o frete não o tem.
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            updated_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    freight_id: UUID
    status: OfferStatus
    price: float
    valid_until: datetime.datetime | None
    message: None | str
    carrier: CarrierRef
    counter: None | OfferCounterOut
    reason: None | str
    source: OfferSource
    decided_at: datetime.datetime | None
    antt_floor: None | OfferFloorOut
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.carrier_ref import CarrierRef
        from ..models.offer_counter_out import OfferCounterOut
        from ..models.offer_floor_out import OfferFloorOut
        id = str(self.id)

        freight_id = str(self.freight_id)

        status = self.status.value

        price = self.price

        valid_until: None | str
        if isinstance(self.valid_until, datetime.datetime):
            valid_until = self.valid_until.isoformat()
        else:
            valid_until = self.valid_until

        message: None | str
        message = self.message

        carrier = self.carrier.to_dict()

        counter: dict[str, Any] | None
        if isinstance(self.counter, OfferCounterOut):
            counter = self.counter.to_dict()
        else:
            counter = self.counter

        reason: None | str
        reason = self.reason

        source = self.source.value

        decided_at: None | str
        if isinstance(self.decided_at, datetime.datetime):
            decided_at = self.decided_at.isoformat()
        else:
            decided_at = self.decided_at

        antt_floor: dict[str, Any] | None
        if isinstance(self.antt_floor, OfferFloorOut):
            antt_floor = self.antt_floor.to_dict()
        else:
            antt_floor = self.antt_floor

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "freight_id": freight_id,
            "status": status,
            "price": price,
            "valid_until": valid_until,
            "message": message,
            "carrier": carrier,
            "counter": counter,
            "reason": reason,
            "source": source,
            "decided_at": decided_at,
            "antt_floor": antt_floor,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.carrier_ref import CarrierRef
        from ..models.offer_counter_out import OfferCounterOut
        from ..models.offer_floor_out import OfferFloorOut
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        freight_id = UUID(d.pop("freight_id"))




        status = OfferStatus(d.pop("status"))




        price = d.pop("price")

        def _parse_valid_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                valid_until_type_0 = isoparse(data)



                return valid_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        valid_until = _parse_valid_until(d.pop("valid_until"))


        def _parse_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message = _parse_message(d.pop("message"))


        carrier = CarrierRef.from_dict(d.pop("carrier"))




        def _parse_counter(data: object) -> None | OfferCounterOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                counter_type_0 = OfferCounterOut.from_dict(data)



                return counter_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OfferCounterOut, data)

        counter = _parse_counter(d.pop("counter"))


        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        source = OfferSource(d.pop("source"))




        def _parse_decided_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decided_at_type_0 = isoparse(data)



                return decided_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        decided_at = _parse_decided_at(d.pop("decided_at"))


        def _parse_antt_floor(data: object) -> None | OfferFloorOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                antt_floor_type_0 = OfferFloorOut.from_dict(data)



                return antt_floor_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OfferFloorOut, data)

        antt_floor = _parse_antt_floor(d.pop("antt_floor"))


        created_at = isoparse(d.pop("created_at"))




        updated_at = isoparse(d.pop("updated_at"))




        offer = cls(
            id=id,
            freight_id=freight_id,
            status=status,
            price=price,
            valid_until=valid_until,
            message=message,
            carrier=carrier,
            counter=counter,
            reason=reason,
            source=source,
            decided_at=decided_at,
            antt_floor=antt_floor,
            created_at=created_at,
            updated_at=updated_at,
        )


        offer.additional_properties = d
        return offer

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
