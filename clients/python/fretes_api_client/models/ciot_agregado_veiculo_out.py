from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_agregado_veiculo_out_eixos_origem_type_0 import CiotAgregadoVeiculoOutEixosOrigemType0
from ..models.ciot_agregado_veiculo_out_tipo_veiculo import CiotAgregadoVeiculoOutTipoVeiculo
from typing import cast






T = TypeVar("T", bound="CiotAgregadoVeiculoOut")



@_attrs_define
class CiotAgregadoVeiculoOut:
    """ A vehicle of the composition as declared.

        Attributes:
            placa (str): Placa AAA9999 ou Mercosul AAA9A99, maiúsculas, sem hífen.
            tipo_veiculo (CiotAgregadoVeiculoOutTipoVeiculo):
            eixos (int | None): Nulo enquanto não informado (o contrato fica retido: `bloqueios`).
            eixos_origem (CiotAgregadoVeiculoOutEixosOrigemType0 | None): De onde vieram os eixos: do pedido, ou do cadastro
                da frota pela placa.
     """

    placa: str
    tipo_veiculo: CiotAgregadoVeiculoOutTipoVeiculo
    eixos: int | None
    eixos_origem: CiotAgregadoVeiculoOutEixosOrigemType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        placa = self.placa

        tipo_veiculo = self.tipo_veiculo.value

        eixos: int | None
        eixos = self.eixos

        eixos_origem: None | str
        if isinstance(self.eixos_origem, CiotAgregadoVeiculoOutEixosOrigemType0):
            eixos_origem = self.eixos_origem.value
        else:
            eixos_origem = self.eixos_origem


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "placa": placa,
            "tipo_veiculo": tipo_veiculo,
            "eixos": eixos,
            "eixos_origem": eixos_origem,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        placa = d.pop("placa")

        tipo_veiculo = CiotAgregadoVeiculoOutTipoVeiculo(d.pop("tipo_veiculo"))




        def _parse_eixos(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        eixos = _parse_eixos(d.pop("eixos"))


        def _parse_eixos_origem(data: object) -> CiotAgregadoVeiculoOutEixosOrigemType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                eixos_origem_type_0 = CiotAgregadoVeiculoOutEixosOrigemType0(data)



                return eixos_origem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotAgregadoVeiculoOutEixosOrigemType0 | None, data)

        eixos_origem = _parse_eixos_origem(d.pop("eixos_origem"))


        ciot_agregado_veiculo_out = cls(
            placa=placa,
            tipo_veiculo=tipo_veiculo,
            eixos=eixos,
            eixos_origem=eixos_origem,
        )


        ciot_agregado_veiculo_out.additional_properties = d
        return ciot_agregado_veiculo_out

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
