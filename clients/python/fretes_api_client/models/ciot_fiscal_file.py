from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from uuid import UUID






T = TypeVar("T", bound="CiotFiscalFile")



@_attrs_define
class CiotFiscalFile:
    """ One fiscal document: its XML text, or a document of the billing inbox (its stored XML).

        Attributes:
            xml (None | str | Unset): O XML do CT-e, CT-e OS ou NF-e (ou do evento de cancelamento), como texto; até 2 MB,
                dentro do limite de 1 MiB do corpo da requisição.
            billing_document_id (None | Unset | UUID): Um documento da caixa de entrada do faturamento (GET
                /billing/documents), lido do XML guardado.
     """

    xml: None | str | Unset = UNSET
    billing_document_id: None | Unset | UUID = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        xml: None | str | Unset
        if isinstance(self.xml, Unset):
            xml = UNSET
        else:
            xml = self.xml

        billing_document_id: None | str | Unset
        if isinstance(self.billing_document_id, Unset):
            billing_document_id = UNSET
        elif isinstance(self.billing_document_id, UUID):
            billing_document_id = str(self.billing_document_id)
        else:
            billing_document_id = self.billing_document_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if xml is not UNSET:
            field_dict["xml"] = xml
        if billing_document_id is not UNSET:
            field_dict["billing_document_id"] = billing_document_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_xml(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        xml = _parse_xml(d.pop("xml", UNSET))


        def _parse_billing_document_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                billing_document_id_type_0 = UUID(data)



                return billing_document_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        billing_document_id = _parse_billing_document_id(d.pop("billing_document_id", UNSET))


        ciot_fiscal_file = cls(
            xml=xml,
            billing_document_id=billing_document_id,
        )


        ciot_fiscal_file.additional_properties = d
        return ciot_fiscal_file

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
