from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.ciot_agregado_rota_distancia import CiotAgregadoRotaDistancia





T = TypeVar("T", bound="CiotAgregadoClose")



@_attrs_define
class CiotAgregadoClose:
    """ POST /encerrar. `rotas` (optional): distances for routes the closing cannot compute (422
    distancia_indisponivel names them).

        Attributes:
            peso_carga_final (float | str):
            motivo (str):
            rotas (list[CiotAgregadoRotaDistancia] | Unset):
     """

    peso_carga_final: float | str
    motivo: str
    rotas: list[CiotAgregadoRotaDistancia] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_agregado_rota_distancia import CiotAgregadoRotaDistancia
        peso_carga_final: float | str
        peso_carga_final = self.peso_carga_final

        motivo = self.motivo

        rotas: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rotas, Unset):
            rotas = []
            for rotas_item_data in self.rotas:
                rotas_item = rotas_item_data.to_dict()
                rotas.append(rotas_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "peso_carga_final": peso_carga_final,
            "motivo": motivo,
        })
        if rotas is not UNSET:
            field_dict["rotas"] = rotas

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_agregado_rota_distancia import CiotAgregadoRotaDistancia
        d = dict(src_dict)
        def _parse_peso_carga_final(data: object) -> float | str:
            return cast(float | str, data)

        peso_carga_final = _parse_peso_carga_final(d.pop("peso_carga_final"))


        motivo = d.pop("motivo")

        _rotas = d.pop("rotas", UNSET)
        rotas: list[CiotAgregadoRotaDistancia] | Unset = UNSET
        if _rotas is not UNSET:
            rotas = []
            for rotas_item_data in _rotas:
                rotas_item = CiotAgregadoRotaDistancia.from_dict(rotas_item_data)



                rotas.append(rotas_item)


        ciot_agregado_close = cls(
            peso_carga_final=peso_carga_final,
            motivo=motivo,
            rotas=rotas,
        )


        ciot_agregado_close.additional_properties = d
        return ciot_agregado_close

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
