from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_operation_update_composicao_contratada_type_0 import CiotOperationUpdateComposicaoContratadaType0
from ..models.ciot_operation_update_contratado_tipo_type_0 import CiotOperationUpdateContratadoTipoType0
from ..models.ciot_operation_update_indicador_pagamento_type_0 import CiotOperationUpdateIndicadorPagamentoType0
from ..models.ciot_operation_update_tipo_chave_pix_type_0 import CiotOperationUpdateTipoChavePixType0
from ..models.ciot_operation_update_tipo_operacao_type_0 import CiotOperationUpdateTipoOperacaoType0
from ..models.ciot_operation_update_tipo_pagamento_type_0 import CiotOperationUpdateTipoPagamentoType0
from ..models.ciot_operation_update_titular_parentesco_type_0 import CiotOperationUpdateTitularParentescoType0
from ..types import UNSET, Unset
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.ciot_contratante import CiotContratante
  from ..models.ciot_document import CiotDocument
  from ..models.ciot_location import CiotLocation
  from ..models.ciot_payment import CiotPayment
  from ..models.ciot_vehicle import CiotVehicle





T = TypeVar("T", bound="CiotOperationUpdate")



@_attrs_define
class CiotOperationUpdate:
    """ PATCH body: every field optional; child lists replace the stored ones when sent. Protected fields
    (id, company_id, codigo_ciot, codigo_verificador, protocolo, status, environment) are refused by the endpoint;
    `contingencia` and the mode cannot change after creation (unknown fields are ignored).

        Attributes:
            external_id (None | str | Unset):
            freight_id (None | Unset | UUID):
            contratado_tipo (CiotOperationUpdateContratadoTipoType0 | None | Unset):
            contratado_nome (None | str | Unset):
            equiparado_tac (bool | None | Unset):
            origem (CiotLocation | None | Unset):
            destino (CiotLocation | None | Unset):
            distancia_km (float | None | str | Unset):
            codigo_natureza_carga (None | str | Unset):
            codigo_tipo_carga (int | None | Unset):
            composicao_contratada (CiotOperationUpdateComposicaoContratadaType0 | None | Unset):
            alto_desempenho (bool | None | Unset):
            retorno_vazio (bool | None | Unset):
            peso_carga (float | None | str | Unset):
            valor_frete (float | None | str | Unset):
            destinatario_cpf_cnpj (None | str | Unset):
            destinatario_nome (None | str | Unset):
            bank_code (None | str | Unset):
            agency (None | str | Unset):
            account_number (None | str | Unset):
            cpf_cnpj_owner (None | str | Unset):
            titular_parentesco (CiotOperationUpdateTitularParentescoType0 | None | Unset):
            data_declaracao (datetime.date | None | Unset):
            viagem_inicio (None | str | Unset): Data (AAAA-MM-DD) ou data e hora ISO 8601; sem deslocamento, é hora de
                Brasília.
            viagem_fim (None | str | Unset): Data (AAAA-MM-DD) ou data e hora ISO 8601; sem deslocamento, é hora de
                Brasília.
            chave_pix (None | str | Unset):
            tipo_chave_pix (CiotOperationUpdateTipoChavePixType0 | None | Unset):
            tipo_pagamento (CiotOperationUpdateTipoPagamentoType0 | None | Unset):
            indicador_pagamento (CiotOperationUpdateIndicadorPagamentoType0 | None | Unset):
            tipo_operacao (CiotOperationUpdateTipoOperacaoType0 | None | Unset):
            contratado_cpf_cnpj (None | str | Unset):
            contratado_rntrc (None | str | Unset):
            justificativa_contingencia (None | str | Unset):
            data_emissao_original (datetime.date | None | Unset):
            contratantes (list[CiotContratante] | None | Unset):
            vehicles (list[CiotVehicle] | None | Unset):
            payments (list[CiotPayment] | None | Unset):
            documents (list[CiotDocument] | None | Unset):
     """

    external_id: None | str | Unset = UNSET
    freight_id: None | Unset | UUID = UNSET
    contratado_tipo: CiotOperationUpdateContratadoTipoType0 | None | Unset = UNSET
    contratado_nome: None | str | Unset = UNSET
    equiparado_tac: bool | None | Unset = UNSET
    origem: CiotLocation | None | Unset = UNSET
    destino: CiotLocation | None | Unset = UNSET
    distancia_km: float | None | str | Unset = UNSET
    codigo_natureza_carga: None | str | Unset = UNSET
    codigo_tipo_carga: int | None | Unset = UNSET
    composicao_contratada: CiotOperationUpdateComposicaoContratadaType0 | None | Unset = UNSET
    alto_desempenho: bool | None | Unset = UNSET
    retorno_vazio: bool | None | Unset = UNSET
    peso_carga: float | None | str | Unset = UNSET
    valor_frete: float | None | str | Unset = UNSET
    destinatario_cpf_cnpj: None | str | Unset = UNSET
    destinatario_nome: None | str | Unset = UNSET
    bank_code: None | str | Unset = UNSET
    agency: None | str | Unset = UNSET
    account_number: None | str | Unset = UNSET
    cpf_cnpj_owner: None | str | Unset = UNSET
    titular_parentesco: CiotOperationUpdateTitularParentescoType0 | None | Unset = UNSET
    data_declaracao: datetime.date | None | Unset = UNSET
    viagem_inicio: None | str | Unset = UNSET
    viagem_fim: None | str | Unset = UNSET
    chave_pix: None | str | Unset = UNSET
    tipo_chave_pix: CiotOperationUpdateTipoChavePixType0 | None | Unset = UNSET
    tipo_pagamento: CiotOperationUpdateTipoPagamentoType0 | None | Unset = UNSET
    indicador_pagamento: CiotOperationUpdateIndicadorPagamentoType0 | None | Unset = UNSET
    tipo_operacao: CiotOperationUpdateTipoOperacaoType0 | None | Unset = UNSET
    contratado_cpf_cnpj: None | str | Unset = UNSET
    contratado_rntrc: None | str | Unset = UNSET
    justificativa_contingencia: None | str | Unset = UNSET
    data_emissao_original: datetime.date | None | Unset = UNSET
    contratantes: list[CiotContratante] | None | Unset = UNSET
    vehicles: list[CiotVehicle] | None | Unset = UNSET
    payments: list[CiotPayment] | None | Unset = UNSET
    documents: list[CiotDocument] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_contratante import CiotContratante
        from ..models.ciot_document import CiotDocument
        from ..models.ciot_location import CiotLocation
        from ..models.ciot_payment import CiotPayment
        from ..models.ciot_vehicle import CiotVehicle
        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id

        freight_id: None | str | Unset
        if isinstance(self.freight_id, Unset):
            freight_id = UNSET
        elif isinstance(self.freight_id, UUID):
            freight_id = str(self.freight_id)
        else:
            freight_id = self.freight_id

        contratado_tipo: None | str | Unset
        if isinstance(self.contratado_tipo, Unset):
            contratado_tipo = UNSET
        elif isinstance(self.contratado_tipo, CiotOperationUpdateContratadoTipoType0):
            contratado_tipo = self.contratado_tipo.value
        else:
            contratado_tipo = self.contratado_tipo

        contratado_nome: None | str | Unset
        if isinstance(self.contratado_nome, Unset):
            contratado_nome = UNSET
        else:
            contratado_nome = self.contratado_nome

        equiparado_tac: bool | None | Unset
        if isinstance(self.equiparado_tac, Unset):
            equiparado_tac = UNSET
        else:
            equiparado_tac = self.equiparado_tac

        origem: dict[str, Any] | None | Unset
        if isinstance(self.origem, Unset):
            origem = UNSET
        elif isinstance(self.origem, CiotLocation):
            origem = self.origem.to_dict()
        else:
            origem = self.origem

        destino: dict[str, Any] | None | Unset
        if isinstance(self.destino, Unset):
            destino = UNSET
        elif isinstance(self.destino, CiotLocation):
            destino = self.destino.to_dict()
        else:
            destino = self.destino

        distancia_km: float | None | str | Unset
        if isinstance(self.distancia_km, Unset):
            distancia_km = UNSET
        else:
            distancia_km = self.distancia_km

        codigo_natureza_carga: None | str | Unset
        if isinstance(self.codigo_natureza_carga, Unset):
            codigo_natureza_carga = UNSET
        else:
            codigo_natureza_carga = self.codigo_natureza_carga

        codigo_tipo_carga: int | None | Unset
        if isinstance(self.codigo_tipo_carga, Unset):
            codigo_tipo_carga = UNSET
        else:
            codigo_tipo_carga = self.codigo_tipo_carga

        composicao_contratada: None | str | Unset
        if isinstance(self.composicao_contratada, Unset):
            composicao_contratada = UNSET
        elif isinstance(self.composicao_contratada, CiotOperationUpdateComposicaoContratadaType0):
            composicao_contratada = self.composicao_contratada.value
        else:
            composicao_contratada = self.composicao_contratada

        alto_desempenho: bool | None | Unset
        if isinstance(self.alto_desempenho, Unset):
            alto_desempenho = UNSET
        else:
            alto_desempenho = self.alto_desempenho

        retorno_vazio: bool | None | Unset
        if isinstance(self.retorno_vazio, Unset):
            retorno_vazio = UNSET
        else:
            retorno_vazio = self.retorno_vazio

        peso_carga: float | None | str | Unset
        if isinstance(self.peso_carga, Unset):
            peso_carga = UNSET
        else:
            peso_carga = self.peso_carga

        valor_frete: float | None | str | Unset
        if isinstance(self.valor_frete, Unset):
            valor_frete = UNSET
        else:
            valor_frete = self.valor_frete

        destinatario_cpf_cnpj: None | str | Unset
        if isinstance(self.destinatario_cpf_cnpj, Unset):
            destinatario_cpf_cnpj = UNSET
        else:
            destinatario_cpf_cnpj = self.destinatario_cpf_cnpj

        destinatario_nome: None | str | Unset
        if isinstance(self.destinatario_nome, Unset):
            destinatario_nome = UNSET
        else:
            destinatario_nome = self.destinatario_nome

        bank_code: None | str | Unset
        if isinstance(self.bank_code, Unset):
            bank_code = UNSET
        else:
            bank_code = self.bank_code

        agency: None | str | Unset
        if isinstance(self.agency, Unset):
            agency = UNSET
        else:
            agency = self.agency

        account_number: None | str | Unset
        if isinstance(self.account_number, Unset):
            account_number = UNSET
        else:
            account_number = self.account_number

        cpf_cnpj_owner: None | str | Unset
        if isinstance(self.cpf_cnpj_owner, Unset):
            cpf_cnpj_owner = UNSET
        else:
            cpf_cnpj_owner = self.cpf_cnpj_owner

        titular_parentesco: None | str | Unset
        if isinstance(self.titular_parentesco, Unset):
            titular_parentesco = UNSET
        elif isinstance(self.titular_parentesco, CiotOperationUpdateTitularParentescoType0):
            titular_parentesco = self.titular_parentesco.value
        else:
            titular_parentesco = self.titular_parentesco

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

        chave_pix: None | str | Unset
        if isinstance(self.chave_pix, Unset):
            chave_pix = UNSET
        else:
            chave_pix = self.chave_pix

        tipo_chave_pix: None | str | Unset
        if isinstance(self.tipo_chave_pix, Unset):
            tipo_chave_pix = UNSET
        elif isinstance(self.tipo_chave_pix, CiotOperationUpdateTipoChavePixType0):
            tipo_chave_pix = self.tipo_chave_pix.value
        else:
            tipo_chave_pix = self.tipo_chave_pix

        tipo_pagamento: None | str | Unset
        if isinstance(self.tipo_pagamento, Unset):
            tipo_pagamento = UNSET
        elif isinstance(self.tipo_pagamento, CiotOperationUpdateTipoPagamentoType0):
            tipo_pagamento = self.tipo_pagamento.value
        else:
            tipo_pagamento = self.tipo_pagamento

        indicador_pagamento: None | str | Unset
        if isinstance(self.indicador_pagamento, Unset):
            indicador_pagamento = UNSET
        elif isinstance(self.indicador_pagamento, CiotOperationUpdateIndicadorPagamentoType0):
            indicador_pagamento = self.indicador_pagamento.value
        else:
            indicador_pagamento = self.indicador_pagamento

        tipo_operacao: None | str | Unset
        if isinstance(self.tipo_operacao, Unset):
            tipo_operacao = UNSET
        elif isinstance(self.tipo_operacao, CiotOperationUpdateTipoOperacaoType0):
            tipo_operacao = self.tipo_operacao.value
        else:
            tipo_operacao = self.tipo_operacao

        contratado_cpf_cnpj: None | str | Unset
        if isinstance(self.contratado_cpf_cnpj, Unset):
            contratado_cpf_cnpj = UNSET
        else:
            contratado_cpf_cnpj = self.contratado_cpf_cnpj

        contratado_rntrc: None | str | Unset
        if isinstance(self.contratado_rntrc, Unset):
            contratado_rntrc = UNSET
        else:
            contratado_rntrc = self.contratado_rntrc

        justificativa_contingencia: None | str | Unset
        if isinstance(self.justificativa_contingencia, Unset):
            justificativa_contingencia = UNSET
        else:
            justificativa_contingencia = self.justificativa_contingencia

        data_emissao_original: None | str | Unset
        if isinstance(self.data_emissao_original, Unset):
            data_emissao_original = UNSET
        elif isinstance(self.data_emissao_original, datetime.date):
            data_emissao_original = self.data_emissao_original.isoformat()
        else:
            data_emissao_original = self.data_emissao_original

        contratantes: list[dict[str, Any]] | None | Unset
        if isinstance(self.contratantes, Unset):
            contratantes = UNSET
        elif isinstance(self.contratantes, list):
            contratantes = []
            for contratantes_type_0_item_data in self.contratantes:
                contratantes_type_0_item = contratantes_type_0_item_data.to_dict()
                contratantes.append(contratantes_type_0_item)


        else:
            contratantes = self.contratantes

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


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if freight_id is not UNSET:
            field_dict["freight_id"] = freight_id
        if contratado_tipo is not UNSET:
            field_dict["contratado_tipo"] = contratado_tipo
        if contratado_nome is not UNSET:
            field_dict["contratado_nome"] = contratado_nome
        if equiparado_tac is not UNSET:
            field_dict["equiparado_tac"] = equiparado_tac
        if origem is not UNSET:
            field_dict["origem"] = origem
        if destino is not UNSET:
            field_dict["destino"] = destino
        if distancia_km is not UNSET:
            field_dict["distancia_km"] = distancia_km
        if codigo_natureza_carga is not UNSET:
            field_dict["codigo_natureza_carga"] = codigo_natureza_carga
        if codigo_tipo_carga is not UNSET:
            field_dict["codigo_tipo_carga"] = codigo_tipo_carga
        if composicao_contratada is not UNSET:
            field_dict["composicao_contratada"] = composicao_contratada
        if alto_desempenho is not UNSET:
            field_dict["alto_desempenho"] = alto_desempenho
        if retorno_vazio is not UNSET:
            field_dict["retorno_vazio"] = retorno_vazio
        if peso_carga is not UNSET:
            field_dict["peso_carga"] = peso_carga
        if valor_frete is not UNSET:
            field_dict["valor_frete"] = valor_frete
        if destinatario_cpf_cnpj is not UNSET:
            field_dict["destinatario_cpf_cnpj"] = destinatario_cpf_cnpj
        if destinatario_nome is not UNSET:
            field_dict["destinatario_nome"] = destinatario_nome
        if bank_code is not UNSET:
            field_dict["bank_code"] = bank_code
        if agency is not UNSET:
            field_dict["agency"] = agency
        if account_number is not UNSET:
            field_dict["account_number"] = account_number
        if cpf_cnpj_owner is not UNSET:
            field_dict["cpf_cnpj_owner"] = cpf_cnpj_owner
        if titular_parentesco is not UNSET:
            field_dict["titular_parentesco"] = titular_parentesco
        if data_declaracao is not UNSET:
            field_dict["data_declaracao"] = data_declaracao
        if viagem_inicio is not UNSET:
            field_dict["viagem_inicio"] = viagem_inicio
        if viagem_fim is not UNSET:
            field_dict["viagem_fim"] = viagem_fim
        if chave_pix is not UNSET:
            field_dict["chave_pix"] = chave_pix
        if tipo_chave_pix is not UNSET:
            field_dict["tipo_chave_pix"] = tipo_chave_pix
        if tipo_pagamento is not UNSET:
            field_dict["tipo_pagamento"] = tipo_pagamento
        if indicador_pagamento is not UNSET:
            field_dict["indicador_pagamento"] = indicador_pagamento
        if tipo_operacao is not UNSET:
            field_dict["tipo_operacao"] = tipo_operacao
        if contratado_cpf_cnpj is not UNSET:
            field_dict["contratado_cpf_cnpj"] = contratado_cpf_cnpj
        if contratado_rntrc is not UNSET:
            field_dict["contratado_rntrc"] = contratado_rntrc
        if justificativa_contingencia is not UNSET:
            field_dict["justificativa_contingencia"] = justificativa_contingencia
        if data_emissao_original is not UNSET:
            field_dict["data_emissao_original"] = data_emissao_original
        if contratantes is not UNSET:
            field_dict["contratantes"] = contratantes
        if vehicles is not UNSET:
            field_dict["vehicles"] = vehicles
        if payments is not UNSET:
            field_dict["payments"] = payments
        if documents is not UNSET:
            field_dict["documents"] = documents

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_contratante import CiotContratante
        from ..models.ciot_document import CiotDocument
        from ..models.ciot_location import CiotLocation
        from ..models.ciot_payment import CiotPayment
        from ..models.ciot_vehicle import CiotVehicle
        d = dict(src_dict)
        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("external_id", UNSET))


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


        def _parse_contratado_tipo(data: object) -> CiotOperationUpdateContratadoTipoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contratado_tipo_type_0 = CiotOperationUpdateContratadoTipoType0(data)



                return contratado_tipo_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationUpdateContratadoTipoType0 | None | Unset, data)

        contratado_tipo = _parse_contratado_tipo(d.pop("contratado_tipo", UNSET))


        def _parse_contratado_nome(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contratado_nome = _parse_contratado_nome(d.pop("contratado_nome", UNSET))


        def _parse_equiparado_tac(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        equiparado_tac = _parse_equiparado_tac(d.pop("equiparado_tac", UNSET))


        def _parse_origem(data: object) -> CiotLocation | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                origem_type_0 = CiotLocation.from_dict(data)



                return origem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotLocation | None | Unset, data)

        origem = _parse_origem(d.pop("origem", UNSET))


        def _parse_destino(data: object) -> CiotLocation | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                destino_type_0 = CiotLocation.from_dict(data)



                return destino_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotLocation | None | Unset, data)

        destino = _parse_destino(d.pop("destino", UNSET))


        def _parse_distancia_km(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        distancia_km = _parse_distancia_km(d.pop("distancia_km", UNSET))


        def _parse_codigo_natureza_carga(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        codigo_natureza_carga = _parse_codigo_natureza_carga(d.pop("codigo_natureza_carga", UNSET))


        def _parse_codigo_tipo_carga(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        codigo_tipo_carga = _parse_codigo_tipo_carga(d.pop("codigo_tipo_carga", UNSET))


        def _parse_composicao_contratada(data: object) -> CiotOperationUpdateComposicaoContratadaType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                composicao_contratada_type_0 = CiotOperationUpdateComposicaoContratadaType0(data)



                return composicao_contratada_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationUpdateComposicaoContratadaType0 | None | Unset, data)

        composicao_contratada = _parse_composicao_contratada(d.pop("composicao_contratada", UNSET))


        def _parse_alto_desempenho(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        alto_desempenho = _parse_alto_desempenho(d.pop("alto_desempenho", UNSET))


        def _parse_retorno_vazio(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        retorno_vazio = _parse_retorno_vazio(d.pop("retorno_vazio", UNSET))


        def _parse_peso_carga(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        peso_carga = _parse_peso_carga(d.pop("peso_carga", UNSET))


        def _parse_valor_frete(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        valor_frete = _parse_valor_frete(d.pop("valor_frete", UNSET))


        def _parse_destinatario_cpf_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        destinatario_cpf_cnpj = _parse_destinatario_cpf_cnpj(d.pop("destinatario_cpf_cnpj", UNSET))


        def _parse_destinatario_nome(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        destinatario_nome = _parse_destinatario_nome(d.pop("destinatario_nome", UNSET))


        def _parse_bank_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bank_code = _parse_bank_code(d.pop("bank_code", UNSET))


        def _parse_agency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        agency = _parse_agency(d.pop("agency", UNSET))


        def _parse_account_number(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        account_number = _parse_account_number(d.pop("account_number", UNSET))


        def _parse_cpf_cnpj_owner(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cpf_cnpj_owner = _parse_cpf_cnpj_owner(d.pop("cpf_cnpj_owner", UNSET))


        def _parse_titular_parentesco(data: object) -> CiotOperationUpdateTitularParentescoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                titular_parentesco_type_0 = CiotOperationUpdateTitularParentescoType0(data)



                return titular_parentesco_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationUpdateTitularParentescoType0 | None | Unset, data)

        titular_parentesco = _parse_titular_parentesco(d.pop("titular_parentesco", UNSET))


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


        def _parse_chave_pix(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chave_pix = _parse_chave_pix(d.pop("chave_pix", UNSET))


        def _parse_tipo_chave_pix(data: object) -> CiotOperationUpdateTipoChavePixType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_chave_pix_type_0 = CiotOperationUpdateTipoChavePixType0(data)



                return tipo_chave_pix_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationUpdateTipoChavePixType0 | None | Unset, data)

        tipo_chave_pix = _parse_tipo_chave_pix(d.pop("tipo_chave_pix", UNSET))


        def _parse_tipo_pagamento(data: object) -> CiotOperationUpdateTipoPagamentoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_pagamento_type_0 = CiotOperationUpdateTipoPagamentoType0(data)



                return tipo_pagamento_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationUpdateTipoPagamentoType0 | None | Unset, data)

        tipo_pagamento = _parse_tipo_pagamento(d.pop("tipo_pagamento", UNSET))


        def _parse_indicador_pagamento(data: object) -> CiotOperationUpdateIndicadorPagamentoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                indicador_pagamento_type_0 = CiotOperationUpdateIndicadorPagamentoType0(data)



                return indicador_pagamento_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationUpdateIndicadorPagamentoType0 | None | Unset, data)

        indicador_pagamento = _parse_indicador_pagamento(d.pop("indicador_pagamento", UNSET))


        def _parse_tipo_operacao(data: object) -> CiotOperationUpdateTipoOperacaoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_operacao_type_0 = CiotOperationUpdateTipoOperacaoType0(data)



                return tipo_operacao_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationUpdateTipoOperacaoType0 | None | Unset, data)

        tipo_operacao = _parse_tipo_operacao(d.pop("tipo_operacao", UNSET))


        def _parse_contratado_cpf_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contratado_cpf_cnpj = _parse_contratado_cpf_cnpj(d.pop("contratado_cpf_cnpj", UNSET))


        def _parse_contratado_rntrc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contratado_rntrc = _parse_contratado_rntrc(d.pop("contratado_rntrc", UNSET))


        def _parse_justificativa_contingencia(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        justificativa_contingencia = _parse_justificativa_contingencia(d.pop("justificativa_contingencia", UNSET))


        def _parse_data_emissao_original(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                data_emissao_original_type_0 = isoparse(data).date()



                return data_emissao_original_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        data_emissao_original = _parse_data_emissao_original(d.pop("data_emissao_original", UNSET))


        def _parse_contratantes(data: object) -> list[CiotContratante] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                contratantes_type_0 = []
                _contratantes_type_0 = data
                for contratantes_type_0_item_data in (_contratantes_type_0):
                    contratantes_type_0_item = CiotContratante.from_dict(contratantes_type_0_item_data)



                    contratantes_type_0.append(contratantes_type_0_item)

                return contratantes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CiotContratante] | None | Unset, data)

        contratantes = _parse_contratantes(d.pop("contratantes", UNSET))


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


        ciot_operation_update = cls(
            external_id=external_id,
            freight_id=freight_id,
            contratado_tipo=contratado_tipo,
            contratado_nome=contratado_nome,
            equiparado_tac=equiparado_tac,
            origem=origem,
            destino=destino,
            distancia_km=distancia_km,
            codigo_natureza_carga=codigo_natureza_carga,
            codigo_tipo_carga=codigo_tipo_carga,
            composicao_contratada=composicao_contratada,
            alto_desempenho=alto_desempenho,
            retorno_vazio=retorno_vazio,
            peso_carga=peso_carga,
            valor_frete=valor_frete,
            destinatario_cpf_cnpj=destinatario_cpf_cnpj,
            destinatario_nome=destinatario_nome,
            bank_code=bank_code,
            agency=agency,
            account_number=account_number,
            cpf_cnpj_owner=cpf_cnpj_owner,
            titular_parentesco=titular_parentesco,
            data_declaracao=data_declaracao,
            viagem_inicio=viagem_inicio,
            viagem_fim=viagem_fim,
            chave_pix=chave_pix,
            tipo_chave_pix=tipo_chave_pix,
            tipo_pagamento=tipo_pagamento,
            indicador_pagamento=indicador_pagamento,
            tipo_operacao=tipo_operacao,
            contratado_cpf_cnpj=contratado_cpf_cnpj,
            contratado_rntrc=contratado_rntrc,
            justificativa_contingencia=justificativa_contingencia,
            data_emissao_original=data_emissao_original,
            contratantes=contratantes,
            vehicles=vehicles,
            payments=payments,
            documents=documents,
        )


        ciot_operation_update.additional_properties = d
        return ciot_operation_update

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
