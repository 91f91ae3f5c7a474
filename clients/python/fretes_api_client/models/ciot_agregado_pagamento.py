from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_agregado_pagamento_tipo_chave_pix_type_0 import CiotAgregadoPagamentoTipoChavePixType0
from ..models.ciot_agregado_pagamento_tipo_pagamento_type_0 import CiotAgregadoPagamentoTipoPagamentoType0
from ..models.ciot_agregado_pagamento_titular_parentesco_type_0 import CiotAgregadoPagamentoTitularParentescoType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CiotAgregadoPagamento")



@_attrs_define
class CiotAgregadoPagamento:
    """ How the TAC is paid (docs/ciot-agregado.md, "Declaration data"): PIX (`chave_pix`; `tipo_chave_pix` read from
    the key when omitted) or a bank account (`banco`, `agencia`, `conta`); `cpf_cnpj_owner` the holder (default the
    TAC), with `titular_parentesco` when the holder is the TAC's relative. What is missing or cannot be accepted
    holds the declaration (bloqueios) instead of refusing the request.

        Attributes:
            tipo_pagamento (CiotAgregadoPagamentoTipoPagamentoType0 | None | Unset):
            chave_pix (None | str | Unset):
            tipo_chave_pix (CiotAgregadoPagamentoTipoChavePixType0 | None | Unset):
            banco (None | str | Unset):
            agencia (None | str | Unset):
            conta (None | str | Unset):
            cpf_cnpj_owner (None | str | Unset):
            titular_parentesco (CiotAgregadoPagamentoTitularParentescoType0 | None | Unset):
     """

    tipo_pagamento: CiotAgregadoPagamentoTipoPagamentoType0 | None | Unset = UNSET
    chave_pix: None | str | Unset = UNSET
    tipo_chave_pix: CiotAgregadoPagamentoTipoChavePixType0 | None | Unset = UNSET
    banco: None | str | Unset = UNSET
    agencia: None | str | Unset = UNSET
    conta: None | str | Unset = UNSET
    cpf_cnpj_owner: None | str | Unset = UNSET
    titular_parentesco: CiotAgregadoPagamentoTitularParentescoType0 | None | Unset = UNSET
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

        tipo_chave_pix: None | str | Unset
        if isinstance(self.tipo_chave_pix, Unset):
            tipo_chave_pix = UNSET
        elif isinstance(self.tipo_chave_pix, CiotAgregadoPagamentoTipoChavePixType0):
            tipo_chave_pix = self.tipo_chave_pix.value
        else:
            tipo_chave_pix = self.tipo_chave_pix

        banco: None | str | Unset
        if isinstance(self.banco, Unset):
            banco = UNSET
        else:
            banco = self.banco

        agencia: None | str | Unset
        if isinstance(self.agencia, Unset):
            agencia = UNSET
        else:
            agencia = self.agencia

        conta: None | str | Unset
        if isinstance(self.conta, Unset):
            conta = UNSET
        else:
            conta = self.conta

        cpf_cnpj_owner: None | str | Unset
        if isinstance(self.cpf_cnpj_owner, Unset):
            cpf_cnpj_owner = UNSET
        else:
            cpf_cnpj_owner = self.cpf_cnpj_owner

        titular_parentesco: None | str | Unset
        if isinstance(self.titular_parentesco, Unset):
            titular_parentesco = UNSET
        elif isinstance(self.titular_parentesco, CiotAgregadoPagamentoTitularParentescoType0):
            titular_parentesco = self.titular_parentesco.value
        else:
            titular_parentesco = self.titular_parentesco


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if tipo_pagamento is not UNSET:
            field_dict["tipo_pagamento"] = tipo_pagamento
        if chave_pix is not UNSET:
            field_dict["chave_pix"] = chave_pix
        if tipo_chave_pix is not UNSET:
            field_dict["tipo_chave_pix"] = tipo_chave_pix
        if banco is not UNSET:
            field_dict["banco"] = banco
        if agencia is not UNSET:
            field_dict["agencia"] = agencia
        if conta is not UNSET:
            field_dict["conta"] = conta
        if cpf_cnpj_owner is not UNSET:
            field_dict["cpf_cnpj_owner"] = cpf_cnpj_owner
        if titular_parentesco is not UNSET:
            field_dict["titular_parentesco"] = titular_parentesco

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


        def _parse_tipo_chave_pix(data: object) -> CiotAgregadoPagamentoTipoChavePixType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_chave_pix_type_0 = CiotAgregadoPagamentoTipoChavePixType0(data)



                return tipo_chave_pix_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotAgregadoPagamentoTipoChavePixType0 | None | Unset, data)

        tipo_chave_pix = _parse_tipo_chave_pix(d.pop("tipo_chave_pix", UNSET))


        def _parse_banco(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        banco = _parse_banco(d.pop("banco", UNSET))


        def _parse_agencia(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        agencia = _parse_agencia(d.pop("agencia", UNSET))


        def _parse_conta(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        conta = _parse_conta(d.pop("conta", UNSET))


        def _parse_cpf_cnpj_owner(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cpf_cnpj_owner = _parse_cpf_cnpj_owner(d.pop("cpf_cnpj_owner", UNSET))


        def _parse_titular_parentesco(data: object) -> CiotAgregadoPagamentoTitularParentescoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                titular_parentesco_type_0 = CiotAgregadoPagamentoTitularParentescoType0(data)



                return titular_parentesco_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotAgregadoPagamentoTitularParentescoType0 | None | Unset, data)

        titular_parentesco = _parse_titular_parentesco(d.pop("titular_parentesco", UNSET))


        ciot_agregado_pagamento = cls(
            tipo_pagamento=tipo_pagamento,
            chave_pix=chave_pix,
            tipo_chave_pix=tipo_chave_pix,
            banco=banco,
            agencia=agencia,
            conta=conta,
            cpf_cnpj_owner=cpf_cnpj_owner,
            titular_parentesco=titular_parentesco,
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
