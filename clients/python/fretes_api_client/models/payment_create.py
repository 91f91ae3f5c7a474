from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
import datetime






T = TypeVar("T", bound="PaymentCreate")



@_attrs_define
class PaymentCreate:
    """ A payment on an open title, payable or receivable (POST .../{id}/payments): the amount, at most the open
    balance (domain.payables.titles.settle), and the day it was paid (default today in Brasília; never in the
    future).

        Attributes:
            valor_centavos (int):
            pago_em (datetime.date | None | Unset):
     """

    valor_centavos: int
    pago_em: datetime.date | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        valor_centavos = self.valor_centavos

        pago_em: None | str | Unset
        if isinstance(self.pago_em, Unset):
            pago_em = UNSET
        elif isinstance(self.pago_em, datetime.date):
            pago_em = self.pago_em.isoformat()
        else:
            pago_em = self.pago_em


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "valor_centavos": valor_centavos,
        })
        if pago_em is not UNSET:
            field_dict["pago_em"] = pago_em

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        valor_centavos = d.pop("valor_centavos")

        def _parse_pago_em(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pago_em_type_0 = isoparse(data).date()



                return pago_em_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        pago_em = _parse_pago_em(d.pop("pago_em", UNSET))


        payment_create = cls(
            valor_centavos=valor_centavos,
            pago_em=pago_em,
        )


        payment_create.additional_properties = d
        return payment_create

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
