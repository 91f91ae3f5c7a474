from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SimulationCte")



@_attrs_define
class SimulationCte:
    """ The ICMS block of the CT-e a carrier issues for this total (vTPrest, vBC, pICMS, vICMS).

        Attributes:
            valor_prestacao (float): Valor em reais (número JSON com até 2 casas).
            base_calculo (float): Valor em reais (número JSON com até 2 casas).
            aliquota_icms (float): Fração.
            valor_icms (float): Valor em reais (número JSON com até 2 casas).
     """

    valor_prestacao: float
    base_calculo: float
    aliquota_icms: float
    valor_icms: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        valor_prestacao = self.valor_prestacao

        base_calculo = self.base_calculo

        aliquota_icms = self.aliquota_icms

        valor_icms = self.valor_icms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "valor_prestacao": valor_prestacao,
            "base_calculo": base_calculo,
            "aliquota_icms": aliquota_icms,
            "valor_icms": valor_icms,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        valor_prestacao = d.pop("valor_prestacao")

        base_calculo = d.pop("base_calculo")

        aliquota_icms = d.pop("aliquota_icms")

        valor_icms = d.pop("valor_icms")

        simulation_cte = cls(
            valor_prestacao=valor_prestacao,
            base_calculo=base_calculo,
            aliquota_icms=aliquota_icms,
            valor_icms=valor_icms,
        )


        simulation_cte.additional_properties = d
        return simulation_cte

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
