from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="LeadCreate")



@_attrs_define
class LeadCreate:
    """ A driver's interest in a public freight. `website` is the honeypot: people leave it empty.

        Attributes:
            slug (str):
            driver_name (str):
            driver_phone (str): Celular brasileiro com DDD, em qualquer formato; gravado em E.164.
            driver_doc (None | str | Unset):
            vehicle_plate (None | str | Unset):
            message (None | str | Unset):
            website (None | str | Unset): Honeypot: deixe vazio.
     """

    slug: str
    driver_name: str
    driver_phone: str
    driver_doc: None | str | Unset = UNSET
    vehicle_plate: None | str | Unset = UNSET
    message: None | str | Unset = UNSET
    website: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        driver_name = self.driver_name

        driver_phone = self.driver_phone

        driver_doc: None | str | Unset
        if isinstance(self.driver_doc, Unset):
            driver_doc = UNSET
        else:
            driver_doc = self.driver_doc

        vehicle_plate: None | str | Unset
        if isinstance(self.vehicle_plate, Unset):
            vehicle_plate = UNSET
        else:
            vehicle_plate = self.vehicle_plate

        message: None | str | Unset
        if isinstance(self.message, Unset):
            message = UNSET
        else:
            message = self.message

        website: None | str | Unset
        if isinstance(self.website, Unset):
            website = UNSET
        else:
            website = self.website


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "slug": slug,
            "driverName": driver_name,
            "driverPhone": driver_phone,
        })
        if driver_doc is not UNSET:
            field_dict["driverDoc"] = driver_doc
        if vehicle_plate is not UNSET:
            field_dict["vehiclePlate"] = vehicle_plate
        if message is not UNSET:
            field_dict["message"] = message
        if website is not UNSET:
            field_dict["website"] = website

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slug = d.pop("slug")

        driver_name = d.pop("driverName")

        driver_phone = d.pop("driverPhone")

        def _parse_driver_doc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        driver_doc = _parse_driver_doc(d.pop("driverDoc", UNSET))


        def _parse_vehicle_plate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vehicle_plate = _parse_vehicle_plate(d.pop("vehiclePlate", UNSET))


        def _parse_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        message = _parse_message(d.pop("message", UNSET))


        def _parse_website(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        website = _parse_website(d.pop("website", UNSET))


        lead_create = cls(
            slug=slug,
            driver_name=driver_name,
            driver_phone=driver_phone,
            driver_doc=driver_doc,
            vehicle_plate=vehicle_plate,
            message=message,
            website=website,
        )


        lead_create.additional_properties = d
        return lead_create

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
