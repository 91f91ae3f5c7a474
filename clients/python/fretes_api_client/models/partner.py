from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.partner_person_kind import PartnerPersonKind
from ..models.partner_rntrc_categoria_type_0 import PartnerRntrcCategoriaType0
from ..models.partner_roles_item import PartnerRolesItem
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="Partner")



@_attrs_define
class Partner:
    """ A business partner as the API returns it.

        Attributes:
            id (UUID):
            person_kind (PartnerPersonKind):
            cpf_cnpj (str): CPF (11 dígitos) ou CNPJ (14 caracteres), sem pontuação.
            legal_name (str):
            trade_name (None | str):
            ie (None | str):
            ie_isento (bool):
            rntrc (None | str):
            rntrc_categoria (None | PartnerRntrcCategoriaType0):
            email (None | str):
            phone (None | str):
            whatsapp (None | str):
            cep (None | str):
            uf (None | str):
            municipio_codigo (None | str):
            municipio_nome (None | str):
            logradouro (None | str):
            numero (None | str):
            complemento (None | str):
            bairro (None | str):
            roles (list[PartnerRolesItem]):
            notes (None | str):
            is_active (bool):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            updated_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    person_kind: PartnerPersonKind
    cpf_cnpj: str
    legal_name: str
    trade_name: None | str
    ie: None | str
    ie_isento: bool
    rntrc: None | str
    rntrc_categoria: None | PartnerRntrcCategoriaType0
    email: None | str
    phone: None | str
    whatsapp: None | str
    cep: None | str
    uf: None | str
    municipio_codigo: None | str
    municipio_nome: None | str
    logradouro: None | str
    numero: None | str
    complemento: None | str
    bairro: None | str
    roles: list[PartnerRolesItem]
    notes: None | str
    is_active: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        person_kind = self.person_kind.value

        cpf_cnpj = self.cpf_cnpj

        legal_name = self.legal_name

        trade_name: None | str
        trade_name = self.trade_name

        ie: None | str
        ie = self.ie

        ie_isento = self.ie_isento

        rntrc: None | str
        rntrc = self.rntrc

        rntrc_categoria: None | str
        if isinstance(self.rntrc_categoria, PartnerRntrcCategoriaType0):
            rntrc_categoria = self.rntrc_categoria.value
        else:
            rntrc_categoria = self.rntrc_categoria

        email: None | str
        email = self.email

        phone: None | str
        phone = self.phone

        whatsapp: None | str
        whatsapp = self.whatsapp

        cep: None | str
        cep = self.cep

        uf: None | str
        uf = self.uf

        municipio_codigo: None | str
        municipio_codigo = self.municipio_codigo

        municipio_nome: None | str
        municipio_nome = self.municipio_nome

        logradouro: None | str
        logradouro = self.logradouro

        numero: None | str
        numero = self.numero

        complemento: None | str
        complemento = self.complemento

        bairro: None | str
        bairro = self.bairro

        roles = []
        for roles_item_data in self.roles:
            roles_item = roles_item_data.value
            roles.append(roles_item)



        notes: None | str
        notes = self.notes

        is_active = self.is_active

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "person_kind": person_kind,
            "cpf_cnpj": cpf_cnpj,
            "legal_name": legal_name,
            "trade_name": trade_name,
            "ie": ie,
            "ie_isento": ie_isento,
            "rntrc": rntrc,
            "rntrc_categoria": rntrc_categoria,
            "email": email,
            "phone": phone,
            "whatsapp": whatsapp,
            "cep": cep,
            "uf": uf,
            "municipio_codigo": municipio_codigo,
            "municipio_nome": municipio_nome,
            "logradouro": logradouro,
            "numero": numero,
            "complemento": complemento,
            "bairro": bairro,
            "roles": roles,
            "notes": notes,
            "is_active": is_active,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        person_kind = PartnerPersonKind(d.pop("person_kind"))




        cpf_cnpj = d.pop("cpf_cnpj")

        legal_name = d.pop("legal_name")

        def _parse_trade_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trade_name = _parse_trade_name(d.pop("trade_name"))


        def _parse_ie(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ie = _parse_ie(d.pop("ie"))


        ie_isento = d.pop("ie_isento")

        def _parse_rntrc(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rntrc = _parse_rntrc(d.pop("rntrc"))


        def _parse_rntrc_categoria(data: object) -> None | PartnerRntrcCategoriaType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rntrc_categoria_type_0 = PartnerRntrcCategoriaType0(data)



                return rntrc_categoria_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PartnerRntrcCategoriaType0, data)

        rntrc_categoria = _parse_rntrc_categoria(d.pop("rntrc_categoria"))


        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))


        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))


        def _parse_whatsapp(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        whatsapp = _parse_whatsapp(d.pop("whatsapp"))


        def _parse_cep(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cep = _parse_cep(d.pop("cep"))


        def _parse_uf(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        uf = _parse_uf(d.pop("uf"))


        def _parse_municipio_codigo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        municipio_codigo = _parse_municipio_codigo(d.pop("municipio_codigo"))


        def _parse_municipio_nome(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        municipio_nome = _parse_municipio_nome(d.pop("municipio_nome"))


        def _parse_logradouro(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        logradouro = _parse_logradouro(d.pop("logradouro"))


        def _parse_numero(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        numero = _parse_numero(d.pop("numero"))


        def _parse_complemento(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        complemento = _parse_complemento(d.pop("complemento"))


        def _parse_bairro(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bairro = _parse_bairro(d.pop("bairro"))


        roles = []
        _roles = d.pop("roles")
        for roles_item_data in (_roles):
            roles_item = PartnerRolesItem(roles_item_data)



            roles.append(roles_item)


        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))


        is_active = d.pop("is_active")

        created_at = isoparse(d.pop("created_at"))




        updated_at = isoparse(d.pop("updated_at"))




        partner = cls(
            id=id,
            person_kind=person_kind,
            cpf_cnpj=cpf_cnpj,
            legal_name=legal_name,
            trade_name=trade_name,
            ie=ie,
            ie_isento=ie_isento,
            rntrc=rntrc,
            rntrc_categoria=rntrc_categoria,
            email=email,
            phone=phone,
            whatsapp=whatsapp,
            cep=cep,
            uf=uf,
            municipio_codigo=municipio_codigo,
            municipio_nome=municipio_nome,
            logradouro=logradouro,
            numero=numero,
            complemento=complemento,
            bairro=bairro,
            roles=roles,
            notes=notes,
            is_active=is_active,
            created_at=created_at,
            updated_at=updated_at,
        )


        partner.additional_properties = d
        return partner

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
