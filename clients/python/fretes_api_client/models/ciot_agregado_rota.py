from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CiotAgregadoRota")



@_attrs_define
class CiotAgregadoRota:
    """ Active trips of one origin → destination pair, consolidated at closing.

        Attributes:
            origem_uf (str):
            origem_municipio_nome (str):
            destino_uf (str):
            destino_municipio_nome (str):
            quantidade_viagens (int):
            valor_total (float): Valor em reais (número JSON com até 2 casas).
            peso_total (float): Soma dos pesos (kg) informados nas viagens.
     """

    origem_uf: str
    origem_municipio_nome: str
    destino_uf: str
    destino_municipio_nome: str
    quantidade_viagens: int
    valor_total: float
    peso_total: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        origem_uf = self.origem_uf

        origem_municipio_nome = self.origem_municipio_nome

        destino_uf = self.destino_uf

        destino_municipio_nome = self.destino_municipio_nome

        quantidade_viagens = self.quantidade_viagens

        valor_total = self.valor_total

        peso_total = self.peso_total


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

        ciot_agregado_rota = cls(
            origem_uf=origem_uf,
            origem_municipio_nome=origem_municipio_nome,
            destino_uf=destino_uf,
            destino_municipio_nome=destino_municipio_nome,
            quantidade_viagens=quantidade_viagens,
            valor_total=valor_total,
            peso_total=peso_total,
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
