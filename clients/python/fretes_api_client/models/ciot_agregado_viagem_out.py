from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_agregado_viagem_out_status import CiotAgregadoViagemOutStatus
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="CiotAgregadoViagemOut")



@_attrs_define
class CiotAgregadoViagemOut:
    """ A trip (credit).

        Attributes:
            id (UUID):
            numero_viagem (int): Sequencial dentro do contrato, sem lacunas.
            status (CiotAgregadoViagemOutStatus):
            data_viagem (datetime.datetime): Data e hora de Brasília, com o deslocamento (-03:00).
            expedidor_cpf_cnpj (str):
            expedidor_nome (str):
            recebedor_cpf_cnpj (str):
            recebedor_nome (str):
            origem_codigo_ibge (None | str): Código IBGE da origem (nulo em viagens lançadas antes de o código ser
                guardado).
            origem_uf (str):
            origem_municipio_nome (str):
            destino_codigo_ibge (None | str): Código IBGE do destino (idem).
            destino_uf (str):
            destino_municipio_nome (str):
            valor (float): Valor em reais (número JSON com até 2 casas).
            peso_carga (float | None):
            distancia_km (float | None): A distância informada na viagem; nula quando omitida (a rota consolidada a
                calcula).
            valor_vale_pedagio (float | None): Vale-pedágio da viagem: custo do embarcador, fora do saldo.
            cancelado_at (datetime.datetime | None):
            cancel_motivo (None | str):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    numero_viagem: int
    status: CiotAgregadoViagemOutStatus
    data_viagem: datetime.datetime
    expedidor_cpf_cnpj: str
    expedidor_nome: str
    recebedor_cpf_cnpj: str
    recebedor_nome: str
    origem_codigo_ibge: None | str
    origem_uf: str
    origem_municipio_nome: str
    destino_codigo_ibge: None | str
    destino_uf: str
    destino_municipio_nome: str
    valor: float
    peso_carga: float | None
    distancia_km: float | None
    valor_vale_pedagio: float | None
    cancelado_at: datetime.datetime | None
    cancel_motivo: None | str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        numero_viagem = self.numero_viagem

        status = self.status.value

        data_viagem = self.data_viagem.isoformat()

        expedidor_cpf_cnpj = self.expedidor_cpf_cnpj

        expedidor_nome = self.expedidor_nome

        recebedor_cpf_cnpj = self.recebedor_cpf_cnpj

        recebedor_nome = self.recebedor_nome

        origem_codigo_ibge: None | str
        origem_codigo_ibge = self.origem_codigo_ibge

        origem_uf = self.origem_uf

        origem_municipio_nome = self.origem_municipio_nome

        destino_codigo_ibge: None | str
        destino_codigo_ibge = self.destino_codigo_ibge

        destino_uf = self.destino_uf

        destino_municipio_nome = self.destino_municipio_nome

        valor = self.valor

        peso_carga: float | None
        peso_carga = self.peso_carga

        distancia_km: float | None
        distancia_km = self.distancia_km

        valor_vale_pedagio: float | None
        valor_vale_pedagio = self.valor_vale_pedagio

        cancelado_at: None | str
        if isinstance(self.cancelado_at, datetime.datetime):
            cancelado_at = self.cancelado_at.isoformat()
        else:
            cancelado_at = self.cancelado_at

        cancel_motivo: None | str
        cancel_motivo = self.cancel_motivo

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "numero_viagem": numero_viagem,
            "status": status,
            "data_viagem": data_viagem,
            "expedidor_cpf_cnpj": expedidor_cpf_cnpj,
            "expedidor_nome": expedidor_nome,
            "recebedor_cpf_cnpj": recebedor_cpf_cnpj,
            "recebedor_nome": recebedor_nome,
            "origem_codigo_ibge": origem_codigo_ibge,
            "origem_uf": origem_uf,
            "origem_municipio_nome": origem_municipio_nome,
            "destino_codigo_ibge": destino_codigo_ibge,
            "destino_uf": destino_uf,
            "destino_municipio_nome": destino_municipio_nome,
            "valor": valor,
            "peso_carga": peso_carga,
            "distancia_km": distancia_km,
            "valor_vale_pedagio": valor_vale_pedagio,
            "cancelado_at": cancelado_at,
            "cancel_motivo": cancel_motivo,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        numero_viagem = d.pop("numero_viagem")

        status = CiotAgregadoViagemOutStatus(d.pop("status"))




        data_viagem = isoparse(d.pop("data_viagem"))




        expedidor_cpf_cnpj = d.pop("expedidor_cpf_cnpj")

        expedidor_nome = d.pop("expedidor_nome")

        recebedor_cpf_cnpj = d.pop("recebedor_cpf_cnpj")

        recebedor_nome = d.pop("recebedor_nome")

        def _parse_origem_codigo_ibge(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        origem_codigo_ibge = _parse_origem_codigo_ibge(d.pop("origem_codigo_ibge"))


        origem_uf = d.pop("origem_uf")

        origem_municipio_nome = d.pop("origem_municipio_nome")

        def _parse_destino_codigo_ibge(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        destino_codigo_ibge = _parse_destino_codigo_ibge(d.pop("destino_codigo_ibge"))


        destino_uf = d.pop("destino_uf")

        destino_municipio_nome = d.pop("destino_municipio_nome")

        valor = d.pop("valor")

        def _parse_peso_carga(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        peso_carga = _parse_peso_carga(d.pop("peso_carga"))


        def _parse_distancia_km(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        distancia_km = _parse_distancia_km(d.pop("distancia_km"))


        def _parse_valor_vale_pedagio(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        valor_vale_pedagio = _parse_valor_vale_pedagio(d.pop("valor_vale_pedagio"))


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


        def _parse_cancel_motivo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cancel_motivo = _parse_cancel_motivo(d.pop("cancel_motivo"))


        created_at = isoparse(d.pop("created_at"))




        ciot_agregado_viagem_out = cls(
            id=id,
            numero_viagem=numero_viagem,
            status=status,
            data_viagem=data_viagem,
            expedidor_cpf_cnpj=expedidor_cpf_cnpj,
            expedidor_nome=expedidor_nome,
            recebedor_cpf_cnpj=recebedor_cpf_cnpj,
            recebedor_nome=recebedor_nome,
            origem_codigo_ibge=origem_codigo_ibge,
            origem_uf=origem_uf,
            origem_municipio_nome=origem_municipio_nome,
            destino_codigo_ibge=destino_codigo_ibge,
            destino_uf=destino_uf,
            destino_municipio_nome=destino_municipio_nome,
            valor=valor,
            peso_carga=peso_carga,
            distancia_km=distancia_km,
            valor_vale_pedagio=valor_vale_pedagio,
            cancelado_at=cancelado_at,
            cancel_motivo=cancel_motivo,
            created_at=created_at,
        )


        ciot_agregado_viagem_out.additional_properties = d
        return ciot_agregado_viagem_out

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
