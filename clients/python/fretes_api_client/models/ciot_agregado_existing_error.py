from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.ciot_agregado_out import CiotAgregadoOut
  from ..models.error_object import ErrorObject





T = TypeVar("T", bound="CiotAgregadoExistingError")



@_attrs_define
class CiotAgregadoExistingError:
    """ 409 existing_agregado: the composition already has an open contract, returned under `data`.

        Attributes:
            error (ErrorObject): `error`: code, message (pt-BR) and details; some codes add fields (see each operation).
            data (CiotAgregadoOut): An aggregate contract.
     """

    error: ErrorObject
    data: CiotAgregadoOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_agregado_out import CiotAgregadoOut
        from ..models.error_object import ErrorObject
        error = self.error.to_dict()

        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "error": error,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_agregado_out import CiotAgregadoOut
        from ..models.error_object import ErrorObject
        d = dict(src_dict)
        error = ErrorObject.from_dict(d.pop("error"))




        data = CiotAgregadoOut.from_dict(d.pop("data"))




        ciot_agregado_existing_error = cls(
            error=error,
            data=data,
        )


        ciot_agregado_existing_error.additional_properties = d
        return ciot_agregado_existing_error

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
