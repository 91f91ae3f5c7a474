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
    """ A trip of the contract (a credit). Origin and destination are IBGE municipalities: `…_codigo_ibge`, or
    `…_municipio_nome` with `…_uf` (the UF may be left out when only one municipality has the name). `peso_carga`
    (kg, optional) feeds the consolidated routes' total weight; `distancia_km` (optional) is computed when omitted;
    `valor_vale_pedagio` (optional) is the shipper's toll voucher of the trip, never in the carrier's balance.

        Attributes:
            data_viagem (str): Data (AAAA-MM-DD) ou data e hora ISO 8601; sem deslocamento, é hora de Brasília.
            expedidor_cpf_cnpj (str): CPF ou CNPJ, com ou sem pontuação.
            expedidor_nome (str):
            recebedor_cpf_cnpj (str): CPF ou CNPJ, com ou sem pontuação.
            recebedor_nome (str):
            valor (float | str):
            origem_codigo_ibge (None | str | Unset):
            origem_uf (None | str | Unset):
            origem_municipio_nome (None | str | Unset):
            destino_codigo_ibge (None | str | Unset):
            destino_uf (None | str | Unset):
            destino_municipio_nome (None | str | Unset):
            peso_carga (float | None | str | Unset):
            distancia_km (float | None | str | Unset):
            valor_vale_pedagio (float | None | str | Unset):
     """

    data_viagem: str
    expedidor_cpf_cnpj: str
    expedidor_nome: str
    recebedor_cpf_cnpj: str
    recebedor_nome: str
    valor: float | str
    origem_codigo_ibge: None | str | Unset = UNSET
    origem_uf: None | str | Unset = UNSET
    origem_municipio_nome: None | str | Unset = UNSET
    destino_codigo_ibge: None | str | Unset = UNSET
    destino_uf: None | str | Unset = UNSET
    destino_municipio_nome: None | str | Unset = UNSET
    peso_carga: float | None | str | Unset = UNSET
    distancia_km: float | None | str | Unset = UNSET
    valor_vale_pedagio: float | None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        data_viagem = self.data_viagem

        expedidor_cpf_cnpj = self.expedidor_cpf_cnpj

        expedidor_nome = self.expedidor_nome

        recebedor_cpf_cnpj = self.recebedor_cpf_cnpj

        recebedor_nome = self.recebedor_nome

        valor: float | str
        valor = self.valor

        origem_codigo_ibge: None | str | Unset
        if isinstance(self.origem_codigo_ibge, Unset):
            origem_codigo_ibge = UNSET
        else:
            origem_codigo_ibge = self.origem_codigo_ibge

        origem_uf: None | str | Unset
        if isinstance(self.origem_uf, Unset):
            origem_uf = UNSET
        else:
            origem_uf = self.origem_uf

        origem_municipio_nome: None | str | Unset
        if isinstance(self.origem_municipio_nome, Unset):
            origem_municipio_nome = UNSET
        else:
            origem_municipio_nome = self.origem_municipio_nome

        destino_codigo_ibge: None | str | Unset
        if isinstance(self.destino_codigo_ibge, Unset):
            destino_codigo_ibge = UNSET
        else:
            destino_codigo_ibge = self.destino_codigo_ibge

        destino_uf: None | str | Unset
        if isinstance(self.destino_uf, Unset):
            destino_uf = UNSET
        else:
            destino_uf = self.destino_uf

        destino_municipio_nome: None | str | Unset
        if isinstance(self.destino_municipio_nome, Unset):
            destino_municipio_nome = UNSET
        else:
            destino_municipio_nome = self.destino_municipio_nome

        peso_carga: float | None | str | Unset
        if isinstance(self.peso_carga, Unset):
            peso_carga = UNSET
        else:
            peso_carga = self.peso_carga

        distancia_km: float | None | str | Unset
        if isinstance(self.distancia_km, Unset):
            distancia_km = UNSET
        else:
            distancia_km = self.distancia_km

        valor_vale_pedagio: float | None | str | Unset
        if isinstance(self.valor_vale_pedagio, Unset):
            valor_vale_pedagio = UNSET
        else:
            valor_vale_pedagio = self.valor_vale_pedagio


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "data_viagem": data_viagem,
            "expedidor_cpf_cnpj": expedidor_cpf_cnpj,
            "expedidor_nome": expedidor_nome,
            "recebedor_cpf_cnpj": recebedor_cpf_cnpj,
            "recebedor_nome": recebedor_nome,
            "valor": valor,
        })
        if origem_codigo_ibge is not UNSET:
            field_dict["origem_codigo_ibge"] = origem_codigo_ibge
        if origem_uf is not UNSET:
            field_dict["origem_uf"] = origem_uf
        if origem_municipio_nome is not UNSET:
            field_dict["origem_municipio_nome"] = origem_municipio_nome
        if destino_codigo_ibge is not UNSET:
            field_dict["destino_codigo_ibge"] = destino_codigo_ibge
        if destino_uf is not UNSET:
            field_dict["destino_uf"] = destino_uf
        if destino_municipio_nome is not UNSET:
            field_dict["destino_municipio_nome"] = destino_municipio_nome
        if peso_carga is not UNSET:
            field_dict["peso_carga"] = peso_carga
        if distancia_km is not UNSET:
            field_dict["distancia_km"] = distancia_km
        if valor_vale_pedagio is not UNSET:
            field_dict["valor_vale_pedagio"] = valor_vale_pedagio

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        data_viagem = d.pop("data_viagem")

        expedidor_cpf_cnpj = d.pop("expedidor_cpf_cnpj")

        expedidor_nome = d.pop("expedidor_nome")

        recebedor_cpf_cnpj = d.pop("recebedor_cpf_cnpj")

        recebedor_nome = d.pop("recebedor_nome")

        def _parse_valor(data: object) -> float | str:
            return cast(float | str, data)

        valor = _parse_valor(d.pop("valor"))


        def _parse_origem_codigo_ibge(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        origem_codigo_ibge = _parse_origem_codigo_ibge(d.pop("origem_codigo_ibge", UNSET))


        def _parse_origem_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        origem_uf = _parse_origem_uf(d.pop("origem_uf", UNSET))


        def _parse_origem_municipio_nome(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        origem_municipio_nome = _parse_origem_municipio_nome(d.pop("origem_municipio_nome", UNSET))


        def _parse_destino_codigo_ibge(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        destino_codigo_ibge = _parse_destino_codigo_ibge(d.pop("destino_codigo_ibge", UNSET))


        def _parse_destino_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        destino_uf = _parse_destino_uf(d.pop("destino_uf", UNSET))


        def _parse_destino_municipio_nome(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        destino_municipio_nome = _parse_destino_municipio_nome(d.pop("destino_municipio_nome", UNSET))


        def _parse_peso_carga(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        peso_carga = _parse_peso_carga(d.pop("peso_carga", UNSET))


        def _parse_distancia_km(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        distancia_km = _parse_distancia_km(d.pop("distancia_km", UNSET))


        def _parse_valor_vale_pedagio(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        valor_vale_pedagio = _parse_valor_vale_pedagio(d.pop("valor_vale_pedagio", UNSET))


        ciot_agregado_viagem_create = cls(
            data_viagem=data_viagem,
            expedidor_cpf_cnpj=expedidor_cpf_cnpj,
            expedidor_nome=expedidor_nome,
            recebedor_cpf_cnpj=recebedor_cpf_cnpj,
            recebedor_nome=recebedor_nome,
            valor=valor,
            origem_codigo_ibge=origem_codigo_ibge,
            origem_uf=origem_uf,
            origem_municipio_nome=origem_municipio_nome,
            destino_codigo_ibge=destino_codigo_ibge,
            destino_uf=destino_uf,
            destino_municipio_nome=destino_municipio_nome,
            peso_carga=peso_carga,
            distancia_km=distancia_km,
            valor_vale_pedagio=valor_vale_pedagio,
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
