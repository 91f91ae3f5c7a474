from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from uuid import UUID

if TYPE_CHECKING:
  from ..models.error_detail import ErrorDetail





T = TypeVar("T", bound="ConflictErrorObject")



@_attrs_define
class ConflictErrorObject:
    """ 
        Attributes:
            code (str):
            message (str):
            details (list[ErrorDetail]):
            existing_id (UUID): Id do registro que já existe.
     """

    code: str
    message: str
    details: list[ErrorDetail]
    existing_id: UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.error_detail import ErrorDetail
        code = self.code

        message = self.message

        details = []
        for details_item_data in self.details:
            details_item = details_item_data.to_dict()
            details.append(details_item)



        existing_id = str(self.existing_id)


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "message": message,
            "details": details,
            "existing_id": existing_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_detail import ErrorDetail
        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        details = []
        _details = d.pop("details")
        for details_item_data in (_details):
            details_item = ErrorDetail.from_dict(details_item_data)



            details.append(details_item)


        existing_id = UUID(d.pop("existing_id"))




        conflict_error_object = cls(
            code=code,
            message=message,
            details=details,
            existing_id=existing_id,
        )


        conflict_error_object.additional_properties = d
        return conflict_error_object

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
