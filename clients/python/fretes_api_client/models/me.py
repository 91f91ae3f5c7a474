from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.me_company import MeCompany
  from ..models.me_key import MeKey





T = TypeVar("T", bound="Me")



@_attrs_define
class Me:
    """ The key's company, scopes and whether its calls must be signed.

        Attributes:
            company (MeCompany):
            api_key (MeKey):
     """

    company: MeCompany
    api_key: MeKey
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.me_company import MeCompany
        from ..models.me_key import MeKey
        company = self.company.to_dict()

        api_key = self.api_key.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "company": company,
            "api_key": api_key,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.me_company import MeCompany
        from ..models.me_key import MeKey
        d = dict(src_dict)
        company = MeCompany.from_dict(d.pop("company"))




        api_key = MeKey.from_dict(d.pop("api_key"))




        me = cls(
            company=company,
            api_key=api_key,
        )


        me.additional_properties = d
        return me

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
