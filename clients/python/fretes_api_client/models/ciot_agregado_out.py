from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ciot_agregado_out_contratado_categoria import CiotAgregadoOutContratadoCategoria
from ..models.ciot_agregado_out_environment import CiotAgregadoOutEnvironment
from ..models.ciot_agregado_out_status import CiotAgregadoOutStatus
from dateutil.parser import isoparse
from typing import cast
from uuid import UUID
import datetime

if TYPE_CHECKING:
  from ..models.ciot_agregado_bloqueio import CiotAgregadoBloqueio
  from ..models.ciot_agregado_pagamento_out import CiotAgregadoPagamentoOut
  from ..models.ciot_agregado_pendencia import CiotAgregadoPendencia
  from ..models.ciot_agregado_veiculo_out import CiotAgregadoVeiculoOut





T = TypeVar("T", bound="CiotAgregadoOut")



@_attrs_define
class CiotAgregadoOut:
    """ An aggregate contract.

        Attributes:
            id (UUID):
            code (str): Código do contrato na empresa (AGR-000001).
            status (CiotAgregadoOutStatus):
            environment (CiotAgregadoOutEnvironment):
            codigo_ciot (None | str): Código CIOT, até 12 dígitos; nulo enquanto a ANTT não respondeu à declaração da
                abertura (declarada automaticamente).
            codigo_verificador (None | str): Código verificador da ANTT (4 dígitos), nulo enquanto não declarado; com o
                código CIOT forma o identificador de 16 dígitos.
            protocolo (None | str):
            data_abertura (datetime.date):
            data_prevista_encerramento (datetime.date): Abertura + 30 dias; o contrato é encerrado automaticamente nesse
                dia.
            partner_id (UUID):
            contratado_cpf_cnpj (str):
            contratado_nome (str):
            contratado_rntrc (None | str):
            contratado_categoria (CiotAgregadoOutContratadoCategoria):
            placa_cavalo (str): Placa AAA9999 ou Mercosul AAA9A99, maiúsculas, sem hífen.
            placas_reboques (list[str]):
            valor_contratado (float | None):
            origem_uf (None | str):
            origem_municipio_nome (None | str):
            destino_uf (None | str):
            destino_municipio_nome (None | str):
            mensagem_antt (None | str): Motivo da última recusa da ANTT (abertura, encerramento ou cancelamento), quando
                houve.
            aviso_transportador (None | str): Aviso da ANTT ao transportador recebido na declaração: quando presente, deve
                ser apresentado ao contratado e impresso no documento.
            encerrado_at (datetime.datetime | None):
            encerramento_motivo (None | str):
            peso_carga_final (float | None):
            cancelado_at (datetime.datetime | None):
            cancel_motivo (None | str):
            pendencia (CiotAgregadoPendencia | None): Pedido à ANTT ainda sem resposta (abertura, cancelamento ou
                encerramento), ou nulo. Um cancelamento pendente deixa o contrato `aberto` com este campo preenchido.
            bloqueios (list[CiotAgregadoBloqueio]): O que falta à declaração (valor, pagamento, eixos): enquanto não vazio o
                contrato fica `aberto` sem codigo_ciot e não é enviado à ANTT; complete-o em POST …/retificar.
            veiculos (list[CiotAgregadoVeiculoOut]):
            pagamento (CiotAgregadoPagamentoOut): How the TAC is paid (null fields when not given).
            retificacoes (int):
            retificado_at (datetime.datetime | None):
            created_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
            updated_at (datetime.datetime): ISO 8601 em UTC (sufixo Z).
     """

    id: UUID
    code: str
    status: CiotAgregadoOutStatus
    environment: CiotAgregadoOutEnvironment
    codigo_ciot: None | str
    codigo_verificador: None | str
    protocolo: None | str
    data_abertura: datetime.date
    data_prevista_encerramento: datetime.date
    partner_id: UUID
    contratado_cpf_cnpj: str
    contratado_nome: str
    contratado_rntrc: None | str
    contratado_categoria: CiotAgregadoOutContratadoCategoria
    placa_cavalo: str
    placas_reboques: list[str]
    valor_contratado: float | None
    origem_uf: None | str
    origem_municipio_nome: None | str
    destino_uf: None | str
    destino_municipio_nome: None | str
    mensagem_antt: None | str
    aviso_transportador: None | str
    encerrado_at: datetime.datetime | None
    encerramento_motivo: None | str
    peso_carga_final: float | None
    cancelado_at: datetime.datetime | None
    cancel_motivo: None | str
    pendencia: CiotAgregadoPendencia | None
    bloqueios: list[CiotAgregadoBloqueio]
    veiculos: list[CiotAgregadoVeiculoOut]
    pagamento: CiotAgregadoPagamentoOut
    retificacoes: int
    retificado_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.ciot_agregado_bloqueio import CiotAgregadoBloqueio
        from ..models.ciot_agregado_pagamento_out import CiotAgregadoPagamentoOut
        from ..models.ciot_agregado_pendencia import CiotAgregadoPendencia
        from ..models.ciot_agregado_veiculo_out import CiotAgregadoVeiculoOut
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

        data_abertura = self.data_abertura.isoformat()

        data_prevista_encerramento = self.data_prevista_encerramento.isoformat()

        partner_id = str(self.partner_id)

        contratado_cpf_cnpj = self.contratado_cpf_cnpj

        contratado_nome = self.contratado_nome

        contratado_rntrc: None | str
        contratado_rntrc = self.contratado_rntrc

        contratado_categoria = self.contratado_categoria.value

        placa_cavalo = self.placa_cavalo

        placas_reboques = self.placas_reboques



        valor_contratado: float | None
        valor_contratado = self.valor_contratado

        origem_uf: None | str
        origem_uf = self.origem_uf

        origem_municipio_nome: None | str
        origem_municipio_nome = self.origem_municipio_nome

        destino_uf: None | str
        destino_uf = self.destino_uf

        destino_municipio_nome: None | str
        destino_municipio_nome = self.destino_municipio_nome

        mensagem_antt: None | str
        mensagem_antt = self.mensagem_antt

        aviso_transportador: None | str
        aviso_transportador = self.aviso_transportador

        encerrado_at: None | str
        if isinstance(self.encerrado_at, datetime.datetime):
            encerrado_at = self.encerrado_at.isoformat()
        else:
            encerrado_at = self.encerrado_at

        encerramento_motivo: None | str
        encerramento_motivo = self.encerramento_motivo

        peso_carga_final: float | None
        peso_carga_final = self.peso_carga_final

        cancelado_at: None | str
        if isinstance(self.cancelado_at, datetime.datetime):
            cancelado_at = self.cancelado_at.isoformat()
        else:
            cancelado_at = self.cancelado_at

        cancel_motivo: None | str
        cancel_motivo = self.cancel_motivo

        pendencia: dict[str, Any] | None
        if isinstance(self.pendencia, CiotAgregadoPendencia):
            pendencia = self.pendencia.to_dict()
        else:
            pendencia = self.pendencia

        bloqueios = []
        for bloqueios_item_data in self.bloqueios:
            bloqueios_item = bloqueios_item_data.to_dict()
            bloqueios.append(bloqueios_item)



        veiculos = []
        for veiculos_item_data in self.veiculos:
            veiculos_item = veiculos_item_data.to_dict()
            veiculos.append(veiculos_item)



        pagamento = self.pagamento.to_dict()

        retificacoes = self.retificacoes

        retificado_at: None | str
        if isinstance(self.retificado_at, datetime.datetime):
            retificado_at = self.retificado_at.isoformat()
        else:
            retificado_at = self.retificado_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()


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
            "data_abertura": data_abertura,
            "data_prevista_encerramento": data_prevista_encerramento,
            "partner_id": partner_id,
            "contratado_cpf_cnpj": contratado_cpf_cnpj,
            "contratado_nome": contratado_nome,
            "contratado_rntrc": contratado_rntrc,
            "contratado_categoria": contratado_categoria,
            "placa_cavalo": placa_cavalo,
            "placas_reboques": placas_reboques,
            "valor_contratado": valor_contratado,
            "origem_uf": origem_uf,
            "origem_municipio_nome": origem_municipio_nome,
            "destino_uf": destino_uf,
            "destino_municipio_nome": destino_municipio_nome,
            "mensagem_antt": mensagem_antt,
            "aviso_transportador": aviso_transportador,
            "encerrado_at": encerrado_at,
            "encerramento_motivo": encerramento_motivo,
            "peso_carga_final": peso_carga_final,
            "cancelado_at": cancelado_at,
            "cancel_motivo": cancel_motivo,
            "pendencia": pendencia,
            "bloqueios": bloqueios,
            "veiculos": veiculos,
            "pagamento": pagamento,
            "retificacoes": retificacoes,
            "retificado_at": retificado_at,
            "created_at": created_at,
            "updated_at": updated_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ciot_agregado_bloqueio import CiotAgregadoBloqueio
        from ..models.ciot_agregado_pagamento_out import CiotAgregadoPagamentoOut
        from ..models.ciot_agregado_pendencia import CiotAgregadoPendencia
        from ..models.ciot_agregado_veiculo_out import CiotAgregadoVeiculoOut
        d = dict(src_dict)
        id = UUID(d.pop("id"))




        code = d.pop("code")

        status = CiotAgregadoOutStatus(d.pop("status"))




        environment = CiotAgregadoOutEnvironment(d.pop("environment"))




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


        data_abertura = isoparse(d.pop("data_abertura")).date()




        data_prevista_encerramento = isoparse(d.pop("data_prevista_encerramento")).date()




        partner_id = UUID(d.pop("partner_id"))




        contratado_cpf_cnpj = d.pop("contratado_cpf_cnpj")

        contratado_nome = d.pop("contratado_nome")

        def _parse_contratado_rntrc(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        contratado_rntrc = _parse_contratado_rntrc(d.pop("contratado_rntrc"))


        contratado_categoria = CiotAgregadoOutContratadoCategoria(d.pop("contratado_categoria"))




        placa_cavalo = d.pop("placa_cavalo")

        placas_reboques = cast(list[str], d.pop("placas_reboques"))


        def _parse_valor_contratado(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        valor_contratado = _parse_valor_contratado(d.pop("valor_contratado"))


        def _parse_origem_uf(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        origem_uf = _parse_origem_uf(d.pop("origem_uf"))


        def _parse_origem_municipio_nome(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        origem_municipio_nome = _parse_origem_municipio_nome(d.pop("origem_municipio_nome"))


        def _parse_destino_uf(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        destino_uf = _parse_destino_uf(d.pop("destino_uf"))


        def _parse_destino_municipio_nome(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        destino_municipio_nome = _parse_destino_municipio_nome(d.pop("destino_municipio_nome"))


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


        def _parse_encerrado_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                encerrado_at_type_0 = isoparse(data)



                return encerrado_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        encerrado_at = _parse_encerrado_at(d.pop("encerrado_at"))


        def _parse_encerramento_motivo(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        encerramento_motivo = _parse_encerramento_motivo(d.pop("encerramento_motivo"))


        def _parse_peso_carga_final(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        peso_carga_final = _parse_peso_carga_final(d.pop("peso_carga_final"))


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


        def _parse_pendencia(data: object) -> CiotAgregadoPendencia | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pendencia_type_0 = CiotAgregadoPendencia.from_dict(data)



                return pendencia_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CiotAgregadoPendencia | None, data)

        pendencia = _parse_pendencia(d.pop("pendencia"))


        bloqueios = []
        _bloqueios = d.pop("bloqueios")
        for bloqueios_item_data in (_bloqueios):
            bloqueios_item = CiotAgregadoBloqueio.from_dict(bloqueios_item_data)



            bloqueios.append(bloqueios_item)


        veiculos = []
        _veiculos = d.pop("veiculos")
        for veiculos_item_data in (_veiculos):
            veiculos_item = CiotAgregadoVeiculoOut.from_dict(veiculos_item_data)



            veiculos.append(veiculos_item)


        pagamento = CiotAgregadoPagamentoOut.from_dict(d.pop("pagamento"))




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


        created_at = isoparse(d.pop("created_at"))




        updated_at = isoparse(d.pop("updated_at"))




        ciot_agregado_out = cls(
            id=id,
            code=code,
            status=status,
            environment=environment,
            codigo_ciot=codigo_ciot,
            codigo_verificador=codigo_verificador,
            protocolo=protocolo,
            data_abertura=data_abertura,
            data_prevista_encerramento=data_prevista_encerramento,
            partner_id=partner_id,
            contratado_cpf_cnpj=contratado_cpf_cnpj,
            contratado_nome=contratado_nome,
            contratado_rntrc=contratado_rntrc,
            contratado_categoria=contratado_categoria,
            placa_cavalo=placa_cavalo,
            placas_reboques=placas_reboques,
            valor_contratado=valor_contratado,
            origem_uf=origem_uf,
            origem_municipio_nome=origem_municipio_nome,
            destino_uf=destino_uf,
            destino_municipio_nome=destino_municipio_nome,
            mensagem_antt=mensagem_antt,
            aviso_transportador=aviso_transportador,
            encerrado_at=encerrado_at,
            encerramento_motivo=encerramento_motivo,
            peso_carga_final=peso_carga_final,
            cancelado_at=cancelado_at,
            cancel_motivo=cancel_motivo,
            pendencia=pendencia,
            bloqueios=bloqueios,
            veiculos=veiculos,
            pagamento=pagamento,
            retificacoes=retificacoes,
            retificado_at=retificado_at,
            created_at=created_at,
            updated_at=updated_at,
        )


        ciot_agregado_out.additional_properties = d
        return ciot_agregado_out

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
