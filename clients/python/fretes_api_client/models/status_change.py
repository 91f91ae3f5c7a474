from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.status_change_from_type_0 import StatusChangeFromType0
from ..models.status_change_to import StatusChangeTo
from dateutil.parser import isoparse
from typing import cast
import datetime






T = TypeVar("T", bound="StatusChange")



@_attrs_define
class StatusChange:
    """ One entry of the status history: from, to, note, who and when.

        Attributes:
            from_ (None | StatusChangeFromType0): null na criação do frete.
            to (StatusChangeTo):
            note (None | str):
            actor (None | str): Quem mudou: usuário ou chave de API.
            at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    from_: None | StatusChangeFromType0
    to: StatusChangeTo
    note: None | str
    actor: None | str
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from_: None | str
        if isinstance(self.from_, StatusChangeFromType0):
            from_ = self.from_.value
        else:
            from_ = self.from_

        to = self.to.value

        note: None | str
        note = self.note

        actor: None | str
        actor = self.actor

        at = self.at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "from": from_,
            "to": to,
            "note": note,
            "actor": actor,
            "at": at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_from_(data: object) -> None | StatusChangeFromType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                from_type_0 = StatusChangeFromType0(data)



                return from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StatusChangeFromType0, data)

        from_ = _parse_from_(d.pop("from"))


        to = StatusChangeTo(d.pop("to"))




        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))


        def _parse_actor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        actor = _parse_actor(d.pop("actor"))


        at = isoparse(d.pop("at"))




        status_change = cls(
            from_=from_,
            to=to,
            note=note,
            actor=actor,
            at=at,
        )


        status_change.additional_properties = d
        return status_change

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
