from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_agregado_debito_out_status import CiotAgregadoDebitoOutStatus
from ..models.ciot_agregado_debito_out_tipo import CiotAgregadoDebitoOutTipo
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="CiotAgregadoDebitoOut")



@_attrs_define
class CiotAgregadoDebitoOut:
    """ A debit, deducted from the balance.

        Attributes:
            id (UUID):
            numero_debito (int): Sequencial dentro do contrato, sem lacunas.
            status (CiotAgregadoDebitoOutStatus):
            tipo (CiotAgregadoDebitoOutTipo):
            valor (float): Valor em reais (número JSON com até 2 casas).
            motivo (str):
            data_debito (datetime.datetime): Data e hora de Brasília, com o deslocamento (-03:00).
            cancelado_at (datetime.datetime | None):
            cancel_motivo (None | str):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    numero_debito: int
    status: CiotAgregadoDebitoOutStatus
    tipo: CiotAgregadoDebitoOutTipo
    valor: float
    motivo: str
    data_debito: datetime.datetime
    cancelado_at: datetime.datetime | None
    cancel_motivo: None | str
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        numero_debito = self.numero_debito

        status = self.status.value

        tipo = self.tipo.value

        valor = self.valor

        motivo = self.motivo

        data_debito = self.data_debito.isoformat()

        cancelado_at: None | str
        if isinstance(self.cancelado_at, datetime.datetime):
            cancelado_at = self.cancelado_at.isoformat()
        else:
            cancelado_at = self.cancelado_at

        cancel_motivo: None | str
        cancel_motivo = self.cancel_motivo

        created_at = self.created_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "numero_debito": numero_debito,
            "status": status,
            "tipo": tipo,
            "valor": valor,
            "motivo": motivo,
            "data_debito": data_debito,
            "cancelado_at": cancelado_at,
            "cancel_motivo": cancel_motivo,
            "created_at": created_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        numero_debito = d.pop("numero_debito")

        status = CiotAgregadoDebitoOutStatus(d.pop("status"))




        tipo = CiotAgregadoDebitoOutTipo(d.pop("tipo"))




        valor = d.pop("valor")

        motivo = d.pop("motivo")

        data_debito = isoparse(d.pop("data_debito"))




        def _parse_cancelado_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancelado_at_type_0 = isoparse(data)



                return cancelado_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        cancelado_at = _parse_cancelado_at(d.pop("cancelado_at"))


        def _parse_cancel_motivo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cancel_motivo = _parse_cancel_motivo(d.pop("cancel_motivo"))


        created_at = isoparse(d.pop("created_at"))




        ciot_agregado_debito_out = cls(
            id=id,
            numero_debito=numero_debito,
            status=status,
            tipo=tipo,
            valor=valor,
            motivo=motivo,
            data_debito=data_debito,
            cancelado_at=cancelado_at,
            cancel_motivo=cancel_motivo,
            created_at=created_at,
        )


        ciot_agregado_debito_out.additional_properties = d
        return ciot_agregado_debito_out

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
