from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.error_object import ErrorObject





T = TypeVar("T", bound="CiotActionError")



@_attrs_define
class CiotActionError:
    """ Errors of CIOT actions (validate, emit, retificar, cancel, encerrar): the envelope plus top-level
    `ok: false`, `reason` (= error.code) and `mensagem` (= error.message).

        Attributes:
            error (ErrorObject): `error`: code, message (pt-BR) and details; some codes add fields (see each operation).
            ok (bool):
            reason (str):
            mensagem (str):
     """

    error: ErrorObject
    ok: bool
    reason: str
    mensagem: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.error_object import ErrorObject
        error = self.error.to_dict()

        ok = self.ok

        reason = self.reason

        mensagem = self.mensagem


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "error": error,
            "ok": ok,
            "reason": reason,
            "mensagem": mensagem,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_object import ErrorObject
        d = dict(src_dict)
        error = ErrorObject.from_dict(d.pop("error"))




        ok = d.pop("ok")

        reason = d.pop("reason")

        mensagem = d.pop("mensagem")

        ciot_action_error = cls(
            error=error,
            ok=ok,
            reason=reason,
            mensagem=mensagem,
        )


        ciot_action_error.additional_properties = d
        return ciot_action_error

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
