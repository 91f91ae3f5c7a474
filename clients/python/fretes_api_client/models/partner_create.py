from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.partner_create_person_kind import PartnerCreatePersonKind
from ..models.partner_create_rntrc_categoria_type_0 import PartnerCreateRntrcCategoriaType0
from ..models.partner_create_roles_item import PartnerCreateRolesItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PartnerCreate")



@_attrs_define
class PartnerCreate:
    """ POST body: person_kind, cpf_cnpj and legal_name are required.

        Attributes:
            person_kind (PartnerCreatePersonKind):
            cpf_cnpj (str): CPF (11 dígitos) ou CNPJ (14 caracteres: 12 alfanuméricos e 2 dígitos), sem pontuação; dígitos
                verificadores conferidos.
            legal_name (str):
            trade_name (None | str | Unset):
            ie (None | str | Unset):
            ie_isento (bool | Unset): Padrão: false.
            rntrc (None | str | Unset):
            rntrc_categoria (None | PartnerCreateRntrcCategoriaType0 | Unset):
            email (None | str | Unset):
            phone (None | str | Unset):
            whatsapp (None | str | Unset):
            cep (None | str | Unset):
            uf (None | str | Unset):
            municipio_codigo (None | str | Unset):
            municipio_nome (None | str | Unset):
            logradouro (None | str | Unset):
            numero (None | str | Unset):
            complemento (None | str | Unset):
            bairro (None | str | Unset):
            roles (list[PartnerCreateRolesItem] | Unset):
            notes (None | str | Unset):
            is_active (bool | Unset): Padrão: true.
     """

    person_kind: PartnerCreatePersonKind
    cpf_cnpj: str
    legal_name: str
    trade_name: None | str | Unset = UNSET
    ie: None | str | Unset = UNSET
    ie_isento: bool | Unset = UNSET
    rntrc: None | str | Unset = UNSET
    rntrc_categoria: None | PartnerCreateRntrcCategoriaType0 | Unset = UNSET
    email: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    whatsapp: None | str | Unset = UNSET
    cep: None | str | Unset = UNSET
    uf: None | str | Unset = UNSET
    municipio_codigo: None | str | Unset = UNSET
    municipio_nome: None | str | Unset = UNSET
    logradouro: None | str | Unset = UNSET
    numero: None | str | Unset = UNSET
    complemento: None | str | Unset = UNSET
    bairro: None | str | Unset = UNSET
    roles: list[PartnerCreateRolesItem] | Unset = UNSET
    notes: None | str | Unset = UNSET
    is_active: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        person_kind = self.person_kind.value

        cpf_cnpj = self.cpf_cnpj

        legal_name = self.legal_name

        trade_name: None | str | Unset
        if isinstance(self.trade_name, Unset):
            trade_name = UNSET
        else:
            trade_name = self.trade_name

        ie: None | str | Unset
        if isinstance(self.ie, Unset):
            ie = UNSET
        else:
            ie = self.ie

        ie_isento = self.ie_isento

        rntrc: None | str | Unset
        if isinstance(self.rntrc, Unset):
            rntrc = UNSET
        else:
            rntrc = self.rntrc

        rntrc_categoria: None | str | Unset
        if isinstance(self.rntrc_categoria, Unset):
            rntrc_categoria = UNSET
        elif isinstance(self.rntrc_categoria, PartnerCreateRntrcCategoriaType0):
            rntrc_categoria = self.rntrc_categoria.value
        else:
            rntrc_categoria = self.rntrc_categoria

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        whatsapp: None | str | Unset
        if isinstance(self.whatsapp, Unset):
            whatsapp = UNSET
        else:
            whatsapp = self.whatsapp

        cep: None | str | Unset
        if isinstance(self.cep, Unset):
            cep = UNSET
        else:
            cep = self.cep

        uf: None | str | Unset
        if isinstance(self.uf, Unset):
            uf = UNSET
        else:
            uf = self.uf

        municipio_codigo: None | str | Unset
        if isinstance(self.municipio_codigo, Unset):
            municipio_codigo = UNSET
        else:
            municipio_codigo = self.municipio_codigo

        municipio_nome: None | str | Unset
        if isinstance(self.municipio_nome, Unset):
            municipio_nome = UNSET
        else:
            municipio_nome = self.municipio_nome

        logradouro: None | str | Unset
        if isinstance(self.logradouro, Unset):
            logradouro = UNSET
        else:
            logradouro = self.logradouro

        numero: None | str | Unset
        if isinstance(self.numero, Unset):
            numero = UNSET
        else:
            numero = self.numero

        complemento: None | str | Unset
        if isinstance(self.complemento, Unset):
            complemento = UNSET
        else:
            complemento = self.complemento

        bairro: None | str | Unset
        if isinstance(self.bairro, Unset):
            bairro = UNSET
        else:
            bairro = self.bairro

        roles: list[str] | Unset = UNSET
        if not isinstance(self.roles, Unset):
            roles = []
            for roles_item_data in self.roles:
                roles_item = roles_item_data.value
                roles.append(roles_item)



        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        is_active = self.is_active


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "person_kind": person_kind,
            "cpf_cnpj": cpf_cnpj,
            "legal_name": legal_name,
        })
        if trade_name is not UNSET:
            field_dict["trade_name"] = trade_name
        if ie is not UNSET:
            field_dict["ie"] = ie
        if ie_isento is not UNSET:
            field_dict["ie_isento"] = ie_isento
        if rntrc is not UNSET:
            field_dict["rntrc"] = rntrc
        if rntrc_categoria is not UNSET:
            field_dict["rntrc_categoria"] = rntrc_categoria
        if email is not UNSET:
            field_dict["email"] = email
        if phone is not UNSET:
            field_dict["phone"] = phone
        if whatsapp is not UNSET:
            field_dict["whatsapp"] = whatsapp
        if cep is not UNSET:
            field_dict["cep"] = cep
        if uf is not UNSET:
            field_dict["uf"] = uf
        if municipio_codigo is not UNSET:
            field_dict["municipio_codigo"] = municipio_codigo
        if municipio_nome is not UNSET:
            field_dict["municipio_nome"] = municipio_nome
        if logradouro is not UNSET:
            field_dict["logradouro"] = logradouro
        if numero is not UNSET:
            field_dict["numero"] = numero
        if complemento is not UNSET:
            field_dict["complemento"] = complemento
        if bairro is not UNSET:
            field_dict["bairro"] = bairro
        if roles is not UNSET:
            field_dict["roles"] = roles
        if notes is not UNSET:
            field_dict["notes"] = notes
        if is_active is not UNSET:
            field_dict["is_active"] = is_active

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        person_kind = PartnerCreatePersonKind(d.pop("person_kind"))




        cpf_cnpj = d.pop("cpf_cnpj")

        legal_name = d.pop("legal_name")

        def _parse_trade_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        trade_name = _parse_trade_name(d.pop("trade_name", UNSET))


        def _parse_ie(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ie = _parse_ie(d.pop("ie", UNSET))


        ie_isento = d.pop("ie_isento", UNSET)

        def _parse_rntrc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rntrc = _parse_rntrc(d.pop("rntrc", UNSET))


        def _parse_rntrc_categoria(data: object) -> None | PartnerCreateRntrcCategoriaType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rntrc_categoria_type_0 = PartnerCreateRntrcCategoriaType0(data)



                return rntrc_categoria_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PartnerCreateRntrcCategoriaType0 | Unset, data)

        rntrc_categoria = _parse_rntrc_categoria(d.pop("rntrc_categoria", UNSET))


        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))


        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))


        def _parse_whatsapp(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        whatsapp = _parse_whatsapp(d.pop("whatsapp", UNSET))


        def _parse_cep(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cep = _parse_cep(d.pop("cep", UNSET))


        def _parse_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        uf = _parse_uf(d.pop("uf", UNSET))


        def _parse_municipio_codigo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        municipio_codigo = _parse_municipio_codigo(d.pop("municipio_codigo", UNSET))


        def _parse_municipio_nome(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        municipio_nome = _parse_municipio_nome(d.pop("municipio_nome", UNSET))


        def _parse_logradouro(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logradouro = _parse_logradouro(d.pop("logradouro", UNSET))


        def _parse_numero(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        numero = _parse_numero(d.pop("numero", UNSET))


        def _parse_complemento(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        complemento = _parse_complemento(d.pop("complemento", UNSET))


        def _parse_bairro(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bairro = _parse_bairro(d.pop("bairro", UNSET))


        _roles = d.pop("roles", UNSET)
        roles: list[PartnerCreateRolesItem] | Unset = UNSET
        if _roles is not UNSET:
            roles = []
            for roles_item_data in _roles:
                roles_item = PartnerCreateRolesItem(roles_item_data)



                roles.append(roles_item)


        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))


        is_active = d.pop("is_active", UNSET)

        partner_create = cls(
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
        )


        partner_create.additional_properties = d
        return partner_create

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
