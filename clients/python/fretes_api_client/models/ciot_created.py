from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_created_status import CiotCreatedStatus
from typing import cast
from uuid import UUID






T = TypeVar("T", bound="CiotCreated")



@_attrs_define
class CiotCreated:
    """ 
        Attributes:
            id (UUID):
            code (str):
            status (CiotCreatedStatus):
            codigo_ciot (None | str):
            protocolo (None | str):
     """

    id: UUID
    code: str
    status: CiotCreatedStatus
    codigo_ciot: None | str
    protocolo: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        code = self.code

        status = self.status.value

        codigo_ciot: None | str
        codigo_ciot = self.codigo_ciot

        protocolo: None | str
        protocolo = self.protocolo


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "code": code,
            "status": status,
            "codigo_ciot": codigo_ciot,
            "protocolo": protocolo,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        code = d.pop("code")

        status = CiotCreatedStatus(d.pop("status"))




        def _parse_codigo_ciot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        codigo_ciot = _parse_codigo_ciot(d.pop("codigo_ciot"))


        def _parse_protocolo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        protocolo = _parse_protocolo(d.pop("protocolo"))


        ciot_created = cls(
            id=id,
            code=code,
            status=status,
            codigo_ciot=codigo_ciot,
            protocolo=protocolo,
        )


        ciot_created.additional_properties = d
        return ciot_created

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
