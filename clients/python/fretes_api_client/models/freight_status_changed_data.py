from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID






T = TypeVar("T", bound="FreightStatusChangedData")



@_attrs_define
class FreightStatusChangedData:
    """ 
        Attributes:
            id (UUID):
            code (str): FRT-000123
            from_ (None | str): Status anterior: draft, published, negotiating, aceito, assigned, picked_up, in_transit,
                delivered, cancelled.
            to (str): Novo status.
            note (None | str):
     """

    id: UUID
    code: str
    from_: None | str
    to: str
    note: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        code = self.code

        from_: None | str
        from_ = self.from_

        to = self.to

        note: None | str
        note = self.note


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "code": code,
            "from": from_,
            "to": to,
            "note": note,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        code = d.pop("code")

        def _parse_from_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        from_ = _parse_from_(d.pop("from"))


        to = d.pop("to")

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))


        freight_status_changed_data = cls(
            id=id,
            code=code,
            from_=from_,
            to=to,
            note=note,
        )


        freight_status_changed_data.additional_properties = d
        return freight_status_changed_data

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
