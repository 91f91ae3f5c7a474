from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_emit_pending_status import CiotEmitPendingStatus
from typing import cast

if TYPE_CHECKING:
  from ..models.ciot_emission_data import CiotEmissionData





T = TypeVar("T", bound="CiotEmitPending")



@_attrs_define
class CiotEmitPending:
    """ Accepted, still running (or the provider did not answer in time): read the operation again shortly.

        Attributes:
            ok (bool):
            status (CiotEmitPendingStatus):
            reason (str):
            mensagem (str):
            data (CiotEmissionData):
     """

    ok: bool
    status: CiotEmitPendingStatus
    reason: str
    mensagem: str
    data: CiotEmissionData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_emission_data import CiotEmissionData
        ok = self.ok

        status = self.status.value

        reason = self.reason

        mensagem = self.mensagem

        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ok": ok,
            "status": status,
            "reason": reason,
            "mensagem": mensagem,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_emission_data import CiotEmissionData
        d = dict(src_dict)
        ok = d.pop("ok")

        status = CiotEmitPendingStatus(d.pop("status"))




        reason = d.pop("reason")

        mensagem = d.pop("mensagem")

        data = CiotEmissionData.from_dict(d.pop("data"))




        ciot_emit_pending = cls(
            ok=ok,
            status=status,
            reason=reason,
            mensagem=mensagem,
            data=data,
        )


        ciot_emit_pending.additional_properties = d
        return ciot_emit_pending

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
