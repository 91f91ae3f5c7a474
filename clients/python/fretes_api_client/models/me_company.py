from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.me_company_ciot_environment import MeCompanyCiotEnvironment
from typing import cast
from uuid import UUID






T = TypeVar("T", bound="MeCompany")



@_attrs_define
class MeCompany:
    """ 
        Attributes:
            id (UUID):
            cnpj (str):
            legal_name (str):
            modules (list[str]):
            features (list[str]):
            ciot_environment (MeCompanyCiotEnvironment):
     """

    id: UUID
    cnpj: str
    legal_name: str
    modules: list[str]
    features: list[str]
    ciot_environment: MeCompanyCiotEnvironment
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        cnpj = self.cnpj

        legal_name = self.legal_name

        modules = self.modules



        features = self.features



        ciot_environment = self.ciot_environment.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "cnpj": cnpj,
            "legal_name": legal_name,
            "modules": modules,
            "features": features,
            "ciot_environment": ciot_environment,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        cnpj = d.pop("cnpj")

        legal_name = d.pop("legal_name")

        modules = cast(list[str], d.pop("modules"))


        features = cast(list[str], d.pop("features"))


        ciot_environment = MeCompanyCiotEnvironment(d.pop("ciot_environment"))




        me_company = cls(
            id=id,
            cnpj=cnpj,
            legal_name=legal_name,
            modules=modules,
            features=features,
            ciot_environment=ciot_environment,
        )


        me_company.additional_properties = d
        return me_company

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
