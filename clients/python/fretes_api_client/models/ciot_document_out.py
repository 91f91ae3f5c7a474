from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_document_out_kind import CiotDocumentOutKind
from typing import cast






T = TypeVar("T", bound="CiotDocumentOut")



@_attrs_define
class CiotDocumentOut:
    """ 
        Attributes:
            kind (CiotDocumentOutKind):
            access_key (None | str):
            number (None | str):
            series (None | str):
            emitter_cnpj (None | str):
            emitter_name (None | str):
            freight_value (float | None):
            cargo_weight_kg (float | None):
     """

    kind: CiotDocumentOutKind
    access_key: None | str
    number: None | str
    series: None | str
    emitter_cnpj: None | str
    emitter_name: None | str
    freight_value: float | None
    cargo_weight_kg: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        access_key: None | str
        access_key = self.access_key

        number: None | str
        number = self.number

        series: None | str
        series = self.series

        emitter_cnpj: None | str
        emitter_cnpj = self.emitter_cnpj

        emitter_name: None | str
        emitter_name = self.emitter_name

        freight_value: float | None
        freight_value = self.freight_value

        cargo_weight_kg: float | None
        cargo_weight_kg = self.cargo_weight_kg


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "access_key": access_key,
            "number": number,
            "series": series,
            "emitter_cnpj": emitter_cnpj,
            "emitter_name": emitter_name,
            "freight_value": freight_value,
            "cargo_weight_kg": cargo_weight_kg,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = CiotDocumentOutKind(d.pop("kind"))




        def _parse_access_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        access_key = _parse_access_key(d.pop("access_key"))


        def _parse_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        number = _parse_number(d.pop("number"))


        def _parse_series(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        series = _parse_series(d.pop("series"))


        def _parse_emitter_cnpj(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        emitter_cnpj = _parse_emitter_cnpj(d.pop("emitter_cnpj"))


        def _parse_emitter_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        emitter_name = _parse_emitter_name(d.pop("emitter_name"))


        def _parse_freight_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        freight_value = _parse_freight_value(d.pop("freight_value"))


        def _parse_cargo_weight_kg(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        cargo_weight_kg = _parse_cargo_weight_kg(d.pop("cargo_weight_kg"))


        ciot_document_out = cls(
            kind=kind,
            access_key=access_key,
            number=number,
            series=series,
            emitter_cnpj=emitter_cnpj,
            emitter_name=emitter_name,
            freight_value=freight_value,
            cargo_weight_kg=cargo_weight_kg,
        )


        ciot_document_out.additional_properties = d
        return ciot_document_out

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
