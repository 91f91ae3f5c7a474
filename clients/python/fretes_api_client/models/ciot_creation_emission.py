from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="CiotCreationEmission")



@_attrs_define
class CiotCreationEmission:
    """ Result of auto_emit: `reason` says why it did not emit (validation_blocked, rejected, in_progress...).

        Attributes:
            ok (bool):
            codigo_ciot (None | str):
            protocolo (None | str):
            mensagem (str):
            reason (None | str):
     """

    ok: bool
    codigo_ciot: None | str
    protocolo: None | str
    mensagem: str
    reason: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        ok = self.ok

        codigo_ciot: None | str
        codigo_ciot = self.codigo_ciot

        protocolo: None | str
        protocolo = self.protocolo

        mensagem = self.mensagem

        reason: None | str
        reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ok": ok,
            "codigo_ciot": codigo_ciot,
            "protocolo": protocolo,
            "mensagem": mensagem,
            "reason": reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ok = d.pop("ok")

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


        mensagem = d.pop("mensagem")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))


        ciot_creation_emission = cls(
            ok=ok,
            codigo_ciot=codigo_ciot,
            protocolo=protocolo,
            mensagem=mensagem,
            reason=reason,
        )


        ciot_creation_emission.additional_properties = d
        return ciot_creation_emission

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
