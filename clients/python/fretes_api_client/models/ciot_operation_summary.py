from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_operation_summary_environment import CiotOperationSummaryEnvironment
from ..models.ciot_operation_summary_mode import CiotOperationSummaryMode
from ..models.ciot_operation_summary_status import CiotOperationSummaryStatus
from ..models.ciot_operation_summary_tipo_operacao import CiotOperationSummaryTipoOperacao
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime






T = TypeVar("T", bound="CiotOperationSummary")



@_attrs_define
class CiotOperationSummary:
    """ An operation in a list.

        Attributes:
            id (UUID):
            code (str): Código da operação na empresa (CIOT-000001).
            status (CiotOperationSummaryStatus):
            mode (CiotOperationSummaryMode):
            environment (CiotOperationSummaryEnvironment):
            tipo_operacao (CiotOperationSummaryTipoOperacao):
            external_id (None | str):
            contratado_cpf_cnpj (str):
            contratado_nome (None | str):
            contratado_rntrc (str):
            valor_frete (float | None):
            codigo_ciot (None | str):
            protocolo (None | str):
            contingencia (bool):
            emitted_at (datetime.datetime | None):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            updated_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    code: str
    status: CiotOperationSummaryStatus
    mode: CiotOperationSummaryMode
    environment: CiotOperationSummaryEnvironment
    tipo_operacao: CiotOperationSummaryTipoOperacao
    external_id: None | str
    contratado_cpf_cnpj: str
    contratado_nome: None | str
    contratado_rntrc: str
    valor_frete: float | None
    codigo_ciot: None | str
    protocolo: None | str
    contingencia: bool
    emitted_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        code = self.code

        status = self.status.value

        mode = self.mode.value

        environment = self.environment.value

        tipo_operacao = self.tipo_operacao.value

        external_id: None | str
        external_id = self.external_id

        contratado_cpf_cnpj = self.contratado_cpf_cnpj

        contratado_nome: None | str
        contratado_nome = self.contratado_nome

        contratado_rntrc = self.contratado_rntrc

        valor_frete: float | None
        valor_frete = self.valor_frete

        codigo_ciot: None | str
        codigo_ciot = self.codigo_ciot

        protocolo: None | str
        protocolo = self.protocolo

        contingencia = self.contingencia

        emitted_at: None | str
        if isinstance(self.emitted_at, datetime.datetime):
            emitted_at = self.emitted_at.isoformat()
        else:
            emitted_at = self.emitted_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "code": code,
            "status": status,
            "mode": mode,
            "environment": environment,
            "tipo_operacao": tipo_operacao,
            "external_id": external_id,
            "contratado_cpf_cnpj": contratado_cpf_cnpj,
            "contratado_nome": contratado_nome,
            "contratado_rntrc": contratado_rntrc,
            "valor_frete": valor_frete,
            "codigo_ciot": codigo_ciot,
            "protocolo": protocolo,
            "contingencia": contingencia,
            "emitted_at": emitted_at,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        code = d.pop("code")

        status = CiotOperationSummaryStatus(d.pop("status"))




        mode = CiotOperationSummaryMode(d.pop("mode"))




        environment = CiotOperationSummaryEnvironment(d.pop("environment"))




        tipo_operacao = CiotOperationSummaryTipoOperacao(d.pop("tipo_operacao"))




        def _parse_external_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        external_id = _parse_external_id(d.pop("external_id"))


        contratado_cpf_cnpj = d.pop("contratado_cpf_cnpj")

        def _parse_contratado_nome(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        contratado_nome = _parse_contratado_nome(d.pop("contratado_nome"))


        contratado_rntrc = d.pop("contratado_rntrc")

        def _parse_valor_frete(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        valor_frete = _parse_valor_frete(d.pop("valor_frete"))


        def _parse_codigo_ciot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        codigo_ciot = _parse_codigo_ciot(d.pop("codigo_ciot"))


        def _parse_protocolo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        protocolo = _parse_protocolo(d.pop("protocolo"))


        contingencia = d.pop("contingencia")

        def _parse_emitted_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                emitted_at_type_0 = isoparse(data)



                return emitted_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        emitted_at = _parse_emitted_at(d.pop("emitted_at"))


        created_at = isoparse(d.pop("created_at"))




        updated_at = isoparse(d.pop("updated_at"))




        ciot_operation_summary = cls(
            id=id,
            code=code,
            status=status,
            mode=mode,
            environment=environment,
            tipo_operacao=tipo_operacao,
            external_id=external_id,
            contratado_cpf_cnpj=contratado_cpf_cnpj,
            contratado_nome=contratado_nome,
            contratado_rntrc=contratado_rntrc,
            valor_frete=valor_frete,
            codigo_ciot=codigo_ciot,
            protocolo=protocolo,
            contingencia=contingencia,
            emitted_at=emitted_at,
            created_at=created_at,
            updated_at=updated_at,
        )


        ciot_operation_summary.additional_properties = d
        return ciot_operation_summary

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
