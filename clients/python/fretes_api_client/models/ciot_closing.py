from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from dateutil.parser import isoparse
from typing import cast
import datetime






T = TypeVar("T", bound="CiotClosing")



@_attrs_define
class CiotClosing:
    """ 
        Attributes:
            encerrado_at (datetime.datetime | None):
            peso_carga_final (float | None):
            distancia (float | None):
            quantidade_viagens (int | None):
            data_encerramento (datetime.date | None):
            observacoes (None | str):
            protocolo (None | str):
     """

    encerrado_at: datetime.datetime | None
    peso_carga_final: float | None
    distancia: float | None
    quantidade_viagens: int | None
    data_encerramento: datetime.date | None
    observacoes: None | str
    protocolo: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        encerrado_at: None | str
        if isinstance(self.encerrado_at, datetime.datetime):
            encerrado_at = self.encerrado_at.isoformat()
        else:
            encerrado_at = self.encerrado_at

        peso_carga_final: float | None
        peso_carga_final = self.peso_carga_final

        distancia: float | None
        distancia = self.distancia

        quantidade_viagens: int | None
        quantidade_viagens = self.quantidade_viagens

        data_encerramento: None | str
        if isinstance(self.data_encerramento, datetime.date):
            data_encerramento = self.data_encerramento.isoformat()
        else:
            data_encerramento = self.data_encerramento

        observacoes: None | str
        observacoes = self.observacoes

        protocolo: None | str
        protocolo = self.protocolo


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "encerrado_at": encerrado_at,
            "peso_carga_final": peso_carga_final,
            "distancia": distancia,
            "quantidade_viagens": quantidade_viagens,
            "data_encerramento": data_encerramento,
            "observacoes": observacoes,
            "protocolo": protocolo,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_encerrado_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                encerrado_at_type_0 = isoparse(data)



                return encerrado_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        encerrado_at = _parse_encerrado_at(d.pop("encerrado_at"))


        def _parse_peso_carga_final(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        peso_carga_final = _parse_peso_carga_final(d.pop("peso_carga_final"))


        def _parse_distancia(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        distancia = _parse_distancia(d.pop("distancia"))


        def _parse_quantidade_viagens(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        quantidade_viagens = _parse_quantidade_viagens(d.pop("quantidade_viagens"))


        def _parse_data_encerramento(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                data_encerramento_type_0 = isoparse(data).date()



                return data_encerramento_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        data_encerramento = _parse_data_encerramento(d.pop("data_encerramento"))


        def _parse_observacoes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        observacoes = _parse_observacoes(d.pop("observacoes"))


        def _parse_protocolo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        protocolo = _parse_protocolo(d.pop("protocolo"))


        ciot_closing = cls(
            encerrado_at=encerrado_at,
            peso_carga_final=peso_carga_final,
            distancia=distancia,
            quantidade_viagens=quantidade_viagens,
            data_encerramento=data_encerramento,
            observacoes=observacoes,
            protocolo=protocolo,
        )


        ciot_closing.additional_properties = d
        return ciot_closing

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
