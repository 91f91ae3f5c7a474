from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_agregado_pagamento_tipo_pagamento_type_0 import CiotAgregadoPagamentoTipoPagamentoType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CiotAgregadoPagamento")



@_attrs_define
class CiotAgregadoPagamento:
    """ 
        Attributes:
            tipo_pagamento (CiotAgregadoPagamentoTipoPagamentoType0 | None | Unset):
            chave_pix (None | str | Unset):
            cpf_cnpj_owner (None | str | Unset):
     """

    tipo_pagamento: CiotAgregadoPagamentoTipoPagamentoType0 | None | Unset = UNSET
    chave_pix: None | str | Unset = UNSET
    cpf_cnpj_owner: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        tipo_pagamento: None | str | Unset
        if isinstance(self.tipo_pagamento, Unset):
            tipo_pagamento = UNSET
        elif isinstance(self.tipo_pagamento, CiotAgregadoPagamentoTipoPagamentoType0):
            tipo_pagamento = self.tipo_pagamento.value
        else:
            tipo_pagamento = self.tipo_pagamento

        chave_pix: None | str | Unset
        if isinstance(self.chave_pix, Unset):
            chave_pix = UNSET
        else:
            chave_pix = self.chave_pix

        cpf_cnpj_owner: None | str | Unset
        if isinstance(self.cpf_cnpj_owner, Unset):
            cpf_cnpj_owner = UNSET
        else:
            cpf_cnpj_owner = self.cpf_cnpj_owner


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if tipo_pagamento is not UNSET:
            field_dict["tipo_pagamento"] = tipo_pagamento
        if chave_pix is not UNSET:
            field_dict["chave_pix"] = chave_pix
        if cpf_cnpj_owner is not UNSET:
            field_dict["cpf_cnpj_owner"] = cpf_cnpj_owner

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_tipo_pagamento(data: object) -> CiotAgregadoPagamentoTipoPagamentoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_pagamento_type_0 = CiotAgregadoPagamentoTipoPagamentoType0(data)



                return tipo_pagamento_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotAgregadoPagamentoTipoPagamentoType0 | None | Unset, data)

        tipo_pagamento = _parse_tipo_pagamento(d.pop("tipo_pagamento", UNSET))


        def _parse_chave_pix(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chave_pix = _parse_chave_pix(d.pop("chave_pix", UNSET))


        def _parse_cpf_cnpj_owner(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cpf_cnpj_owner = _parse_cpf_cnpj_owner(d.pop("cpf_cnpj_owner", UNSET))


        ciot_agregado_pagamento = cls(
            tipo_pagamento=tipo_pagamento,
            chave_pix=chave_pix,
            cpf_cnpj_owner=cpf_cnpj_owner,
        )


        ciot_agregado_pagamento.additional_properties = d
        return ciot_agregado_pagamento

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
