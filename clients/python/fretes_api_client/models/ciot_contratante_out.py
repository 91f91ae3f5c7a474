from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_contratante_out_papel_type_0 import CiotContratanteOutPapelType0
from typing import cast






T = TypeVar("T", bound="CiotContratanteOut")



@_attrs_define
class CiotContratanteOut:
    """ 
        Attributes:
            cpf_cnpj (str):
            nome (str):
            rntrc (None | str):
            papel (CiotContratanteOutPapelType0 | None):
            valor_frete (float | None):
            percentual (float | None):
            observacoes (None | str):
     """

    cpf_cnpj: str
    nome: str
    rntrc: None | str
    papel: CiotContratanteOutPapelType0 | None
    valor_frete: float | None
    percentual: float | None
    observacoes: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        cpf_cnpj = self.cpf_cnpj

        nome = self.nome

        rntrc: None | str
        rntrc = self.rntrc

        papel: None | str
        if isinstance(self.papel, CiotContratanteOutPapelType0):
            papel = self.papel.value
        else:
            papel = self.papel

        valor_frete: float | None
        valor_frete = self.valor_frete

        percentual: float | None
        percentual = self.percentual

        observacoes: None | str
        observacoes = self.observacoes


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cpf_cnpj": cpf_cnpj,
            "nome": nome,
            "rntrc": rntrc,
            "papel": papel,
            "valor_frete": valor_frete,
            "percentual": percentual,
            "observacoes": observacoes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cpf_cnpj = d.pop("cpf_cnpj")

        nome = d.pop("nome")

        def _parse_rntrc(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rntrc = _parse_rntrc(d.pop("rntrc"))


        def _parse_papel(data: object) -> CiotContratanteOutPapelType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                papel_type_0 = CiotContratanteOutPapelType0(data)



                return papel_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotContratanteOutPapelType0 | None, data)

        papel = _parse_papel(d.pop("papel"))


        def _parse_valor_frete(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        valor_frete = _parse_valor_frete(d.pop("valor_frete"))


        def _parse_percentual(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        percentual = _parse_percentual(d.pop("percentual"))


        def _parse_observacoes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        observacoes = _parse_observacoes(d.pop("observacoes"))


        ciot_contratante_out = cls(
            cpf_cnpj=cpf_cnpj,
            nome=nome,
            rntrc=rntrc,
            papel=papel,
            valor_frete=valor_frete,
            percentual=percentual,
            observacoes=observacoes,
        )


        ciot_contratante_out.additional_properties = d
        return ciot_contratante_out

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
