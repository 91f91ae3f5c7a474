from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.message_create_channel import MessageCreateChannel
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.message_create_variables import MessageCreateVariables





T = TypeVar("T", bound="MessageCreate")



@_attrs_define
class MessageCreate:
    """ 
        Attributes:
            channel (MessageCreateChannel):
            to (str):
            freight_id (None | str | Unset):
            template (None | str | Unset):
            variables (MessageCreateVariables | Unset):
            body (None | str | Unset):
            subject (None | str | Unset):
     """

    channel: MessageCreateChannel
    to: str
    freight_id: None | str | Unset = UNSET
    template: None | str | Unset = UNSET
    variables: MessageCreateVariables | Unset = UNSET
    body: None | str | Unset = UNSET
    subject: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.message_create_variables import MessageCreateVariables
        channel = self.channel.value

        to = self.to

        freight_id: None | str | Unset
        if isinstance(self.freight_id, Unset):
            freight_id = UNSET
        else:
            freight_id = self.freight_id

        template: None | str | Unset
        if isinstance(self.template, Unset):
            template = UNSET
        else:
            template = self.template

        variables: dict[str, Any] | Unset = UNSET
        if not isinstance(self.variables, Unset):
            variables = self.variables.to_dict()

        body: None | str | Unset
        if isinstance(self.body, Unset):
            body = UNSET
        else:
            body = self.body

        subject: None | str | Unset
        if isinstance(self.subject, Unset):
            subject = UNSET
        else:
            subject = self.subject


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "channel": channel,
            "to": to,
        })
        if freight_id is not UNSET:
            field_dict["freight_id"] = freight_id
        if template is not UNSET:
            field_dict["template"] = template
        if variables is not UNSET:
            field_dict["variables"] = variables
        if body is not UNSET:
            field_dict["body"] = body
        if subject is not UNSET:
            field_dict["subject"] = subject

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.message_create_variables import MessageCreateVariables
        d = dict(src_dict)
        channel = MessageCreateChannel(d.pop("channel"))




        to = d.pop("to")

        def _parse_freight_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        freight_id = _parse_freight_id(d.pop("freight_id", UNSET))


        def _parse_template(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        template = _parse_template(d.pop("template", UNSET))


        _variables = d.pop("variables", UNSET)
        variables: MessageCreateVariables | Unset
        if isinstance(_variables,  Unset):
            variables = UNSET
        else:
            variables = MessageCreateVariables.from_dict(_variables)




        def _parse_body(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        body = _parse_body(d.pop("body", UNSET))


        def _parse_subject(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        subject = _parse_subject(d.pop("subject", UNSET))


        message_create = cls(
            channel=channel,
            to=to,
            freight_id=freight_id,
            template=template,
            variables=variables,
            body=body,
            subject=subject,
        )


        message_create.additional_properties = d
        return message_create

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
