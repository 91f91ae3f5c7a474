from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.ciot_pdf_job import CiotPdfJob





T = TypeVar("T", bound="CiotPdfJobResponse")



@_attrs_define
class CiotPdfJobResponse:
    """ 
        Attributes:
            data (CiotPdfJob): A batch ZIP being built by the worker (GET /ciot/operations/pdf with `Prefer: respond-
                async`).
     """

    data: CiotPdfJob
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_pdf_job import CiotPdfJob
        data = self.data.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "data": data,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_pdf_job import CiotPdfJob
        d = dict(src_dict)
        data = CiotPdfJob.from_dict(d.pop("data"))




        ciot_pdf_job_response = cls(
            data=data,
        )


        ciot_pdf_job_response.additional_properties = d
        return ciot_pdf_job_response

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
