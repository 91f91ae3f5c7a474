from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_modality_contratado_tipo_type_0 import CiotModalityContratadoTipoType0
from ..models.ciot_modality_source import CiotModalitySource
from typing import cast






T = TypeVar("T", bound="CiotModality")



@_attrs_define
class CiotModality:
    """ The effective modality: from the partner's RNTRC category when registered, else from the body.

        Attributes:
            contratado_tipo (CiotModalityContratadoTipoType0 | None):
            tac_or_equated (bool):
            equiparado (bool):
            source (CiotModalitySource):
     """

    contratado_tipo: CiotModalityContratadoTipoType0 | None
    tac_or_equated: bool
    equiparado: bool
    source: CiotModalitySource
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        contratado_tipo: None | str
        if isinstance(self.contratado_tipo, CiotModalityContratadoTipoType0):
            contratado_tipo = self.contratado_tipo.value
        else:
            contratado_tipo = self.contratado_tipo

        tac_or_equated = self.tac_or_equated

        equiparado = self.equiparado

        source = self.source.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "contratado_tipo": contratado_tipo,
            "tac_or_equated": tac_or_equated,
            "equiparado": equiparado,
            "source": source,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_contratado_tipo(data: object) -> CiotModalityContratadoTipoType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contratado_tipo_type_0 = CiotModalityContratadoTipoType0(data)



                return contratado_tipo_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotModalityContratadoTipoType0 | None, data)

        contratado_tipo = _parse_contratado_tipo(d.pop("contratado_tipo"))


        tac_or_equated = d.pop("tac_or_equated")

        equiparado = d.pop("equiparado")

        source = CiotModalitySource(d.pop("source"))




        ciot_modality = cls(
            contratado_tipo=contratado_tipo,
            tac_or_equated=tac_or_equated,
            equiparado=equiparado,
            source=source,
        )


        ciot_modality.additional_properties = d
        return ciot_modality

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
