from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.payable_status import PayableStatus
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="Payable")



@_attrs_define
class Payable:
    """ One installment title; `vencido` when open and past due (Brasília calendar).

        Attributes:
            id (UUID):
            numero (None | str):
            descricao (str):
            supplier_partner_id (None | UUID):
            supplier_name_snapshot (None | str):
            valor_centavos (int):
            saldo_centavos (int):
            pago_centavos (int):
            emissao_at (datetime.date):
            vencimento_at (datetime.date):
            pago_em (datetime.date | None):
            parcela_num (int):
            parcela_total (int):
            status (PayableStatus):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    numero: None | str
    descricao: str
    supplier_partner_id: None | UUID
    supplier_name_snapshot: None | str
    valor_centavos: int
    saldo_centavos: int
    pago_centavos: int
    emissao_at: datetime.date
    vencimento_at: datetime.date
    pago_em: datetime.date | None
    parcela_num: int
    parcela_total: int
    status: PayableStatus
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        numero: None | str
        numero = self.numero

        descricao = self.descricao

        supplier_partner_id: None | str
        if isinstance(self.supplier_partner_id, UUID):
            supplier_partner_id = str(self.supplier_partner_id)
        else:
            supplier_partner_id = self.supplier_partner_id

        supplier_name_snapshot: None | str
        supplier_name_snapshot = self.supplier_name_snapshot

        valor_centavos = self.valor_centavos

        saldo_centavos = self.saldo_centavos

        pago_centavos = self.pago_centavos

        emissao_at = self.emissao_at.isoformat()

        vencimento_at = self.vencimento_at.isoformat()

        pago_em: None | str
        if isinstance(self.pago_em, datetime.date):
            pago_em = self.pago_em.isoformat()
        else:
            pago_em = self.pago_em

        parcela_num = self.parcela_num

        parcela_total = self.parcela_total

        status = self.status.value

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "numero": numero,
            "descricao": descricao,
            "supplier_partner_id": supplier_partner_id,
            "supplier_name_snapshot": supplier_name_snapshot,
            "valor_centavos": valor_centavos,
            "saldo_centavos": saldo_centavos,
            "pago_centavos": pago_centavos,
            "emissao_at": emissao_at,
            "vencimento_at": vencimento_at,
            "pago_em": pago_em,
            "parcela_num": parcela_num,
            "parcela_total": parcela_total,
            "status": status,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        def _parse_numero(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        numero = _parse_numero(d.pop("numero"))


        descricao = d.pop("descricao")

        def _parse_supplier_partner_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                supplier_partner_id_type_0 = UUID(data)



                return supplier_partner_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        supplier_partner_id = _parse_supplier_partner_id(d.pop("supplier_partner_id"))


        def _parse_supplier_name_snapshot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        supplier_name_snapshot = _parse_supplier_name_snapshot(d.pop("supplier_name_snapshot"))


        valor_centavos = d.pop("valor_centavos")

        saldo_centavos = d.pop("saldo_centavos")

        pago_centavos = d.pop("pago_centavos")

        emissao_at = isoparse(d.pop("emissao_at")).date()




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


        parcela_num = d.pop("parcela_num")

        parcela_total = d.pop("parcela_total")

        status = PayableStatus(d.pop("status"))




        created_at = isoparse(d.pop("created_at"))




        payable = cls(
            id=id,
            numero=numero,
            descricao=descricao,
            supplier_partner_id=supplier_partner_id,
            supplier_name_snapshot=supplier_name_snapshot,
            valor_centavos=valor_centavos,
            saldo_centavos=saldo_centavos,
            pago_centavos=pago_centavos,
            emissao_at=emissao_at,
            vencimento_at=vencimento_at,
            pago_em=pago_em,
            parcela_num=parcela_num,
            parcela_total=parcela_total,
            status=status,
            created_at=created_at,
        )


        payable.additional_properties = d
        return payable

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
