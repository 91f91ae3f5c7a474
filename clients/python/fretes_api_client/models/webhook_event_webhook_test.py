from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from dateutil.parser import isoparse
from typing import cast
from typing import Literal, cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.webhook_test_data import WebhookTestData





T = TypeVar("T", bound="WebhookEventWebhookTest")



@_attrs_define
class WebhookEventWebhookTest:
    """ Evento `webhook.test` (corpo da entrega).

        Attributes:
            id (UUID): Id do evento; igual ao cabeçalho Webhook-Id.
            type_ (Literal['webhook.test']):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            data (WebhookTestData):
     """

    id: UUID
    type_: Literal['webhook.test']
    created_at: datetime.datetime
    data: WebhookTestData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_test_data import WebhookTestData
        id = str(self.id)

        type_ = self.type_

        created_at = self.created_at.isoformat()

        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "created_at": created_at,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_test_data import WebhookTestData
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        type_ = cast(Literal['webhook.test'] , d.pop("type"))
        if type_ != 'webhook.test':
            raise ValueError(f"type must match const 'webhook.test', got '{type_}'")

        created_at = isoparse(d.pop("created_at"))




        data = WebhookTestData.from_dict(d.pop("data"))




        webhook_event_webhook_test = cls(
            id=id,
            type_=type_,
            created_at=created_at,
            data=data,
        )


        webhook_event_webhook_test.additional_properties = d
        return webhook_event_webhook_test

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
