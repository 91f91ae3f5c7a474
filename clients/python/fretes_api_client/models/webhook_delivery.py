from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="WebhookDelivery")



@_attrs_define
class WebhookDelivery:
    """ What one endpoint is owed for one event, and where it stands.

        Attributes:
            id (UUID):
            endpoint_id (UUID):
            event_id (UUID):
            event_type (str):
            status (str): pending, delivered ou failed.
            attempts (int):
            next_attempt_at (datetime.datetime | None):
            last_status_code (int | None):
            delivered_at (datetime.datetime | None):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    endpoint_id: UUID
    event_id: UUID
    event_type: str
    status: str
    attempts: int
    next_attempt_at: datetime.datetime | None
    last_status_code: int | None
    delivered_at: datetime.datetime | None
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        endpoint_id = str(self.endpoint_id)

        event_id = str(self.event_id)

        event_type = self.event_type

        status = self.status

        attempts = self.attempts

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        last_status_code: int | None
        last_status_code = self.last_status_code

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "endpoint_id": endpoint_id,
            "event_id": event_id,
            "event_type": event_type,
            "status": status,
            "attempts": attempts,
            "next_attempt_at": next_attempt_at,
            "last_status_code": last_status_code,
            "delivered_at": delivered_at,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        endpoint_id = UUID(d.pop("endpoint_id"))




        event_id = UUID(d.pop("event_id"))




        event_type = d.pop("event_type")

        status = d.pop("status")

        attempts = d.pop("attempts")

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = isoparse(data)



                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))


        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("last_status_code"))


        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = isoparse(data)



                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))


        created_at = isoparse(d.pop("created_at"))




        webhook_delivery = cls(
            id=id,
            endpoint_id=endpoint_id,
            event_id=event_id,
            event_type=event_type,
            status=status,
            attempts=attempts,
            next_attempt_at=next_attempt_at,
            last_status_code=last_status_code,
            delivered_at=delivered_at,
            created_at=created_at,
        )


        webhook_delivery.additional_properties = d
        return webhook_delivery

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
