from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.billing_document_kind import BillingDocumentKind
from ..models.billing_document_status import BillingDocumentStatus
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.billing_document_metadata import BillingDocumentMetadata





T = TypeVar("T", bound="BillingDocument")



@_attrs_define
class BillingDocument:
    """ An inbox entry.

        Attributes:
            id (UUID):
            kind (BillingDocumentKind):
            status (BillingDocumentStatus):
            customer_partner_id (None | UUID):
            freight_id (None | UUID):
            invoice_id (None | UUID):
            chave (None | str):
            numero (None | str):
            serie (None | str):
            valor_centavos (int):
            emissao_at (datetime.date | None):
            storage_path (None | str):
            notes (None | str):
            metadata (BillingDocumentMetadata):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            updated_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    kind: BillingDocumentKind
    status: BillingDocumentStatus
    customer_partner_id: None | UUID
    freight_id: None | UUID
    invoice_id: None | UUID
    chave: None | str
    numero: None | str
    serie: None | str
    valor_centavos: int
    emissao_at: datetime.date | None
    storage_path: None | str
    notes: None | str
    metadata: BillingDocumentMetadata
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.billing_document_metadata import BillingDocumentMetadata
        id = str(self.id)

        kind = self.kind.value

        status = self.status.value

        customer_partner_id: None | str
        if isinstance(self.customer_partner_id, UUID):
            customer_partner_id = str(self.customer_partner_id)
        else:
            customer_partner_id = self.customer_partner_id

        freight_id: None | str
        if isinstance(self.freight_id, UUID):
            freight_id = str(self.freight_id)
        else:
            freight_id = self.freight_id

        invoice_id: None | str
        if isinstance(self.invoice_id, UUID):
            invoice_id = str(self.invoice_id)
        else:
            invoice_id = self.invoice_id

        chave: None | str
        chave = self.chave

        numero: None | str
        numero = self.numero

        serie: None | str
        serie = self.serie

        valor_centavos = self.valor_centavos

        emissao_at: None | str
        if isinstance(self.emissao_at, datetime.date):
            emissao_at = self.emissao_at.isoformat()
        else:
            emissao_at = self.emissao_at

        storage_path: None | str
        storage_path = self.storage_path

        notes: None | str
        notes = self.notes

        metadata = self.metadata.to_dict()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "kind": kind,
            "status": status,
            "customer_partner_id": customer_partner_id,
            "freight_id": freight_id,
            "invoice_id": invoice_id,
            "chave": chave,
            "numero": numero,
            "serie": serie,
            "valor_centavos": valor_centavos,
            "emissao_at": emissao_at,
            "storage_path": storage_path,
            "notes": notes,
            "metadata": metadata,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.billing_document_metadata import BillingDocumentMetadata
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        kind = BillingDocumentKind(d.pop("kind"))




        status = BillingDocumentStatus(d.pop("status"))




        def _parse_customer_partner_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                customer_partner_id_type_0 = UUID(data)



                return customer_partner_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        customer_partner_id = _parse_customer_partner_id(d.pop("customer_partner_id"))


        def _parse_freight_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                freight_id_type_0 = UUID(data)



                return freight_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        freight_id = _parse_freight_id(d.pop("freight_id"))


        def _parse_invoice_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                invoice_id_type_0 = UUID(data)



                return invoice_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        invoice_id = _parse_invoice_id(d.pop("invoice_id"))


        def _parse_chave(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chave = _parse_chave(d.pop("chave"))


        def _parse_numero(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        numero = _parse_numero(d.pop("numero"))


        def _parse_serie(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        serie = _parse_serie(d.pop("serie"))


        valor_centavos = d.pop("valor_centavos")

        def _parse_emissao_at(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                emissao_at_type_0 = isoparse(data).date()



                return emissao_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        emissao_at = _parse_emissao_at(d.pop("emissao_at"))


        def _parse_storage_path(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        storage_path = _parse_storage_path(d.pop("storage_path"))


        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))


        metadata = BillingDocumentMetadata.from_dict(d.pop("metadata"))




        created_at = isoparse(d.pop("created_at"))




        updated_at = isoparse(d.pop("updated_at"))




        billing_document = cls(
            id=id,
            kind=kind,
            status=status,
            customer_partner_id=customer_partner_id,
            freight_id=freight_id,
            invoice_id=invoice_id,
            chave=chave,
            numero=numero,
            serie=serie,
            valor_centavos=valor_centavos,
            emissao_at=emissao_at,
            storage_path=storage_path,
            notes=notes,
            metadata=metadata,
            created_at=created_at,
            updated_at=updated_at,
        )


        billing_document.additional_properties = d
        return billing_document

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
