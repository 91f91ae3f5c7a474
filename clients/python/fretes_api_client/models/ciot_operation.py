from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_operation_composicao_contratada_type_0 import CiotOperationComposicaoContratadaType0
from ..models.ciot_operation_contratado_tipo_type_0 import CiotOperationContratadoTipoType0
from ..models.ciot_operation_distancia_origem_type_0 import CiotOperationDistanciaOrigemType0
from ..models.ciot_operation_environment import CiotOperationEnvironment
from ..models.ciot_operation_indicador_pagamento_type_0 import CiotOperationIndicadorPagamentoType0
from ..models.ciot_operation_mode import CiotOperationMode
from ..models.ciot_operation_pendencia_type_0 import CiotOperationPendenciaType0
from ..models.ciot_operation_status import CiotOperationStatus
from ..models.ciot_operation_tipo_chave_pix_type_0 import CiotOperationTipoChavePixType0
from ..models.ciot_operation_tipo_operacao import CiotOperationTipoOperacao
from ..models.ciot_operation_tipo_pagamento_type_0 import CiotOperationTipoPagamentoType0
from ..models.ciot_operation_titular_parentesco_type_0 import CiotOperationTitularParentescoType0
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.ciot_bank_data import CiotBankData
  from ..models.ciot_cancellation import CiotCancellation
  from ..models.ciot_closing import CiotClosing
  from ..models.ciot_contratante_out import CiotContratanteOut
  from ..models.ciot_document_out import CiotDocumentOut
  from ..models.ciot_event_out import CiotEventOut
  from ..models.ciot_modality import CiotModality
  from ..models.ciot_payment_out import CiotPaymentOut
  from ..models.ciot_place import CiotPlace
  from ..models.ciot_stored_validation import CiotStoredValidation
  from ..models.ciot_vehicle_out import CiotVehicleOut





T = TypeVar("T", bound="CiotOperation")



@_attrs_define
class CiotOperation:
    """ The full operation: every body field, children, authority data, modality and the last 50 events.

        Attributes:
            id (UUID):
            code (str): Código da operação na empresa (CIOT-000001).
            status (CiotOperationStatus):
            mode (CiotOperationMode):
            environment (CiotOperationEnvironment):
            tipo_operacao (CiotOperationTipoOperacao):
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
            freight_id (None | UUID):
            contratado_tipo (CiotOperationContratadoTipoType0 | None):
            equiparado_tac (bool | None):
            distancia_km (float | None):
            distancia_origem (CiotOperationDistanciaOrigemType0 | None): Como a distância foi obtida: informada no corpo,
                estimada (linha reta entre as sedes × 1,30) ou pela rota de um motor de rotas.
            campos_derivados (list[str]): Campos que a plataforma preencheu porque o corpo não os informou (ex.:
                `tipo_chave_pix`, `vehicles[1].axles`, `distancia_km`); docs/ciot-rules.md, "Campos derivados".
            codigo_natureza_carga (None | str):
            codigo_tipo_carga (int | None):
            composicao_contratada (CiotOperationComposicaoContratadaType0 | None):
            alto_desempenho (bool | None):
            retorno_vazio (bool | None):
            peso_carga (float | None):
            destinatario_cpf_cnpj (None | str):
            destinatario_nome (None | str):
            bank_code (None | str):
            agency (None | str):
            account_number (None | str):
            cpf_cnpj_owner (None | str):
            titular_parentesco (CiotOperationTitularParentescoType0 | None):
            data_declaracao (datetime.date | None):
            viagem_inicio (datetime.datetime | None):
            viagem_fim (datetime.datetime | None):
            chave_pix (None | str):
            tipo_chave_pix (CiotOperationTipoChavePixType0 | None):
            tipo_pagamento (CiotOperationTipoPagamentoType0 | None):
            indicador_pagamento (CiotOperationIndicadorPagamentoType0 | None):
            justificativa_contingencia (None | str):
            data_emissao_original (datetime.date | None):
            company_id (UUID):
            origem (CiotPlace | None):
            destino (CiotPlace | None):
            codigo_verificador (None | str):
            mensagem_antt (None | str): Mensagem da ANTT quando rejeitada.
            aviso_transportador (None | str): Aviso da ANTT ao transportador recebido na emissão (AvisoTransportador):
                quando presente, deve ser apresentado ao contratado e impresso no documento.
            emitter_company_id (None | UUID): Empresa que declarou (a ETC contratada, quando outra).
            modality (CiotModality): The effective modality: from the partner's RNTRC category when registered, else from
                the body.
            bank_data (CiotBankData): The receiver's bank data used for the operation (root fields, or the first payment
                item that has them).
            validation (CiotStoredValidation | None):
            retificacoes (int):
            retificado_at (datetime.datetime | None):
            pendencia (CiotOperationPendenciaType0 | None): O pedido à ANTT ainda sem resposta (a operação mantém o status
                até ela chegar), ou null.
            cancelamento (CiotCancellation | None):
            encerramento (CiotClosing | None):
            contratantes (list[CiotContratanteOut]):
            vehicles (list[CiotVehicleOut]):
            payments (list[CiotPaymentOut]):
            documents (list[CiotDocumentOut]):
            events (list[CiotEventOut]): Os últimos 50 eventos, mais novos primeiro.
     """

    id: UUID
    code: str
    status: CiotOperationStatus
    mode: CiotOperationMode
    environment: CiotOperationEnvironment
    tipo_operacao: CiotOperationTipoOperacao
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
    freight_id: None | UUID
    contratado_tipo: CiotOperationContratadoTipoType0 | None
    equiparado_tac: bool | None
    distancia_km: float | None
    distancia_origem: CiotOperationDistanciaOrigemType0 | None
    campos_derivados: list[str]
    codigo_natureza_carga: None | str
    codigo_tipo_carga: int | None
    composicao_contratada: CiotOperationComposicaoContratadaType0 | None
    alto_desempenho: bool | None
    retorno_vazio: bool | None
    peso_carga: float | None
    destinatario_cpf_cnpj: None | str
    destinatario_nome: None | str
    bank_code: None | str
    agency: None | str
    account_number: None | str
    cpf_cnpj_owner: None | str
    titular_parentesco: CiotOperationTitularParentescoType0 | None
    data_declaracao: datetime.date | None
    viagem_inicio: datetime.datetime | None
    viagem_fim: datetime.datetime | None
    chave_pix: None | str
    tipo_chave_pix: CiotOperationTipoChavePixType0 | None
    tipo_pagamento: CiotOperationTipoPagamentoType0 | None
    indicador_pagamento: CiotOperationIndicadorPagamentoType0 | None
    justificativa_contingencia: None | str
    data_emissao_original: datetime.date | None
    company_id: UUID
    origem: CiotPlace | None
    destino: CiotPlace | None
    codigo_verificador: None | str
    mensagem_antt: None | str
    aviso_transportador: None | str
    emitter_company_id: None | UUID
    modality: CiotModality
    bank_data: CiotBankData
    validation: CiotStoredValidation | None
    retificacoes: int
    retificado_at: datetime.datetime | None
    pendencia: CiotOperationPendenciaType0 | None
    cancelamento: CiotCancellation | None
    encerramento: CiotClosing | None
    contratantes: list[CiotContratanteOut]
    vehicles: list[CiotVehicleOut]
    payments: list[CiotPaymentOut]
    documents: list[CiotDocumentOut]
    events: list[CiotEventOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_bank_data import CiotBankData
        from ..models.ciot_cancellation import CiotCancellation
        from ..models.ciot_closing import CiotClosing
        from ..models.ciot_contratante_out import CiotContratanteOut
        from ..models.ciot_document_out import CiotDocumentOut
        from ..models.ciot_event_out import CiotEventOut
        from ..models.ciot_modality import CiotModality
        from ..models.ciot_payment_out import CiotPaymentOut
        from ..models.ciot_place import CiotPlace
        from ..models.ciot_stored_validation import CiotStoredValidation
        from ..models.ciot_vehicle_out import CiotVehicleOut
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

        freight_id: None | str
        if isinstance(self.freight_id, UUID):
            freight_id = str(self.freight_id)
        else:
            freight_id = self.freight_id

        contratado_tipo: None | str
        if isinstance(self.contratado_tipo, CiotOperationContratadoTipoType0):
            contratado_tipo = self.contratado_tipo.value
        else:
            contratado_tipo = self.contratado_tipo

        equiparado_tac: bool | None
        equiparado_tac = self.equiparado_tac

        distancia_km: float | None
        distancia_km = self.distancia_km

        distancia_origem: None | str
        if isinstance(self.distancia_origem, CiotOperationDistanciaOrigemType0):
            distancia_origem = self.distancia_origem.value
        else:
            distancia_origem = self.distancia_origem

        campos_derivados = self.campos_derivados



        codigo_natureza_carga: None | str
        codigo_natureza_carga = self.codigo_natureza_carga

        codigo_tipo_carga: int | None
        codigo_tipo_carga = self.codigo_tipo_carga

        composicao_contratada: None | str
        if isinstance(self.composicao_contratada, CiotOperationComposicaoContratadaType0):
            composicao_contratada = self.composicao_contratada.value
        else:
            composicao_contratada = self.composicao_contratada

        alto_desempenho: bool | None
        alto_desempenho = self.alto_desempenho

        retorno_vazio: bool | None
        retorno_vazio = self.retorno_vazio

        peso_carga: float | None
        peso_carga = self.peso_carga

        destinatario_cpf_cnpj: None | str
        destinatario_cpf_cnpj = self.destinatario_cpf_cnpj

        destinatario_nome: None | str
        destinatario_nome = self.destinatario_nome

        bank_code: None | str
        bank_code = self.bank_code

        agency: None | str
        agency = self.agency

        account_number: None | str
        account_number = self.account_number

        cpf_cnpj_owner: None | str
        cpf_cnpj_owner = self.cpf_cnpj_owner

        titular_parentesco: None | str
        if isinstance(self.titular_parentesco, CiotOperationTitularParentescoType0):
            titular_parentesco = self.titular_parentesco.value
        else:
            titular_parentesco = self.titular_parentesco

        data_declaracao: None | str
        if isinstance(self.data_declaracao, datetime.date):
            data_declaracao = self.data_declaracao.isoformat()
        else:
            data_declaracao = self.data_declaracao

        viagem_inicio: None | str
        if isinstance(self.viagem_inicio, datetime.datetime):
            viagem_inicio = self.viagem_inicio.isoformat()
        else:
            viagem_inicio = self.viagem_inicio

        viagem_fim: None | str
        if isinstance(self.viagem_fim, datetime.datetime):
            viagem_fim = self.viagem_fim.isoformat()
        else:
            viagem_fim = self.viagem_fim

        chave_pix: None | str
        chave_pix = self.chave_pix

        tipo_chave_pix: None | str
        if isinstance(self.tipo_chave_pix, CiotOperationTipoChavePixType0):
            tipo_chave_pix = self.tipo_chave_pix.value
        else:
            tipo_chave_pix = self.tipo_chave_pix

        tipo_pagamento: None | str
        if isinstance(self.tipo_pagamento, CiotOperationTipoPagamentoType0):
            tipo_pagamento = self.tipo_pagamento.value
        else:
            tipo_pagamento = self.tipo_pagamento

        indicador_pagamento: None | str
        if isinstance(self.indicador_pagamento, CiotOperationIndicadorPagamentoType0):
            indicador_pagamento = self.indicador_pagamento.value
        else:
            indicador_pagamento = self.indicador_pagamento

        justificativa_contingencia: None | str
        justificativa_contingencia = self.justificativa_contingencia

        data_emissao_original: None | str
        if isinstance(self.data_emissao_original, datetime.date):
            data_emissao_original = self.data_emissao_original.isoformat()
        else:
            data_emissao_original = self.data_emissao_original

        company_id = str(self.company_id)

        origem: dict[str, Any] | None
        if isinstance(self.origem, CiotPlace):
            origem = self.origem.to_dict()
        else:
            origem = self.origem

        destino: dict[str, Any] | None
        if isinstance(self.destino, CiotPlace):
            destino = self.destino.to_dict()
        else:
            destino = self.destino

        codigo_verificador: None | str
        codigo_verificador = self.codigo_verificador

        mensagem_antt: None | str
        mensagem_antt = self.mensagem_antt

        aviso_transportador: None | str
        aviso_transportador = self.aviso_transportador

        emitter_company_id: None | str
        if isinstance(self.emitter_company_id, UUID):
            emitter_company_id = str(self.emitter_company_id)
        else:
            emitter_company_id = self.emitter_company_id

        modality = self.modality.to_dict()

        bank_data = self.bank_data.to_dict()

        validation: dict[str, Any] | None
        if isinstance(self.validation, CiotStoredValidation):
            validation = self.validation.to_dict()
        else:
            validation = self.validation

        retificacoes = self.retificacoes

        retificado_at: None | str
        if isinstance(self.retificado_at, datetime.datetime):
            retificado_at = self.retificado_at.isoformat()
        else:
            retificado_at = self.retificado_at

        pendencia: None | str
        if isinstance(self.pendencia, CiotOperationPendenciaType0):
            pendencia = self.pendencia.value
        else:
            pendencia = self.pendencia

        cancelamento: dict[str, Any] | None
        if isinstance(self.cancelamento, CiotCancellation):
            cancelamento = self.cancelamento.to_dict()
        else:
            cancelamento = self.cancelamento

        encerramento: dict[str, Any] | None
        if isinstance(self.encerramento, CiotClosing):
            encerramento = self.encerramento.to_dict()
        else:
            encerramento = self.encerramento

        contratantes = []
        for contratantes_item_data in self.contratantes:
            contratantes_item = contratantes_item_data.to_dict()
            contratantes.append(contratantes_item)



        vehicles = []
        for vehicles_item_data in self.vehicles:
            vehicles_item = vehicles_item_data.to_dict()
            vehicles.append(vehicles_item)



        payments = []
        for payments_item_data in self.payments:
            payments_item = payments_item_data.to_dict()
            payments.append(payments_item)



        documents = []
        for documents_item_data in self.documents:
            documents_item = documents_item_data.to_dict()
            documents.append(documents_item)



        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)




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
            "freight_id": freight_id,
            "contratado_tipo": contratado_tipo,
            "equiparado_tac": equiparado_tac,
            "distancia_km": distancia_km,
            "distancia_origem": distancia_origem,
            "campos_derivados": campos_derivados,
            "codigo_natureza_carga": codigo_natureza_carga,
            "codigo_tipo_carga": codigo_tipo_carga,
            "composicao_contratada": composicao_contratada,
            "alto_desempenho": alto_desempenho,
            "retorno_vazio": retorno_vazio,
            "peso_carga": peso_carga,
            "destinatario_cpf_cnpj": destinatario_cpf_cnpj,
            "destinatario_nome": destinatario_nome,
            "bank_code": bank_code,
            "agency": agency,
            "account_number": account_number,
            "cpf_cnpj_owner": cpf_cnpj_owner,
            "titular_parentesco": titular_parentesco,
            "data_declaracao": data_declaracao,
            "viagem_inicio": viagem_inicio,
            "viagem_fim": viagem_fim,
            "chave_pix": chave_pix,
            "tipo_chave_pix": tipo_chave_pix,
            "tipo_pagamento": tipo_pagamento,
            "indicador_pagamento": indicador_pagamento,
            "justificativa_contingencia": justificativa_contingencia,
            "data_emissao_original": data_emissao_original,
            "company_id": company_id,
            "origem": origem,
            "destino": destino,
            "codigo_verificador": codigo_verificador,
            "mensagem_antt": mensagem_antt,
            "aviso_transportador": aviso_transportador,
            "emitter_company_id": emitter_company_id,
            "modality": modality,
            "bank_data": bank_data,
            "validation": validation,
            "retificacoes": retificacoes,
            "retificado_at": retificado_at,
            "pendencia": pendencia,
            "cancelamento": cancelamento,
            "encerramento": encerramento,
            "contratantes": contratantes,
            "vehicles": vehicles,
            "payments": payments,
            "documents": documents,
            "events": events,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_bank_data import CiotBankData
        from ..models.ciot_cancellation import CiotCancellation
        from ..models.ciot_closing import CiotClosing
        from ..models.ciot_contratante_out import CiotContratanteOut
        from ..models.ciot_document_out import CiotDocumentOut
        from ..models.ciot_event_out import CiotEventOut
        from ..models.ciot_modality import CiotModality
        from ..models.ciot_payment_out import CiotPaymentOut
        from ..models.ciot_place import CiotPlace
        from ..models.ciot_stored_validation import CiotStoredValidation
        from ..models.ciot_vehicle_out import CiotVehicleOut
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        code = d.pop("code")

        status = CiotOperationStatus(d.pop("status"))




        mode = CiotOperationMode(d.pop("mode"))




        environment = CiotOperationEnvironment(d.pop("environment"))




        tipo_operacao = CiotOperationTipoOperacao(d.pop("tipo_operacao"))




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


        def _parse_contratado_tipo(data: object) -> CiotOperationContratadoTipoType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contratado_tipo_type_0 = CiotOperationContratadoTipoType0(data)



                return contratado_tipo_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationContratadoTipoType0 | None, data)

        contratado_tipo = _parse_contratado_tipo(d.pop("contratado_tipo"))


        def _parse_equiparado_tac(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        equiparado_tac = _parse_equiparado_tac(d.pop("equiparado_tac"))


        def _parse_distancia_km(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        distancia_km = _parse_distancia_km(d.pop("distancia_km"))


        def _parse_distancia_origem(data: object) -> CiotOperationDistanciaOrigemType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                distancia_origem_type_0 = CiotOperationDistanciaOrigemType0(data)



                return distancia_origem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationDistanciaOrigemType0 | None, data)

        distancia_origem = _parse_distancia_origem(d.pop("distancia_origem"))


        campos_derivados = cast(list[str], d.pop("campos_derivados"))


        def _parse_codigo_natureza_carga(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        codigo_natureza_carga = _parse_codigo_natureza_carga(d.pop("codigo_natureza_carga"))


        def _parse_codigo_tipo_carga(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        codigo_tipo_carga = _parse_codigo_tipo_carga(d.pop("codigo_tipo_carga"))


        def _parse_composicao_contratada(data: object) -> CiotOperationComposicaoContratadaType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                composicao_contratada_type_0 = CiotOperationComposicaoContratadaType0(data)



                return composicao_contratada_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationComposicaoContratadaType0 | None, data)

        composicao_contratada = _parse_composicao_contratada(d.pop("composicao_contratada"))


        def _parse_alto_desempenho(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        alto_desempenho = _parse_alto_desempenho(d.pop("alto_desempenho"))


        def _parse_retorno_vazio(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        retorno_vazio = _parse_retorno_vazio(d.pop("retorno_vazio"))


        def _parse_peso_carga(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        peso_carga = _parse_peso_carga(d.pop("peso_carga"))


        def _parse_destinatario_cpf_cnpj(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        destinatario_cpf_cnpj = _parse_destinatario_cpf_cnpj(d.pop("destinatario_cpf_cnpj"))


        def _parse_destinatario_nome(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        destinatario_nome = _parse_destinatario_nome(d.pop("destinatario_nome"))


        def _parse_bank_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bank_code = _parse_bank_code(d.pop("bank_code"))


        def _parse_agency(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        agency = _parse_agency(d.pop("agency"))


        def _parse_account_number(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        account_number = _parse_account_number(d.pop("account_number"))


        def _parse_cpf_cnpj_owner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cpf_cnpj_owner = _parse_cpf_cnpj_owner(d.pop("cpf_cnpj_owner"))


        def _parse_titular_parentesco(data: object) -> CiotOperationTitularParentescoType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                titular_parentesco_type_0 = CiotOperationTitularParentescoType0(data)



                return titular_parentesco_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationTitularParentescoType0 | None, data)

        titular_parentesco = _parse_titular_parentesco(d.pop("titular_parentesco"))


        def _parse_data_declaracao(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                data_declaracao_type_0 = isoparse(data).date()



                return data_declaracao_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        data_declaracao = _parse_data_declaracao(d.pop("data_declaracao"))


        def _parse_viagem_inicio(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                viagem_inicio_type_0 = isoparse(data)



                return viagem_inicio_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        viagem_inicio = _parse_viagem_inicio(d.pop("viagem_inicio"))


        def _parse_viagem_fim(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                viagem_fim_type_0 = isoparse(data)



                return viagem_fim_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        viagem_fim = _parse_viagem_fim(d.pop("viagem_fim"))


        def _parse_chave_pix(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chave_pix = _parse_chave_pix(d.pop("chave_pix"))


        def _parse_tipo_chave_pix(data: object) -> CiotOperationTipoChavePixType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_chave_pix_type_0 = CiotOperationTipoChavePixType0(data)



                return tipo_chave_pix_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationTipoChavePixType0 | None, data)

        tipo_chave_pix = _parse_tipo_chave_pix(d.pop("tipo_chave_pix"))


        def _parse_tipo_pagamento(data: object) -> CiotOperationTipoPagamentoType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tipo_pagamento_type_0 = CiotOperationTipoPagamentoType0(data)



                return tipo_pagamento_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationTipoPagamentoType0 | None, data)

        tipo_pagamento = _parse_tipo_pagamento(d.pop("tipo_pagamento"))


        def _parse_indicador_pagamento(data: object) -> CiotOperationIndicadorPagamentoType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                indicador_pagamento_type_0 = CiotOperationIndicadorPagamentoType0(data)



                return indicador_pagamento_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationIndicadorPagamentoType0 | None, data)

        indicador_pagamento = _parse_indicador_pagamento(d.pop("indicador_pagamento"))


        def _parse_justificativa_contingencia(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        justificativa_contingencia = _parse_justificativa_contingencia(d.pop("justificativa_contingencia"))


        def _parse_data_emissao_original(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                data_emissao_original_type_0 = isoparse(data).date()



                return data_emissao_original_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        data_emissao_original = _parse_data_emissao_original(d.pop("data_emissao_original"))


        company_id = UUID(d.pop("company_id"))




        def _parse_origem(data: object) -> CiotPlace | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                origem_type_0 = CiotPlace.from_dict(data)



                return origem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotPlace | None, data)

        origem = _parse_origem(d.pop("origem"))


        def _parse_destino(data: object) -> CiotPlace | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                destino_type_0 = CiotPlace.from_dict(data)



                return destino_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotPlace | None, data)

        destino = _parse_destino(d.pop("destino"))


        def _parse_codigo_verificador(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        codigo_verificador = _parse_codigo_verificador(d.pop("codigo_verificador"))


        def _parse_mensagem_antt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        mensagem_antt = _parse_mensagem_antt(d.pop("mensagem_antt"))


        def _parse_aviso_transportador(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        aviso_transportador = _parse_aviso_transportador(d.pop("aviso_transportador"))


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


        modality = CiotModality.from_dict(d.pop("modality"))




        bank_data = CiotBankData.from_dict(d.pop("bank_data"))




        def _parse_validation(data: object) -> CiotStoredValidation | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                validation_type_0 = CiotStoredValidation.from_dict(data)



                return validation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotStoredValidation | None, data)

        validation = _parse_validation(d.pop("validation"))


        retificacoes = d.pop("retificacoes")

        def _parse_retificado_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                retificado_at_type_0 = isoparse(data)



                return retificado_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        retificado_at = _parse_retificado_at(d.pop("retificado_at"))


        def _parse_pendencia(data: object) -> CiotOperationPendenciaType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pendencia_type_0 = CiotOperationPendenciaType0(data)



                return pendencia_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotOperationPendenciaType0 | None, data)

        pendencia = _parse_pendencia(d.pop("pendencia"))


        def _parse_cancelamento(data: object) -> CiotCancellation | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                cancelamento_type_0 = CiotCancellation.from_dict(data)



                return cancelamento_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotCancellation | None, data)

        cancelamento = _parse_cancelamento(d.pop("cancelamento"))


        def _parse_encerramento(data: object) -> CiotClosing | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                encerramento_type_0 = CiotClosing.from_dict(data)



                return encerramento_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotClosing | None, data)

        encerramento = _parse_encerramento(d.pop("encerramento"))


        contratantes = []
        _contratantes = d.pop("contratantes")
        for contratantes_item_data in (_contratantes):
            contratantes_item = CiotContratanteOut.from_dict(contratantes_item_data)



            contratantes.append(contratantes_item)


        vehicles = []
        _vehicles = d.pop("vehicles")
        for vehicles_item_data in (_vehicles):
            vehicles_item = CiotVehicleOut.from_dict(vehicles_item_data)



            vehicles.append(vehicles_item)


        payments = []
        _payments = d.pop("payments")
        for payments_item_data in (_payments):
            payments_item = CiotPaymentOut.from_dict(payments_item_data)



            payments.append(payments_item)


        documents = []
        _documents = d.pop("documents")
        for documents_item_data in (_documents):
            documents_item = CiotDocumentOut.from_dict(documents_item_data)



            documents.append(documents_item)


        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = CiotEventOut.from_dict(events_item_data)



            events.append(events_item)


        ciot_operation = cls(
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
            freight_id=freight_id,
            contratado_tipo=contratado_tipo,
            equiparado_tac=equiparado_tac,
            distancia_km=distancia_km,
            distancia_origem=distancia_origem,
            campos_derivados=campos_derivados,
            codigo_natureza_carga=codigo_natureza_carga,
            codigo_tipo_carga=codigo_tipo_carga,
            composicao_contratada=composicao_contratada,
            alto_desempenho=alto_desempenho,
            retorno_vazio=retorno_vazio,
            peso_carga=peso_carga,
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
            justificativa_contingencia=justificativa_contingencia,
            data_emissao_original=data_emissao_original,
            company_id=company_id,
            origem=origem,
            destino=destino,
            codigo_verificador=codigo_verificador,
            mensagem_antt=mensagem_antt,
            aviso_transportador=aviso_transportador,
            emitter_company_id=emitter_company_id,
            modality=modality,
            bank_data=bank_data,
            validation=validation,
            retificacoes=retificacoes,
            retificado_at=retificado_at,
            pendencia=pendencia,
            cancelamento=cancelamento,
            encerramento=encerramento,
            contratantes=contratantes,
            vehicles=vehicles,
            payments=payments,
            documents=documents,
            events=events,
        )


        ciot_operation.additional_properties = d
        return ciot_operation

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
