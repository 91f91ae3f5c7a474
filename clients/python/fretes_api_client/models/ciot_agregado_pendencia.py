from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_agregado_pendencia_tipo import CiotAgregadoPendenciaTipo
from dateutil.parser import isoparse
from typing import cast
import datetime






T = TypeVar("T", bound="CiotAgregadoPendencia")



@_attrs_define
class CiotAgregadoPendencia:
    """ A message sent to the ANTT that has not been answered yet (an addition to the contract's fields; the status
    list stays the contract's four): the opening's declaration (status `aberto`, `codigo_ciot` null), the
    cancellation or the rectification (status `aberto`) or the closing (status `em_encerramento`). Pending messages
    are sent again automatically with the same idempotency key; the field is null once the ANTT answers, accepting or
    refusing.

        Attributes:
            tipo (CiotAgregadoPendenciaTipo): O que aguarda a resposta da ANTT: declaracao (abertura), cancelamento,
                retificacao ou encerramento.
            solicitado_at (datetime.datetime): Quando o pedido foi registrado (ISO 8601 em UTC).
     """

    tipo: CiotAgregadoPendenciaTipo
    solicitado_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        tipo = self.tipo.value

        solicitado_at = self.solicitado_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "tipo": tipo,
            "solicitado_at": solicitado_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tipo = CiotAgregadoPendenciaTipo(d.pop("tipo"))




        solicitado_at = isoparse(d.pop("solicitado_at"))




        ciot_agregado_pendencia = cls(
            tipo=tipo,
            solicitado_at=solicitado_at,
        )


        ciot_agregado_pendencia.additional_properties = d
        return ciot_agregado_pendencia

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
