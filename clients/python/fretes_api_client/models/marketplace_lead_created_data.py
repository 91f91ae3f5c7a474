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






T = TypeVar("T", bound="MarketplaceLeadCreatedData")



@_attrs_define
class MarketplaceLeadCreatedData:
    """ 
        Attributes:
            id (UUID):
            freight_id (UUID):
            freight_code (str):
            status (str):
            driver_name (str):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    freight_id: UUID
    freight_code: str
    status: str
    driver_name: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        freight_id = str(self.freight_id)

        freight_code = self.freight_code

        status = self.status

        driver_name = self.driver_name

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "freight_id": freight_id,
            "freight_code": freight_code,
            "status": status,
            "driver_name": driver_name,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        freight_id = UUID(d.pop("freight_id"))




        freight_code = d.pop("freight_code")

        status = d.pop("status")

        driver_name = d.pop("driver_name")

        created_at = isoparse(d.pop("created_at"))




        marketplace_lead_created_data = cls(
            id=id,
            freight_id=freight_id,
            freight_code=freight_code,
            status=status,
            driver_name=driver_name,
            created_at=created_at,
        )


        marketplace_lead_created_data.additional_properties = d
        return marketplace_lead_created_data

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
