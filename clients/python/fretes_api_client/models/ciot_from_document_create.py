from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_from_document_create_environment_type_0 import CiotFromDocumentCreateEnvironmentType0
from ..models.ciot_from_document_create_tipo_operacao_type_0 import CiotFromDocumentCreateTipoOperacaoType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.ciot_fiscal_file import CiotFiscalFile
  from ..models.ciot_vehicle import CiotVehicle





T = TypeVar("T", bound="CiotFromDocumentCreate")



@_attrs_define
class CiotFromDocumentCreate:
    """ POST /ciot/operations/from-document.

        Attributes:
            documents (list[CiotFiscalFile]):
            tipo_operacao (CiotFromDocumentCreateTipoOperacaoType0 | None | Unset): Padrão: lotacao com um documento,
                fracionada com vários.
            contratado_cpf_cnpj (None | str | Unset): O transportador contratado, quando o documento não o nomeia (um CT-e
                emitido pela própria empresa).
            vehicles (list[CiotVehicle] | None | Unset):
            external_id (None | str | Unset):
            environment (CiotFromDocumentCreateEnvironmentType0 | None | Unset):
            auto_validate (bool | Unset): Padrão: true.
     """

    documents: list[CiotFiscalFile]
    tipo_operacao: CiotFromDocumentCreateTipoOperacaoType0 | None | Unset = UNSET
    contratado_cpf_cnpj: None | str | Unset = UNSET
    vehicles: list[CiotVehicle] | None | Unset = UNSET
    external_id: None | str | Unset = UNSET
    environment: CiotFromDocumentCreateEnvironmentType0 | None | Unset = UNSET
    auto_validate: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_fiscal_file import CiotFiscalFile
        from ..models.ciot_vehicle import CiotVehicle
        documents = []
        for documents_item_data in self.documents:
            documents_item = documents_item_data.to_dict()
            documents.append(documents_item)



        tipo_operacao: None | str | Unset
        if isinstance(self.tipo_operacao, Unset):
            tipo_operacao = UNSET
        elif isinstance(self.tipo_operacao, CiotFromDocumentCreateTipoOperacaoType0):
            tipo_operacao = self.tipo_operacao.value
        else:
            tipo_operacao = self.tipo_operacao

        contratado_cpf_cnpj: None | str | Unset
        if isinstance(self.contratado_cpf_cnpj, Unset):
            contratado_cpf_cnpj = UNSET
        else:
            contratado_cpf_cnpj = self.contratado_cpf_cnpj

        vehicles: list[dict[str, Any]] | None | Unset
        if isinstance(self.vehicles, Unset):
            vehicles = UNSET
        elif isinstance(self.vehicles, list):
            vehicles = []
            for vehicles_type_0_item_data in self.vehicles:
                vehicles_type_0_item = vehicles_type_0_item_data.to_dict()
                vehicles.append(vehicles_type_0_item)


        else:
            vehicles = self.vehicles

        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id

        environment: None | str | Unset
        if isinstance(self.environment, Unset):
            environment = UNSET
        elif isinstance(self.environment, CiotFromDocumentCreateEnvironmentType0):
            environment = self.environment.value
        else:
            environment = self.environment

        auto_validate = self.auto_validate


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "documents": documents,
        })
        if tipo_operacao is not UNSET:
            field_dict["tipo_operacao"] = tipo_operacao
        if contratado_cpf_cnpj is not UNSET:
            field_dict["contratado_cpf_cnpj"] = contratado_cpf_cnpj
        if vehicles is not UNSET:
            field_dict["vehicles"] = vehicles
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if environment is not UNSET:
            field_dict["environment"] = environment
        if auto_validate is not UNSET:
            field_dict["auto_validate"] = auto_validate

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_fiscal_file import CiotFiscalFile
        from ..models.ciot_vehicle import CiotVehicle
        d = dict(src_dict)
        documents = []
        _documents = d.pop("documents")
        for documents_item_data in (_documents):
            documents_item = CiotFiscalFile.from_dict(documents_item_data)



            documents.append(documents_item)


        def _parse_tipo_operacao(data: object) -> CiotFromDocumentCreateTipoOperacaoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_operacao_type_0 = CiotFromDocumentCreateTipoOperacaoType0(data)



                return tipo_operacao_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotFromDocumentCreateTipoOperacaoType0 | None | Unset, data)

        tipo_operacao = _parse_tipo_operacao(d.pop("tipo_operacao", UNSET))


        def _parse_contratado_cpf_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contratado_cpf_cnpj = _parse_contratado_cpf_cnpj(d.pop("contratado_cpf_cnpj", UNSET))


        def _parse_vehicles(data: object) -> list[CiotVehicle] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                vehicles_type_0 = []
                _vehicles_type_0 = data
                for vehicles_type_0_item_data in (_vehicles_type_0):
                    vehicles_type_0_item = CiotVehicle.from_dict(vehicles_type_0_item_data)



                    vehicles_type_0.append(vehicles_type_0_item)

                return vehicles_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CiotVehicle] | None | Unset, data)

        vehicles = _parse_vehicles(d.pop("vehicles", UNSET))


        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("external_id", UNSET))


        def _parse_environment(data: object) -> CiotFromDocumentCreateEnvironmentType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                environment_type_0 = CiotFromDocumentCreateEnvironmentType0(data)



                return environment_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotFromDocumentCreateEnvironmentType0 | None | Unset, data)

        environment = _parse_environment(d.pop("environment", UNSET))


        auto_validate = d.pop("auto_validate", UNSET)

        ciot_from_document_create = cls(
            documents=documents,
            tipo_operacao=tipo_operacao,
            contratado_cpf_cnpj=contratado_cpf_cnpj,
            vehicles=vehicles,
            external_id=external_id,
            environment=environment,
            auto_validate=auto_validate,
        )


        ciot_from_document_create.additional_properties = d
        return ciot_from_document_create

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
