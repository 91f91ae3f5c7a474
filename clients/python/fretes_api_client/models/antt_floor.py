from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.antt_floor_table import AnttFloorTable
from typing import cast

if TYPE_CHECKING:
  from ..models.antt_floor_act import AnttFloorAct
  from ..models.antt_floor_piece import AnttFloorPiece





T = TypeVar("T", bound="AnttFloor")



@_attrs_define
class AnttFloor:
    """ The ANTT minimum freight floor of a trip: distance × CCD + CC (+ empty return, + tolls).

        Attributes:
            value (float): O piso, arredondado ao centavo (meio para cima) uma vez, no total.
            ccd (float): Coeficiente de custo de deslocamento, R$/km (4 casas).
            cc (float): Coeficiente de custo de carga e descarga, R$ por viagem.
            act (AnttFloorAct):
            table (AnttFloorTable):
            table_label (str):
            cargo_type (str):
            cargo_label (str):
            loaded_axles (int):
            distance_km (float):
            empty_return (bool): true quando o retorno vazio entrou (sempre em contêineres).
            return_distance_km (float | None):
            tolls (float | None):
            pieces (list[AnttFloorPiece]):
     """

    value: float
    ccd: float
    cc: float
    act: AnttFloorAct
    table: AnttFloorTable
    table_label: str
    cargo_type: str
    cargo_label: str
    loaded_axles: int
    distance_km: float
    empty_return: bool
    return_distance_km: float | None
    tolls: float | None
    pieces: list[AnttFloorPiece]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.antt_floor_act import AnttFloorAct
        from ..models.antt_floor_piece import AnttFloorPiece
        value = self.value

        ccd = self.ccd

        cc = self.cc

        act = self.act.to_dict()

        table = self.table.value

        table_label = self.table_label

        cargo_type = self.cargo_type

        cargo_label = self.cargo_label

        loaded_axles = self.loaded_axles

        distance_km = self.distance_km

        empty_return = self.empty_return

        return_distance_km: float | None
        return_distance_km = self.return_distance_km

        tolls: float | None
        tolls = self.tolls

        pieces = []
        for pieces_item_data in self.pieces:
            pieces_item = pieces_item_data.to_dict()
            pieces.append(pieces_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "value": value,
            "ccd": ccd,
            "cc": cc,
            "act": act,
            "table": table,
            "table_label": table_label,
            "cargo_type": cargo_type,
            "cargo_label": cargo_label,
            "loaded_axles": loaded_axles,
            "distance_km": distance_km,
            "empty_return": empty_return,
            "return_distance_km": return_distance_km,
            "tolls": tolls,
            "pieces": pieces,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.antt_floor_act import AnttFloorAct
        from ..models.antt_floor_piece import AnttFloorPiece
        d = dict(src_dict)
        value = d.pop("value")

        ccd = d.pop("ccd")

        cc = d.pop("cc")

        act = AnttFloorAct.from_dict(d.pop("act"))




        table = AnttFloorTable(d.pop("table"))




        table_label = d.pop("table_label")

        cargo_type = d.pop("cargo_type")

        cargo_label = d.pop("cargo_label")

        loaded_axles = d.pop("loaded_axles")

        distance_km = d.pop("distance_km")

        empty_return = d.pop("empty_return")

        def _parse_return_distance_km(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        return_distance_km = _parse_return_distance_km(d.pop("return_distance_km"))


        def _parse_tolls(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        tolls = _parse_tolls(d.pop("tolls"))


        pieces = []
        _pieces = d.pop("pieces")
        for pieces_item_data in (_pieces):
            pieces_item = AnttFloorPiece.from_dict(pieces_item_data)



            pieces.append(pieces_item)


        antt_floor = cls(
            value=value,
            ccd=ccd,
            cc=cc,
            act=act,
            table=table,
            table_label=table_label,
            cargo_type=cargo_type,
            cargo_label=cargo_label,
            loaded_axles=loaded_axles,
            distance_km=distance_km,
            empty_return=empty_return,
            return_distance_km=return_distance_km,
            tolls=tolls,
            pieces=pieces,
        )


        antt_floor.additional_properties = d
        return antt_floor

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
