from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_agregado_debito_create_tipo import CiotAgregadoDebitoCreateTipo
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CiotAgregadoDebitoCreate")



@_attrs_define
class CiotAgregadoDebitoCreate:
    """ A debit of the contract, deducted from the balance. `data_debito` defaults to now (Brasília).

        Attributes:
            tipo (CiotAgregadoDebitoCreateTipo):
            valor (float | str):
            motivo (str):
            data_debito (None | str | Unset):
     """

    tipo: CiotAgregadoDebitoCreateTipo
    valor: float | str
    motivo: str
    data_debito: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        tipo = self.tipo.value

        valor: float | str
        valor = self.valor

        motivo = self.motivo

        data_debito: None | str | Unset
        if isinstance(self.data_debito, Unset):
            data_debito = UNSET
        else:
            data_debito = self.data_debito


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "tipo": tipo,
            "valor": valor,
            "motivo": motivo,
        })
        if data_debito is not UNSET:
            field_dict["data_debito"] = data_debito

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tipo = CiotAgregadoDebitoCreateTipo(d.pop("tipo"))




        def _parse_valor(data: object) -> float | str:
            return cast(float | str, data)

        valor = _parse_valor(d.pop("valor"))


        motivo = d.pop("motivo")

        def _parse_data_debito(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        data_debito = _parse_data_debito(d.pop("data_debito", UNSET))


        ciot_agregado_debito_create = cls(
            tipo=tipo,
            valor=valor,
            motivo=motivo,
            data_debito=data_debito,
        )


        ciot_agregado_debito_create.additional_properties = d
        return ciot_agregado_debito_create

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
