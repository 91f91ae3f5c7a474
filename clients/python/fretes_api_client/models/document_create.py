from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.document_create_kind import DocumentCreateKind
from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.document_create_metadata_type_0 import DocumentCreateMetadataType0





T = TypeVar("T", bound="DocumentCreate")



@_attrs_define
class DocumentCreate:
    """ 
        Attributes:
            customer_cpf_cnpj (None | str | Unset):
            customer_partner_id (None | Unset | UUID):
            kind (DocumentCreateKind | Unset): Padrão: "outro".
            freight_id (None | Unset | UUID):
            chave (None | str | Unset):
            numero (None | str | Unset):
            serie (None | str | Unset):
            valor_centavos (int | Unset): Padrão: 0.
            emissao_at (datetime.date | None | Unset):
            storage_path (None | str | Unset):
            notes (None | str | Unset):
            metadata (DocumentCreateMetadataType0 | None | Unset):
     """

    customer_cpf_cnpj: None | str | Unset = UNSET
    customer_partner_id: None | Unset | UUID = UNSET
    kind: DocumentCreateKind | Unset = UNSET
    freight_id: None | Unset | UUID = UNSET
    chave: None | str | Unset = UNSET
    numero: None | str | Unset = UNSET
    serie: None | str | Unset = UNSET
    valor_centavos: int | Unset = UNSET
    emissao_at: datetime.date | None | Unset = UNSET
    storage_path: None | str | Unset = UNSET
    notes: None | str | Unset = UNSET
    metadata: DocumentCreateMetadataType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.document_create_metadata_type_0 import DocumentCreateMetadataType0
        customer_cpf_cnpj: None | str | Unset
        if isinstance(self.customer_cpf_cnpj, Unset):
            customer_cpf_cnpj = UNSET
        else:
            customer_cpf_cnpj = self.customer_cpf_cnpj

        customer_partner_id: None | str | Unset
        if isinstance(self.customer_partner_id, Unset):
            customer_partner_id = UNSET
        elif isinstance(self.customer_partner_id, UUID):
            customer_partner_id = str(self.customer_partner_id)
        else:
            customer_partner_id = self.customer_partner_id

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value


        freight_id: None | str | Unset
        if isinstance(self.freight_id, Unset):
            freight_id = UNSET
        elif isinstance(self.freight_id, UUID):
            freight_id = str(self.freight_id)
        else:
            freight_id = self.freight_id

        chave: None | str | Unset
        if isinstance(self.chave, Unset):
            chave = UNSET
        else:
            chave = self.chave

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

        valor_centavos = self.valor_centavos

        emissao_at: None | str | Unset
        if isinstance(self.emissao_at, Unset):
            emissao_at = UNSET
        elif isinstance(self.emissao_at, datetime.date):
            emissao_at = self.emissao_at.isoformat()
        else:
            emissao_at = self.emissao_at

        storage_path: None | str | Unset
        if isinstance(self.storage_path, Unset):
            storage_path = UNSET
        else:
            storage_path = self.storage_path

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, DocumentCreateMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if customer_cpf_cnpj is not UNSET:
            field_dict["customer_cpf_cnpj"] = customer_cpf_cnpj
        if customer_partner_id is not UNSET:
            field_dict["customer_partner_id"] = customer_partner_id
        if kind is not UNSET:
            field_dict["kind"] = kind
        if freight_id is not UNSET:
            field_dict["freight_id"] = freight_id
        if chave is not UNSET:
            field_dict["chave"] = chave
        if numero is not UNSET:
            field_dict["numero"] = numero
        if serie is not UNSET:
            field_dict["serie"] = serie
        if valor_centavos is not UNSET:
            field_dict["valor_centavos"] = valor_centavos
        if emissao_at is not UNSET:
            field_dict["emissao_at"] = emissao_at
        if storage_path is not UNSET:
            field_dict["storage_path"] = storage_path
        if notes is not UNSET:
            field_dict["notes"] = notes
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.document_create_metadata_type_0 import DocumentCreateMetadataType0
        d = dict(src_dict)
        def _parse_customer_cpf_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        customer_cpf_cnpj = _parse_customer_cpf_cnpj(d.pop("customer_cpf_cnpj", UNSET))


        def _parse_customer_partner_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                customer_partner_id_type_0 = UUID(data)



                return customer_partner_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        customer_partner_id = _parse_customer_partner_id(d.pop("customer_partner_id", UNSET))


        _kind = d.pop("kind", UNSET)
        kind: DocumentCreateKind | Unset
        if isinstance(_kind,  Unset):
            kind = UNSET
        else:
            kind = DocumentCreateKind(_kind)




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


        def _parse_chave(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chave = _parse_chave(d.pop("chave", UNSET))


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


        valor_centavos = d.pop("valor_centavos", UNSET)

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


        def _parse_storage_path(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        storage_path = _parse_storage_path(d.pop("storage_path", UNSET))


        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))


        def _parse_metadata(data: object) -> DocumentCreateMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = DocumentCreateMetadataType0.from_dict(data)



                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DocumentCreateMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        document_create = cls(
            customer_cpf_cnpj=customer_cpf_cnpj,
            customer_partner_id=customer_partner_id,
            kind=kind,
            freight_id=freight_id,
            chave=chave,
            numero=numero,
            serie=serie,
            valor_centavos=valor_centavos,
            emissao_at=emissao_at,
            storage_path=storage_path,
            notes=notes,
            metadata=metadata,
        )


        document_create.additional_properties = d
        return document_create

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
