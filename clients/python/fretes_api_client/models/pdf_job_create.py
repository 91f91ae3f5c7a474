from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.pdf_job_create_environment_type_0 import PdfJobCreateEnvironmentType0
from ..models.pdf_job_create_status_type_0_item import PdfJobCreateStatusType0Item
from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="PdfJobCreate")



@_attrs_define
class PdfJobCreate:
    """ Body of POST /ciot/operations/pdf-jobs: the same selection as GET /ciot/operations/pdf's filters, with the ids
    and statuses as JSON lists.

        Attributes:
            ids (list[UUID] | None | Unset):
            status (list[PdfJobCreateStatusType0Item] | None | Unset):
            environment (None | PdfJobCreateEnvironmentType0 | Unset):
            from_ (datetime.date | None | Unset):
            to (datetime.date | None | Unset):
     """

    ids: list[UUID] | None | Unset = UNSET
    status: list[PdfJobCreateStatusType0Item] | None | Unset = UNSET
    environment: None | PdfJobCreateEnvironmentType0 | Unset = UNSET
    from_: datetime.date | None | Unset = UNSET
    to: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        ids: list[str] | None | Unset
        if isinstance(self.ids, Unset):
            ids = UNSET
        elif isinstance(self.ids, list):
            ids = []
            for ids_type_0_item_data in self.ids:
                ids_type_0_item = str(ids_type_0_item_data)
                ids.append(ids_type_0_item)


        else:
            ids = self.ids

        status: list[str] | None | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, list):
            status = []
            for status_type_0_item_data in self.status:
                status_type_0_item = status_type_0_item_data.value
                status.append(status_type_0_item)


        else:
            status = self.status

        environment: None | str | Unset
        if isinstance(self.environment, Unset):
            environment = UNSET
        elif isinstance(self.environment, PdfJobCreateEnvironmentType0):
            environment = self.environment.value
        else:
            environment = self.environment

        from_: None | str | Unset
        if isinstance(self.from_, Unset):
            from_ = UNSET
        elif isinstance(self.from_, datetime.date):
            from_ = self.from_.isoformat()
        else:
            from_ = self.from_

        to: None | str | Unset
        if isinstance(self.to, Unset):
            to = UNSET
        elif isinstance(self.to, datetime.date):
            to = self.to.isoformat()
        else:
            to = self.to


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if ids is not UNSET:
            field_dict["ids"] = ids
        if status is not UNSET:
            field_dict["status"] = status
        if environment is not UNSET:
            field_dict["environment"] = environment
        if from_ is not UNSET:
            field_dict["from"] = from_
        if to is not UNSET:
            field_dict["to"] = to

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_ids(data: object) -> list[UUID] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ids_type_0 = []
                _ids_type_0 = data
                for ids_type_0_item_data in (_ids_type_0):
                    ids_type_0_item = UUID(ids_type_0_item_data)



                    ids_type_0.append(ids_type_0_item)

                return ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[UUID] | None | Unset, data)

        ids = _parse_ids(d.pop("ids", UNSET))


        def _parse_status(data: object) -> list[PdfJobCreateStatusType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                status_type_0 = []
                _status_type_0 = data
                for status_type_0_item_data in (_status_type_0):
                    status_type_0_item = PdfJobCreateStatusType0Item(status_type_0_item_data)



                    status_type_0.append(status_type_0_item)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PdfJobCreateStatusType0Item] | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))


        def _parse_environment(data: object) -> None | PdfJobCreateEnvironmentType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                environment_type_0 = PdfJobCreateEnvironmentType0(data)



                return environment_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PdfJobCreateEnvironmentType0 | Unset, data)

        environment = _parse_environment(d.pop("environment", UNSET))


        def _parse_from_(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                from_type_0 = isoparse(data).date()



                return from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        from_ = _parse_from_(d.pop("from", UNSET))


        def _parse_to(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                to_type_0 = isoparse(data).date()



                return to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        to = _parse_to(d.pop("to", UNSET))


        pdf_job_create = cls(
            ids=ids,
            status=status,
            environment=environment,
            from_=from_,
            to=to,
        )


        pdf_job_create.additional_properties = d
        return pdf_job_create

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
