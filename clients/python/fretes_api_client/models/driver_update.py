from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.driver_update_cnh_category_type_0 import DriverUpdateCnhCategoryType0
from ..models.driver_update_status import DriverUpdateStatus
from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime






T = TypeVar("T", bound="DriverUpdate")



@_attrs_define
class DriverUpdate:
    """ PATCH body: the creation fields, all optional. A sent `null` clears an optional field; the required
    ones (typed without `| None`) refuse it.

        Attributes:
            name (str | Unset):
            phone (str | Unset): Telefone em E.164.
            cpf (str | Unset): CPF, 11 dígitos sem pontuação; dígitos verificadores conferidos.
            cnh_number (None | str | Unset):
            cnh_category (DriverUpdateCnhCategoryType0 | None | Unset):
            cnh_expires_at (datetime.date | None | Unset):
            has_mopp (bool | Unset):
            status (DriverUpdateStatus | Unset):
     """

    name: str | Unset = UNSET
    phone: str | Unset = UNSET
    cpf: str | Unset = UNSET
    cnh_number: None | str | Unset = UNSET
    cnh_category: DriverUpdateCnhCategoryType0 | None | Unset = UNSET
    cnh_expires_at: datetime.date | None | Unset = UNSET
    has_mopp: bool | Unset = UNSET
    status: DriverUpdateStatus | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        phone = self.phone

        cpf = self.cpf

        cnh_number: None | str | Unset
        if isinstance(self.cnh_number, Unset):
            cnh_number = UNSET
        else:
            cnh_number = self.cnh_number

        cnh_category: None | str | Unset
        if isinstance(self.cnh_category, Unset):
            cnh_category = UNSET
        elif isinstance(self.cnh_category, DriverUpdateCnhCategoryType0):
            cnh_category = self.cnh_category.value
        else:
            cnh_category = self.cnh_category

        cnh_expires_at: None | str | Unset
        if isinstance(self.cnh_expires_at, Unset):
            cnh_expires_at = UNSET
        elif isinstance(self.cnh_expires_at, datetime.date):
            cnh_expires_at = self.cnh_expires_at.isoformat()
        else:
            cnh_expires_at = self.cnh_expires_at

        has_mopp = self.has_mopp

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if phone is not UNSET:
            field_dict["phone"] = phone
        if cpf is not UNSET:
            field_dict["cpf"] = cpf
        if cnh_number is not UNSET:
            field_dict["cnh_number"] = cnh_number
        if cnh_category is not UNSET:
            field_dict["cnh_category"] = cnh_category
        if cnh_expires_at is not UNSET:
            field_dict["cnh_expires_at"] = cnh_expires_at
        if has_mopp is not UNSET:
            field_dict["has_mopp"] = has_mopp
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        phone = d.pop("phone", UNSET)

        cpf = d.pop("cpf", UNSET)

        def _parse_cnh_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cnh_number = _parse_cnh_number(d.pop("cnh_number", UNSET))


        def _parse_cnh_category(data: object) -> DriverUpdateCnhCategoryType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cnh_category_type_0 = DriverUpdateCnhCategoryType0(data)



                return cnh_category_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DriverUpdateCnhCategoryType0 | None | Unset, data)

        cnh_category = _parse_cnh_category(d.pop("cnh_category", UNSET))


        def _parse_cnh_expires_at(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cnh_expires_at_type_0 = isoparse(data).date()



                return cnh_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        cnh_expires_at = _parse_cnh_expires_at(d.pop("cnh_expires_at", UNSET))


        has_mopp = d.pop("has_mopp", UNSET)

        _status = d.pop("status", UNSET)
        status: DriverUpdateStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = DriverUpdateStatus(_status)




        driver_update = cls(
            name=name,
            phone=phone,
            cpf=cpf,
            cnh_number=cnh_number,
            cnh_category=cnh_category,
            cnh_expires_at=cnh_expires_at,
            has_mopp=has_mopp,
            status=status,
        )


        driver_update.additional_properties = d
        return driver_update

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
