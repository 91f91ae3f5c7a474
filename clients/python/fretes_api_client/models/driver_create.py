from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.driver_create_cnh_category_type_0 import DriverCreateCnhCategoryType0
from ..models.driver_create_status import DriverCreateStatus
from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime






T = TypeVar("T", bound="DriverCreate")



@_attrs_define
class DriverCreate:
    """ 
        Attributes:
            name (str):
            phone (str): Telefone em E.164.
            cpf (str): CPF, 11 dígitos sem pontuação; dígitos verificadores conferidos.
            cnh_number (None | str | Unset):
            cnh_category (DriverCreateCnhCategoryType0 | None | Unset):
            cnh_expires_at (datetime.date | None | Unset):
            has_mopp (bool | Unset): Padrão: false.
            status (DriverCreateStatus | Unset): Padrão: "ativo".
     """

    name: str
    phone: str
    cpf: str
    cnh_number: None | str | Unset = UNSET
    cnh_category: DriverCreateCnhCategoryType0 | None | Unset = UNSET
    cnh_expires_at: datetime.date | None | Unset = UNSET
    has_mopp: bool | Unset = UNSET
    status: DriverCreateStatus | Unset = UNSET
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
        elif isinstance(self.cnh_category, DriverCreateCnhCategoryType0):
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
            "name": name,
            "phone": phone,
            "cpf": cpf,
        })
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
        name = d.pop("name")

        phone = d.pop("phone")

        cpf = d.pop("cpf")

        def _parse_cnh_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cnh_number = _parse_cnh_number(d.pop("cnh_number", UNSET))


        def _parse_cnh_category(data: object) -> DriverCreateCnhCategoryType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cnh_category_type_0 = DriverCreateCnhCategoryType0(data)



                return cnh_category_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DriverCreateCnhCategoryType0 | None | Unset, data)

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
        status: DriverCreateStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = DriverCreateStatus(_status)




        driver_create = cls(
            name=name,
            phone=phone,
            cpf=cpf,
            cnh_number=cnh_number,
            cnh_category=cnh_category,
            cnh_expires_at=cnh_expires_at,
            has_mopp=has_mopp,
            status=status,
        )


        driver_create.additional_properties = d
        return driver_create

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
