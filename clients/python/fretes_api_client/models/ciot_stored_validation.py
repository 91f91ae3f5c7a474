from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from dateutil.parser import isoparse
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.ciot_validation_item import CiotValidationItem
  from ..models.ciot_validation_summary import CiotValidationSummary





T = TypeVar("T", bound="CiotStoredValidation")



@_attrs_define
class CiotStoredValidation:
    """ 
        Attributes:
            items (list[CiotValidationItem]):
            summary (CiotValidationSummary):
            validated_at (datetime.datetime | None):
     """

    items: list[CiotValidationItem]
    summary: CiotValidationSummary
    validated_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_validation_item import CiotValidationItem
        from ..models.ciot_validation_summary import CiotValidationSummary
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)



        summary = self.summary.to_dict()

        validated_at: None | str
        if isinstance(self.validated_at, datetime.datetime):
            validated_at = self.validated_at.isoformat()
        else:
            validated_at = self.validated_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "items": items,
            "summary": summary,
            "validated_at": validated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_validation_item import CiotValidationItem
        from ..models.ciot_validation_summary import CiotValidationSummary
        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = CiotValidationItem.from_dict(items_item_data)



            items.append(items_item)


        summary = CiotValidationSummary.from_dict(d.pop("summary"))




        def _parse_validated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                validated_at_type_0 = isoparse(data)



                return validated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        validated_at = _parse_validated_at(d.pop("validated_at"))


        ciot_stored_validation = cls(
            items=items,
            summary=summary,
            validated_at=validated_at,
        )


        ciot_stored_validation.additional_properties = d
        return ciot_stored_validation

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
