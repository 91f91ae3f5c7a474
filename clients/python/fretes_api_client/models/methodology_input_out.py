from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.methodology_input_out_type import MethodologyInputOutType
from typing import cast

if TYPE_CHECKING:
  from ..models.methodology_input_option import MethodologyInputOption





T = TypeVar("T", bound="MethodologyInputOut")



@_attrs_define
class MethodologyInputOut:
    """ One input the simulation request must (or may) carry in `inputs`.

        Attributes:
            key (str): Chave em `inputs`.
            label (str):
            type_ (MethodologyInputOutType):
            required (bool):
            min_ (float | None):
            max_ (float | None):
            default (bool | float | None | str):
            unit (None | str):
            options (list[MethodologyInputOption] | None): Opções (só para type=enum).
     """

    key: str
    label: str
    type_: MethodologyInputOutType
    required: bool
    min_: float | None
    max_: float | None
    default: bool | float | None | str
    unit: None | str
    options: list[MethodologyInputOption] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.methodology_input_option import MethodologyInputOption
        key = self.key

        label = self.label

        type_ = self.type_.value

        required = self.required

        min_: float | None
        min_ = self.min_

        max_: float | None
        max_ = self.max_

        default: bool | float | None | str
        default = self.default

        unit: None | str
        unit = self.unit

        options: list[dict[str, Any]] | None
        if isinstance(self.options, list):
            options = []
            for options_type_0_item_data in self.options:
                options_type_0_item = options_type_0_item_data.to_dict()
                options.append(options_type_0_item)


        else:
            options = self.options


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "key": key,
            "label": label,
            "type": type_,
            "required": required,
            "min": min_,
            "max": max_,
            "default": default,
            "unit": unit,
            "options": options,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.methodology_input_option import MethodologyInputOption
        d = dict(src_dict)
        key = d.pop("key")

        label = d.pop("label")

        type_ = MethodologyInputOutType(d.pop("type"))




        required = d.pop("required")

        def _parse_min_(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        min_ = _parse_min_(d.pop("min"))


        def _parse_max_(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        max_ = _parse_max_(d.pop("max"))


        def _parse_default(data: object) -> bool | float | None | str:
            if data is None:
                return data
            return cast(bool | float | None | str, data)

        default = _parse_default(d.pop("default"))


        def _parse_unit(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        unit = _parse_unit(d.pop("unit"))


        def _parse_options(data: object) -> list[MethodologyInputOption] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                options_type_0 = []
                _options_type_0 = data
                for options_type_0_item_data in (_options_type_0):
                    options_type_0_item = MethodologyInputOption.from_dict(options_type_0_item_data)



                    options_type_0.append(options_type_0_item)

                return options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[MethodologyInputOption] | None, data)

        options = _parse_options(d.pop("options"))


        methodology_input_out = cls(
            key=key,
            label=label,
            type_=type_,
            required=required,
            min_=min_,
            max_=max_,
            default=default,
            unit=unit,
            options=options,
        )


        methodology_input_out.additional_properties = d
        return methodology_input_out

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
