from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_imported_status import CiotImportedStatus
from uuid import UUID






T = TypeVar("T", bound="CiotImported")



@_attrs_define
class CiotImported:
    """ 
        Attributes:
            id (UUID):
            status (CiotImportedStatus):
            contingencia (bool):
            codigo_ciot (str): Código CIOT, até 12 dígitos.
     """

    id: UUID
    status: CiotImportedStatus
    contingencia: bool
    codigo_ciot: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        status = self.status.value

        contingencia = self.contingencia

        codigo_ciot = self.codigo_ciot


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "status": status,
            "contingencia": contingencia,
            "codigo_ciot": codigo_ciot,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        status = CiotImportedStatus(d.pop("status"))




        contingencia = d.pop("contingencia")

        codigo_ciot = d.pop("codigo_ciot")

        ciot_imported = cls(
            id=id,
            status=status,
            contingencia=contingencia,
            codigo_ciot=codigo_ciot,
        )


        ciot_imported.additional_properties = d
        return ciot_imported

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
