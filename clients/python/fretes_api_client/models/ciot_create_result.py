from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.ciot_created import CiotCreated
  from ..models.ciot_creation_emission import CiotCreationEmission
  from ..models.ciot_validation import CiotValidation





T = TypeVar("T", bound="CiotCreateResult")



@_attrs_define
class CiotCreateResult:
    """ A new operation, with the validation and, with auto_emit, the emission result.

        Attributes:
            data (CiotCreated):
            validation (CiotValidation | None):
            emission (CiotCreationEmission | None):
     """

    data: CiotCreated
    validation: CiotValidation | None
    emission: CiotCreationEmission | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_created import CiotCreated
        from ..models.ciot_creation_emission import CiotCreationEmission
        from ..models.ciot_validation import CiotValidation
        data = self.data.to_dict()

        validation: dict[str, Any] | None
        if isinstance(self.validation, CiotValidation):
            validation = self.validation.to_dict()
        else:
            validation = self.validation

        emission: dict[str, Any] | None
        if isinstance(self.emission, CiotCreationEmission):
            emission = self.emission.to_dict()
        else:
            emission = self.emission


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "data": data,
            "validation": validation,
            "emission": emission,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_created import CiotCreated
        from ..models.ciot_creation_emission import CiotCreationEmission
        from ..models.ciot_validation import CiotValidation
        d = dict(src_dict)
        data = CiotCreated.from_dict(d.pop("data"))




        def _parse_validation(data: object) -> CiotValidation | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                validation_type_0 = CiotValidation.from_dict(data)



                return validation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotValidation | None, data)

        validation = _parse_validation(d.pop("validation"))


        def _parse_emission(data: object) -> CiotCreationEmission | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                emission_type_0 = CiotCreationEmission.from_dict(data)



                return emission_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotCreationEmission | None, data)

        emission = _parse_emission(d.pop("emission"))


        ciot_create_result = cls(
            data=data,
            validation=validation,
            emission=emission,
        )


        ciot_create_result.additional_properties = d
        return ciot_create_result

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
