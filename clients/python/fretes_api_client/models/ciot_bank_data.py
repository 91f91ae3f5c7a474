from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="CiotBankData")



@_attrs_define
class CiotBankData:
    """ The receiver's bank data used for the operation (root fields, or the first payment item that has them).

        Attributes:
            bank_code (None | str):
            agency (None | str):
            account_number (None | str):
            cpf_cnpj_owner (None | str):
     """

    bank_code: None | str
    agency: None | str
    account_number: None | str
    cpf_cnpj_owner: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        bank_code: None | str
        bank_code = self.bank_code

        agency: None | str
        agency = self.agency

        account_number: None | str
        account_number = self.account_number

        cpf_cnpj_owner: None | str
        cpf_cnpj_owner = self.cpf_cnpj_owner


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bank_code": bank_code,
            "agency": agency,
            "account_number": account_number,
            "cpf_cnpj_owner": cpf_cnpj_owner,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_bank_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bank_code = _parse_bank_code(d.pop("bank_code"))


        def _parse_agency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        agency = _parse_agency(d.pop("agency"))


        def _parse_account_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account_number = _parse_account_number(d.pop("account_number"))


        def _parse_cpf_cnpj_owner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cpf_cnpj_owner = _parse_cpf_cnpj_owner(d.pop("cpf_cnpj_owner"))


        ciot_bank_data = cls(
            bank_code=bank_code,
            agency=agency,
            account_number=account_number,
            cpf_cnpj_owner=cpf_cnpj_owner,
        )


        ciot_bank_data.additional_properties = d
        return ciot_bank_data

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
