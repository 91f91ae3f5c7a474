from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bank_account_account_type_type_0 import BankAccountAccountTypeType0
from ..models.bank_account_pix_key_type_type_0 import BankAccountPixKeyTypeType0
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="BankAccount")



@_attrs_define
class BankAccount:
    """ A partner's bank account (read-only through the API; managed in the pages).

        Attributes:
            id (UUID):
            bank_code (None | str):
            agency (None | str):
            account (None | str):
            account_type (BankAccountAccountTypeType0 | None):
            pix_key (None | str):
            pix_key_type (BankAccountPixKeyTypeType0 | None):
            holder_name (None | str):
            holder_document (None | str):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            updated_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    bank_code: None | str
    agency: None | str
    account: None | str
    account_type: BankAccountAccountTypeType0 | None
    pix_key: None | str
    pix_key_type: BankAccountPixKeyTypeType0 | None
    holder_name: None | str
    holder_document: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        bank_code: None | str
        bank_code = self.bank_code

        agency: None | str
        agency = self.agency

        account: None | str
        account = self.account

        account_type: None | str
        if isinstance(self.account_type, BankAccountAccountTypeType0):
            account_type = self.account_type.value
        else:
            account_type = self.account_type

        pix_key: None | str
        pix_key = self.pix_key

        pix_key_type: None | str
        if isinstance(self.pix_key_type, BankAccountPixKeyTypeType0):
            pix_key_type = self.pix_key_type.value
        else:
            pix_key_type = self.pix_key_type

        holder_name: None | str
        holder_name = self.holder_name

        holder_document: None | str
        holder_document = self.holder_document

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "bank_code": bank_code,
            "agency": agency,
            "account": account,
            "account_type": account_type,
            "pix_key": pix_key,
            "pix_key_type": pix_key_type,
            "holder_name": holder_name,
            "holder_document": holder_document,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




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


        def _parse_account(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account = _parse_account(d.pop("account"))


        def _parse_account_type(data: object) -> BankAccountAccountTypeType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                account_type_type_0 = BankAccountAccountTypeType0(data)



                return account_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BankAccountAccountTypeType0 | None, data)

        account_type = _parse_account_type(d.pop("account_type"))


        def _parse_pix_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        pix_key = _parse_pix_key(d.pop("pix_key"))


        def _parse_pix_key_type(data: object) -> BankAccountPixKeyTypeType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pix_key_type_type_0 = BankAccountPixKeyTypeType0(data)



                return pix_key_type_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BankAccountPixKeyTypeType0 | None, data)

        pix_key_type = _parse_pix_key_type(d.pop("pix_key_type"))


        def _parse_holder_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        holder_name = _parse_holder_name(d.pop("holder_name"))


        def _parse_holder_document(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        holder_document = _parse_holder_document(d.pop("holder_document"))


        created_at = isoparse(d.pop("created_at"))




        updated_at = isoparse(d.pop("updated_at"))




        bank_account = cls(
            id=id,
            bank_code=bank_code,
            agency=agency,
            account=account,
            account_type=account_type,
            pix_key=pix_key,
            pix_key_type=pix_key_type,
            holder_name=holder_name,
            holder_document=holder_document,
            created_at=created_at,
            updated_at=updated_at,
        )


        bank_account.additional_properties = d
        return bank_account

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
