from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_place_tipo import CiotPlaceTipo
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CiotPlace")



@_attrs_define
class CiotPlace:
    """ Origin or destination as sent (`tipo` decides which fields are filled).

        Attributes:
            tipo (CiotPlaceTipo):
            uf (None | str | Unset):
            codigo_municipio (None | str | Unset):
            municipio_nome (None | str | Unset):
            cep (None | str | Unset):
            lat (float | None | Unset):
            lng (float | None | Unset):
            endereco_descricao (None | str | Unset):
     """

    tipo: CiotPlaceTipo
    uf: None | str | Unset = UNSET
    codigo_municipio: None | str | Unset = UNSET
    municipio_nome: None | str | Unset = UNSET
    cep: None | str | Unset = UNSET
    lat: float | None | Unset = UNSET
    lng: float | None | Unset = UNSET
    endereco_descricao: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        tipo = self.tipo.value

        uf: None | str | Unset
        if isinstance(self.uf, Unset):
            uf = UNSET
        else:
            uf = self.uf

        codigo_municipio: None | str | Unset
        if isinstance(self.codigo_municipio, Unset):
            codigo_municipio = UNSET
        else:
            codigo_municipio = self.codigo_municipio

        municipio_nome: None | str | Unset
        if isinstance(self.municipio_nome, Unset):
            municipio_nome = UNSET
        else:
            municipio_nome = self.municipio_nome

        cep: None | str | Unset
        if isinstance(self.cep, Unset):
            cep = UNSET
        else:
            cep = self.cep

        lat: float | None | Unset
        if isinstance(self.lat, Unset):
            lat = UNSET
        else:
            lat = self.lat

        lng: float | None | Unset
        if isinstance(self.lng, Unset):
            lng = UNSET
        else:
            lng = self.lng

        endereco_descricao: None | str | Unset
        if isinstance(self.endereco_descricao, Unset):
            endereco_descricao = UNSET
        else:
            endereco_descricao = self.endereco_descricao


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "tipo": tipo,
        })
        if uf is not UNSET:
            field_dict["uf"] = uf
        if codigo_municipio is not UNSET:
            field_dict["codigo_municipio"] = codigo_municipio
        if municipio_nome is not UNSET:
            field_dict["municipio_nome"] = municipio_nome
        if cep is not UNSET:
            field_dict["cep"] = cep
        if lat is not UNSET:
            field_dict["lat"] = lat
        if lng is not UNSET:
            field_dict["lng"] = lng
        if endereco_descricao is not UNSET:
            field_dict["endereco_descricao"] = endereco_descricao

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tipo = CiotPlaceTipo(d.pop("tipo"))




        def _parse_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        uf = _parse_uf(d.pop("uf", UNSET))


        def _parse_codigo_municipio(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        codigo_municipio = _parse_codigo_municipio(d.pop("codigo_municipio", UNSET))


        def _parse_municipio_nome(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        municipio_nome = _parse_municipio_nome(d.pop("municipio_nome", UNSET))


        def _parse_cep(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cep = _parse_cep(d.pop("cep", UNSET))


        def _parse_lat(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lat = _parse_lat(d.pop("lat", UNSET))


        def _parse_lng(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        lng = _parse_lng(d.pop("lng", UNSET))


        def _parse_endereco_descricao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        endereco_descricao = _parse_endereco_descricao(d.pop("endereco_descricao", UNSET))


        ciot_place = cls(
            tipo=tipo,
            uf=uf,
            codigo_municipio=codigo_municipio,
            municipio_nome=municipio_nome,
            cep=cep,
            lat=lat,
            lng=lng,
            endereco_descricao=endereco_descricao,
        )


        ciot_place.additional_properties = d
        return ciot_place

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
