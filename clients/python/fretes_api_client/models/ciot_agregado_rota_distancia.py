from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="CiotAgregadoRotaDistancia")



@_attrs_define
class CiotAgregadoRotaDistancia:
    """ The distance of a route whose trips gave none and which cannot be computed (inside one municipality, or a
    seat without coordinates).

        Attributes:
            origem_codigo_ibge (str): Código IBGE do município, 7 dígitos.
            destino_codigo_ibge (str): Código IBGE do município, 7 dígitos.
            distancia_km (float | str): Distância em km (> 0); calculada entre as sedes quando omitida.
     """

    origem_codigo_ibge: str
    destino_codigo_ibge: str
    distancia_km: float | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        origem_codigo_ibge = self.origem_codigo_ibge

        destino_codigo_ibge = self.destino_codigo_ibge

        distancia_km: float | str
        distancia_km = self.distancia_km


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "origem_codigo_ibge": origem_codigo_ibge,
            "destino_codigo_ibge": destino_codigo_ibge,
            "distancia_km": distancia_km,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        origem_codigo_ibge = d.pop("origem_codigo_ibge")

        destino_codigo_ibge = d.pop("destino_codigo_ibge")

        def _parse_distancia_km(data: object) -> float | str:
            return cast(float | str, data)

        distancia_km = _parse_distancia_km(d.pop("distancia_km"))


        ciot_agregado_rota_distancia = cls(
            origem_codigo_ibge=origem_codigo_ibge,
            destino_codigo_ibge=destino_codigo_ibge,
            distancia_km=distancia_km,
        )


        ciot_agregado_rota_distancia.additional_properties = d
        return ciot_agregado_rota_distancia

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
