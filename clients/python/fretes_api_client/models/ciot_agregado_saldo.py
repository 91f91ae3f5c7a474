from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CiotAgregadoSaldo")



@_attrs_define
class CiotAgregadoSaldo:
    """ Active credits minus active debits (cancelled lines count for nothing). The toll vouchers are the shipper's
    cost (Lei 10.209/2001): their own line, never in the balance.

        Attributes:
            total_creditos (float): Valor em reais (número JSON com até 2 casas).
            total_debitos (float): Valor em reais (número JSON com até 2 casas).
            saldo (float): Valor em reais (número JSON com até 2 casas).
            total_vale_pedagio (float): Soma dos vales-pedágio das viagens ativas: custo do embarcador, pago à parte do
                frete; não entra no saldo.
     """

    total_creditos: float
    total_debitos: float
    saldo: float
    total_vale_pedagio: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        total_creditos = self.total_creditos

        total_debitos = self.total_debitos

        saldo = self.saldo

        total_vale_pedagio = self.total_vale_pedagio


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "total_creditos": total_creditos,
            "total_debitos": total_debitos,
            "saldo": saldo,
            "total_vale_pedagio": total_vale_pedagio,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        total_creditos = d.pop("total_creditos")

        total_debitos = d.pop("total_debitos")

        saldo = d.pop("saldo")

        total_vale_pedagio = d.pop("total_vale_pedagio")

        ciot_agregado_saldo = cls(
            total_creditos=total_creditos,
            total_debitos=total_debitos,
            saldo=saldo,
            total_vale_pedagio=total_vale_pedagio,
        )


        ciot_agregado_saldo.additional_properties = d
        return ciot_agregado_saldo

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
