from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from uuid import UUID






T = TypeVar("T", bound="WebhookTestData")



@_attrs_define
class WebhookTestData:
    """ 
        Attributes:
            mensagem (str):
            endpoint_id (UUID):
     """

    mensagem: str
    endpoint_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        mensagem = self.mensagem

        endpoint_id = str(self.endpoint_id)


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "mensagem": mensagem,
            "endpoint_id": endpoint_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mensagem = d.pop("mensagem")

        endpoint_id = UUID(d.pop("endpoint_id"))




        webhook_test_data = cls(
            mensagem=mensagem,
            endpoint_id=endpoint_id,
        )


        webhook_test_data.additional_properties = d
        return webhook_test_data

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
