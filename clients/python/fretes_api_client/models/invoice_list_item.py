from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.invoice_list_item_status import InvoiceListItemStatus
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="InvoiceListItem")



@_attrs_define
class InvoiceListItem:
    """ 
        Attributes:
            id (UUID):
            numero (str):
            valor_centavos (int):
            vencimento_at (datetime.date):
            status (InvoiceListItemStatus):
            items_count (int):
            customer_partner_id (UUID):
            customer_name (str):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    numero: str
    valor_centavos: int
    vencimento_at: datetime.date
    status: InvoiceListItemStatus
    items_count: int
    customer_partner_id: UUID
    customer_name: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        numero = self.numero

        valor_centavos = self.valor_centavos

        vencimento_at = self.vencimento_at.isoformat()

        status = self.status.value

        items_count = self.items_count

        customer_partner_id = str(self.customer_partner_id)

        customer_name = self.customer_name

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "numero": numero,
            "valor_centavos": valor_centavos,
            "vencimento_at": vencimento_at,
            "status": status,
            "items_count": items_count,
            "customer_partner_id": customer_partner_id,
            "customer_name": customer_name,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        numero = d.pop("numero")

        valor_centavos = d.pop("valor_centavos")

        vencimento_at = isoparse(d.pop("vencimento_at")).date()




        status = InvoiceListItemStatus(d.pop("status"))




        items_count = d.pop("items_count")

        customer_partner_id = UUID(d.pop("customer_partner_id"))




        customer_name = d.pop("customer_name")

        created_at = isoparse(d.pop("created_at"))




        invoice_list_item = cls(
            id=id,
            numero=numero,
            valor_centavos=valor_centavos,
            vencimento_at=vencimento_at,
            status=status,
            items_count=items_count,
            customer_partner_id=customer_partner_id,
            customer_name=customer_name,
            created_at=created_at,
        )


        invoice_list_item.additional_properties = d
        return invoice_list_item

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
