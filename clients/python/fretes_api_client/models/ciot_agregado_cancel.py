from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CiotAgregadoCancel")



@_attrs_define
class CiotAgregadoCancel:
    """ Cancelling the whole contract (only with every trip and debit already cancelled); the reason is optional, and
    when given 3 to 500 characters: that check is the service's (cancellation.cancellation_motivo), which the page
    calls too, so the schema only bounds the text's size.

        Attributes:
            motivo (None | str | Unset):
     """

    motivo: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        motivo: None | str | Unset
        if isinstance(self.motivo, Unset):
            motivo = UNSET
        else:
            motivo = self.motivo


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if motivo is not UNSET:
            field_dict["motivo"] = motivo

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_motivo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        motivo = _parse_motivo(d.pop("motivo", UNSET))


        ciot_agregado_cancel = cls(
            motivo=motivo,
        )


        ciot_agregado_cancel.additional_properties = d
        return ciot_agregado_cancel

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
