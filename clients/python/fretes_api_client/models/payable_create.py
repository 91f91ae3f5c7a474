from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="PayableCreate")



@_attrs_define
class PayableCreate:
    """ 
        Attributes:
            descricao (str):
            valor_centavos (int):
            vencimento_at (datetime.date):
            numero (None | str | Unset):
            serie (None | str | Unset):
            emissao_at (datetime.date | None | Unset):
            parcela_total (int | Unset): Padrão: 1.
            supplier_partner_id (None | Unset | UUID):
            supplier_cpf_cnpj (None | str | Unset):
            account_code (None | str | Unset):
            cost_center_code (None | str | Unset):
            freight_id (None | Unset | UUID):
            vehicle_id (None | Unset | UUID):
            notes (None | str | Unset):
     """

    descricao: str
    valor_centavos: int
    vencimento_at: datetime.date
    numero: None | str | Unset = UNSET
    serie: None | str | Unset = UNSET
    emissao_at: datetime.date | None | Unset = UNSET
    parcela_total: int | Unset = UNSET
    supplier_partner_id: None | Unset | UUID = UNSET
    supplier_cpf_cnpj: None | str | Unset = UNSET
    account_code: None | str | Unset = UNSET
    cost_center_code: None | str | Unset = UNSET
    freight_id: None | Unset | UUID = UNSET
    vehicle_id: None | Unset | UUID = UNSET
    notes: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        descricao = self.descricao

        valor_centavos = self.valor_centavos

        vencimento_at = self.vencimento_at.isoformat()

        numero: None | str | Unset
        if isinstance(self.numero, Unset):
            numero = UNSET
        else:
            numero = self.numero

        serie: None | str | Unset
        if isinstance(self.serie, Unset):
            serie = UNSET
        else:
            serie = self.serie

        emissao_at: None | str | Unset
        if isinstance(self.emissao_at, Unset):
            emissao_at = UNSET
        elif isinstance(self.emissao_at, datetime.date):
            emissao_at = self.emissao_at.isoformat()
        else:
            emissao_at = self.emissao_at

        parcela_total = self.parcela_total

        supplier_partner_id: None | str | Unset
        if isinstance(self.supplier_partner_id, Unset):
            supplier_partner_id = UNSET
        elif isinstance(self.supplier_partner_id, UUID):
            supplier_partner_id = str(self.supplier_partner_id)
        else:
            supplier_partner_id = self.supplier_partner_id

        supplier_cpf_cnpj: None | str | Unset
        if isinstance(self.supplier_cpf_cnpj, Unset):
            supplier_cpf_cnpj = UNSET
        else:
            supplier_cpf_cnpj = self.supplier_cpf_cnpj

        account_code: None | str | Unset
        if isinstance(self.account_code, Unset):
            account_code = UNSET
        else:
            account_code = self.account_code

        cost_center_code: None | str | Unset
        if isinstance(self.cost_center_code, Unset):
            cost_center_code = UNSET
        else:
            cost_center_code = self.cost_center_code

        freight_id: None | str | Unset
        if isinstance(self.freight_id, Unset):
            freight_id = UNSET
        elif isinstance(self.freight_id, UUID):
            freight_id = str(self.freight_id)
        else:
            freight_id = self.freight_id

        vehicle_id: None | str | Unset
        if isinstance(self.vehicle_id, Unset):
            vehicle_id = UNSET
        elif isinstance(self.vehicle_id, UUID):
            vehicle_id = str(self.vehicle_id)
        else:
            vehicle_id = self.vehicle_id

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "descricao": descricao,
            "valor_centavos": valor_centavos,
            "vencimento_at": vencimento_at,
        })
        if numero is not UNSET:
            field_dict["numero"] = numero
        if serie is not UNSET:
            field_dict["serie"] = serie
        if emissao_at is not UNSET:
            field_dict["emissao_at"] = emissao_at
        if parcela_total is not UNSET:
            field_dict["parcela_total"] = parcela_total
        if supplier_partner_id is not UNSET:
            field_dict["supplier_partner_id"] = supplier_partner_id
        if supplier_cpf_cnpj is not UNSET:
            field_dict["supplier_cpf_cnpj"] = supplier_cpf_cnpj
        if account_code is not UNSET:
            field_dict["account_code"] = account_code
        if cost_center_code is not UNSET:
            field_dict["cost_center_code"] = cost_center_code
        if freight_id is not UNSET:
            field_dict["freight_id"] = freight_id
        if vehicle_id is not UNSET:
            field_dict["vehicle_id"] = vehicle_id
        if notes is not UNSET:
            field_dict["notes"] = notes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        descricao = d.pop("descricao")

        valor_centavos = d.pop("valor_centavos")

        vencimento_at = isoparse(d.pop("vencimento_at")).date()




        def _parse_numero(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        numero = _parse_numero(d.pop("numero", UNSET))


        def _parse_serie(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        serie = _parse_serie(d.pop("serie", UNSET))


        def _parse_emissao_at(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                emissao_at_type_0 = isoparse(data).date()



                return emissao_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        emissao_at = _parse_emissao_at(d.pop("emissao_at", UNSET))


        parcela_total = d.pop("parcela_total", UNSET)

        def _parse_supplier_partner_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                supplier_partner_id_type_0 = UUID(data)



                return supplier_partner_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        supplier_partner_id = _parse_supplier_partner_id(d.pop("supplier_partner_id", UNSET))


        def _parse_supplier_cpf_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        supplier_cpf_cnpj = _parse_supplier_cpf_cnpj(d.pop("supplier_cpf_cnpj", UNSET))


        def _parse_account_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        account_code = _parse_account_code(d.pop("account_code", UNSET))


        def _parse_cost_center_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cost_center_code = _parse_cost_center_code(d.pop("cost_center_code", UNSET))


        def _parse_freight_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                freight_id_type_0 = UUID(data)



                return freight_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        freight_id = _parse_freight_id(d.pop("freight_id", UNSET))


        def _parse_vehicle_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vehicle_id_type_0 = UUID(data)



                return vehicle_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        vehicle_id = _parse_vehicle_id(d.pop("vehicle_id", UNSET))


        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))


        payable_create = cls(
            descricao=descricao,
            valor_centavos=valor_centavos,
            vencimento_at=vencimento_at,
            numero=numero,
            serie=serie,
            emissao_at=emissao_at,
            parcela_total=parcela_total,
            supplier_partner_id=supplier_partner_id,
            supplier_cpf_cnpj=supplier_cpf_cnpj,
            account_code=account_code,
            cost_center_code=cost_center_code,
            freight_id=freight_id,
            vehicle_id=vehicle_id,
            notes=notes,
        )


        payable_create.additional_properties = d
        return payable_create

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
