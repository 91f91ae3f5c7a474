from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="CiotPdfJob")



@_attrs_define
class CiotPdfJob:
    """ A batch ZIP being built by the worker (GET /ciot/operations/pdf with `Prefer: respond-async`).

        Attributes:
            id (UUID):
            state (str): queued, running, done ou failed.
            total (int): Quantos PDFs o ZIP terá.
            done (int): Quantos já foram gerados.
            percent (int):
            message (None | str):
            result_url (None | str): Onde baixar o ZIP, quando state é done.
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            updated_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    state: str
    total: int
    done: int
    percent: int
    message: None | str
    result_url: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        state = self.state

        total = self.total

        done = self.done

        percent = self.percent

        message: None | str
        message = self.message

        result_url: None | str
        result_url = self.result_url

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "state": state,
            "total": total,
            "done": done,
            "percent": percent,
            "message": message,
            "result_url": result_url,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        state = d.pop("state")

        total = d.pop("total")

        done = d.pop("done")

        percent = d.pop("percent")

        def _parse_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message = _parse_message(d.pop("message"))


        def _parse_result_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        result_url = _parse_result_url(d.pop("result_url"))


        created_at = isoparse(d.pop("created_at"))




        updated_at = isoparse(d.pop("updated_at"))




        ciot_pdf_job = cls(
            id=id,
            state=state,
            total=total,
            done=done,
            percent=percent,
            message=message,
            result_url=result_url,
            created_at=created_at,
            updated_at=updated_at,
        )


        ciot_pdf_job.additional_properties = d
        return ciot_pdf_job

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
