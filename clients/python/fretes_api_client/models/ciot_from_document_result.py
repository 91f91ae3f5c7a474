from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.ciot_created import CiotCreated
  from ..models.ciot_derived_field import CiotDerivedField
  from ..models.ciot_unknown_contratado import CiotUnknownContratado
  from ..models.ciot_validation import CiotValidation





T = TypeVar("T", bound="CiotFromDocumentResult")



@_attrs_define
class CiotFromDocumentResult:
    """ The new operation (as POST /ciot/operations answers it), the documents read and where each value came from.

        Attributes:
            data (CiotCreated):
            validation (CiotValidation | None):
            emission (None):
            documentos (list[str]):
            derivados (list[CiotDerivedField]):
            contratado_nao_cadastrado (CiotUnknownContratado | None):
     """

    data: CiotCreated
    validation: CiotValidation | None
    emission: None
    documentos: list[str]
    derivados: list[CiotDerivedField]
    contratado_nao_cadastrado: CiotUnknownContratado | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_created import CiotCreated
        from ..models.ciot_derived_field import CiotDerivedField
        from ..models.ciot_unknown_contratado import CiotUnknownContratado
        from ..models.ciot_validation import CiotValidation
        data = self.data.to_dict()

        validation: dict[str, Any] | None
        if isinstance(self.validation, CiotValidation):
            validation = self.validation.to_dict()
        else:
            validation = self.validation

        emission = self.emission

        documentos = self.documentos



        derivados = []
        for derivados_item_data in self.derivados:
            derivados_item = derivados_item_data.to_dict()
            derivados.append(derivados_item)



        contratado_nao_cadastrado: dict[str, Any] | None
        if isinstance(self.contratado_nao_cadastrado, CiotUnknownContratado):
            contratado_nao_cadastrado = self.contratado_nao_cadastrado.to_dict()
        else:
            contratado_nao_cadastrado = self.contratado_nao_cadastrado


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "data": data,
            "validation": validation,
            "emission": emission,
            "documentos": documentos,
            "derivados": derivados,
            "contratado_nao_cadastrado": contratado_nao_cadastrado,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_created import CiotCreated
        from ..models.ciot_derived_field import CiotDerivedField
        from ..models.ciot_unknown_contratado import CiotUnknownContratado
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


        emission = d.pop("emission")

        documentos = cast(list[str], d.pop("documentos"))


        derivados = []
        _derivados = d.pop("derivados")
        for derivados_item_data in (_derivados):
            derivados_item = CiotDerivedField.from_dict(derivados_item_data)



            derivados.append(derivados_item)


        def _parse_contratado_nao_cadastrado(data: object) -> CiotUnknownContratado | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contratado_nao_cadastrado_type_0 = CiotUnknownContratado.from_dict(data)



                return contratado_nao_cadastrado_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotUnknownContratado | None, data)

        contratado_nao_cadastrado = _parse_contratado_nao_cadastrado(d.pop("contratado_nao_cadastrado"))


        ciot_from_document_result = cls(
            data=data,
            validation=validation,
            emission=emission,
            documentos=documentos,
            derivados=derivados,
            contratado_nao_cadastrado=contratado_nao_cadastrado,
        )


        ciot_from_document_result.additional_properties = d
        return ciot_from_document_result

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
