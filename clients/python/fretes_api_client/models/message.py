from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.message_channel import MessageChannel
from ..models.message_status import MessageStatus
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="Message")



@_attrs_define
class Message:
    """ An outbound message and where its delivery stands.

        Attributes:
            id (UUID):
            status (MessageStatus):
            channel (MessageChannel):
            to (str): Telefone E.164 (whatsapp, sms) ou e-mail.
            freight_id (None | UUID):
            template (None | str):
            subject (None | str):
            body (str):
            failure_reason (None | str):
            attempts (int):
            provider (None | str):
            provider_message_id (None | str):
            sent_at (datetime.datetime | None):
            delivered_at (datetime.datetime | None):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            updated_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    status: MessageStatus
    channel: MessageChannel
    to: str
    freight_id: None | UUID
    template: None | str
    subject: None | str
    body: str
    failure_reason: None | str
    attempts: int
    provider: None | str
    provider_message_id: None | str
    sent_at: datetime.datetime | None
    delivered_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        status = self.status.value

        channel = self.channel.value

        to = self.to

        freight_id: None | str
        if isinstance(self.freight_id, UUID):
            freight_id = str(self.freight_id)
        else:
            freight_id = self.freight_id

        template: None | str
        template = self.template

        subject: None | str
        subject = self.subject

        body = self.body

        failure_reason: None | str
        failure_reason = self.failure_reason

        attempts = self.attempts

        provider: None | str
        provider = self.provider

        provider_message_id: None | str
        provider_message_id = self.provider_message_id

        sent_at: None | str
        if isinstance(self.sent_at, datetime.datetime):
            sent_at = self.sent_at.isoformat()
        else:
            sent_at = self.sent_at

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "status": status,
            "channel": channel,
            "to": to,
            "freight_id": freight_id,
            "template": template,
            "subject": subject,
            "body": body,
            "failure_reason": failure_reason,
            "attempts": attempts,
            "provider": provider,
            "provider_message_id": provider_message_id,
            "sent_at": sent_at,
            "delivered_at": delivered_at,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        status = MessageStatus(d.pop("status"))




        channel = MessageChannel(d.pop("channel"))




        to = d.pop("to")

        def _parse_freight_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                freight_id_type_0 = UUID(data)



                return freight_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        freight_id = _parse_freight_id(d.pop("freight_id"))


        def _parse_template(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        template = _parse_template(d.pop("template"))


        def _parse_subject(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        subject = _parse_subject(d.pop("subject"))


        body = d.pop("body")

        def _parse_failure_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        failure_reason = _parse_failure_reason(d.pop("failure_reason"))


        attempts = d.pop("attempts")

        def _parse_provider(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        provider = _parse_provider(d.pop("provider"))


        def _parse_provider_message_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        provider_message_id = _parse_provider_message_id(d.pop("provider_message_id"))


        def _parse_sent_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sent_at_type_0 = isoparse(data)



                return sent_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        sent_at = _parse_sent_at(d.pop("sent_at"))


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




        updated_at = isoparse(d.pop("updated_at"))




        message = cls(
            id=id,
            status=status,
            channel=channel,
            to=to,
            freight_id=freight_id,
            template=template,
            subject=subject,
            body=body,
            failure_reason=failure_reason,
            attempts=attempts,
            provider=provider,
            provider_message_id=provider_message_id,
            sent_at=sent_at,
            delivered_at=delivered_at,
            created_at=created_at,
            updated_at=updated_at,
        )


        message.additional_properties = d
        return message

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
