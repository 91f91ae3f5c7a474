from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.receivable_status import ReceivableStatus
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="Receivable")



@_attrs_define
class Receivable:
    """ What an issued invoice's customer owes; `vencido` when open and past due (Brasília calendar).

        Attributes:
            id (UUID):
            invoice_id (UUID):
            invoice_numero (str):
            customer_partner_id (UUID):
            customer_name (str):
            valor_centavos (int):
            pago_centavos (int):
            saldo_centavos (int):
            vencimento_at (datetime.date):
            pago_em (datetime.date | None):
            status (ReceivableStatus):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    invoice_id: UUID
    invoice_numero: str
    customer_partner_id: UUID
    customer_name: str
    valor_centavos: int
    pago_centavos: int
    saldo_centavos: int
    vencimento_at: datetime.date
    pago_em: datetime.date | None
    status: ReceivableStatus
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        invoice_id = str(self.invoice_id)

        invoice_numero = self.invoice_numero

        customer_partner_id = str(self.customer_partner_id)

        customer_name = self.customer_name

        valor_centavos = self.valor_centavos

        pago_centavos = self.pago_centavos

        saldo_centavos = self.saldo_centavos

        vencimento_at = self.vencimento_at.isoformat()

        pago_em: None | str
        if isinstance(self.pago_em, datetime.date):
            pago_em = self.pago_em.isoformat()
        else:
            pago_em = self.pago_em

        status = self.status.value

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "invoice_id": invoice_id,
            "invoice_numero": invoice_numero,
            "customer_partner_id": customer_partner_id,
            "customer_name": customer_name,
            "valor_centavos": valor_centavos,
            "pago_centavos": pago_centavos,
            "saldo_centavos": saldo_centavos,
            "vencimento_at": vencimento_at,
            "pago_em": pago_em,
            "status": status,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        invoice_id = UUID(d.pop("invoice_id"))




        invoice_numero = d.pop("invoice_numero")

        customer_partner_id = UUID(d.pop("customer_partner_id"))




        customer_name = d.pop("customer_name")

        valor_centavos = d.pop("valor_centavos")

        pago_centavos = d.pop("pago_centavos")

        saldo_centavos = d.pop("saldo_centavos")

        vencimento_at = isoparse(d.pop("vencimento_at")).date()




        def _parse_pago_em(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pago_em_type_0 = isoparse(data).date()



                return pago_em_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        pago_em = _parse_pago_em(d.pop("pago_em"))


        status = ReceivableStatus(d.pop("status"))




        created_at = isoparse(d.pop("created_at"))




        receivable = cls(
            id=id,
            invoice_id=invoice_id,
            invoice_numero=invoice_numero,
            customer_partner_id=customer_partner_id,
            customer_name=customer_name,
            valor_centavos=valor_centavos,
            pago_centavos=pago_centavos,
            saldo_centavos=saldo_centavos,
            vencimento_at=vencimento_at,
            pago_em=pago_em,
            status=status,
            created_at=created_at,
        )


        receivable.additional_properties = d
        return receivable

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
