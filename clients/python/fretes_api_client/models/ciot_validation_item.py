from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_validation_item_severity import CiotValidationItemSeverity






T = TypeVar("T", bound="CiotValidationItem")



@_attrs_define
class CiotValidationItem:
    """ 
        Attributes:
            code (str): Código da regra (DS01, PG17, PRV04...); catálogo em docs/ciot-rules.md.
            severity (CiotValidationItemSeverity): blocker (impede a emissão), warning (alerta a conferir) ou info (o que a
                plataforma deduziu ou assumiu porque o corpo não informou; não conta no status).
            field (str): Campo apontado (`payments[1].titular_cpf_cnpj`) ou vazio quando geral.
            message (str):
     """

    code: str
    severity: CiotValidationItemSeverity
    field: str
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        code = self.code

        severity = self.severity.value

        field = self.field

        message = self.message


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "severity": severity,
            "field": field,
            "message": message,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        severity = CiotValidationItemSeverity(d.pop("severity"))




        field = d.pop("field")

        message = d.pop("message")

        ciot_validation_item = cls(
            code=code,
            severity=severity,
            field=field,
            message=message,
        )


        ciot_validation_item.additional_properties = d
        return ciot_validation_item

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
