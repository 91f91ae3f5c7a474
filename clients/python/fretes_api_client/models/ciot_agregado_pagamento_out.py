from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="CiotAgregadoPagamentoOut")



@_attrs_define
class CiotAgregadoPagamentoOut:
    """ How the TAC is paid (null fields when not given).

        Attributes:
            tipo_pagamento (None | str):
            chave_pix (None | str):
            tipo_chave_pix (None | str): Informado, ou lido do formato da chave.
            banco (None | str):
            agencia (None | str):
            conta (None | str):
            cpf_cnpj_owner (None | str): Titular; nulo: o próprio TAC.
            titular_parentesco (None | str):
     """

    tipo_pagamento: None | str
    chave_pix: None | str
    tipo_chave_pix: None | str
    banco: None | str
    agencia: None | str
    conta: None | str
    cpf_cnpj_owner: None | str
    titular_parentesco: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        tipo_pagamento: None | str
        tipo_pagamento = self.tipo_pagamento

        chave_pix: None | str
        chave_pix = self.chave_pix

        tipo_chave_pix: None | str
        tipo_chave_pix = self.tipo_chave_pix

        banco: None | str
        banco = self.banco

        agencia: None | str
        agencia = self.agencia

        conta: None | str
        conta = self.conta

        cpf_cnpj_owner: None | str
        cpf_cnpj_owner = self.cpf_cnpj_owner

        titular_parentesco: None | str
        titular_parentesco = self.titular_parentesco


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "tipo_pagamento": tipo_pagamento,
            "chave_pix": chave_pix,
            "tipo_chave_pix": tipo_chave_pix,
            "banco": banco,
            "agencia": agencia,
            "conta": conta,
            "cpf_cnpj_owner": cpf_cnpj_owner,
            "titular_parentesco": titular_parentesco,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_tipo_pagamento(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tipo_pagamento = _parse_tipo_pagamento(d.pop("tipo_pagamento"))


        def _parse_chave_pix(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chave_pix = _parse_chave_pix(d.pop("chave_pix"))


        def _parse_tipo_chave_pix(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tipo_chave_pix = _parse_tipo_chave_pix(d.pop("tipo_chave_pix"))


        def _parse_banco(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        banco = _parse_banco(d.pop("banco"))


        def _parse_agencia(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        agencia = _parse_agencia(d.pop("agencia"))


        def _parse_conta(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        conta = _parse_conta(d.pop("conta"))


        def _parse_cpf_cnpj_owner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cpf_cnpj_owner = _parse_cpf_cnpj_owner(d.pop("cpf_cnpj_owner"))


        def _parse_titular_parentesco(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        titular_parentesco = _parse_titular_parentesco(d.pop("titular_parentesco"))


        ciot_agregado_pagamento_out = cls(
            tipo_pagamento=tipo_pagamento,
            chave_pix=chave_pix,
            tipo_chave_pix=tipo_chave_pix,
            banco=banco,
            agencia=agencia,
            conta=conta,
            cpf_cnpj_owner=cpf_cnpj_owner,
            titular_parentesco=titular_parentesco,
        )


        ciot_agregado_pagamento_out.additional_properties = d
        return ciot_agregado_pagamento_out

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
