from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.me_key_scopes_item import MeKeyScopesItem
from typing import cast
from uuid import UUID






T = TypeVar("T", bound="MeKey")



@_attrs_define
class MeKey:
    """ 
        Attributes:
            id (UUID):
            prefix (str):
            scopes (list[MeKeyScopesItem]):
            require_signature (bool):
     """

    id: UUID
    prefix: str
    scopes: list[MeKeyScopesItem]
    require_signature: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        prefix = self.prefix

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)



        require_signature = self.require_signature


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "prefix": prefix,
            "scopes": scopes,
            "require_signature": require_signature,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        prefix = d.pop("prefix")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in (_scopes):
            scopes_item = MeKeyScopesItem(scopes_item_data)



            scopes.append(scopes_item)


        require_signature = d.pop("require_signature")

        me_key = cls(
            id=id,
            prefix=prefix,
            scopes=scopes,
            require_signature=require_signature,
        )


        me_key.additional_properties = d
        return me_key

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
