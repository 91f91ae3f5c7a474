from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.methodology_tax_mode import MethodologyTaxMode
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.methodology_component_out import MethodologyComponentOut
  from ..models.methodology_input_out import MethodologyInputOut





T = TypeVar("T", bound="Methodology")



@_attrs_define
class Methodology:
    """ A methodology at one version (the current one unless `?version=` asks for another).

        Attributes:
            id (UUID):
            name (str):
            description (None | str):
            version (int): A versão mostrada; simulações devolvem `methodology_version`.
            current_version (int):
            template (None | str): Modelo de origem: antt_floor, cost_model ou null.
            tax_mode (MethodologyTaxMode):
            inputs (list[MethodologyInputOut]):
            components (list[MethodologyComponentOut]):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            updated_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    name: str
    description: None | str
    version: int
    current_version: int
    template: None | str
    tax_mode: MethodologyTaxMode
    inputs: list[MethodologyInputOut]
    components: list[MethodologyComponentOut]
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.methodology_component_out import MethodologyComponentOut
        from ..models.methodology_input_out import MethodologyInputOut
        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        version = self.version

        current_version = self.current_version

        template: None | str
        template = self.template

        tax_mode = self.tax_mode.value

        inputs = []
        for inputs_item_data in self.inputs:
            inputs_item = inputs_item_data.to_dict()
            inputs.append(inputs_item)



        components = []
        for components_item_data in self.components:
            components_item = components_item_data.to_dict()
            components.append(components_item)



        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "description": description,
            "version": version,
            "current_version": current_version,
            "template": template,
            "tax_mode": tax_mode,
            "inputs": inputs,
            "components": components,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.methodology_component_out import MethodologyComponentOut
        from ..models.methodology_input_out import MethodologyInputOut
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))


        version = d.pop("version")

        current_version = d.pop("current_version")

        def _parse_template(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        template = _parse_template(d.pop("template"))


        tax_mode = MethodologyTaxMode(d.pop("tax_mode"))




        inputs = []
        _inputs = d.pop("inputs")
        for inputs_item_data in (_inputs):
            inputs_item = MethodologyInputOut.from_dict(inputs_item_data)



            inputs.append(inputs_item)


        components = []
        _components = d.pop("components")
        for components_item_data in (_components):
            components_item = MethodologyComponentOut.from_dict(components_item_data)



            components.append(components_item)


        created_at = isoparse(d.pop("created_at"))




        updated_at = isoparse(d.pop("updated_at"))




        methodology = cls(
            id=id,
            name=name,
            description=description,
            version=version,
            current_version=current_version,
            template=template,
            tax_mode=tax_mode,
            inputs=inputs,
            components=components,
            created_at=created_at,
            updated_at=updated_at,
        )


        methodology.additional_properties = d
        return methodology

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
