from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.driver import Driver
  from ..models.driver_conflict import DriverConflict
  from ..models.driver_item_error import DriverItemError





T = TypeVar("T", bound="DriverBulkResult")



@_attrs_define
class DriverBulkResult:
    """ 
        Attributes:
            created (list[Driver]):
            conflicts (list[DriverConflict]):
            errors (list[DriverItemError]):
     """

    created: list[Driver]
    conflicts: list[DriverConflict]
    errors: list[DriverItemError]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.driver import Driver
        from ..models.driver_conflict import DriverConflict
        from ..models.driver_item_error import DriverItemError
        created = []
        for created_item_data in self.created:
            created_item = created_item_data.to_dict()
            created.append(created_item)



        conflicts = []
        for conflicts_item_data in self.conflicts:
            conflicts_item = conflicts_item_data.to_dict()
            conflicts.append(conflicts_item)



        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "created": created,
            "conflicts": conflicts,
            "errors": errors,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.driver import Driver
        from ..models.driver_conflict import DriverConflict
        from ..models.driver_item_error import DriverItemError
        d = dict(src_dict)
        created = []
        _created = d.pop("created")
        for created_item_data in (_created):
            created_item = Driver.from_dict(created_item_data)



            created.append(created_item)


        conflicts = []
        _conflicts = d.pop("conflicts")
        for conflicts_item_data in (_conflicts):
            conflicts_item = DriverConflict.from_dict(conflicts_item_data)



            conflicts.append(conflicts_item)


        errors = []
        _errors = d.pop("errors")
        for errors_item_data in (_errors):
            errors_item = DriverItemError.from_dict(errors_item_data)



            errors.append(errors_item)


        driver_bulk_result = cls(
            created=created,
            conflicts=conflicts,
            errors=errors,
        )


        driver_bulk_result.additional_properties = d
        return driver_bulk_result

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
