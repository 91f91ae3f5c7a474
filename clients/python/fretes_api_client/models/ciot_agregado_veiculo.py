from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_agregado_veiculo_tipo_veiculo_type_0 import CiotAgregadoVeiculoTipoVeiculoType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CiotAgregadoVeiculo")



@_attrs_define
class CiotAgregadoVeiculo:
    """ A vehicle of the composition (its plate must be the tractor's or a trailer's): kind and axles. Omitted, the
    kind follows the composition (tractor with trailers: cavalo_trator; alone: automotor; trailers: implemento) and
    the axles come from the fleet registry when the plate is there.

        Attributes:
            placa (str): Placa AAA9999 ou Mercosul AAA9A99 (hífen e minúsculas aceitos; gravada em maiúsculas sem hífen).
            tipo_veiculo (CiotAgregadoVeiculoTipoVeiculoType0 | None | Unset):
            eixos (int | None | Unset):
     """

    placa: str
    tipo_veiculo: CiotAgregadoVeiculoTipoVeiculoType0 | None | Unset = UNSET
    eixos: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        placa = self.placa

        tipo_veiculo: None | str | Unset
        if isinstance(self.tipo_veiculo, Unset):
            tipo_veiculo = UNSET
        elif isinstance(self.tipo_veiculo, CiotAgregadoVeiculoTipoVeiculoType0):
            tipo_veiculo = self.tipo_veiculo.value
        else:
            tipo_veiculo = self.tipo_veiculo

        eixos: int | None | Unset
        if isinstance(self.eixos, Unset):
            eixos = UNSET
        else:
            eixos = self.eixos


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "placa": placa,
        })
        if tipo_veiculo is not UNSET:
            field_dict["tipo_veiculo"] = tipo_veiculo
        if eixos is not UNSET:
            field_dict["eixos"] = eixos

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        placa = d.pop("placa")

        def _parse_tipo_veiculo(data: object) -> CiotAgregadoVeiculoTipoVeiculoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_veiculo_type_0 = CiotAgregadoVeiculoTipoVeiculoType0(data)



                return tipo_veiculo_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotAgregadoVeiculoTipoVeiculoType0 | None | Unset, data)

        tipo_veiculo = _parse_tipo_veiculo(d.pop("tipo_veiculo", UNSET))


        def _parse_eixos(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        eixos = _parse_eixos(d.pop("eixos", UNSET))


        ciot_agregado_veiculo = cls(
            placa=placa,
            tipo_veiculo=tipo_veiculo,
            eixos=eixos,
        )


        ciot_agregado_veiculo.additional_properties = d
        return ciot_agregado_veiculo

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
