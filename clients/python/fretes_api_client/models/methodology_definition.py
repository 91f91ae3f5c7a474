from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.methodology_definition_tax_mode import MethodologyDefinitionTaxMode
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.methodology_component import MethodologyComponent
  from ..models.methodology_input import MethodologyInput





T = TypeVar("T", bound="MethodologyDefinition")



@_attrs_define
class MethodologyDefinition:
    """ A whole methodology as saved: creating one writes version 1, saving again writes the next version.

        Attributes:
            name (str):
            components (list[MethodologyComponent]):
            description (None | str | Unset):
            tax_mode (MethodologyDefinitionTaxMode | Unset): Padrão: "by_inside".
            inputs (list[MethodologyInput] | Unset):
     """

    name: str
    components: list[MethodologyComponent]
    description: None | str | Unset = UNSET
    tax_mode: MethodologyDefinitionTaxMode | Unset = UNSET
    inputs: list[MethodologyInput] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.methodology_component import MethodologyComponent
        from ..models.methodology_input import MethodologyInput
        name = self.name

        components = []
        for components_item_data in self.components:
            components_item = components_item_data.to_dict()
            components.append(components_item)



        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        tax_mode: str | Unset = UNSET
        if not isinstance(self.tax_mode, Unset):
            tax_mode = self.tax_mode.value


        inputs: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.inputs, Unset):
            inputs = []
            for inputs_item_data in self.inputs:
                inputs_item = inputs_item_data.to_dict()
                inputs.append(inputs_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "components": components,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if tax_mode is not UNSET:
            field_dict["tax_mode"] = tax_mode
        if inputs is not UNSET:
            field_dict["inputs"] = inputs

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.methodology_component import MethodologyComponent
        from ..models.methodology_input import MethodologyInput
        d = dict(src_dict)
        name = d.pop("name")

        components = []
        _components = d.pop("components")
        for components_item_data in (_components):
            components_item = MethodologyComponent.from_dict(components_item_data)



            components.append(components_item)


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        _tax_mode = d.pop("tax_mode", UNSET)
        tax_mode: MethodologyDefinitionTaxMode | Unset
        if isinstance(_tax_mode,  Unset):
            tax_mode = UNSET
        else:
            tax_mode = MethodologyDefinitionTaxMode(_tax_mode)




        _inputs = d.pop("inputs", UNSET)
        inputs: list[MethodologyInput] | Unset = UNSET
        if _inputs is not UNSET:
            inputs = []
            for inputs_item_data in _inputs:
                inputs_item = MethodologyInput.from_dict(inputs_item_data)



                inputs.append(inputs_item)


        methodology_definition = cls(
            name=name,
            components=components,
            description=description,
            tax_mode=tax_mode,
            inputs=inputs,
        )


        methodology_definition.additional_properties = d
        return methodology_definition

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
