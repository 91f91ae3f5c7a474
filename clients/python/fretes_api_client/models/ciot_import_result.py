from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.ciot_imported import CiotImported





T = TypeVar("T", bound="CiotImportResult")



@_attrs_define
class CiotImportResult:
    """ A CIOT emitted elsewhere in contingency, imported (`codigo_ciot` sent): no validation, no emission.

        Attributes:
            mode (Literal['imported']):
            data (CiotImported):
            validation (None):
            emission (None):
     """

    mode: Literal['imported']
    data: CiotImported
    validation: None
    emission: None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_imported import CiotImported
        mode = self.mode

        data = self.data.to_dict()

        validation = self.validation

        emission = self.emission


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "mode": mode,
            "data": data,
            "validation": validation,
            "emission": emission,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_imported import CiotImported
        d = dict(src_dict)
        mode = cast(Literal['imported'] , d.pop("mode"))
        if mode != 'imported':
            raise ValueError(f"mode must match const 'imported', got '{mode}'")

        data = CiotImported.from_dict(d.pop("data"))




        validation = d.pop("validation")

        emission = d.pop("emission")

        ciot_import_result = cls(
            mode=mode,
            data=data,
            validation=validation,
            emission=emission,
        )


        ciot_import_result.additional_properties = d
        return ciot_import_result

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
