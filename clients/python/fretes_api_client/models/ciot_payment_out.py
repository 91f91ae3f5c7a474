from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_payment_out_indicador_pagamento import CiotPaymentOutIndicadorPagamento
from ..models.ciot_payment_out_kind import CiotPaymentOutKind
from ..models.ciot_payment_out_tipo_chave_pix_type_0 import CiotPaymentOutTipoChavePixType0
from ..models.ciot_payment_out_tipo_pagamento import CiotPaymentOutTipoPagamento
from ..models.ciot_payment_out_titular_parentesco_type_0 import CiotPaymentOutTitularParentescoType0
from dateutil.parser import isoparse
from typing import cast
import datetime






T = TypeVar("T", bound="CiotPaymentOut")



@_attrs_define
class CiotPaymentOut:
    """ 
        Attributes:
            kind (CiotPaymentOutKind):
            contratante_index (int | None):
            contratante_cpf_cnpj (None | str):
            tipo_pagamento (CiotPaymentOutTipoPagamento):
            indicador_pagamento (CiotPaymentOutIndicadorPagamento):
            amount (float):
            due_date (datetime.date):
            banco (None | str):
            agencia (None | str):
            conta (None | str):
            titular_cpf_cnpj (None | str):
            codigo_pagamento (None | str):
            tipo_chave_pix (CiotPaymentOutTipoChavePixType0 | None):
            titular_parentesco (CiotPaymentOutTitularParentescoType0 | None):
     """

    kind: CiotPaymentOutKind
    contratante_index: int | None
    contratante_cpf_cnpj: None | str
    tipo_pagamento: CiotPaymentOutTipoPagamento
    indicador_pagamento: CiotPaymentOutIndicadorPagamento
    amount: float
    due_date: datetime.date
    banco: None | str
    agencia: None | str
    conta: None | str
    titular_cpf_cnpj: None | str
    codigo_pagamento: None | str
    tipo_chave_pix: CiotPaymentOutTipoChavePixType0 | None
    titular_parentesco: CiotPaymentOutTitularParentescoType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        contratante_index: int | None
        contratante_index = self.contratante_index

        contratante_cpf_cnpj: None | str
        contratante_cpf_cnpj = self.contratante_cpf_cnpj

        tipo_pagamento = self.tipo_pagamento.value

        indicador_pagamento = self.indicador_pagamento.value

        amount = self.amount

        due_date = self.due_date.isoformat()

        banco: None | str
        banco = self.banco

        agencia: None | str
        agencia = self.agencia

        conta: None | str
        conta = self.conta

        titular_cpf_cnpj: None | str
        titular_cpf_cnpj = self.titular_cpf_cnpj

        codigo_pagamento: None | str
        codigo_pagamento = self.codigo_pagamento

        tipo_chave_pix: None | str
        if isinstance(self.tipo_chave_pix, CiotPaymentOutTipoChavePixType0):
            tipo_chave_pix = self.tipo_chave_pix.value
        else:
            tipo_chave_pix = self.tipo_chave_pix

        titular_parentesco: None | str
        if isinstance(self.titular_parentesco, CiotPaymentOutTitularParentescoType0):
            titular_parentesco = self.titular_parentesco.value
        else:
            titular_parentesco = self.titular_parentesco


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "contratante_index": contratante_index,
            "contratante_cpf_cnpj": contratante_cpf_cnpj,
            "tipo_pagamento": tipo_pagamento,
            "indicador_pagamento": indicador_pagamento,
            "amount": amount,
            "due_date": due_date,
            "banco": banco,
            "agencia": agencia,
            "conta": conta,
            "titular_cpf_cnpj": titular_cpf_cnpj,
            "codigo_pagamento": codigo_pagamento,
            "tipo_chave_pix": tipo_chave_pix,
            "titular_parentesco": titular_parentesco,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = CiotPaymentOutKind(d.pop("kind"))




        def _parse_contratante_index(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        contratante_index = _parse_contratante_index(d.pop("contratante_index"))


        def _parse_contratante_cpf_cnpj(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        contratante_cpf_cnpj = _parse_contratante_cpf_cnpj(d.pop("contratante_cpf_cnpj"))


        tipo_pagamento = CiotPaymentOutTipoPagamento(d.pop("tipo_pagamento"))




        indicador_pagamento = CiotPaymentOutIndicadorPagamento(d.pop("indicador_pagamento"))




        amount = d.pop("amount")

        due_date = isoparse(d.pop("due_date")).date()




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


        def _parse_titular_cpf_cnpj(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        titular_cpf_cnpj = _parse_titular_cpf_cnpj(d.pop("titular_cpf_cnpj"))


        def _parse_codigo_pagamento(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        codigo_pagamento = _parse_codigo_pagamento(d.pop("codigo_pagamento"))


        def _parse_tipo_chave_pix(data: object) -> CiotPaymentOutTipoChavePixType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_chave_pix_type_0 = CiotPaymentOutTipoChavePixType0(data)



                return tipo_chave_pix_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotPaymentOutTipoChavePixType0 | None, data)

        tipo_chave_pix = _parse_tipo_chave_pix(d.pop("tipo_chave_pix"))


        def _parse_titular_parentesco(data: object) -> CiotPaymentOutTitularParentescoType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                titular_parentesco_type_0 = CiotPaymentOutTitularParentescoType0(data)



                return titular_parentesco_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotPaymentOutTitularParentescoType0 | None, data)

        titular_parentesco = _parse_titular_parentesco(d.pop("titular_parentesco"))


        ciot_payment_out = cls(
            kind=kind,
            contratante_index=contratante_index,
            contratante_cpf_cnpj=contratante_cpf_cnpj,
            tipo_pagamento=tipo_pagamento,
            indicador_pagamento=indicador_pagamento,
            amount=amount,
            due_date=due_date,
            banco=banco,
            agencia=agencia,
            conta=conta,
            titular_cpf_cnpj=titular_cpf_cnpj,
            codigo_pagamento=codigo_pagamento,
            tipo_chave_pix=tipo_chave_pix,
            titular_parentesco=titular_parentesco,
        )


        ciot_payment_out.additional_properties = d
        return ciot_payment_out

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
