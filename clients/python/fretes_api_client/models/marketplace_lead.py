from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.marketplace_lead_status import MarketplaceLeadStatus
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="MarketplaceLead")



@_attrs_define
class MarketplaceLead:
    """ A driver's lead on one of the company's public freights.

        Attributes:
            id (UUID):
            freight_id (UUID):
            freight_code (str):
            driver_name (str):
            driver_phone (str):
            driver_doc (None | str):
            vehicle_plate (None | str):
            message (None | str):
            status (MarketplaceLeadStatus):
            source (str):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    freight_id: UUID
    freight_code: str
    driver_name: str
    driver_phone: str
    driver_doc: None | str
    vehicle_plate: None | str
    message: None | str
    status: MarketplaceLeadStatus
    source: str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        freight_id = str(self.freight_id)

        freight_code = self.freight_code

        driver_name = self.driver_name

        driver_phone = self.driver_phone

        driver_doc: None | str
        driver_doc = self.driver_doc

        vehicle_plate: None | str
        vehicle_plate = self.vehicle_plate

        message: None | str
        message = self.message

        status = self.status.value

        source = self.source

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "freight_id": freight_id,
            "freight_code": freight_code,
            "driver_name": driver_name,
            "driver_phone": driver_phone,
            "driver_doc": driver_doc,
            "vehicle_plate": vehicle_plate,
            "message": message,
            "status": status,
            "source": source,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        freight_id = UUID(d.pop("freight_id"))




        freight_code = d.pop("freight_code")

        driver_name = d.pop("driver_name")

        driver_phone = d.pop("driver_phone")

        def _parse_driver_doc(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        driver_doc = _parse_driver_doc(d.pop("driver_doc"))


        def _parse_vehicle_plate(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        vehicle_plate = _parse_vehicle_plate(d.pop("vehicle_plate"))


        def _parse_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        message = _parse_message(d.pop("message"))


        status = MarketplaceLeadStatus(d.pop("status"))




        source = d.pop("source")

        created_at = isoparse(d.pop("created_at"))




        marketplace_lead = cls(
            id=id,
            freight_id=freight_id,
            freight_code=freight_code,
            driver_name=driver_name,
            driver_phone=driver_phone,
            driver_doc=driver_doc,
            vehicle_plate=vehicle_plate,
            message=message,
            status=status,
            source=source,
            created_at=created_at,
        )


        marketplace_lead.additional_properties = d
        return marketplace_lead

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
