from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_endpoint_create_event_types_type_0_item import WebhookEndpointCreateEventTypesType0Item
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="WebhookEndpointCreate")



@_attrs_define
class WebhookEndpointCreate:
    """ 
        Attributes:
            url (str): https://, endereço público.
            event_types (list[WebhookEndpointCreateEventTypesType0Item] | None | Unset): Eventos assinados; ausente: todos.
     """

    url: str
    event_types: list[WebhookEndpointCreateEventTypesType0Item] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        url = self.url

        event_types: list[str] | None | Unset
        if isinstance(self.event_types, Unset):
            event_types = UNSET
        elif isinstance(self.event_types, list):
            event_types = []
            for event_types_type_0_item_data in self.event_types:
                event_types_type_0_item = event_types_type_0_item_data.value
                event_types.append(event_types_type_0_item)


        else:
            event_types = self.event_types


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "url": url,
        })
        if event_types is not UNSET:
            field_dict["event_types"] = event_types

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        def _parse_event_types(data: object) -> list[WebhookEndpointCreateEventTypesType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                event_types_type_0 = []
                _event_types_type_0 = data
                for event_types_type_0_item_data in (_event_types_type_0):
                    event_types_type_0_item = WebhookEndpointCreateEventTypesType0Item(event_types_type_0_item_data)



                    event_types_type_0.append(event_types_type_0_item)

                return event_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[WebhookEndpointCreateEventTypesType0Item] | None | Unset, data)

        event_types = _parse_event_types(d.pop("event_types", UNSET))


        webhook_endpoint_create = cls(
            url=url,
            event_types=event_types,
        )


        webhook_endpoint_create.additional_properties = d
        return webhook_endpoint_create

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
