from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_payment_indicador_pagamento import CiotPaymentIndicadorPagamento
from ..models.ciot_payment_kind import CiotPaymentKind
from ..models.ciot_payment_tipo_chave_pix_type_0 import CiotPaymentTipoChavePixType0
from ..models.ciot_payment_tipo_pagamento import CiotPaymentTipoPagamento
from ..models.ciot_payment_titular_parentesco_type_0 import CiotPaymentTitularParentescoType0
from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime






T = TypeVar("T", bound="CiotPayment")



@_attrs_define
class CiotPayment:
    """ 
        Attributes:
            kind (CiotPaymentKind):
            tipo_pagamento (CiotPaymentTipoPagamento):
            indicador_pagamento (CiotPaymentIndicadorPagamento):
            amount (float | str):
            due_date (datetime.date):
            contratante_index (int | None | Unset):
            contratante_cpf_cnpj (None | str | Unset):
            banco (None | str | Unset):
            agencia (None | str | Unset):
            conta (None | str | Unset):
            titular_cpf_cnpj (None | str | Unset):
            codigo_pagamento (None | str | Unset):
            tipo_chave_pix (CiotPaymentTipoChavePixType0 | None | Unset):
            titular_parentesco (CiotPaymentTitularParentescoType0 | None | Unset):
     """

    kind: CiotPaymentKind
    tipo_pagamento: CiotPaymentTipoPagamento
    indicador_pagamento: CiotPaymentIndicadorPagamento
    amount: float | str
    due_date: datetime.date
    contratante_index: int | None | Unset = UNSET
    contratante_cpf_cnpj: None | str | Unset = UNSET
    banco: None | str | Unset = UNSET
    agencia: None | str | Unset = UNSET
    conta: None | str | Unset = UNSET
    titular_cpf_cnpj: None | str | Unset = UNSET
    codigo_pagamento: None | str | Unset = UNSET
    tipo_chave_pix: CiotPaymentTipoChavePixType0 | None | Unset = UNSET
    titular_parentesco: CiotPaymentTitularParentescoType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        tipo_pagamento = self.tipo_pagamento.value

        indicador_pagamento = self.indicador_pagamento.value

        amount: float | str
        amount = self.amount

        due_date = self.due_date.isoformat()

        contratante_index: int | None | Unset
        if isinstance(self.contratante_index, Unset):
            contratante_index = UNSET
        else:
            contratante_index = self.contratante_index

        contratante_cpf_cnpj: None | str | Unset
        if isinstance(self.contratante_cpf_cnpj, Unset):
            contratante_cpf_cnpj = UNSET
        else:
            contratante_cpf_cnpj = self.contratante_cpf_cnpj

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

        titular_cpf_cnpj: None | str | Unset
        if isinstance(self.titular_cpf_cnpj, Unset):
            titular_cpf_cnpj = UNSET
        else:
            titular_cpf_cnpj = self.titular_cpf_cnpj

        codigo_pagamento: None | str | Unset
        if isinstance(self.codigo_pagamento, Unset):
            codigo_pagamento = UNSET
        else:
            codigo_pagamento = self.codigo_pagamento

        tipo_chave_pix: None | str | Unset
        if isinstance(self.tipo_chave_pix, Unset):
            tipo_chave_pix = UNSET
        elif isinstance(self.tipo_chave_pix, CiotPaymentTipoChavePixType0):
            tipo_chave_pix = self.tipo_chave_pix.value
        else:
            tipo_chave_pix = self.tipo_chave_pix

        titular_parentesco: None | str | Unset
        if isinstance(self.titular_parentesco, Unset):
            titular_parentesco = UNSET
        elif isinstance(self.titular_parentesco, CiotPaymentTitularParentescoType0):
            titular_parentesco = self.titular_parentesco.value
        else:
            titular_parentesco = self.titular_parentesco


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "tipo_pagamento": tipo_pagamento,
            "indicador_pagamento": indicador_pagamento,
            "amount": amount,
            "due_date": due_date,
        })
        if contratante_index is not UNSET:
            field_dict["contratante_index"] = contratante_index
        if contratante_cpf_cnpj is not UNSET:
            field_dict["contratante_cpf_cnpj"] = contratante_cpf_cnpj
        if banco is not UNSET:
            field_dict["banco"] = banco
        if agencia is not UNSET:
            field_dict["agencia"] = agencia
        if conta is not UNSET:
            field_dict["conta"] = conta
        if titular_cpf_cnpj is not UNSET:
            field_dict["titular_cpf_cnpj"] = titular_cpf_cnpj
        if codigo_pagamento is not UNSET:
            field_dict["codigo_pagamento"] = codigo_pagamento
        if tipo_chave_pix is not UNSET:
            field_dict["tipo_chave_pix"] = tipo_chave_pix
        if titular_parentesco is not UNSET:
            field_dict["titular_parentesco"] = titular_parentesco

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = CiotPaymentKind(d.pop("kind"))




        tipo_pagamento = CiotPaymentTipoPagamento(d.pop("tipo_pagamento"))




        indicador_pagamento = CiotPaymentIndicadorPagamento(d.pop("indicador_pagamento"))




        def _parse_amount(data: object) -> float | str:
            return cast(float | str, data)

        amount = _parse_amount(d.pop("amount"))


        due_date = isoparse(d.pop("due_date")).date()




        def _parse_contratante_index(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        contratante_index = _parse_contratante_index(d.pop("contratante_index", UNSET))


        def _parse_contratante_cpf_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contratante_cpf_cnpj = _parse_contratante_cpf_cnpj(d.pop("contratante_cpf_cnpj", UNSET))


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


        def _parse_titular_cpf_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        titular_cpf_cnpj = _parse_titular_cpf_cnpj(d.pop("titular_cpf_cnpj", UNSET))


        def _parse_codigo_pagamento(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        codigo_pagamento = _parse_codigo_pagamento(d.pop("codigo_pagamento", UNSET))


        def _parse_tipo_chave_pix(data: object) -> CiotPaymentTipoChavePixType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_chave_pix_type_0 = CiotPaymentTipoChavePixType0(data)



                return tipo_chave_pix_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotPaymentTipoChavePixType0 | None | Unset, data)

        tipo_chave_pix = _parse_tipo_chave_pix(d.pop("tipo_chave_pix", UNSET))


        def _parse_titular_parentesco(data: object) -> CiotPaymentTitularParentescoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                titular_parentesco_type_0 = CiotPaymentTitularParentescoType0(data)



                return titular_parentesco_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotPaymentTitularParentescoType0 | None | Unset, data)

        titular_parentesco = _parse_titular_parentesco(d.pop("titular_parentesco", UNSET))


        ciot_payment = cls(
            kind=kind,
            tipo_pagamento=tipo_pagamento,
            indicador_pagamento=indicador_pagamento,
            amount=amount,
            due_date=due_date,
            contratante_index=contratante_index,
            contratante_cpf_cnpj=contratante_cpf_cnpj,
            banco=banco,
            agencia=agencia,
            conta=conta,
            titular_cpf_cnpj=titular_cpf_cnpj,
            codigo_pagamento=codigo_pagamento,
            tipo_chave_pix=tipo_chave_pix,
            titular_parentesco=titular_parentesco,
        )


        ciot_payment.additional_properties = d
        return ciot_payment

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
