from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_agregado_rota_distancia_metodo_type_0 import CiotAgregadoRotaDistanciaMetodoType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CiotAgregadoRota")



@_attrs_define
class CiotAgregadoRota:
    """ Active trips of one origin → destination pair, consolidated at closing. Routes stored before the IBGE
    codes and distances were kept have those fields null.

        Attributes:
            origem_uf (str):
            origem_municipio_nome (str):
            destino_uf (str):
            destino_municipio_nome (str):
            quantidade_viagens (int):
            valor_total (float): Valor em reais (número JSON com até 2 casas).
            peso_total (float): Soma dos pesos (kg) informados nas viagens.
            origem_codigo_ibge (None | str | Unset):
            destino_codigo_ibge (None | str | Unset):
            distancia_km (float | None | Unset): Distância da rota (km, > 0): a informada nas viagens, ou calculada entre as
                sedes.
            distancia_metodo (CiotAgregadoRotaDistanciaMetodoType0 | None | Unset): informada (nas viagens), estimada (linha
                reta entre as sedes × fator rodoviário) ou rota (motor de rotas).
            valor_vale_pedagio_total (float | None | Unset): Soma dos vales-pedágio (custo do embarcador).
     """

    origem_uf: str
    origem_municipio_nome: str
    destino_uf: str
    destino_municipio_nome: str
    quantidade_viagens: int
    valor_total: float
    peso_total: float
    origem_codigo_ibge: None | str | Unset = UNSET
    destino_codigo_ibge: None | str | Unset = UNSET
    distancia_km: float | None | Unset = UNSET
    distancia_metodo: CiotAgregadoRotaDistanciaMetodoType0 | None | Unset = UNSET
    valor_vale_pedagio_total: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        origem_uf = self.origem_uf

        origem_municipio_nome = self.origem_municipio_nome

        destino_uf = self.destino_uf

        destino_municipio_nome = self.destino_municipio_nome

        quantidade_viagens = self.quantidade_viagens

        valor_total = self.valor_total

        peso_total = self.peso_total

        origem_codigo_ibge: None | str | Unset
        if isinstance(self.origem_codigo_ibge, Unset):
            origem_codigo_ibge = UNSET
        else:
            origem_codigo_ibge = self.origem_codigo_ibge

        destino_codigo_ibge: None | str | Unset
        if isinstance(self.destino_codigo_ibge, Unset):
            destino_codigo_ibge = UNSET
        else:
            destino_codigo_ibge = self.destino_codigo_ibge

        distancia_km: float | None | Unset
        if isinstance(self.distancia_km, Unset):
            distancia_km = UNSET
        else:
            distancia_km = self.distancia_km

        distancia_metodo: None | str | Unset
        if isinstance(self.distancia_metodo, Unset):
            distancia_metodo = UNSET
        elif isinstance(self.distancia_metodo, CiotAgregadoRotaDistanciaMetodoType0):
            distancia_metodo = self.distancia_metodo.value
        else:
            distancia_metodo = self.distancia_metodo

        valor_vale_pedagio_total: float | None | Unset
        if isinstance(self.valor_vale_pedagio_total, Unset):
            valor_vale_pedagio_total = UNSET
        else:
            valor_vale_pedagio_total = self.valor_vale_pedagio_total


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "origem_uf": origem_uf,
            "origem_municipio_nome": origem_municipio_nome,
            "destino_uf": destino_uf,
            "destino_municipio_nome": destino_municipio_nome,
            "quantidade_viagens": quantidade_viagens,
            "valor_total": valor_total,
            "peso_total": peso_total,
        })
        if origem_codigo_ibge is not UNSET:
            field_dict["origem_codigo_ibge"] = origem_codigo_ibge
        if destino_codigo_ibge is not UNSET:
            field_dict["destino_codigo_ibge"] = destino_codigo_ibge
        if distancia_km is not UNSET:
            field_dict["distancia_km"] = distancia_km
        if distancia_metodo is not UNSET:
            field_dict["distancia_metodo"] = distancia_metodo
        if valor_vale_pedagio_total is not UNSET:
            field_dict["valor_vale_pedagio_total"] = valor_vale_pedagio_total

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        origem_uf = d.pop("origem_uf")

        origem_municipio_nome = d.pop("origem_municipio_nome")

        destino_uf = d.pop("destino_uf")

        destino_municipio_nome = d.pop("destino_municipio_nome")

        quantidade_viagens = d.pop("quantidade_viagens")

        valor_total = d.pop("valor_total")

        peso_total = d.pop("peso_total")

        def _parse_origem_codigo_ibge(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        origem_codigo_ibge = _parse_origem_codigo_ibge(d.pop("origem_codigo_ibge", UNSET))


        def _parse_destino_codigo_ibge(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        destino_codigo_ibge = _parse_destino_codigo_ibge(d.pop("destino_codigo_ibge", UNSET))


        def _parse_distancia_km(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        distancia_km = _parse_distancia_km(d.pop("distancia_km", UNSET))


        def _parse_distancia_metodo(data: object) -> CiotAgregadoRotaDistanciaMetodoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                distancia_metodo_type_0 = CiotAgregadoRotaDistanciaMetodoType0(data)



                return distancia_metodo_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotAgregadoRotaDistanciaMetodoType0 | None | Unset, data)

        distancia_metodo = _parse_distancia_metodo(d.pop("distancia_metodo", UNSET))


        def _parse_valor_vale_pedagio_total(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        valor_vale_pedagio_total = _parse_valor_vale_pedagio_total(d.pop("valor_vale_pedagio_total", UNSET))


        ciot_agregado_rota = cls(
            origem_uf=origem_uf,
            origem_municipio_nome=origem_municipio_nome,
            destino_uf=destino_uf,
            destino_municipio_nome=destino_municipio_nome,
            quantidade_viagens=quantidade_viagens,
            valor_total=valor_total,
            peso_total=peso_total,
            origem_codigo_ibge=origem_codigo_ibge,
            destino_codigo_ibge=destino_codigo_ibge,
            distancia_km=distancia_km,
            distancia_metodo=distancia_metodo,
            valor_vale_pedagio_total=valor_vale_pedagio_total,
        )


        ciot_agregado_rota.additional_properties = d
        return ciot_agregado_rota

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
