from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_contratante_papel_type_0 import CiotContratantePapelType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CiotContratante")



@_attrs_define
class CiotContratante:
    """ 
        Attributes:
            cpf_cnpj (str):
            nome (str):
            rntrc (None | str | Unset):
            papel (CiotContratantePapelType0 | None | Unset):
            valor_frete (float | None | str | Unset):
            percentual (float | None | str | Unset):
            observacoes (None | str | Unset):
     """

    cpf_cnpj: str
    nome: str
    rntrc: None | str | Unset = UNSET
    papel: CiotContratantePapelType0 | None | Unset = UNSET
    valor_frete: float | None | str | Unset = UNSET
    percentual: float | None | str | Unset = UNSET
    observacoes: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        cpf_cnpj = self.cpf_cnpj

        nome = self.nome

        rntrc: None | str | Unset
        if isinstance(self.rntrc, Unset):
            rntrc = UNSET
        else:
            rntrc = self.rntrc

        papel: None | str | Unset
        if isinstance(self.papel, Unset):
            papel = UNSET
        elif isinstance(self.papel, CiotContratantePapelType0):
            papel = self.papel.value
        else:
            papel = self.papel

        valor_frete: float | None | str | Unset
        if isinstance(self.valor_frete, Unset):
            valor_frete = UNSET
        else:
            valor_frete = self.valor_frete

        percentual: float | None | str | Unset
        if isinstance(self.percentual, Unset):
            percentual = UNSET
        else:
            percentual = self.percentual

        observacoes: None | str | Unset
        if isinstance(self.observacoes, Unset):
            observacoes = UNSET
        else:
            observacoes = self.observacoes


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cpf_cnpj": cpf_cnpj,
            "nome": nome,
        })
        if rntrc is not UNSET:
            field_dict["rntrc"] = rntrc
        if papel is not UNSET:
            field_dict["papel"] = papel
        if valor_frete is not UNSET:
            field_dict["valor_frete"] = valor_frete
        if percentual is not UNSET:
            field_dict["percentual"] = percentual
        if observacoes is not UNSET:
            field_dict["observacoes"] = observacoes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cpf_cnpj = d.pop("cpf_cnpj")

        nome = d.pop("nome")

        def _parse_rntrc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rntrc = _parse_rntrc(d.pop("rntrc", UNSET))


        def _parse_papel(data: object) -> CiotContratantePapelType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                papel_type_0 = CiotContratantePapelType0(data)



                return papel_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotContratantePapelType0 | None | Unset, data)

        papel = _parse_papel(d.pop("papel", UNSET))


        def _parse_valor_frete(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        valor_frete = _parse_valor_frete(d.pop("valor_frete", UNSET))


        def _parse_percentual(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        percentual = _parse_percentual(d.pop("percentual", UNSET))


        def _parse_observacoes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        observacoes = _parse_observacoes(d.pop("observacoes", UNSET))


        ciot_contratante = cls(
            cpf_cnpj=cpf_cnpj,
            nome=nome,
            rntrc=rntrc,
            papel=papel,
            valor_frete=valor_frete,
            percentual=percentual,
            observacoes=observacoes,
        )


        ciot_contratante.additional_properties = d
        return ciot_contratante

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
