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

if TYPE_CHECKING:
  from ..models.ciot_event_out_data import CiotEventOutData





T = TypeVar("T", bound="CiotEventOut")



@_attrs_define
class CiotEventOut:
    """ 
        Attributes:
            id (UUID):
            type_ (str):
            message (None | str):
            data (CiotEventOutData):
            actor (None | str):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    type_: str
    message: None | str
    data: CiotEventOutData
    actor: None | str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_event_out_data import CiotEventOutData
        id = str(self.id)

        type_ = self.type_

        message: None | str
        message = self.message

        data = self.data.to_dict()

        actor: None | str
        actor = self.actor

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "message": message,
            "data": data,
            "actor": actor,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_event_out_data import CiotEventOutData
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        type_ = d.pop("type")

        def _parse_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message = _parse_message(d.pop("message"))


        data = CiotEventOutData.from_dict(d.pop("data"))




        def _parse_actor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        actor = _parse_actor(d.pop("actor"))


        created_at = isoparse(d.pop("created_at"))




        ciot_event_out = cls(
            id=id,
            type_=type_,
            message=message,
            data=data,
            actor=actor,
            created_at=created_at,
        )


        ciot_event_out.additional_properties = d
        return ciot_event_out

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
