from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_document_kind import CiotDocumentKind
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CiotDocument")



@_attrs_define
class CiotDocument:
    """ 
        Attributes:
            kind (CiotDocumentKind):
            access_key (None | str | Unset):
            number (None | str | Unset):
            series (None | str | Unset):
            emitter_cnpj (None | str | Unset):
            emitter_name (None | str | Unset):
            freight_value (float | None | str | Unset):
            cargo_weight_kg (float | None | str | Unset):
     """

    kind: CiotDocumentKind
    access_key: None | str | Unset = UNSET
    number: None | str | Unset = UNSET
    series: None | str | Unset = UNSET
    emitter_cnpj: None | str | Unset = UNSET
    emitter_name: None | str | Unset = UNSET
    freight_value: float | None | str | Unset = UNSET
    cargo_weight_kg: float | None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        access_key: None | str | Unset
        if isinstance(self.access_key, Unset):
            access_key = UNSET
        else:
            access_key = self.access_key

        number: None | str | Unset
        if isinstance(self.number, Unset):
            number = UNSET
        else:
            number = self.number

        series: None | str | Unset
        if isinstance(self.series, Unset):
            series = UNSET
        else:
            series = self.series

        emitter_cnpj: None | str | Unset
        if isinstance(self.emitter_cnpj, Unset):
            emitter_cnpj = UNSET
        else:
            emitter_cnpj = self.emitter_cnpj

        emitter_name: None | str | Unset
        if isinstance(self.emitter_name, Unset):
            emitter_name = UNSET
        else:
            emitter_name = self.emitter_name

        freight_value: float | None | str | Unset
        if isinstance(self.freight_value, Unset):
            freight_value = UNSET
        else:
            freight_value = self.freight_value

        cargo_weight_kg: float | None | str | Unset
        if isinstance(self.cargo_weight_kg, Unset):
            cargo_weight_kg = UNSET
        else:
            cargo_weight_kg = self.cargo_weight_kg


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
        })
        if access_key is not UNSET:
            field_dict["access_key"] = access_key
        if number is not UNSET:
            field_dict["number"] = number
        if series is not UNSET:
            field_dict["series"] = series
        if emitter_cnpj is not UNSET:
            field_dict["emitter_cnpj"] = emitter_cnpj
        if emitter_name is not UNSET:
            field_dict["emitter_name"] = emitter_name
        if freight_value is not UNSET:
            field_dict["freight_value"] = freight_value
        if cargo_weight_kg is not UNSET:
            field_dict["cargo_weight_kg"] = cargo_weight_kg

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = CiotDocumentKind(d.pop("kind"))




        def _parse_access_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        access_key = _parse_access_key(d.pop("access_key", UNSET))


        def _parse_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        number = _parse_number(d.pop("number", UNSET))


        def _parse_series(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        series = _parse_series(d.pop("series", UNSET))


        def _parse_emitter_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        emitter_cnpj = _parse_emitter_cnpj(d.pop("emitter_cnpj", UNSET))


        def _parse_emitter_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        emitter_name = _parse_emitter_name(d.pop("emitter_name", UNSET))


        def _parse_freight_value(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        freight_value = _parse_freight_value(d.pop("freight_value", UNSET))


        def _parse_cargo_weight_kg(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        cargo_weight_kg = _parse_cargo_weight_kg(d.pop("cargo_weight_kg", UNSET))


        ciot_document = cls(
            kind=kind,
            access_key=access_key,
            number=number,
            series=series,
            emitter_cnpj=emitter_cnpj,
            emitter_name=emitter_name,
            freight_value=freight_value,
            cargo_weight_kg=cargo_weight_kg,
        )


        ciot_document.additional_properties = d
        return ciot_document

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
