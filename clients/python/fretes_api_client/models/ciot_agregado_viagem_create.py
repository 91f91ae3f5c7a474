from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CiotAgregadoViagemCreate")



@_attrs_define
class CiotAgregadoViagemCreate:
    """ A trip of the contract (a credit). `peso_carga` (kg, optional) feeds the consolidated routes' total weight.

        Attributes:
            data_viagem (str): Data (AAAA-MM-DD) ou data e hora ISO 8601; sem deslocamento, é hora de Brasília.
            expedidor_cpf_cnpj (str): CPF ou CNPJ, com ou sem pontuação.
            expedidor_nome (str):
            recebedor_cpf_cnpj (str): CPF ou CNPJ, com ou sem pontuação.
            recebedor_nome (str):
            origem_uf (str): Sigla da UF.
            origem_municipio_nome (str):
            destino_uf (str): Sigla da UF.
            destino_municipio_nome (str):
            valor (float | str):
            peso_carga (float | None | str | Unset):
     """

    data_viagem: str
    expedidor_cpf_cnpj: str
    expedidor_nome: str
    recebedor_cpf_cnpj: str
    recebedor_nome: str
    origem_uf: str
    origem_municipio_nome: str
    destino_uf: str
    destino_municipio_nome: str
    valor: float | str
    peso_carga: float | None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        data_viagem = self.data_viagem

        expedidor_cpf_cnpj = self.expedidor_cpf_cnpj

        expedidor_nome = self.expedidor_nome

        recebedor_cpf_cnpj = self.recebedor_cpf_cnpj

        recebedor_nome = self.recebedor_nome

        origem_uf = self.origem_uf

        origem_municipio_nome = self.origem_municipio_nome

        destino_uf = self.destino_uf

        destino_municipio_nome = self.destino_municipio_nome

        valor: float | str
        valor = self.valor

        peso_carga: float | None | str | Unset
        if isinstance(self.peso_carga, Unset):
            peso_carga = UNSET
        else:
            peso_carga = self.peso_carga


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "data_viagem": data_viagem,
            "expedidor_cpf_cnpj": expedidor_cpf_cnpj,
            "expedidor_nome": expedidor_nome,
            "recebedor_cpf_cnpj": recebedor_cpf_cnpj,
            "recebedor_nome": recebedor_nome,
            "origem_uf": origem_uf,
            "origem_municipio_nome": origem_municipio_nome,
            "destino_uf": destino_uf,
            "destino_municipio_nome": destino_municipio_nome,
            "valor": valor,
        })
        if peso_carga is not UNSET:
            field_dict["peso_carga"] = peso_carga

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        data_viagem = d.pop("data_viagem")

        expedidor_cpf_cnpj = d.pop("expedidor_cpf_cnpj")

        expedidor_nome = d.pop("expedidor_nome")

        recebedor_cpf_cnpj = d.pop("recebedor_cpf_cnpj")

        recebedor_nome = d.pop("recebedor_nome")

        origem_uf = d.pop("origem_uf")

        origem_municipio_nome = d.pop("origem_municipio_nome")

        destino_uf = d.pop("destino_uf")

        destino_municipio_nome = d.pop("destino_municipio_nome")

        def _parse_valor(data: object) -> float | str:
            return cast(float | str, data)

        valor = _parse_valor(d.pop("valor"))


        def _parse_peso_carga(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        peso_carga = _parse_peso_carga(d.pop("peso_carga", UNSET))


        ciot_agregado_viagem_create = cls(
            data_viagem=data_viagem,
            expedidor_cpf_cnpj=expedidor_cpf_cnpj,
            expedidor_nome=expedidor_nome,
            recebedor_cpf_cnpj=recebedor_cpf_cnpj,
            recebedor_nome=recebedor_nome,
            origem_uf=origem_uf,
            origem_municipio_nome=origem_municipio_nome,
            destino_uf=destino_uf,
            destino_municipio_nome=destino_municipio_nome,
            valor=valor,
            peso_carga=peso_carga,
        )


        ciot_agregado_viagem_create.additional_properties = d
        return ciot_agregado_viagem_create

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
