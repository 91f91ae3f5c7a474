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

if TYPE_CHECKING:
  from ..models.ciot_document import CiotDocument
  from ..models.ciot_payment import CiotPayment





T = TypeVar("T", bound="CiotRectifyBody")



@_attrs_define
class CiotRectifyBody:
    """ POST /retificar (legacy flow): only these fields can change after emission.

        Attributes:
            valor_frete (float | None | str | Unset):
            peso_carga (float | None | str | Unset):
            data_declaracao (datetime.date | None | Unset):
            viagem_inicio (None | str | Unset): Data (AAAA-MM-DD) ou data e hora ISO 8601; sem deslocamento, é hora de
                Brasília.
            viagem_fim (None | str | Unset): Data (AAAA-MM-DD) ou data e hora ISO 8601; sem deslocamento, é hora de
                Brasília.
            payments (list[CiotPayment] | None | Unset):
            documents (list[CiotDocument] | None | Unset):
            observacoes (None | str | Unset):
     """

    valor_frete: float | None | str | Unset = UNSET
    peso_carga: float | None | str | Unset = UNSET
    data_declaracao: datetime.date | None | Unset = UNSET
    viagem_inicio: None | str | Unset = UNSET
    viagem_fim: None | str | Unset = UNSET
    payments: list[CiotPayment] | None | Unset = UNSET
    documents: list[CiotDocument] | None | Unset = UNSET
    observacoes: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_document import CiotDocument
        from ..models.ciot_payment import CiotPayment
        valor_frete: float | None | str | Unset
        if isinstance(self.valor_frete, Unset):
            valor_frete = UNSET
        else:
            valor_frete = self.valor_frete

        peso_carga: float | None | str | Unset
        if isinstance(self.peso_carga, Unset):
            peso_carga = UNSET
        else:
            peso_carga = self.peso_carga

        data_declaracao: None | str | Unset
        if isinstance(self.data_declaracao, Unset):
            data_declaracao = UNSET
        elif isinstance(self.data_declaracao, datetime.date):
            data_declaracao = self.data_declaracao.isoformat()
        else:
            data_declaracao = self.data_declaracao

        viagem_inicio: None | str | Unset
        if isinstance(self.viagem_inicio, Unset):
            viagem_inicio = UNSET
        else:
            viagem_inicio = self.viagem_inicio

        viagem_fim: None | str | Unset
        if isinstance(self.viagem_fim, Unset):
            viagem_fim = UNSET
        else:
            viagem_fim = self.viagem_fim

        payments: list[dict[str, Any]] | None | Unset
        if isinstance(self.payments, Unset):
            payments = UNSET
        elif isinstance(self.payments, list):
            payments = []
            for payments_type_0_item_data in self.payments:
                payments_type_0_item = payments_type_0_item_data.to_dict()
                payments.append(payments_type_0_item)


        else:
            payments = self.payments

        documents: list[dict[str, Any]] | None | Unset
        if isinstance(self.documents, Unset):
            documents = UNSET
        elif isinstance(self.documents, list):
            documents = []
            for documents_type_0_item_data in self.documents:
                documents_type_0_item = documents_type_0_item_data.to_dict()
                documents.append(documents_type_0_item)


        else:
            documents = self.documents

        observacoes: None | str | Unset
        if isinstance(self.observacoes, Unset):
            observacoes = UNSET
        else:
            observacoes = self.observacoes


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if valor_frete is not UNSET:
            field_dict["valor_frete"] = valor_frete
        if peso_carga is not UNSET:
            field_dict["peso_carga"] = peso_carga
        if data_declaracao is not UNSET:
            field_dict["data_declaracao"] = data_declaracao
        if viagem_inicio is not UNSET:
            field_dict["viagem_inicio"] = viagem_inicio
        if viagem_fim is not UNSET:
            field_dict["viagem_fim"] = viagem_fim
        if payments is not UNSET:
            field_dict["payments"] = payments
        if documents is not UNSET:
            field_dict["documents"] = documents
        if observacoes is not UNSET:
            field_dict["observacoes"] = observacoes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_document import CiotDocument
        from ..models.ciot_payment import CiotPayment
        d = dict(src_dict)
        def _parse_valor_frete(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        valor_frete = _parse_valor_frete(d.pop("valor_frete", UNSET))


        def _parse_peso_carga(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        peso_carga = _parse_peso_carga(d.pop("peso_carga", UNSET))


        def _parse_data_declaracao(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                data_declaracao_type_0 = isoparse(data).date()



                return data_declaracao_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        data_declaracao = _parse_data_declaracao(d.pop("data_declaracao", UNSET))


        def _parse_viagem_inicio(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        viagem_inicio = _parse_viagem_inicio(d.pop("viagem_inicio", UNSET))


        def _parse_viagem_fim(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        viagem_fim = _parse_viagem_fim(d.pop("viagem_fim", UNSET))


        def _parse_payments(data: object) -> list[CiotPayment] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                payments_type_0 = []
                _payments_type_0 = data
                for payments_type_0_item_data in (_payments_type_0):
                    payments_type_0_item = CiotPayment.from_dict(payments_type_0_item_data)



                    payments_type_0.append(payments_type_0_item)

                return payments_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CiotPayment] | None | Unset, data)

        payments = _parse_payments(d.pop("payments", UNSET))


        def _parse_documents(data: object) -> list[CiotDocument] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                documents_type_0 = []
                _documents_type_0 = data
                for documents_type_0_item_data in (_documents_type_0):
                    documents_type_0_item = CiotDocument.from_dict(documents_type_0_item_data)



                    documents_type_0.append(documents_type_0_item)

                return documents_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CiotDocument] | None | Unset, data)

        documents = _parse_documents(d.pop("documents", UNSET))


        def _parse_observacoes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        observacoes = _parse_observacoes(d.pop("observacoes", UNSET))


        ciot_rectify_body = cls(
            valor_frete=valor_frete,
            peso_carga=peso_carga,
            data_declaracao=data_declaracao,
            viagem_inicio=viagem_inicio,
            viagem_fim=viagem_fim,
            payments=payments,
            documents=documents,
            observacoes=observacoes,
        )


        ciot_rectify_body.additional_properties = d
        return ciot_rectify_body

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
