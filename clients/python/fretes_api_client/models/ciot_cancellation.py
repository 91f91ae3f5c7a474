from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from dateutil.parser import isoparse
from typing import cast
import datetime






T = TypeVar("T", bound="CiotCancellation")



@_attrs_define
class CiotCancellation:
    """ 
        Attributes:
            cancelado_at (datetime.datetime | None):
            motivo (None | str):
            protocolo (None | str):
     """

    cancelado_at: datetime.datetime | None
    motivo: None | str
    protocolo: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        cancelado_at: None | str
        if isinstance(self.cancelado_at, datetime.datetime):
            cancelado_at = self.cancelado_at.isoformat()
        else:
            cancelado_at = self.cancelado_at

        motivo: None | str
        motivo = self.motivo

        protocolo: None | str
        protocolo = self.protocolo


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cancelado_at": cancelado_at,
            "motivo": motivo,
            "protocolo": protocolo,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_cancelado_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancelado_at_type_0 = isoparse(data)



                return cancelado_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        cancelado_at = _parse_cancelado_at(d.pop("cancelado_at"))


        def _parse_motivo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        motivo = _parse_motivo(d.pop("motivo"))


        def _parse_protocolo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        protocolo = _parse_protocolo(d.pop("protocolo"))


        ciot_cancellation = cls(
            cancelado_at=cancelado_at,
            motivo=motivo,
            protocolo=protocolo,
        )


        ciot_cancellation.additional_properties = d
        return ciot_cancellation

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
