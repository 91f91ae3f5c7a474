from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_emission_data_environment import CiotEmissionDataEnvironment
from ..models.ciot_emission_data_status import CiotEmissionDataStatus
from typing import cast
from uuid import UUID






T = TypeVar("T", bound="CiotEmissionData")



@_attrs_define
class CiotEmissionData:
    """ 
        Attributes:
            id (UUID):
            code (str):
            status (CiotEmissionDataStatus):
            environment (CiotEmissionDataEnvironment):
            codigo_ciot (None | str):
            codigo_verificador (None | str):
            protocolo (None | str):
            emitter_company_id (None | UUID):
     """

    id: UUID
    code: str
    status: CiotEmissionDataStatus
    environment: CiotEmissionDataEnvironment
    codigo_ciot: None | str
    codigo_verificador: None | str
    protocolo: None | str
    emitter_company_id: None | UUID
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        code = self.code

        status = self.status.value

        environment = self.environment.value

        codigo_ciot: None | str
        codigo_ciot = self.codigo_ciot

        codigo_verificador: None | str
        codigo_verificador = self.codigo_verificador

        protocolo: None | str
        protocolo = self.protocolo

        emitter_company_id: None | str
        if isinstance(self.emitter_company_id, UUID):
            emitter_company_id = str(self.emitter_company_id)
        else:
            emitter_company_id = self.emitter_company_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "code": code,
            "status": status,
            "environment": environment,
            "codigo_ciot": codigo_ciot,
            "codigo_verificador": codigo_verificador,
            "protocolo": protocolo,
            "emitter_company_id": emitter_company_id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        code = d.pop("code")

        status = CiotEmissionDataStatus(d.pop("status"))




        environment = CiotEmissionDataEnvironment(d.pop("environment"))




        def _parse_codigo_ciot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        codigo_ciot = _parse_codigo_ciot(d.pop("codigo_ciot"))


        def _parse_codigo_verificador(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        codigo_verificador = _parse_codigo_verificador(d.pop("codigo_verificador"))


        def _parse_protocolo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        protocolo = _parse_protocolo(d.pop("protocolo"))


        def _parse_emitter_company_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                emitter_company_id_type_0 = UUID(data)



                return emitter_company_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        emitter_company_id = _parse_emitter_company_id(d.pop("emitter_company_id"))


        ciot_emission_data = cls(
            id=id,
            code=code,
            status=status,
            environment=environment,
            codigo_ciot=codigo_ciot,
            codigo_verificador=codigo_verificador,
            protocolo=protocolo,
            emitter_company_id=emitter_company_id,
        )


        ciot_emission_data.additional_properties = d
        return ciot_emission_data

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
