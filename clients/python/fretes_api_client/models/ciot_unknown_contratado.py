from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="CiotUnknownContratado")



@_attrs_define
class CiotUnknownContratado:
    """ The document's carrier is not a partner yet: register it (POST /partners) to fill its bank data next time.

        Attributes:
            cpf_cnpj (str):
            nome (None | str):
            rntrc (None | str):
     """

    cpf_cnpj: str
    nome: None | str
    rntrc: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        cpf_cnpj = self.cpf_cnpj

        nome: None | str
        nome = self.nome

        rntrc: None | str
        rntrc = self.rntrc


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cpf_cnpj": cpf_cnpj,
            "nome": nome,
            "rntrc": rntrc,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cpf_cnpj = d.pop("cpf_cnpj")

        def _parse_nome(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        nome = _parse_nome(d.pop("nome"))


        def _parse_rntrc(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rntrc = _parse_rntrc(d.pop("rntrc"))


        ciot_unknown_contratado = cls(
            cpf_cnpj=cpf_cnpj,
            nome=nome,
            rntrc=rntrc,
        )


        ciot_unknown_contratado.additional_properties = d
        return ciot_unknown_contratado

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
