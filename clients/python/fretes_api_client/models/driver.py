from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.driver_cnh_category_type_0 import DriverCnhCategoryType0
from ..models.driver_status import DriverStatus
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="Driver")



@_attrs_define
class Driver:
    """ 
        Attributes:
            id (UUID):
            name (str):
            phone (str):
            cpf (str): CPF, 11 dígitos.
            cnh_number (None | str):
            cnh_category (DriverCnhCategoryType0 | None):
            cnh_expires_at (datetime.date | None):
            has_mopp (bool):
            status (DriverStatus):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            updated_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    name: str
    phone: str
    cpf: str
    cnh_number: None | str
    cnh_category: DriverCnhCategoryType0 | None
    cnh_expires_at: datetime.date | None
    has_mopp: bool
    status: DriverStatus
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        phone = self.phone

        cpf = self.cpf

        cnh_number: None | str
        cnh_number = self.cnh_number

        cnh_category: None | str
        if isinstance(self.cnh_category, DriverCnhCategoryType0):
            cnh_category = self.cnh_category.value
        else:
            cnh_category = self.cnh_category

        cnh_expires_at: None | str
        if isinstance(self.cnh_expires_at, datetime.date):
            cnh_expires_at = self.cnh_expires_at.isoformat()
        else:
            cnh_expires_at = self.cnh_expires_at

        has_mopp = self.has_mopp

        status = self.status.value

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "name": name,
            "phone": phone,
            "cpf": cpf,
            "cnh_number": cnh_number,
            "cnh_category": cnh_category,
            "cnh_expires_at": cnh_expires_at,
            "has_mopp": has_mopp,
            "status": status,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        name = d.pop("name")

        phone = d.pop("phone")

        cpf = d.pop("cpf")

        def _parse_cnh_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cnh_number = _parse_cnh_number(d.pop("cnh_number"))


        def _parse_cnh_category(data: object) -> DriverCnhCategoryType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cnh_category_type_0 = DriverCnhCategoryType0(data)



                return cnh_category_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DriverCnhCategoryType0 | None, data)

        cnh_category = _parse_cnh_category(d.pop("cnh_category"))


        def _parse_cnh_expires_at(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cnh_expires_at_type_0 = isoparse(data).date()



                return cnh_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        cnh_expires_at = _parse_cnh_expires_at(d.pop("cnh_expires_at"))


        has_mopp = d.pop("has_mopp")

        status = DriverStatus(d.pop("status"))




        created_at = isoparse(d.pop("created_at"))




        updated_at = isoparse(d.pop("updated_at"))




        driver = cls(
            id=id,
            name=name,
            phone=phone,
            cpf=cpf,
            cnh_number=cnh_number,
            cnh_category=cnh_category,
            cnh_expires_at=cnh_expires_at,
            has_mopp=has_mopp,
            status=status,
            created_at=created_at,
            updated_at=updated_at,
        )


        driver.additional_properties = d
        return driver

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
