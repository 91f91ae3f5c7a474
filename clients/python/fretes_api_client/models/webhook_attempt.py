from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from dateutil.parser import isoparse
from typing import cast
import datetime






T = TypeVar("T", bound="WebhookAttempt")



@_attrs_define
class WebhookAttempt:
    """ 
        Attributes:
            number (int):
            status_code (int | None):
            duration_ms (int):
            response_excerpt (str):
            error (None | str):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    number: int
    status_code: int | None
    duration_ms: int
    response_excerpt: str
    error: None | str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        number = self.number

        status_code: int | None
        status_code = self.status_code

        duration_ms = self.duration_ms

        response_excerpt = self.response_excerpt

        error: None | str
        error = self.error

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "number": number,
            "status_code": status_code,
            "duration_ms": duration_ms,
            "response_excerpt": response_excerpt,
            "error": error,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))


        duration_ms = d.pop("duration_ms")

        response_excerpt = d.pop("response_excerpt")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        created_at = isoparse(d.pop("created_at"))




        webhook_attempt = cls(
            number=number,
            status_code=status_code,
            duration_ms=duration_ms,
            response_excerpt=response_excerpt,
            error=error,
            created_at=created_at,
        )


        webhook_attempt.additional_properties = d
        return webhook_attempt

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
