from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.methodology_input_type import MethodologyInputType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.enum_option import EnumOption





T = TypeVar("T", bound="MethodologyInput")



@_attrs_define
class MethodologyInput:
    """ 
        Attributes:
            key (str):
            label (str):
            type_ (MethodologyInputType):
            required (bool | Unset): Padrão: false.
            min_ (float | None | Unset):
            max_ (float | None | Unset):
            default (bool | float | None | str | Unset):
            unit (None | str | Unset):
            options (list[EnumOption] | None | Unset):
     """

    key: str
    label: str
    type_: MethodologyInputType
    required: bool | Unset = UNSET
    min_: float | None | Unset = UNSET
    max_: float | None | Unset = UNSET
    default: bool | float | None | str | Unset = UNSET
    unit: None | str | Unset = UNSET
    options: list[EnumOption] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.enum_option import EnumOption
        key = self.key

        label = self.label

        type_ = self.type_.value

        required = self.required

        min_: float | None | Unset
        if isinstance(self.min_, Unset):
            min_ = UNSET
        else:
            min_ = self.min_

        max_: float | None | Unset
        if isinstance(self.max_, Unset):
            max_ = UNSET
        else:
            max_ = self.max_

        default: bool | float | None | str | Unset
        if isinstance(self.default, Unset):
            default = UNSET
        else:
            default = self.default

        unit: None | str | Unset
        if isinstance(self.unit, Unset):
            unit = UNSET
        else:
            unit = self.unit

        options: list[dict[str, Any]] | None | Unset
        if isinstance(self.options, Unset):
            options = UNSET
        elif isinstance(self.options, list):
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
        })
        if required is not UNSET:
            field_dict["required"] = required
        if min_ is not UNSET:
            field_dict["min"] = min_
        if max_ is not UNSET:
            field_dict["max"] = max_
        if default is not UNSET:
            field_dict["default"] = default
        if unit is not UNSET:
            field_dict["unit"] = unit
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.enum_option import EnumOption
        d = dict(src_dict)
        key = d.pop("key")

        label = d.pop("label")

        type_ = MethodologyInputType(d.pop("type"))




        required = d.pop("required", UNSET)

        def _parse_min_(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        min_ = _parse_min_(d.pop("min", UNSET))


        def _parse_max_(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        max_ = _parse_max_(d.pop("max", UNSET))


        def _parse_default(data: object) -> bool | float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | float | None | str | Unset, data)

        default = _parse_default(d.pop("default", UNSET))


        def _parse_unit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        unit = _parse_unit(d.pop("unit", UNSET))


        def _parse_options(data: object) -> list[EnumOption] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                options_type_0 = []
                _options_type_0 = data
                for options_type_0_item_data in (_options_type_0):
                    options_type_0_item = EnumOption.from_dict(options_type_0_item_data)



                    options_type_0.append(options_type_0_item)

                return options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[EnumOption] | None | Unset, data)

        options = _parse_options(d.pop("options", UNSET))


        methodology_input = cls(
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


        methodology_input.additional_properties = d
        return methodology_input

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
