from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_action_pending_pendencia import CiotActionPendingPendencia
from ..models.ciot_action_pending_status import CiotActionPendingStatus
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.ciot_operation import CiotOperation





T = TypeVar("T", bound="CiotActionPending")



@_attrs_define
class CiotActionPending:
    """ Sent to the authority, whose answer has not come yet: the operation (`pendencia` names the request) is at the
    `Location` header's URL; read it again shortly (the webhook event follows the outcome).

        Attributes:
            ok (bool):
            status (CiotActionPendingStatus):
            reason (Literal['in_progress']):
            pendencia (CiotActionPendingPendencia):
            mensagem (str):
            data (CiotOperation): The full operation: every body field, children, authority data, modality and the last 50
                events.
     """

    ok: bool
    status: CiotActionPendingStatus
    reason: Literal['in_progress']
    pendencia: CiotActionPendingPendencia
    mensagem: str
    data: CiotOperation
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_operation import CiotOperation
        ok = self.ok

        status = self.status.value

        reason = self.reason

        pendencia = self.pendencia.value

        mensagem = self.mensagem

        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ok": ok,
            "status": status,
            "reason": reason,
            "pendencia": pendencia,
            "mensagem": mensagem,
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_operation import CiotOperation
        d = dict(src_dict)
        ok = d.pop("ok")

        status = CiotActionPendingStatus(d.pop("status"))




        reason = cast(Literal['in_progress'] , d.pop("reason"))
        if reason != 'in_progress':
            raise ValueError(f"reason must match const 'in_progress', got '{reason}'")

        pendencia = CiotActionPendingPendencia(d.pop("pendencia"))




        mensagem = d.pop("mensagem")

        data = CiotOperation.from_dict(d.pop("data"))




        ciot_action_pending = cls(
            ok=ok,
            status=status,
            reason=reason,
            pendencia=pendencia,
            mensagem=mensagem,
            data=data,
        )


        ciot_action_pending.additional_properties = d
        return ciot_action_pending

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
