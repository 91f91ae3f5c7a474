from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="InvoiceCreate")



@_attrs_define
class InvoiceCreate:
    """ 
        Attributes:
            document_ids (list[UUID]):
            customer_cpf_cnpj (None | str | Unset):
            customer_partner_id (None | Unset | UUID):
            vencimento_at (datetime.date | None | Unset):
            condicao_pagamento (None | str | Unset):
            observacoes (None | str | Unset):
            emit (bool | Unset): Padrão: false.
     """

    document_ids: list[UUID]
    customer_cpf_cnpj: None | str | Unset = UNSET
    customer_partner_id: None | Unset | UUID = UNSET
    vencimento_at: datetime.date | None | Unset = UNSET
    condicao_pagamento: None | str | Unset = UNSET
    observacoes: None | str | Unset = UNSET
    emit: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        document_ids = []
        for document_ids_item_data in self.document_ids:
            document_ids_item = str(document_ids_item_data)
            document_ids.append(document_ids_item)



        customer_cpf_cnpj: None | str | Unset
        if isinstance(self.customer_cpf_cnpj, Unset):
            customer_cpf_cnpj = UNSET
        else:
            customer_cpf_cnpj = self.customer_cpf_cnpj

        customer_partner_id: None | str | Unset
        if isinstance(self.customer_partner_id, Unset):
            customer_partner_id = UNSET
        elif isinstance(self.customer_partner_id, UUID):
            customer_partner_id = str(self.customer_partner_id)
        else:
            customer_partner_id = self.customer_partner_id

        vencimento_at: None | str | Unset
        if isinstance(self.vencimento_at, Unset):
            vencimento_at = UNSET
        elif isinstance(self.vencimento_at, datetime.date):
            vencimento_at = self.vencimento_at.isoformat()
        else:
            vencimento_at = self.vencimento_at

        condicao_pagamento: None | str | Unset
        if isinstance(self.condicao_pagamento, Unset):
            condicao_pagamento = UNSET
        else:
            condicao_pagamento = self.condicao_pagamento

        observacoes: None | str | Unset
        if isinstance(self.observacoes, Unset):
            observacoes = UNSET
        else:
            observacoes = self.observacoes

        emit = self.emit


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "document_ids": document_ids,
        })
        if customer_cpf_cnpj is not UNSET:
            field_dict["customer_cpf_cnpj"] = customer_cpf_cnpj
        if customer_partner_id is not UNSET:
            field_dict["customer_partner_id"] = customer_partner_id
        if vencimento_at is not UNSET:
            field_dict["vencimento_at"] = vencimento_at
        if condicao_pagamento is not UNSET:
            field_dict["condicao_pagamento"] = condicao_pagamento
        if observacoes is not UNSET:
            field_dict["observacoes"] = observacoes
        if emit is not UNSET:
            field_dict["emit"] = emit

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        document_ids = []
        _document_ids = d.pop("document_ids")
        for document_ids_item_data in (_document_ids):
            document_ids_item = UUID(document_ids_item_data)



            document_ids.append(document_ids_item)


        def _parse_customer_cpf_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        customer_cpf_cnpj = _parse_customer_cpf_cnpj(d.pop("customer_cpf_cnpj", UNSET))


        def _parse_customer_partner_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                customer_partner_id_type_0 = UUID(data)



                return customer_partner_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        customer_partner_id = _parse_customer_partner_id(d.pop("customer_partner_id", UNSET))


        def _parse_vencimento_at(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vencimento_at_type_0 = isoparse(data).date()



                return vencimento_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vencimento_at = _parse_vencimento_at(d.pop("vencimento_at", UNSET))


        def _parse_condicao_pagamento(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        condicao_pagamento = _parse_condicao_pagamento(d.pop("condicao_pagamento", UNSET))


        def _parse_observacoes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        observacoes = _parse_observacoes(d.pop("observacoes", UNSET))


        emit = d.pop("emit", UNSET)

        invoice_create = cls(
            document_ids=document_ids,
            customer_cpf_cnpj=customer_cpf_cnpj,
            customer_partner_id=customer_partner_id,
            vencimento_at=vencimento_at,
            condicao_pagamento=condicao_pagamento,
            observacoes=observacoes,
            emit=emit,
        )


        invoice_create.additional_properties = d
        return invoice_create

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
