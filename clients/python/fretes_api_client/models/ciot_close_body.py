from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime






T = TypeVar("T", bound="CiotCloseBody")



@_attrs_define
class CiotCloseBody:
    """ POST /encerrar.

        Attributes:
            peso_carga_final (float | str):
            distancia (float | None | str | Unset):
            quantidade_viagens (int | Unset): Padrão: 1.
            data_encerramento (datetime.date | None | Unset):
            observacoes (None | str | Unset):
     """

    peso_carga_final: float | str
    distancia: float | None | str | Unset = UNSET
    quantidade_viagens: int | Unset = UNSET
    data_encerramento: datetime.date | None | Unset = UNSET
    observacoes: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        peso_carga_final: float | str
        peso_carga_final = self.peso_carga_final

        distancia: float | None | str | Unset
        if isinstance(self.distancia, Unset):
            distancia = UNSET
        else:
            distancia = self.distancia

        quantidade_viagens = self.quantidade_viagens

        data_encerramento: None | str | Unset
        if isinstance(self.data_encerramento, Unset):
            data_encerramento = UNSET
        elif isinstance(self.data_encerramento, datetime.date):
            data_encerramento = self.data_encerramento.isoformat()
        else:
            data_encerramento = self.data_encerramento

        observacoes: None | str | Unset
        if isinstance(self.observacoes, Unset):
            observacoes = UNSET
        else:
            observacoes = self.observacoes


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "peso_carga_final": peso_carga_final,
        })
        if distancia is not UNSET:
            field_dict["distancia"] = distancia
        if quantidade_viagens is not UNSET:
            field_dict["quantidade_viagens"] = quantidade_viagens
        if data_encerramento is not UNSET:
            field_dict["data_encerramento"] = data_encerramento
        if observacoes is not UNSET:
            field_dict["observacoes"] = observacoes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_peso_carga_final(data: object) -> float | str:
            return cast(float | str, data)

        peso_carga_final = _parse_peso_carga_final(d.pop("peso_carga_final"))


        def _parse_distancia(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        distancia = _parse_distancia(d.pop("distancia", UNSET))


        quantidade_viagens = d.pop("quantidade_viagens", UNSET)

        def _parse_data_encerramento(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                data_encerramento_type_0 = isoparse(data).date()



                return data_encerramento_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        data_encerramento = _parse_data_encerramento(d.pop("data_encerramento", UNSET))


        def _parse_observacoes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        observacoes = _parse_observacoes(d.pop("observacoes", UNSET))


        ciot_close_body = cls(
            peso_carga_final=peso_carga_final,
            distancia=distancia,
            quantidade_viagens=quantidade_viagens,
            data_encerramento=data_encerramento,
            observacoes=observacoes,
        )


        ciot_close_body.additional_properties = d
        return ciot_close_body

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
